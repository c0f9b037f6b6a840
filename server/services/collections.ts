import type { Accountability, ProjectContext } from '../context';
import { ApiError } from '../errors';
import { fieldType, indexableDatatype, indexedType } from '../database/datatype-catalogue';
import type { ColumnSpec } from '../database/dialects';
import type { SchemaUnit } from '../database/schema-change';
import { decodeJson, loadSchema, schemaCache } from '../schema';
import type { CollectionInfo } from '../schema/types';
import {
  ONCE_PER_COLLECTION,
  addIndexStep,
  assertFieldName,
  fieldObject,
  flag,
  metadataRow,
  planColumn,
  readExtras,
  readableCollections,
  requireAdmin,
  runProjectChange,
  updateFieldSteps,
  type FieldInput,
  type FieldObject,
} from './fields';
import { beforeTableDrop, touchSearchIndex } from './search-indexes';

export type CollectionObject = Record<string, unknown> & { fields: Record<string, FieldObject> };

const NAME = /^[A-Za-z0-9_]{1,64}$/;
const META_KEYS = ['note', 'hidden', 'single', 'managed', 'icon', 'translation'] as const;

function assertCollectionName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || !NAME.test(name) || /^\d+$/.test(name)) {
    throw new ApiError('INVALID_REQUEST', `collection: Invalid collection name "${String(name ?? '')}"`);
  }
  if (name.toLowerCase().startsWith('directus_')) {
    throw new ApiError('INVALID_REQUEST', `collection: Collection names cannot start with "directus_"`);
  }
}

function object(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiError('INVALID_PAYLOAD');
  return body as Record<string, unknown>;
}

function collectionObject(
  project: ProjectContext,
  info: CollectionInfo,
  read: Awaited<ReturnType<typeof readExtras>>,
): CollectionObject {
  const fields: Record<string, FieldObject> = {};
  for (const field of info.fields.values()) fields[field.field] = fieldObject(project, field, read);
  return {
    collection: info.collection,
    managed: info.managed,
    hidden: info.hidden,
    single: info.single,
    icon: info.icon,
    note: info.note,
    translation: info.translation ?? null,
    fields,
  };
}

/** `GET /collections`: every table (system ones included) the caller can read. */
export async function listCollections(
  project: ProjectContext,
  who: Accountability,
  query: Record<string, unknown> = {},
): Promise<CollectionObject[]> {
  const schema = await schemaCache.get(project);
  const readable = await readableCollections(project, who);
  const read = await readExtras(project);
  let list = [...schema.collections.values()]
    .filter((info) => !readable || readable.has(info.collection))
    .map((info) => collectionObject(project, info, read));
  // v8 applies offset and limit only when both are given.
  const limit = Number(query.limit);
  const offset = Number(query.offset);
  if (
    query.limit !== undefined &&
    query.offset !== undefined &&
    Number.isInteger(limit) &&
    Number.isInteger(offset)
  ) {
    list = list.slice(Math.max(offset, 0), limit < 0 ? undefined : Math.max(offset, 0) + limit);
  }
  return list;
}

/** `GET /collections/:name[,name]`. */
export async function readCollections(
  project: ProjectContext,
  who: Accountability,
  names: string[],
): Promise<CollectionObject[]> {
  const schema = await schemaCache.get(project);
  const readable = await readableCollections(project, who);
  const read = await readExtras(project);
  return names.map((name) => {
    const info = schema.collections.get(name);
    if (!info || (readable && !readable.has(name))) {
      throw new ApiError('COLLECTION_NOT_FOUND', `Unable to find collection: ${name}`);
    }
    return collectionObject(project, info, read);
  });
}

function collectionRow(project: ProjectContext, body: Record<string, unknown>, all: boolean) {
  const row: Record<string, unknown> = {};
  for (const key of META_KEYS) {
    if (!(key in body)) continue;
    const value = body[key];
    if (key === 'hidden' || key === 'single' || key === 'managed') row[key] = flag(project, value);
    else if (key === 'translation') {
      row[key] =
        value === null || value === undefined || value === ''
          ? null
          : typeof value === 'string'
            ? value
            : JSON.stringify(value);
    } else row[key] = value === '' || value === undefined ? null : value;
  }
  if (all) {
    row.managed ??= flag(project, true);
    row.hidden ??= flag(project, false);
    row.single ??= flag(project, false);
  }
  return row;
}

const DEFAULT_ID: FieldInput = {
  field: 'id',
  type: 'integer',
  primary_key: true,
  auto_increment: true,
  signed: false,
  interface: 'primary-key',
  hidden_detail: true,
  hidden_browse: true,
  readonly: true,
};

