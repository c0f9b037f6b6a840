import type { Knex } from 'knex';
import type { Accountability, ProjectContext } from '../context';
import { ApiError } from '../errors';
import {
  datatypeEntry,
  fieldType,
  indexableDatatype,
  indexedType,
  isIntegerDatatype,
} from '../database/datatype-catalogue';
import type { ColumnSpec, TableExtras } from '../database/dialects';
import { runSchemaChange, type SchemaUnit } from '../database/schema-change';
import { beforeColumnChange, syncSearchIndexSteps, touchSearchIndex } from './search-indexes';
import { resetCounters } from './row-counts';
import { loadSchema, schemaCache } from '../schema';
import type { CollectionInfo, FieldInfo, SchemaModel } from '../schema/types';

/** A field definition as clients send it (schema-v8 §1.4 keys plus the column keys). */
export type FieldInput = Record<string, unknown>;

/** A field as the API returns it. */
export type FieldObject = Record<string, unknown>;

const NAME = /^[A-Za-z0-9_]{1,64}$/;

/** The `directus_fields` columns a definition may set. */
const META_KEYS = [
  'type',
  'interface',
  'options',
  'locked',
  'validation',
  'required',
  'readonly',
  'hidden_detail',
  'hidden_browse',
  'sort',
  'width',
  'group',
  'note',
  'translation',
] as const;
const BOOLEAN_META = new Set(['locked', 'required', 'readonly', 'hidden_detail', 'hidden_browse']);
const JSON_META = new Set(['options', 'translation']);

/** Keys whose change alters the column (the others only touch `directus_fields`). */
const DDL_KEYS = [
  'type',
  'datatype',
  'length',
  'precision',
  'scale',
  'signed',
  'unique',
  'primary_key',
  'auto_increment',
  'nullable',
  'required',
  'default_value',
];

/** Types a collection may hold once (`TablesService::validateSystemFields`). */
export const ONCE_PER_COLLECTION = [
  'owner',
  'user_updated',
  'status',
  'sort',
  'lang',
  'datetime_created',
  'datetime_updated',
];

// ---------------------------------------------------------------------------------------------
// Listeners and shared helpers

type SchemaListener = (projectKey: string) => void;
const listeners = new Set<SchemaListener>();

/** Called after every committed schema change (collections, fields, relations). */
export function onSchemaChange(listener: SchemaListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Refreshes the schema cache and tells the listeners; call after commit only. */
export function schemaChanged(projectKey: string): void {
  schemaCache.invalidate(projectKey);
  for (const listener of listeners) listener(projectKey);
}

/** A metadata flag as the project's database stores it. */
export function flag(project: Pick<ProjectContext, 'dialect'>, value: unknown): boolean | number {
  return project.dialect.boolean(value === true || value === 1 || value === '1' || value === 'true');
}

export function requireAdmin(
  who: Accountability,
  name = 'FORBIDDEN_COLLECTION_ALTER',
  message?: string,
): void {
  if (!who.admin) throw new ApiError(name, message ?? 'Only administrators can change the schema');
}

export function assertFieldName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || !NAME.test(name) || /^\d+$/.test(name)) {
    throw new ApiError('INVALID_REQUEST', `field: Invalid field name "${String(name ?? '')}"`);
  }
}

/** Collections a non-admin caller may read (null: all). A later permissions service refines this. */
export async function readableCollections(
  project: ProjectContext,
  who: Accountability,
): Promise<Set<string> | null> {
  if (who.admin) return null;
  if (who.role == null) return new Set();
  const rows: Array<{ collection: string; read: string | null }> = await project
    .knex('directus_permissions')
    .where('role', who.role)
    .select('collection', 'read');
  return new Set(rows.filter((r) => r.read && r.read !== 'none').map((r) => r.collection));
}

function isAlias(type: string): boolean {
  return fieldType(type)?.alias === true;
}

