import type { StorageKind } from './types';

const KINDS: Array<[RegExp, StorageKind]> = [
  [/^(tinyint\(1\)|tinyint|smallint|mediumint|int|integer|int2|int4|year|serial|smallserial)$/, 'integer'],
  [/^(bigint|int8|bigserial)$/, 'bigint'],
  [/^(decimal|numeric|real|float|double|double precision|float4|float8|money)$/, 'decimal'],
  [/^(bool|boolean)$/, 'boolean'],
  [
    /^(char|varchar|character varying|character|bpchar|text|tinytext|mediumtext|longtext|enum|set|clob|citext|name|nvarchar|nchar)$/,
    'string',
  ],
  [/^(datetime|timestamp|timestamp without time zone)$/, 'datetime'],
  [/^(timestamptz|timestamp with time zone)$/, 'datetimetz'],
  [/^date$/, 'date'],
  [/^(time|time without time zone|time with time zone|timetz)$/, 'time'],
  [/^(json|jsonb)$/, 'json'],
  [/^uuid$/, 'uuid'],
  [/^(blob|tinyblob|mediumblob|longblob|bit|binary|varbinary|bytea)$/, 'binary'],
];

/** How a datatype's values are stored (see StorageKind). */
export function storageOf(datatype: string): StorageKind {
  for (const [pattern, kind] of KINDS) if (pattern.test(datatype)) return kind;
  return 'other';
}

/**
 * The Directus type of a column that has no `directus_fields` row (schema-v8 §3.2). One deliberate
 * difference: real boolean columns (PostgreSQL, SQLite) become `boolean`; v8 fell through to
 * `binary` there, but MySQL never reports that datatype, so v8 databases are unaffected.
 */
export function inferType(datatype: string): string | null {
  switch (storageOf(datatype)) {
    case 'integer':
    case 'bigint':
      return 'integer';
    case 'decimal':
      return 'decimal';
    case 'boolean':
      return 'boolean';
    case 'binary':
      return 'binary';
    case 'datetime':
    case 'datetimetz':
      return 'datetime';
    case 'date':
      return 'date';
    case 'time':
      return 'time';
    case 'string':
      return 'string';
    case 'json':
      return 'json';
    case 'uuid':
      return 'uuid';
    default:
      return null;
  }
}