/** Validates a new collection's field list; adds the default `id` key when none is a primary key. */
function collectionFields(collection: string, raw: unknown): FieldInput[] {
  if (raw !== undefined && !Array.isArray(raw)) {
    throw new ApiError('INVALID_REQUEST', 'fields: This value should be of type array.');
  }
  const fields = ((raw as unknown[] | undefined) ?? []).map((item) => object(item) as FieldInput);
  const seen = new Set<string>();
  for (const field of fields) {
    assertFieldName(field.field);
    if (seen.has(field.field)) throw new ApiError('UNPROCESSABLE_ENTITY', `Duplicate field "${field.field}"`);
    seen.add(field.field);
    if (!field.type)
      throw new ApiError('INVALID_REQUEST', `fields.${field.field}.type: This value should not be blank.`);
    if (!fieldType(String(field.type)))
      throw new ApiError('UNKNOWN_TYPE', `Unknown field type "${String(field.type)}"`);
  }
  for (const type of ONCE_PER_COLLECTION) {
    const of = fields.filter((f) => String(f.type).toLowerCase() === type);
    if (of.length > 1) {
      throw new ApiError(
        'INVALID_REQUEST',
        `Only one system field permitted per table: ${of.map((f) => f.field).join(', ')}`,
      );
    }
  }
  const primary = fields.filter((f) => f.primary_key);
  if (primary.length > 1)
    throw new ApiError('UNPROCESSABLE_ENTITY', `Collection "${collection}" has more than one primary key`);
  if (fields.filter((f) => f.auto_increment).length > 1) {
    throw new ApiError('UNPROCESSABLE_ENTITY', 'Only one field can be auto-incremented');
  }
  if (primary.length === 0) {
    if (seen.has('id'))
      throw new ApiError('UNPROCESSABLE_ENTITY', 'Collection does not have a primary key field.');
    fields.unshift({ ...DEFAULT_ID });
  }
  return fields;
}

async function applyStatusMapping(
  unit: SchemaUnit,
  project: ProjectContext,
  collection: string,
  mapping: unknown,
): Promise<void> {
  if (mapping === undefined) return;
  if (mapping !== null && (typeof mapping !== 'object' || Array.isArray(mapping))) {
    throw new ApiError('INVALID_REQUEST', 'status_mapping: This value should be an object.');
  }
  const rows: Array<Record<string, any>> = await unit
    .db('directus_fields')
    .where('collection', collection)
    .orderBy('id');
  const status = rows.find((r) => String(r.type).toLowerCase() === 'status');
  if (!status) throw new ApiError('INVALID_REQUEST', `Collection "${collection}" has no status field`);
  const options = (decodeJson(status.options) as Record<string, unknown> | null) ?? {};
  await unit.updateRows(
    'directus_fields',
    { id: status.id },
    { options: JSON.stringify({ ...options, status_mapping: mapping }) },
  );
}

/**
 * The steps of a new collection inside a unit: the table with its key and fields, their indexes and
 * the metadata rows. Shared with field creation, which may make a junction or child collection.
 */
export async function createCollectionSteps(
  unit: SchemaUnit,
  project: ProjectContext,
  body: Record<string, unknown>,
): Promise<string> {
  const name = body.collection;
  assertCollectionName(name);
  const fields = collectionFields(name, body.fields);
  const columns = fields
    .map((f) => planColumn(project, String(f.field), f))
    .filter((c): c is ColumnSpec => c !== null);
  if (!columns.some((c) => c.primaryKey)) {
    throw new ApiError('UNPROCESSABLE_ENTITY', 'Collection does not have a primary key field.');
  }
  const model = await loadSchema(unit.db, unit.dialect.vendor);
  const existing =
    model.collections.get(name) ??
    [...model.collections.keys()].find((c) => c.toLowerCase() === name.toLowerCase());
  if (existing) throw new ApiError('COLLECTION_ALREADY_EXISTS', `Collection "${name}" already exists`);
  await unit.step(
    `create table ${name}`,
    (db) => unit.dialect.createTable(db, name, columns),
    (db) => unit.dialect.dropTable(db, name),
  );
  // Status, sort, owner and m2o columns get an index of their own (lists filter and sort by them).
  for (const field of fields) {
    const column = columns.find((c) => c.name === field.field);
    const sortInterface = field.interface === 'sort' && indexableDatatype(column?.datatype);
    if (column && !column.primaryKey && (indexedType(String(field.type)) || sortInterface))
      await addIndexStep(unit, name, column.name);
  }
  await unit.deleteRows('directus_collections', (qb) => qb.where('collection', name));
  await unit.deleteRows('directus_fields', (qb) => qb.where('collection', name));
  await unit.insertRow(
    'directus_collections',
    { collection: name, ...collectionRow(project, body, true) },
    'collection',
  );
  for (const field of fields) {
    await unit.insertRow('directus_fields', {
      collection: name,
      field: field.field,
      ...metadataRow(project, { ...field, type: String(field.type).toLowerCase() }, true),
    });
  }
  await applyStatusMapping(unit, project, name, body.status_mapping);
  touchSearchIndex(unit, name);
  return name;
}