function jsonText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The `directus_fields` values of a definition (only the keys it names, unless `all`). */
export function metadataRow(
  project: Pick<ProjectContext, 'dialect'>,
  input: FieldInput,
  all: boolean,
): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const key of META_KEYS) {
    if (!(key in input)) {
      if (all && BOOLEAN_META.has(key)) row[key] = flag(project, false);
      continue;
    }
    const value = input[key];
    if (key === 'type') {
      if (typeof value !== 'string') throw new ApiError('INVALID_REQUEST', 'type: expected text');
      row.type = value.toLowerCase();
    } else if (BOOLEAN_META.has(key)) row[key] = flag(project, value);
    else if (JSON_META.has(key)) row[key] = jsonText(value);
    else if (key === 'sort' || key === 'group')
      row[key] = value === null || value === '' ? null : Number(value);
    else row[key] = value === undefined ? null : value;
  }
  return row;
}

function parseLength(raw: unknown): { length?: number; precision?: number; scale?: number } | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const text = String(raw).trim();
  const match = /^(\d+)\s*(?:,\s*(\d+))?$/.exec(text);
  if (!match) throw new ApiError('INVALID_REQUEST', `length: Invalid length "${text}"`);
  return match[2] !== undefined
    ? { length: Number(match[1]), precision: Number(match[1]), scale: Number(match[2]) }
    : { length: Number(match[1]), precision: Number(match[1]) };
}

/**
 * The column a definition asks for (null for alias types), validated against field-types.json:
 * unknown type → 401, a datatype that needs a length without one → 402, a length on a datatype
 * that takes none → 403. `current` is the column as it is, for changes: keys the input omits keep
 * their current value.
 */
