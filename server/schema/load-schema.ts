import type { Knex } from 'knex';
import type { Vendor } from '../config';
import { inferType, storageOf } from './datatypes';
import { introspectDatabase, type ColumnIntrospection } from './introspect';
import { readSearchIndexes } from './search-index';
import {
  ALIAS_TYPES,
  type CollectionInfo,
  type FieldInfo,
  type FieldRelation,
  type RelationRow,
  type SchemaModel,
  type StatusMappingEntry,
} from './types';

/** Decodes a JSON text column leniently: empty or invalid JSON is null (schema-v8 §6.5). */
export function decodeJson(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

function bool(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 't' || value === 'true';
}

function numberOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

function objectOrNull(value: unknown): Record<string, unknown> | null {
  const decoded = decodeJson(value);
  return decoded && typeof decoded === 'object' && !Array.isArray(decoded)
    ? (decoded as Record<string, unknown>)
    : null;
}

async function readMetadata(knex: Knex, tables: Map<string, ColumnIntrospection[]>) {
  const has = (table: string) => tables.has(table);
  const reads = [
    () => (has('directus_collections') ? knex('directus_collections').select('*') : []),
    () => (has('directus_fields') ? knex('directus_fields').select('*').orderBy('id') : []),
    () => (has('directus_relations') ? knex('directus_relations').select('*').orderBy('id') : []),
    () =>
      has('directus_settings')
        ? knex('directus_settings').select('value').where('key', 'status_mapping')
        : [],
  ];
  // In parallel on the pool; one after the other inside a transaction, which has one connection.
  const results: unknown[] = [];
  if (knex.isTransaction) for (const read of reads) results.push(await read());
  else results.push(...(await Promise.all(reads.map((read) => read()))));
  const [collections, fields, relations, settings] = results;
  return {
    collections: collections as Array<Record<string, unknown>>,
    fields: fields as Array<Record<string, unknown>>,
    relations: (relations as Array<Record<string, unknown>>).map((row): RelationRow => ({
      id: Number(row.id),
      collection_many: String(row.collection_many),
      field_many: String(row.field_many),
      collection_one: (row.collection_one as string | null) ?? null,
      field_one: (row.field_one as string | null) ?? null,
      junction_field: (row.junction_field as string | null) ?? null,
    })),
    globalStatusMapping: objectOrNull((settings as Array<{ value: unknown }>)[0]?.value),
  };
}

function baseField(collection: string, field: string): FieldInfo {
  return {
    collection,
    field,
    type: null,
    datatype: null,
    storage: null,
    alias: false,
    primaryKey: false,
    autoIncrement: false,
    nullable: true,
    defaultValue: null,
    length: null,
    precision: null,
    scale: null,
    managed: false,
    interface: null,
    options: null,
    locked: false,
    required: false,
    readonly: false,
    hiddenDetail: false,
    hiddenBrowse: false,
    sort: null,
    width: null,
    group: null,
    note: null,
    translation: null,
    validation: null,
    relation: null,
  };
}

function applyMetadata(field: FieldInfo, row: Record<string, unknown>): void {
  field.type = row.type ? String(row.type).toLowerCase() : field.type;
  field.managed = true;
  field.interface = (row.interface as string | null) ?? null;
  field.options = objectOrNull(row.options);
  field.locked = bool(row.locked);
  field.required = bool(row.required);
  field.readonly = bool(row.readonly);
  field.hiddenDetail = bool(row.hidden_detail);
  field.hiddenBrowse = bool(row.hidden_browse);
  field.sort = numberOrNull(row.sort);
  field.width = (row.width as string | null) ?? null;
  field.group = numberOrNull(row.group);
  field.note = (row.note as string | null) ?? null;
  field.translation = decodeJson(row.translation);
  field.validation = (row.validation as string | null) ?? null;
}

/** The relation a field takes part in (schema-v8 §5.1): the last matching row wins. */
function resolveRelation(
  field: FieldInfo,
  relations: RelationRow[],
  tables: Map<string, ColumnIntrospection[]>,
): FieldRelation | null {
  const hasColumn = (table: string, column: string) =>
    tables.get(table)?.some((c) => c.column === column) ?? false;
  if (field.primaryKey) return null;
  if (!field.alias) {
    const row = relations.findLast(
      (r) =>
        r.collection_many === field.collection &&
        r.field_many === field.field &&
        r.collection_one !== null &&
        tables.has(r.collection_one),
    );
    if (row) return { kind: 'm2o', collection: row.collection_one! };
    if (field.type === 'file' && tables.has('directus_files'))
      return { kind: 'm2o', collection: 'directus_files' };
    if (
      ['user', 'owner', 'user_created', 'user_updated'].includes(field.type ?? '') &&
      tables.has('directus_users')
    ) {
      return { kind: 'm2o', collection: 'directus_users' };
    }
    return null;
  }
  const row = relations.findLast(
    (r) =>
      r.collection_one === field.collection &&
      r.field_one === field.field &&
      tables.has(r.collection_many) &&
      hasColumn(r.collection_many, r.field_many),
  );
  if (!row) return null;
  let junction: { field: string; collection: string | null } | null = null;
  if (row.junction_field && hasColumn(row.collection_many, row.junction_field)) {
    const far = relations.findLast(
      (r) => r.collection_many === row.collection_many && r.field_many === row.junction_field,
    );
    junction = {
      field: row.junction_field,
      collection: far?.collection_one && tables.has(far.collection_one) ? far.collection_one : null,
    };
  }
  return {
    kind: field.type === 'translation' ? 'translation' : 'o2m',
    collection: row.collection_many,
    field: row.field_many,
    junction,
  };
}

function statusMappingOf(
  field: FieldInfo | undefined,
  global: Record<string, unknown> | null,
): Record<string, StatusMappingEntry> | null {
  if (!field) return null;
  const own = objectOrNull(field.options?.status_mapping);
  const mapping = own ?? global;
  if (!mapping || Object.keys(mapping).length === 0) return null;
  return Object.freeze(
    Object.fromEntries(
      Object.entries(mapping).map(([key, entry]) => [
        key,
        Object.freeze({ ...(entry && typeof entry === 'object' ? (entry as StatusMappingEntry) : {}) }),
      ]),
    ),
  );
}

/**
 * Builds the schema model: every real table (system ones included) with its columns from the
 * database, merged with the `directus_collections` / `directus_fields` / `directus_relations`
 * metadata. Columns without metadata get an inferred type; metadata rows without a column are
 * kept only for alias types.
 */
export async function loadSchema(knex: Knex, vendor: Vendor, version = 1): Promise<SchemaModel> {
  const tables = await introspectDatabase(knex, vendor);
  const meta = await readMetadata(knex, tables);
  const searchIndexes = await readSearchIndexes(knex);
  const collectionRows = new Map(meta.collections.map((row) => [String(row.collection), row]));
  const fieldRows = new Map<string, Map<string, Record<string, unknown>>>();
  for (const row of meta.fields) {
    const byField = fieldRows.get(String(row.collection)) ?? new Map();
    byField.set(String(row.field), row);
    fieldRows.set(String(row.collection), byField);
  }

  const collections = new Map<string, CollectionInfo>();
  for (const [table, columns] of [...tables.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const rows = fieldRows.get(table) ?? new Map<string, Record<string, unknown>>();
    const fields = new Map<string, FieldInfo>();
    for (const column of columns) {
      const field = baseField(table, column.column);
      Object.assign(field, {
        datatype: column.datatype,
        storage: storageOf(column.datatype),
        primaryKey: column.primaryKey,
        autoIncrement: column.autoIncrement,
        nullable: column.nullable,
        defaultValue: column.defaultValue,
        length: column.length,
        precision: column.precision,
        scale: column.scale,
        type: inferType(column.datatype),
      });
      const row = rows.get(column.column);
      if (row) applyMetadata(field, row);
      fields.set(field.field, field);
    }
    for (const [name, row] of rows) {
      if (fields.has(name) || !ALIAS_TYPES.has(String(row.type).toLowerCase())) continue;
      const field = baseField(table, name);
      field.alias = true;
      applyMetadata(field, row);
      fields.set(name, field);
    }
    for (const field of fields.values()) field.relation = resolveRelation(field, meta.relations, tables);

    const pk = columns.find((c) => c.primaryKey)?.column ?? (fields.has('id') ? 'id' : columns[0]?.column);
    if (!pk) continue;
    const ofType = (...types: string[]) =>
      [...fields.values()].find((f) => types.includes(f.type ?? ''))?.field ?? null;
    const statusField = ofType('status');
    const row = collectionRows.get(table);
    const info: CollectionInfo = {
      collection: table,
      system: table.startsWith('directus_'),
      managed: row ? bool(row.managed) : false,
      hidden: row ? bool(row.hidden) : false,
      single: row ? bool(row.single) : false,
      icon: (row?.icon as string | null) ?? null,
      note: (row?.note as string | null) ?? null,
      translation: decodeJson(row?.translation),
      primaryKey: pk,
      fields,
      statusField,
      statusMapping: statusMappingOf(
        statusField ? fields.get(statusField) : undefined,
        meta.globalStatusMapping,
      ),
      sortField: ofType('sort'),
      ownerField: ofType('owner', 'user_created'),
      userUpdatedField: ofType('user_updated'),
      datetimeCreatedField: ofType('datetime_created'),
      datetimeUpdatedField: ofType('datetime_updated'),
      langField: ofType('lang'),
      searchIndex: searchIndexes.get(table) ?? null,
    };
    for (const field of fields.values()) Object.freeze(field);
    collections.set(table, Object.freeze(info));
  }
  return Object.freeze({ vendor, version, collections, relations: Object.freeze(meta.relations) });
}
