import { useMemo, useRef, useState } from 'react';
import type { FieldDefinition } from '../../../engine/types';
import type {
  FormServices,
  PickedItem,
  RelatedCollection,
  RelatedItems,
  RelationInfo,
} from '../../../engine/components/contract';
import type { ApiClient } from '../../api/client';
import { deleteFile, sendFile } from '../../api/files';
import { UploadArea } from '../../uploads/UploadArea';
import { runUpload } from '../../uploads/run-upload';
import { acceptList } from '../../uploads/upload-rows';
import { searchItems } from '../../api/items';
import type { PermissionModel } from '../../permissions/model';
import { useApi, useAppData, usePermissionModel, useSchema } from '../../state/hooks';
import { primaryKeyName, relatedCollection, typeOf } from '../../state/schema-info';
import type { RelationRow } from '../../state/types';

export interface PickerRequest {
  /** The relational field, or a stand-in carrying the template when the picker opens on a collection. */
  field: FieldDefinition;
  current: unknown;
  target: string;
  primaryKey: string;
  resolve: (choice: PickedItem | null) => void;
}

interface SchemaLike {
  fields: Record<string, FieldDefinition[]>;
  relations: RelationRow[];
}

function collectionOf(schema: SchemaLike, collection: string): RelatedCollection {
  const fields = schema.fields[collection] ?? [];
  return { collection, primaryKey: primaryKeyName(fields), fields };
}

/** The field of a collection holding the manual order (type `sort`). */
function sortFieldOf(fields: FieldDefinition[]): string | null {
  return fields.find((field) => typeOf(field) === 'sort')?.field ?? null;
}

/**
 * Where a relational field of `collection` leads (schema-v8 §5): an alias with a relation row whose
 * `junction_field` is set is a many-to-many (the far collection through the junction's second row; `files`
 * is fixed to directus_files), else a one-to-many or translation; a column is a many-to-one. What the caller
 * may do there comes from the permission model, the one place the app decides it.
 */
export function resolveRelation(
  field: FieldDefinition,
  collection: string,
  schema: SchemaLike,
  model: PermissionModel,
): RelationInfo | null {
  const type = typeOf(field);
  const toMany = type === 'o2m' || type === 'translation' || type === 'alias' || type === 'files';
  const none = { create: false, update: false, delete: false, createFar: false, updateFar: false };
  if (!toMany) {
    const target = relatedCollection(field, collection, schema.relations);
    if (!target) return null;
    return {
      kind: 'm2o',
      ...collectionOf(schema, target),
      backLink: null,
      junctionField: null,
      far: null,
      sortField: null,
      may: {
        ...none,
        create: model.mayCreate(target),
        update: model.mayOnSome('update', target),
        delete: model.mayOnSome('delete', target),
      },
    };
  }
  const one = schema.relations.find((r) => r.collection_one === collection && r.field_one === field.field);
  if (!one) return null;
  const child = collectionOf(schema, one.collection_many);
  const may = {
    create: model.mayCreate(child.collection),
    update: model.mayOnSome('update', child.collection),
    delete: model.mayOnSome('delete', child.collection),
    createFar: false,
    updateFar: false,
  };
  if (one.junction_field && type !== 'translation') {
    const second = schema.relations.find(
      (r) => r.collection_many === one.collection_many && r.field_many === one.junction_field,
    );
    const farName = second?.collection_one ?? (field.interface === 'files' ? 'directus_files' : null);
    const far = farName ? collectionOf(schema, farName) : null;
    return {
      kind: 'm2m',
      ...child,
      backLink: one.field_many,
      junctionField: one.junction_field,
      far,
      sortField:
        (typeof field.options?.sort_field === 'string' && field.options.sort_field) ||
        sortFieldOf(child.fields),
      may: {
        ...may,
        createFar: far ? model.mayCreate(far.collection) : false,
        updateFar: far ? model.mayOnSome('update', far.collection) : false,
      },
    };
  }
  const languageField =
    (typeof field.options?.languageField === 'string' && field.options.languageField) || 'language';
  return {
    kind: type === 'translation' ? 'translation' : 'o2m',
    languages:
      type === 'translation'
        ? (schema.relations.find(
            (r) => r.collection_many === one.collection_many && r.field_many === languageField,
          )?.collection_one ?? null)
        : null,
    ...child,
    backLink: one.field_many,
    junctionField: null,
    far: null,
    sortField:
      type === 'translation'
        ? null
        : (typeof field.options?.sort_field === 'string' && field.options.sort_field) || null,
    may,
  };
}

async function loadCollectionItems(
  api: ApiClient,
  collection: string,
  primaryKey: string,
  query: { search?: string; limit: number; sort?: string; filter?: Record<string, unknown> },
): Promise<RelatedItems> {
  const found = await searchItems(api, collection, query);
  return { ...found, primaryKey };
}

/** The relational interfaces' data (items to choose from, uploads, where a field leads) and the item picker. */
export function useRelationalServices(collection: string) {
  const { data } = useAppData();
  const api = useApi();
  const schema = useSchema();
  const model = usePermissionModel();
  const latest = useRef({ api, schema, model, data });
  latest.current = { api, schema, model, data };
  const [picker, setPicker] = useState<PickerRequest | null>(null);

  const services: FormServices = useMemo(() => {
    const targetOf = (field: FieldDefinition) => {
      const target = relatedCollection(field, collection, latest.current.schema.relations);
      return target
        ? { target, primaryKey: primaryKeyName(latest.current.schema.fields[target] ?? []) }
        : null;
    };
    return {
      loadRelatedItems: async (field, query): Promise<RelatedItems> => {
        const related = targetOf(field);
        if (!related) return { items: [], primaryKey: 'id' };
        return loadCollectionItems(latest.current.api, related.target, related.primaryKey, query);
      },
      loadItems: (target, query) =>
        loadCollectionItems(
          latest.current.api,
          target,
          primaryKeyName(latest.current.schema.fields[target] ?? []),
          query,
        ),
      relation: (field) => resolveRelation(field, collection, latest.current.schema, latest.current.model),
      pickItem: (field, current) =>
        new Promise<PickedItem | null>((resolve) => {
          const related = targetOf(field);
          if (!related) return resolve(null);
          setPicker({ field, current, ...related, resolve });
        }),
      pickFrom: (target, options) =>
        new Promise<PickedItem | null>((resolve) => {
          const primaryKey = primaryKeyName(latest.current.schema.fields[target] ?? []);
          // The picker reads its columns from the field's template: a stand-in field carries it.
          const field: FieldDefinition = {
            field: '',
            type: 'm2o',
            options: { template: options?.template ?? null },
          } as FieldDefinition;
          setPicker({ field, current: null, target, primaryKey, resolve });
        }),
      uploadFile: (file, onProgress) =>
        runUpload(file, {
          send: (chosen, options) => sendFile(latest.current.api, chosen, options),
          maxUploadSize: latest.current.data.serverInfo.maxUploadSize,
          accept: acceptList(latest.current.data.settings.file_mimetype_whitelist),
          onProgress,
        }),
      UploadArea,
      deleteFile: (key) => deleteFile(latest.current.api, key as string | number),
    };
  }, [collection]);

  const closePicker = (choice: PickedItem | null) => {
    picker?.resolve(choice);
    setPicker(null);
  };
  return { services, picker, closePicker };
}