export function planColumn(
  project: Pick<ProjectContext, 'dialect'>,
  name: string,
  input: FieldInput,
  current: { spec: ColumnSpec; type: string | null } | null = null,
): ColumnSpec | null {
  const vendor = project.dialect.vendor;
  const typeName = String(input.type ?? current?.type ?? '').toLowerCase();
  if (!typeName) throw new ApiError('INVALID_REQUEST', 'type: This value should not be blank.');
  const type = fieldType(typeName);
  if (!type) throw new ApiError('UNKNOWN_TYPE', `Unknown field type "${typeName}"`);
  if (type.alias || !type.datatypes) return null;
  const rules = type.datatypes[vendor];
  const cur = current?.spec ?? null;

  let datatype: string;
  if (input.datatype !== undefined && input.datatype !== null && input.datatype !== '') {
    datatype = project.dialect.datatypeName(String(input.datatype), typeName);
  } else if (cur && rules.allowed.includes(cur.datatype)) datatype = cur.datatype;
  else datatype = rules.default;
  if (!rules.allowed.includes(datatype)) {
    throw new ApiError(
      'INVALID_REQUEST',
      `datatype: "${datatype}" is not a datatype of "${typeName}" fields here (${rules.allowed.join(', ')})`,
    );
  }
  const entry = datatypeEntry(vendor, datatype)!;
  const sameDatatype = cur !== null && cur.datatype === datatype;

  let length: number | null = null;
  let precision: number | null = null;
  let scale: number | null = null;
  const given = 'length' in input ? parseLength(input.length) : null;
  if (entry.length === 'length') {
    const n = given?.length ?? (!('length' in input) && sameDatatype ? cur!.length : null);
    if (n != null) length = n;
    else if (datatype === rules.default && rules.length) length = rules.length;
    else throw new ApiError('FIELD_LENGTH_REQUIRED', `The datatype ${datatype} needs a length`);
    if (!Number.isInteger(length) || length < 1 || (entry.max_length && length > entry.max_length)) {
      throw new ApiError('INVALID_REQUEST', `length: ${length} is out of range for ${datatype}`);
    }
  } else if (entry.length === 'precision_scale') {
    const p = input.precision ?? given?.precision;
    const s = input.scale ?? given?.scale;
    precision =
      p != null
        ? Number(p)
        : sameDatatype && cur!.precision != null
          ? cur!.precision
          : (rules.precision ?? entry.default_precision ?? 10);
    scale =
      s != null
        ? Number(s)
        : p != null
          ? 0
          : sameDatatype && cur!.scale != null
            ? cur!.scale
            : (rules.scale ?? entry.default_scale ?? 0);
    if (
      !Number.isInteger(precision) ||
      !Number.isInteger(scale) ||
      precision < 1 ||
      scale < 0 ||
      scale > precision ||
      (entry.max_precision && precision > entry.max_precision) ||
      (entry.max_scale && scale > entry.max_scale)
    ) {
      throw new ApiError('INVALID_REQUEST', `length: ${precision},${scale} is out of range for ${datatype}`);
    }
  } else if (given && !isIntegerDatatype(datatype)) {
    // Integer display widths (the v8 app sends INT length 15 for ids) are accepted and ignored.
    throw new ApiError('FIELD_LENGTH_NOT_SUPPORTED', `The datatype ${datatype} takes no length`);
  }

  const primaryKey =
    input.primary_key !== undefined ? Boolean(input.primary_key) : (cur?.primaryKey ?? false);
  const autoIncrement =
    input.auto_increment !== undefined ? Boolean(input.auto_increment) : (cur?.autoIncrement ?? false);
  if (autoIncrement && (!isIntegerDatatype(datatype) || !primaryKey)) {
    throw new ApiError('UNPROCESSABLE_ENTITY', 'Only an integer primary key can be auto-incremented');
  }
  const unsigned = isIntegerDatatype(datatype)
    ? input.signed !== undefined
      ? !input.signed
      : (cur?.unsigned ?? true)
    : false;
  let nullable: boolean;
  if (primaryKey) nullable = false;
  else if (input.required !== undefined) nullable = !input.required;
  else if (input.nullable !== undefined) nullable = Boolean(input.nullable);
  else nullable = cur?.nullable ?? true;
  let defaultValue: unknown = cur?.defaultValue;
  if ('default_value' in input) {
    const value = input.default_value;
    defaultValue = value === null || value === '' ? undefined : value;
  }
  if (typeName === 'boolean' && defaultValue !== undefined) {
    defaultValue =
      defaultValue === true || defaultValue === 1 || defaultValue === '1' || defaultValue === 'true';
  }
  return {
    name,
    datatype,
    length,
    precision,
    scale,
    unsigned,
    nullable,
    defaultValue,
    primaryKey,
    autoIncrement,
    unique: input.unique !== undefined ? Boolean(input.unique) : (cur?.unique ?? false),
    boolean: typeName === 'boolean',
  };
}

// ---------------------------------------------------------------------------------------------
// Reading

interface ReadExtras {
  ids: Map<string, number>;
  extras: Map<string, TableExtras>;
}

export async function readExtras(project: ProjectContext, only?: string): Promise<ReadExtras> {
  const rows: Array<{ id: number; collection: string; field: string }> = await project
    .knex('directus_fields')
    .modify((qb) => {
      if (only) qb.where('collection', only);
    })
    .select('id', 'collection', 'field');
  return {
    ids: new Map(rows.map((r) => [`${r.collection}.${r.field}`, Number(r.id)])),
    extras: await project.dialect.tableExtras(project.knex, only),
  };
}

