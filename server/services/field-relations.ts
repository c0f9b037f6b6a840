import type { Accountability, ProjectContext } from '../context';
import { ApiError } from '../errors';
import type { SchemaUnit } from '../database/schema-change';
import { loadSchema } from '../schema';
import { createCollectionSteps } from './collections';
import {
  addFieldSteps,
  assertFieldName,
  readFields,
  requireAdmin,
  runProjectChange,
  type FieldInput,
  type FieldObject,
} from './fields';
import { addKeyStep } from './relations';

/**
 * A field together with the relation it needs, as one schema unit (an Octavo addition to
 * `POST /fields/{collection}`, docs/compatibility.md): the field designer creates a relational field
 * in one request, so a failure leaves nothing half-made.
 *
 * - many-to-one (a column: m2o, file, user): `{ collection_one }`.
 * - one-to-many and translations (an alias): `{ collection_many, field_many }`; the child collection
 *   and its key column are created when missing (`language_field` adds a `lang` column to a new
 *   translations collection).
 * - many-to-many and files (an alias): `{ collection_one, collection_many, field_many, junction_field }`;
 *   the junction collection and its two key columns are created when missing.
 */
export interface RelationRequest {
  collection_one?: string;
  collection_many?: string;
  field_many?: string;
  junction_field?: string;
  language_field?: string;
}

const RESTRICTED = ['directus_activity', 'directus_collections', 'directus_fields', 'directus_relations'];

function text(value: unknown, key: string, required: boolean): string | undefined {
  if (value === undefined || value === null || value === '') {
    if (required) throw new ApiError('INVALID_REQUEST', `relation.${key}: This value should not be blank.`);
    return undefined;
  }
  if (typeof value !== 'string')
    throw new ApiError('INVALID_REQUEST', `relation.${key}: This value should be of type string.`);
  return value;
}

/** Reads and checks the `relation` key of a field body. */
export function relationRequest(raw: unknown): RelationRequest {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ApiError('INVALID_REQUEST', 'relation: This value should be an object.');
  }
  const body = raw as Record<string, unknown>;
  const out: RelationRequest = {};
  for (const key of [
    'collection_one',
    'collection_many',
    'field_many',
    'junction_field',
    'language_field',
  ] as const) {
    const value = text(body[key], key, false);
    if (value !== undefined) out[key] = value;
  }
  for (const key of ['field_many', 'junction_field', 'language_field'] as const) {
    if (out[key] !== undefined) assertFieldName(out[key]);
  }
  if (out.collection_one && RESTRICTED.includes(out.collection_one)) {
    throw new ApiError(
      'FORBIDDEN_SYSTEM_TABLE_ACCESS',
      `Relations to "${out.collection_one}" are not allowed`,
    );
  }
  return out;
}

/** The key column of a collection as a many-to-one definition pointing at it (same datatype, so a foreign key fits). */
async function keyColumnOf(unit: SchemaUnit, collection: string): Promise<FieldInput> {
  const model = await loadSchema(unit.db, unit.dialect.vendor);
  const info = model.collections.get(collection);
  if (!info) throw new ApiError('COLLECTION_NOT_FOUND', `Unable to find collection: ${collection}`);
  const key = info.fields.get(info.primaryKey);
  const spec = key && (await unit.dialect.currentColumn(unit.db, collection, key.field));
  if (!spec) return { type: 'm2o' };
  const datatype = unit.dialect.catalogueDatatype(spec.datatype);
  const allowed = ['CHAR', 'VARCHAR', 'INT', 'INTEGER', 'BIGINT'];
  if (!allowed.includes(datatype.toUpperCase())) return { type: 'm2o' };
  return {
    type: 'm2o',
    datatype,
    ...(spec.length != null && /CHAR/i.test(datatype) ? { length: spec.length } : {}),
    ...(spec.unsigned !== undefined && /INT/i.test(datatype) ? { signed: !spec.unsigned } : {}),
  };
}

async function hasField(unit: SchemaUnit, collection: string, field: string): Promise<boolean> {
  const model = await loadSchema(unit.db, unit.dialect.vendor);
  return model.collections.get(collection)?.fields.has(field) ?? false;
}

async function hasCollection(unit: SchemaUnit, collection: string): Promise<boolean> {
  const model = await loadSchema(unit.db, unit.dialect.vendor);
  return model.collections.has(collection);
}

/**
 * A many-to-one column on `collection` pointing at `target`: created (collection too) when missing.
 * Junctions and translations are `hidden` plumbing (collection and key column); the items of a
 * one-to-many are content of their own, shown with the field that leads to their parent.
 */
