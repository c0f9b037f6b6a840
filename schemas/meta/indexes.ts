/**
 * Which columns get an index, shared by the server (which makes them) and the app's field wizard
 * (which shows the toggle as the server will do it).
 */

/**
 * Field types whose column is indexed when it is created through the API: lists filter by the status
 * (soft delete, status permissions) and by the owner ("mine"/"role" permissions), sort by the manual
 * sort field and by the creation and update dates, and join and filter through m2o columns.
 */
export const INDEXED_FIELD_TYPES: ReadonlySet<string> = new Set([
  'status',
  'sort',
  'owner',
  'm2o',
  'datetime_created',
  'datetime_updated',
]);

/** Datatypes no vendor indexes whole (MySQL wants a prefix, PostgreSQL has no btree for json). */
export const UNINDEXABLE_DATATYPES: ReadonlySet<string> = new Set([
  'TINYTEXT',
  'TEXT',
  'MEDIUMTEXT',
  'LONGTEXT',
  'BLOB',
  'MEDIUMBLOB',
  'LONGBLOB',
  'JSON',
  'JSONB',
  'BYTEA',
]);