/** The API's field object for one field of the schema model. */
export function fieldObject(project: ProjectContext, info: FieldInfo, read: ReadExtras): FieldObject {
  const datatype = info.alias || !info.datatype ? null : project.dialect.catalogueDatatype(info.datatype);
  const entry = datatype ? datatypeEntry(project.vendor, datatype) : undefined;
  const extras = read.extras.get(info.collection);
  let length: string | number | null = null;
  if (entry?.length === 'precision_scale' && info.precision != null)
    length = `${info.precision},${info.scale ?? 0}`;
  else if (entry?.length === 'length') length = info.length;
  return {
    id: read.ids.get(`${info.collection}.${info.field}`) ?? null,
    collection: info.collection,
    field: info.field,
    type: info.type,
    datatype,
    length,
    unique: extras?.unique.has(info.field) ?? false,
    index: extras?.indexed.has(info.field) ?? false,
    primary_key: info.primaryKey,
    auto_increment: info.autoIncrement,
    signed: datatype && isIntegerDatatype(datatype) ? !extras?.unsigned.has(info.field) : null,
    default_value: info.defaultValue ?? null,
    nullable: info.alias ? true : info.nullable,
    note: info.note,
    interface: info.interface,
    options: info.options,
    locked: info.locked,
    translation: info.translation ?? null,
    readonly: info.readonly,
    required: info.required,
    hidden_detail: info.hiddenDetail,
    hidden_browse: info.hiddenBrowse,
    sort: info.sort,
    width: info.width,
    validation: info.validation,
    group: info.group,
    managed: info.managed,
  };
}

/** Rows holding NULL in a column (the check before making it required). */
async function countNulls(db: Knex, table: string, column: string): Promise<number> {
  const row = await db(table).whereNull(column).count({ n: '*' }).first();
  return Number((row as { n: unknown } | undefined)?.n ?? 0);
}

function sortFields(list: FieldObject[], sort: unknown): FieldObject[] {
  if (sort === undefined || sort === '') return list;
  const keys = (Array.isArray(sort) ? sort : String(sort).split(','))
    .map((k) => String(k).trim())
    .filter(Boolean);
  const known = new Set(Object.keys(list[0] ?? { sort: 1, field: 1, id: 1 }));
  const specs = keys.map((key) => {
    const desc = key.startsWith('-');
    const name = desc ? key.slice(1) : key;
    if (list.length && !known.has(name))
      throw new ApiError('INVALID_FIELD', `Invalid field "${name}" in "directus_fields"`);
    return { name, desc };
  });
  return [...list].sort((a, b) => {
    for (const { name, desc } of specs) {
      const x = a[name];
      const y = b[name];
      if (x === y) continue;
      if (x === null || x === undefined) return 1;
      if (y === null || y === undefined) return -1;
      const order = (x as any) < (y as any) ? -1 : 1;
      return desc ? -order : order;
    }
    return 0;
  });
}

async function collectionFor(
  project: ProjectContext,
  who: Accountability,
  name: string,
  schema?: SchemaModel,
): Promise<CollectionInfo> {
  const model = schema ?? (await schemaCache.get(project));
  const info = model.collections.get(name);
  const readable = await readableCollections(project, who);
  if (!info || (readable && !readable.has(name))) {
    throw new ApiError('COLLECTION_NOT_FOUND', `Unable to find collection: ${name}`);
  }
  return info;
}

/** `GET /fields`: every field of the collections the caller can read. */
export async function listAllFields(
  project: ProjectContext,
  who: Accountability,
  query: Record<string, unknown> = {},
): Promise<FieldObject[]> {
  const schema = await schemaCache.get(project);
  const readable = await readableCollections(project, who);
  const read = await readExtras(project);
  let list: FieldObject[] = [];
  for (const info of schema.collections.values()) {
    if (readable && !readable.has(info.collection)) continue;
    for (const field of info.fields.values()) list.push(fieldObject(project, field, read));
  }
  list = sortFields(list, query.sort);
  const limit = Number(query.limit);
  if (Number.isInteger(limit) && limit >= 0) list = list.slice(0, limit);
  return list;
}

/** `GET /fields/:collection`. */
export async function listFields(
  project: ProjectContext,
  who: Accountability,
  collection: string,
  query: Record<string, unknown> = {},
): Promise<FieldObject[]> {
  const info = await collectionFor(project, who, collection);
  const read = await readExtras(project, collection);
  return sortFields(
    [...info.fields.values()].map((f) => fieldObject(project, f, read)),
    query.sort,
  );
}