async function ensureKeyField(
  unit: SchemaUnit,
  project: ProjectContext,
  collection: string,
  field: string,
  target: string,
  extra: FieldInput[] = [],
  hidden = true,
): Promise<void> {
  const key = await keyColumnOf(unit, target);
  const definition = {
    field,
    ...key,
    interface: 'many-to-one',
    hidden_detail: hidden,
    hidden_browse: hidden,
  };
  if (!(await hasCollection(unit, collection))) {
    await createCollectionSteps(unit, project, {
      collection,
      hidden,
      fields: [definition, ...extra],
    });
    return;
  }
  if (!(await hasField(unit, collection, field))) {
    await addFieldSteps(unit, project, collection, definition);
  }
  for (const more of extra) {
    if (!(await hasField(unit, collection, String(more.field))))
      await addFieldSteps(unit, project, collection, more);
  }
}

/**
 * Writes the relation row for `collection_many.field_many`. A row already describing that column
 * toward the same collection without a reverse field is completed instead of repeated.
 */
async function relationRow(unit: SchemaUnit, row: Record<string, string | null>): Promise<void> {
  const existing = await unit
    .db('directus_relations')
    .where({ collection_many: row.collection_many, field_many: row.field_many })
    .first();
  if (existing) {
    const compatible =
      existing.collection_one === row.collection_one &&
      !existing.field_one &&
      (existing.junction_field ?? null) === (row.junction_field ?? null);
    if (!compatible) {
      throw new ApiError(
        'UNPROCESSABLE_ENTITY',
        `${row.collection_many}.${row.field_many} already holds another relation`,
      );
    }
    if (row.field_one)
      await unit.updateRows('directus_relations', { id: existing.id }, { field_one: row.field_one });
    return;
  }
  await unit.insertRow('directus_relations', row);
  await addKeyStep(unit, row);
}

async function fieldWithRelationSteps(
  unit: SchemaUnit,
  project: ProjectContext,
  collection: string,
  input: FieldInput,
  relation: RelationRequest,
): Promise<void> {
  const field = String(input.field);
  const type = String(input.type ?? '').toLowerCase();
  const alias = type === 'o2m' || type === 'translation';
  if (!alias) {
    const one = text(relation.collection_one, 'collection_one', true)!;
    if (!(await hasCollection(unit, one)))
      throw new ApiError('COLLECTION_NOT_FOUND', `Unable to find collection: ${one}`);
    const key = input.datatype ? {} : await keyColumnOf(unit, one);
    const { type: _type, ...column } = key;
    await addFieldSteps(unit, project, collection, { ...column, ...input });
    await relationRow(unit, {
      collection_many: collection,
      field_many: field,
      collection_one: one,
      field_one: null,
      junction_field: null,
    });
    return;
  }
  const many = text(relation.collection_many, 'collection_many', true)!;
  const manyField = text(relation.field_many, 'field_many', true)!;
  await addFieldSteps(unit, project, collection, input);
  if (relation.junction_field) {
    const one = text(relation.collection_one, 'collection_one', true)!;
    if (!(await hasCollection(unit, one)))
      throw new ApiError('COLLECTION_NOT_FOUND', `Unable to find collection: ${one}`);
    if (relation.junction_field === manyField) {
      throw new ApiError('INVALID_REQUEST', 'relation.junction_field: The two junction fields must differ.');
    }
    await ensureKeyField(unit, project, many, manyField, collection);
    await ensureKeyField(unit, project, many, relation.junction_field, one);
    await relationRow(unit, {
      collection_many: many,
      field_many: manyField,
      collection_one: collection,
      field_one: field,
      junction_field: relation.junction_field,
    });
    await relationRow(unit, {
      collection_many: many,
      field_many: relation.junction_field,
      collection_one: one,
      field_one: null,
      junction_field: manyField,
    });
    return;
  }
  const extra: FieldInput[] = relation.language_field
    ? [
        {
          field: relation.language_field,
          type: 'lang',
          datatype: 'VARCHAR',
          length: 8,
          interface: 'language',
          required: true,
          width: 'half',
        },
      ]
    : [];
  await ensureKeyField(unit, project, many, manyField, collection, extra, type === 'translation');
  await relationRow(unit, {
    collection_many: many,
    field_many: manyField,
    collection_one: collection,
    field_one: field,
    junction_field: null,
  });
}

/** `POST /fields/:collection` with a `relation`: the field, its relation rows and what they need. */
export async function createFieldWithRelation(
  project: ProjectContext,
  who: Accountability,
  collection: string,
  body: FieldInput,
): Promise<FieldObject> {
  requireAdmin(who);
  const { relation: raw, ...input } = body;
  const relation = relationRequest(raw);
  assertFieldName(input.field);
  await runProjectChange(project, (unit) =>
    fieldWithRelationSteps(unit, project, collection, input, relation),
  );
  return (await readFields(project, who, collection, [String(input.field)]))[0];
}
