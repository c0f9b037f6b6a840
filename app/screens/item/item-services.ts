import type { ApiClient } from '../../api/client';
import type { FieldDefinition } from '../../../engine/types';
import { isOn } from '../../../engine/form/rules';
import { renderTemplate } from '../../../engine/templates/render-template';
import {
  NEW_ITEM_KEY,
  type Item,
  type PrimaryKey,
  type SaveRequest,
  type SoftDelete,
} from '../../../machines/item-edit.machine';
import type {
  CollectionMeta,
  CollectionPermission,
  PermissionRow,
  RelationRow,
  StatusMappingEntry,
} from '../../state/types';

/** The system collections that have an item page of their own under an alias route (spec §2). */
export const SYSTEM_ALIASES: Record<string, string> = {
  directus_files: 'files',
  directus_users: 'users',
  directus_activity: 'activity',
};

export const isSystemCollection = (collection: string) => collection.startsWith('directus_');

/** The API path of a collection's items: `items/{c}` for user collections, `{name}` for system ones. */
export function itemsPath(collection: string): string {
  return isSystemCollection(collection) ? collection.slice('directus_'.length) : `items/${collection}`;
}

export function itemPath(collection: string, primaryKey: PrimaryKey | PrimaryKey[]): string {
  const keys = Array.isArray(primaryKey) ? primaryKey.join(',') : String(primaryKey);
  return `${itemsPath(collection)}/${keys.split(',').map(encodeURIComponent).join(',')}`;
}

/** The app route of a collection's listing and of one of its items (spec §2, the aliases included). */
export function listingRoute(project: string, collection: string): string {
  const alias = SYSTEM_ALIASES[collection];
  return alias ? `/${project}/${alias}` : `/${project}/collections/${collection}`;
}

export function itemRoute(project: string, collection: string, primaryKey: PrimaryKey): string {
  return `${listingRoute(project, collection)}/${primaryKey}`;
}

/** '+' is a new item; 'a,b' edits several items at once (spec §2). */
export function parseRouteKey(raw: string): { isNew: boolean; keys: string[]; batch: boolean } {
  const decoded = decodeURIComponent(raw);
  if (decoded === NEW_ITEM_KEY) return { isNew: true, keys: [], batch: false };
  const keys = decoded
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  return { isNew: false, keys, batch: keys.length > 1 };
}

export function primaryKeyField(fields: FieldDefinition[]): FieldDefinition | undefined {
  return fields.find((field) => isOn(field.primary_key));
}

const typeOf = (field: FieldDefinition) => String(field.type).toLowerCase();

/**
 * The collection a relational field points at: the relation row of an m2o (or, for o2m and translation
 * fields, the many side), with the conventional targets of file and user fields.
 */
export function relatedCollection(
  field: FieldDefinition,
  collection: string,
  relations: RelationRow[],
): string | null {
  const type = typeOf(field);
  const many = relations.find((r) => r.collection_many === collection && r.field_many === field.field);
  if (many?.collection_one && type !== 'o2m' && type !== 'translation') return many.collection_one;
  if (type === 'o2m' || type === 'translation' || type === 'alias') {
    const one = relations.find((r) => r.collection_one === collection && r.field_one === field.field);
    if (one) return one.collection_many;
  }
  if (type === 'file') return 'directus_files';
  if (type === 'user' || type === 'owner' || type === 'user_updated') return 'directus_users';
  return many?.collection_one ?? null;
}

/** The status value whose mapping sets `soft_delete`, taken from the collection or the status field. */
export function softDeleteOf(meta: CollectionMeta | undefined, fields: FieldDefinition[]): SoftDelete | null {
  const statusField = fields.find((field) => typeOf(field) === 'status');
  if (!statusField) return null;
  const mapping = (meta?.status_mapping ?? statusField.options?.status_mapping ?? null) as Record<
    string,
    StatusMappingEntry
  > | null;
  if (!mapping || typeof mapping !== 'object') return null;
  for (const [key, entry] of Object.entries(mapping)) {
    if (entry && isOn(entry.soft_delete as unknown)) {
      return { field: statusField.field, value: entry.value ?? key };
    }
  }
  return null;
}

/** The `fields` query of the item request: relations expanded so relational interfaces can label them. */
export function itemFieldsQuery(collection: string): string {
  return isSystemCollection(collection) ? '*.*' : '*.*.*';
}

/** v8 m2o values arrive expanded (`{id, ...}`); the write side wants the key. */
function keyValue(value: unknown, primaryKey: string): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value) && primaryKey in value) {
    return (value as Item)[primaryKey];
  }
  return value;
}

export interface WriteContext {
  collection: string;
  fields: FieldDefinition[];
  relations: RelationRow[];
  /** Primary key field of a collection (by its fields), 'id' when unknown. */
  primaryKeyOf: (collection: string) => string;
}

/**
 * Prepares values for the API: expanded many-to-one objects become their key; for a new item (a copy),
 * translation children lose their key and the link back to the original, so new rows are created.
 */