/** `GET /fields/:collection/:field[,field]`. */
export async function readFields(
  project: ProjectContext,
  who: Accountability,
  collection: string,
  names: string[],
): Promise<FieldObject[]> {
  const info = await collectionFor(project, who, collection);
  const read = await readExtras(project, collection);
  return names.map((name) => {
    const field = info.fields.get(name);
    if (!field) throw new ApiError('FIELD_NOT_FOUND', `Unable to find field "${name}"`);
    return fieldObject(project, field, read);
  });
}

// ---------------------------------------------------------------------------------------------
// Writing: steps that run inside a unit (shared with collections and relations)

async function freshCollection(unit: SchemaUnit, collection: string): Promise<CollectionInfo> {
  const model = await loadSchema(unit.db, unit.dialect.vendor);
  const info = model.collections.get(collection);
  if (!info) throw new ApiError('COLLECTION_NOT_FOUND', `Unable to find collection: ${collection}`);
  return info;
}

function refuseSystem(collection: string): void {
  if (collection.toLowerCase().startsWith('directus_')) {
    throw new ApiError(
      'INVALID_REQUEST',
      `The schema of system collection "${collection}" cannot be changed`,
    );
  }
}

/**
 * Indexes the column of a status, sort, owner or m2o field (lists filter and sort by them); the
 * undo drops the index only when this step made it.
 */
export async function addIndexStep(unit: SchemaUnit, collection: string, column: string): Promise<void> {
  let created = false;
  await unit.step(
    `add index ${collection}.${column}`,
    async (db) => {
      created = await unit.dialect.addIndex(db, collection, column);
    },
    async (db) => {
      if (created) await unit.dialect.dropIndex(db, collection, column);
    },
  );
}

/** Drops the index `addIndexStep` made, when the field stops being of an indexed type. */
async function dropIndexStep(unit: SchemaUnit, collection: string, column: string): Promise<void> {
  let dropped = false;
  await unit.step(
    `drop index ${collection}.${column}`,
    async (db) => {
      dropped = await unit.dialect.dropIndex(db, collection, column);
    },
    async (db) => {
      if (dropped) await unit.dialect.addIndex(db, collection, column);
    },
  );
}

/**
 * The `index` key of a field payload (an Octavo extension, docs/compatibility.md): true asks for a
 * plain index on the column, false for none; undefined leaves it to the field type (status, sort,
 * owner, m2o and the creation/update dates are indexed when created).
 */
export function requestedIndex(input: FieldInput): boolean | undefined {
  if (!('index' in input) || input.index === undefined || input.index === null) return undefined;
  const value = input.index;
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  throw new ApiError('INVALID_REQUEST', 'index: This value should be true or false.');
}

/** Refuses `index: true` where no index can be made: alias fields, text, blob and JSON columns. */
function assertIndexable(collection: string, name: string, spec: ColumnSpec | null): void {
  if (!spec) {
    throw new ApiError('UNPROCESSABLE_ENTITY', `Field "${name}" has no column of its own to index`);
  }
  if (!indexableDatatype(spec.datatype)) {
    throw new ApiError(
      'UNPROCESSABLE_ENTITY',
      `Field "${collection}.${name}" is of datatype ${spec.datatype}, which cannot be indexed; use a VARCHAR`,
    );
  }
}