/** `POST /collections`: the table with its key and fields, and its metadata rows. */
export async function createCollection(
  project: ProjectContext,
  who: Accountability,
  raw: unknown,
): Promise<CollectionObject> {
  requireAdmin(who, 'UNAUTHORIZED', 'Unauthorized to create collections');
  const body = object(raw);
  assertCollectionName(body.collection);
  // Checked before the unit too, so a bad list fails without touching the database.
  collectionFields(body.collection, body.fields);
  const name = await runProjectChange(project, (unit) => createCollectionSteps(unit, project, body));
  return (await readCollections(project, who, [name]))[0];
}

/** `PATCH /collections/:name`: metadata, the status mapping, and partial field definitions. */
export async function updateCollection(
  project: ProjectContext,
  who: Accountability,
  name: string,
  raw: unknown,
): Promise<CollectionObject> {
  requireAdmin(who, 'UNAUTHORIZED', 'Unauthorized to update collections');
  const body = object(raw);
  const schema = await schemaCache.get(project);
  if (!schema.collections.has(name))
    throw new ApiError('COLLECTION_NOT_FOUND', `Unable to find collection: ${name}`);
  if (name.toLowerCase().startsWith('directus_')) {
    throw new ApiError('INVALID_REQUEST', 'System collections have no metadata to change');
  }
  if (body.fields !== undefined && !Array.isArray(body.fields)) {
    throw new ApiError('INVALID_REQUEST', 'fields: This value should be of type array.');
  }
  const fieldChanges = ((body.fields as unknown[] | undefined) ?? []).map((item) => {
    const { field, ...rest } = object(item);
    assertFieldName(field);
    return { field, input: rest as FieldInput };
  });
  await runProjectChange(project, async (unit) => {
    const row = await unit.db('directus_collections').where('collection', name).first();
    const managed = row && (row.managed === true || Number(row.managed) === 1);
    if (!managed && !(body.managed === true || body.managed === 1 || body.managed === '1')) {
      throw new ApiError('COLLECTION_NOT_MANAGED', `Collection "${name}" is not managed`);
    }
    const patch = collectionRow(project, body, false);
    if (row) {
      if (Object.keys(patch).length)
        await unit.updateRows('directus_collections', { collection: name }, patch, 'collection');
    } else {
      await unit.insertRow(
        'directus_collections',
        { collection: name, ...collectionRow(project, body, true) },
        'collection',
      );
    }
    for (const change of fieldChanges)
      await updateFieldSteps(unit, project, name, change.field, change.input);
    await applyStatusMapping(unit, project, name, body.status_mapping);
  });
  return (await readCollections(project, who, [name]))[0];
}

/**
 * `DELETE /collections/:name`: its permissions, presets, field metadata, relations and
 * collection row, the foreign keys other tables hold on it, and last the table.
 */
export async function deleteCollection(
  project: ProjectContext,
  who: Accountability,
  name: string,
): Promise<void> {
  requireAdmin(who, 'FORBIDDEN_COLLECTION_ALTER', 'Only administrators can delete collections');
  const schema = await schemaCache.get(project);
  if (!schema.collections.has(name))
    throw new ApiError('COLLECTION_NOT_FOUND', `Unable to find collection: ${name}`);
  if (name.toLowerCase().startsWith('directus_')) {
    throw new ApiError('INVALID_REQUEST', 'System collections cannot be deleted');
  }
  await runProjectChange(project, async (unit) => {
    await unit.deleteRows('directus_permissions', (qb) => qb.where('collection', name));
    await unit.deleteRows('directus_collection_presets', (qb) => qb.where('collection', name));
    // Relations held by this table, and those of other tables pointing here (their alias on this
    // side goes with this collection's field rows).
    await unit.deleteRows('directus_relations', (qb) =>
      qb.where('collection_many', name).orWhere('collection_one', name),
    );
    await unit.deleteRows('directus_fields', (qb) => qb.where('collection', name));
    await unit.deleteRows('directus_collections', (qb) => qb.where('collection', name));
    for (const fk of await unit.dialect.foreignKeys(unit.db)) {
      if (fk.refTable !== name || fk.table === name) continue;
      await unit.step(
        `drop foreign key ${fk.table}.${fk.column}`,
        (db) => unit.dialect.dropForeignKey(db, fk.table, fk.column),
        (db) => unit.dialect.addForeignKey(db, fk),
      );
    }
    await beforeTableDrop(unit, name);
    // Last: a dropped table cannot be brought back on MySQL.
    await unit.step(`drop table ${name}`, (db) => unit.dialect.dropTable(db, name));
  });
}