export function toPayload(values: Item, context: WriteContext, creating: boolean): Item {
  const byName = new Map(context.fields.map((field) => [field.field, field]));
  const payload: Item = {};
  for (const [name, value] of Object.entries(values)) {
    const field = byName.get(name);
    if (!field) {
      payload[name] = value;
      continue;
    }
    const type = typeOf(field);
    const target = relatedCollection(field, context.collection, context.relations);
    if (
      target &&
      (type === 'm2o' || type === 'file' || type === 'user' || type === 'integer' || type === 'string')
    ) {
      payload[name] = keyValue(value, context.primaryKeyOf(target));
    } else if (creating && type === 'translation' && Array.isArray(value) && target) {
      const childKey = context.primaryKeyOf(target);
      const backLink = context.relations.find(
        (r) => r.collection_one === context.collection && r.field_one === name,
      )?.field_many;
      payload[name] = value.map((child) => {
        if (!child || typeof child !== 'object') return child;
        const copy = { ...(child as Item) };
        delete copy[childKey];
        if (backLink) delete copy[backLink];
        return copy;
      });
    } else {
      payload[name] = value;
    }
  }
  return payload;
}

/** The item-edit machine's side effects on the API (v8 paths; comma keys for batch edits). */
export function createItemCalls(api: ApiClient, context: () => WriteContext) {
  return {
    async loadItem({
      collection,
      primaryKey,
    }: {
      collection: string;
      primaryKey: PrimaryKey;
    }): Promise<Item> {
      // A batch edit starts from nothing: each activated field overwrites every selected item.
      if (String(primaryKey).includes(',')) return {};
      const answer = await api.get<Item>(itemPath(collection, primaryKey), {
        fields: itemFieldsQuery(collection),
      });
      return answer.data ?? {};
    },
    async saveItem({ collection, primaryKey, values }: SaveRequest): Promise<Item> {
      const creating = primaryKey === NEW_ITEM_KEY;
      const payload = toPayload(values, context(), creating);
      const answer = creating
        ? await api.post<Item>(itemsPath(collection), payload)
        : await api.patch<Item>(itemPath(collection, primaryKey), payload);
      const data = answer.data as Item | Item[] | undefined;
      return (Array.isArray(data) ? data[0] : data) ?? {};
    },
    async deleteItem({ collection, primaryKey }: { collection: string; primaryKey: PrimaryKey }) {
      await api.delete(itemPath(collection, primaryKey));
    },
  };
}

/** The permission row that applies to an item: its status' own row for workflow collections. */
export function permissionForItem(
  permission: CollectionPermission,
  item: Item,
  statusField: string | null,
  isNew: boolean,
): PermissionRow {
  if (isNew) return permission.$create ?? permission;
  const status = statusField ? item[statusField] : undefined;
  if (status !== undefined && status !== null && permission.statuses?.[String(status)]) {
    return permission.statuses[String(status)];
  }
  return permission;
}

/** The id of the user who created the item (owner field, or the user itself for directus_users). */
export function ownerOf(collection: string, fields: FieldDefinition[], item: Item): unknown {
  if (collection === 'directus_users') return item.id;
  const owner =
    fields.find((field) => typeOf(field) === 'owner') ??
    (collection === 'directus_files' ? fields.find((field) => field.field === 'uploaded_by') : undefined);
  if (!owner) return undefined;
  const value = item[owner.field];
  return value && typeof value === 'object' ? (value as Item).id : value;
}

/** Whether a level allows acting on an item: `mine` only on the caller's own items. */
export function allows(level: string, owner: unknown, userId: number): boolean {
  if (level === 'none' || level === 'read') return false;
  if (level === 'mine') return owner !== undefined && owner !== null && String(owner) === String(userId);
  return true;
}

/**
 * The page title: the collection's template (its `display_template`/`item_name_template`, when the server
 * stores one) rendered against the item, else the template of a many-to-one field pointing at the collection,
 * else the primary key.
 */
export function itemTitle(
  meta: CollectionMeta | undefined,
  item: Item,
  primaryKey: PrimaryKey,
  fallbackTemplate?: string | null,
): string {
  const template = [meta?.display_template, meta?.item_name_template, meta?.template, fallbackTemplate].find(
    (candidate): candidate is string => typeof candidate === 'string' && candidate.includes('{{'),
  );
  const rendered = template ? renderTemplate(template, item).trim() : '';
  return rendered || String(primaryKey);
}

/** The template a many-to-one field elsewhere uses to show items of this collection (e.g. `{{title}}`). */
export function referenceTemplate(
  collection: string,
  relations: RelationRow[],
  fieldsOf: (collection: string) => FieldDefinition[],
): string | null {
  for (const relation of relations) {
    if (relation.collection_one !== collection) continue;
    const field = fieldsOf(relation.collection_many).find((f) => f.field === relation.field_many);
    const template = field?.options?.template;
    if (typeof template === 'string' && template.includes('{{')) return template;
  }
  return null;
}