/** Adds one field (column + metadata) to an existing collection. */
export async function addFieldSteps(
  unit: SchemaUnit,
  project: ProjectContext,
  collection: string,
  input: FieldInput,
): Promise<void> {
  refuseSystem(collection);
  assertFieldName(input.field);
  const name = input.field;
  const info = await freshCollection(unit, collection);
  if (info.fields.has(name)) {
    throw new ApiError(
      'FIELD_ALREADY_EXISTS',
      `Field "${name}" already exists in collection "${collection}"`,
    );
  }
  const spec = planColumn(project, name, input);
  const type = String(input.type).toLowerCase();
  const index = requestedIndex(input);
  if (index) assertIndexable(collection, name, spec);
  if (ONCE_PER_COLLECTION.includes(type) && [...info.fields.values()].some((f) => f.type === type)) {
    throw new ApiError('INVALID_REQUEST', `Only one system field permitted per table: ${type}`);
  }
  if (spec?.primaryKey && [...info.fields.values()].some((f) => f.primaryKey)) {
    throw new ApiError('UNPROCESSABLE_ENTITY', `Collection "${collection}" already has a primary key`);
  }
  // A stale metadata row without a column (a v8 leftover) would block the insert.
  await unit.deleteRows('directus_fields', (qb) => qb.where({ collection, field: name }));
  if (spec) {
    await unit.step(
      `add column ${collection}.${name}`,
      (db) => unit.dialect.addColumn(db, collection, spec),
      (db) => unit.dialect.dropColumn(db, collection, name),
    );
    // A field drawn as the manual `sort` interface is the listing's default order: indexed too.
    const sortInterface = input.interface === 'sort' && indexableDatatype(spec.datatype);
    if ((index ?? (indexedType(type) || sortInterface)) && !spec.primaryKey)
      await addIndexStep(unit, collection, name);
  }
  await unit.insertRow('directus_fields', {
    collection,
    field: name,
    ...metadataRow(project, { ...input, type }, true),
  });
  touchSearchIndex(unit, collection);
}

/** Changes one field: its column when a column key changed, and its metadata. */
export async function updateFieldSteps(
  unit: SchemaUnit,
  project: ProjectContext,
  collection: string,
  name: string,
  input: FieldInput,
): Promise<void> {
  const info = await freshCollection(unit, collection);
  const field = info.fields.get(name);
  if (!field) throw new ApiError('FIELD_NOT_FOUND', `Unable to find field "${name}"`);
  const wantsDdl = DDL_KEYS.some((key) => key in input);
  if (input.type !== undefined && !fieldType(String(input.type))) {
    throw new ApiError('UNKNOWN_TYPE', `Unknown field type "${String(input.type)}"`);
  }
  const newType = String(input.type ?? field.type ?? '').toLowerCase();
  if (input.type !== undefined && isAlias(newType) !== field.alias) {
    throw new ApiError('UNPROCESSABLE_ENTITY', `A field cannot change between an alias and a column type`);
  }
  if (!field.alias && wantsDdl) {
    if (
      collection.toLowerCase().startsWith('directus_') &&
      DDL_KEYS.some((k) => k in input && k !== 'required')
    ) {
      refuseSystem(collection);
    }
    const spec = await unit.dialect.currentColumn(unit.db, collection, name);
    if (!spec) throw new ApiError('FIELD_NOT_FOUND', `Unable to find field "${name}"`);
    if (input.primary_key !== undefined && Boolean(input.primary_key) !== spec.primaryKey) {
      throw new ApiError(
        'UNPROCESSABLE_ENTITY',
        spec.primaryKey
          ? `The primary key of "${collection}" cannot be turned off`
          : `Collection "${collection}" already has a primary key; a collection has at most one`,
      );
    }
    if (input.auto_increment !== undefined && Boolean(input.auto_increment) !== spec.autoIncrement) {
      throw new ApiError('UNPROCESSABLE_ENTITY', 'Auto-increment cannot be changed on an existing field');
    }
    const target = planColumn(project, name, input, { spec, type: field.type })!;
    if (spec.nullable && !target.nullable && (await countNulls(unit.db, collection, name)) > 0) {
      throw new ApiError(
        'FIELD_REQUIRED_NULLS',
        `Field "${name}" cannot be made required: some items of "${collection}" hold no value`,
      );
    }
    if (!collection.toLowerCase().startsWith('directus_')) {
      // A type change to or from status/sort/owner/m2o adds or drops the column's index: dropped
      // before the column changes (MySQL refuses TEXT in a key without a prefix), added after.
      const indexedBefore = indexedType(field.type) && !spec.primaryKey;
      const indexedAfter = indexedType(newType) && !target.primaryKey;
      if (indexedBefore && !indexedAfter) await dropIndexStep(unit, collection, name);
      await beforeColumnChange(unit, collection, name);
      await unit.step(
        `alter column ${collection}.${name}`,
        (db) => unit.dialect.alterColumn(db, collection, spec, target),
        (db) => unit.dialect.alterColumn(db, collection, target, spec),
      );
      if (indexedAfter && !indexedBefore) await addIndexStep(unit, collection, name);
    }
  }
  const index = requestedIndex(input);
  if (index !== undefined) {
    if (collection.toLowerCase().startsWith('directus_')) refuseSystem(collection);
    const spec = field.alias ? null : await unit.dialect.currentColumn(unit.db, collection, name);
    if (index) {
      assertIndexable(collection, name, spec);
      if (!spec!.primaryKey) await addIndexStep(unit, collection, name);
    } else if (spec) await dropIndexStep(unit, collection, name);
  }
  // A new type may make the field searched or not: the unit's last step follows it.
  if (input.type !== undefined && newType !== (field.type ?? '')) touchSearchIndex(unit, collection);
  const patch = metadataRow(project, input, false);
  const exists = await unit.db('directus_fields').where({ collection, field: name }).first();
  if (exists) {
    if (Object.keys(patch).length) await unit.updateRows('directus_fields', { id: exists.id }, patch);
  } else {
    // Managing a column that had no metadata yet.
    await unit.insertRow('directus_fields', {
      collection,
      field: name,
      ...metadataRow(project, { type: newType || 'string', ...input }, true),
    });
  }
}

/** Removes a field: relation rows and reverse aliases (schema-v8 §5.7), metadata, then the column. */
export async function deleteFieldSteps(
  unit: SchemaUnit,
  project: ProjectContext,
  collection: string,
  name: string,
): Promise<void> {
  const info = await freshCollection(unit, collection);
  const field = info.fields.get(name);
  if (!field) throw new ApiError('FIELD_NOT_FOUND', `Unable to find field "${name}"`);
  if (!field.alias) {
    refuseSystem(collection);
    const columns = [...info.fields.values()].filter((f) => !f.alias);
    if (columns.length <= 1) throw new ApiError('UNPROCESSABLE_ENTITY', 'Cannot delete the last field');
    if (field.primaryKey) throw new ApiError('UNPROCESSABLE_ENTITY', 'Cannot delete the primary key field');
  }
  if (field.type === 'status') {
    await unit.deleteRows('directus_permissions', (qb) =>
      qb.where('collection', collection).whereNotNull('status'),
    );
  }
  const db = unit.db;
  if (!field.alias) {
    // An m2o: its relation rows go, and so does the alias showing the other side.
    const rows: Array<Record<string, any>> = await db('directus_relations').where({
      collection_many: collection,
      field_many: name,
    });
    for (const row of rows) {
      if (row.collection_one && row.field_one && !row.junction_field) {
        await unit.deleteRows('directus_fields', (qb) =>
          qb.where({ collection: row.collection_one, field: row.field_one }),
        );
      }
    }
    await unit.deleteRows('directus_relations', (qb) =>
      qb.where({ collection_many: collection, field_many: name }),
    );
  } else {
    const rows: Array<Record<string, any>> = await db('directus_relations').where({
      collection_one: collection,
      field_one: name,
    });
    for (const row of rows) {
      if (row.junction_field) {
        // A many-to-many: both junction rows go.
        await unit.deleteRows('directus_relations', (qb) =>
          qb
            .where('collection_many', row.collection_many)
            .whereIn('field_many', [row.field_many, row.junction_field]),
        );
      } else {
        await unit.updateRows('directus_relations', { id: row.id }, { field_one: null });
      }
    }
  }
  await unit.deleteRows('directus_fields', (qb) => qb.where({ collection, field: name }));
  if (!field.alias) {
    await beforeColumnChange(unit, collection, name);
    // Last: a dropped column cannot be brought back on MySQL.
    await unit.step(`drop column ${collection}.${name}`, (d) => unit.dialect.dropColumn(d, collection, name));
  }
}

// ---------------------------------------------------------------------------------------------
// Writing: the endpoints

function asObject(body: unknown): FieldInput {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiError('INVALID_PAYLOAD');
  return body as FieldInput;
}

async function existingCollection(project: ProjectContext, collection: string): Promise<void> {
  const model = await schemaCache.get(project);
  if (!model.collections.has(collection)) {
    throw new ApiError('COLLECTION_NOT_FOUND', `Unable to find collection: ${collection}`);
  }
}

function logCompensation(project: ProjectContext) {
  return (errors: Error[]) => {
    // Surfaced to the operator: the database may need a hand.
    console.error(
      `[octavo] schema change compensation on ${project.key} failed:`,
      errors.map((e) => e.message),
    );
  };
}

export async function runProjectChange<T>(
  project: ProjectContext,
  work: (unit: SchemaUnit) => Promise<T>,
): Promise<T> {
  const result = await runSchemaChange(
    project.knex,
    project.dialect,
    async (unit) => {
      const done = await work(unit);
      await syncSearchIndexSteps(unit);
      return done;
    },
    logCompensation(project),
  );
  schemaChanged(project.key);
  // Row counters follow the schema they were counted for: recounted on their next use.
  await resetCounters(project.knex);
  return result;
}

/** `POST /fields/:collection`. */
export async function createField(
  project: ProjectContext,
  who: Accountability,
  collection: string,
  body: unknown,
): Promise<FieldObject> {
  requireAdmin(who);
  const input = asObject(body);
  await existingCollection(project, collection);
  await runProjectChange(project, (unit) => addFieldSteps(unit, project, collection, input));
  return (await readFields(project, who, collection, [String(input.field)]))[0];
}

/** `PATCH /fields/:collection/:field[,field]` (one body for each) and `PATCH /fields/:collection` (array). */
export async function updateFields(
  project: ProjectContext,
  who: Accountability,
  collection: string,
  changes: Array<{ field: string; input: FieldInput }>,
): Promise<FieldObject[]> {
  requireAdmin(who);
  await existingCollection(project, collection);
  for (const change of changes) assertFieldName(change.field);
  await runProjectChange(project, async (unit) => {
    for (const change of changes)
      await updateFieldSteps(unit, project, collection, change.field, change.input);
  });
  return readFields(
    project,
    who,
    collection,
    changes.map((c) => c.field),
  );
}

/** Splits a batch body `[{field, …}]` into changes (422 code 4 when `field` is missing). */
export function batchChanges(body: unknown): Array<{ field: string; input: FieldInput }> {
  if (!Array.isArray(body)) throw new ApiError('INVALID_REQUEST', 'batch update expects an array of fields');
  return body.map((item, i) => {
    const input = asObject(item);
    if (typeof input.field !== 'string' || !input.field) {
      throw new ApiError('INVALID_REQUEST', `[${i}].field: This value should not be blank.`);
    }
    const { field, ...rest } = input;
    return { field: field as string, input: rest };
  });
}

export function singleChanges(names: string[], body: unknown): Array<{ field: string; input: FieldInput }> {
  const input = asObject(body);
  const { field: _ignored, ...rest } = input;
  return names.map((field) => ({ field, input: rest }));
}

/** `DELETE /fields/:collection/:field`. */
export async function deleteField(
  project: ProjectContext,
  who: Accountability,
  collection: string,
  name: string,
): Promise<void> {
  requireAdmin(who);
  await existingCollection(project, collection);
  await runProjectChange(project, (unit) => deleteFieldSteps(unit, project, collection, name));
}
