import type { Vendor } from '../config';

/**
 * How a column's values are stored, derived from its SQL datatype. The query engine uses it to
 * validate filter values before they reach SQL and to cast values on reads.
 */
export type StorageKind =
  | 'integer'
  | 'bigint'
  | 'decimal'
  | 'boolean'
  | 'string'
  | 'datetime'
  | 'datetimetz'
  | 'date'
  | 'time'
  | 'json'
  | 'uuid'
  | 'binary'
  | 'other';

/** The Directus field types that have no SQL column (`DataTypes::getAliasTypes`). */
export const ALIAS_TYPES = new Set(['alias', 'o2m', 'group', 'translation']);

export interface StatusMappingEntry {
  name?: string;
  value?: string | number;
  soft_delete?: boolean;
  published?: boolean;
  required_fields?: boolean;
  [key: string]: unknown;
}

/** A field's relation, resolved from `directus_relations` rows and the implied file/user types. */
export type FieldRelation =
  | {
      /** This column stores the primary key of `collection`. */
      kind: 'm2o';
      collection: string;
    }
  | {
      /**
       * Alias listing the rows of `collection` whose `field` points at this item. For a
       * many-to-many (`junction` set) `collection` is the junction table and `junction.field`
       * its other foreign key, pointing at `junction.collection`.
       */
      kind: 'o2m' | 'translation';
      collection: string;
      field: string;
      junction: { field: string; collection: string | null } | null;
    };

export interface FieldInfo {
  collection: string;
  field: string;
  /** Directus type in lower case; inferred from the datatype when no metadata row exists. */
  type: string | null;
  /** SQL datatype in lower case without length (`varchar`, `int`, `timestamp`); null for aliases. */
  datatype: string | null;
  storage: StorageKind | null;
  alias: boolean;
  primaryKey: boolean;
  autoIncrement: boolean;
  nullable: boolean;
  defaultValue: unknown;
  length: number | null;
  precision: number | null;
  scale: number | null;
  /** True when a `directus_fields` row describes the field. */
  managed: boolean;
  interface: string | null;
  options: Record<string, unknown> | null;
  locked: boolean;
  required: boolean;
  readonly: boolean;
  hiddenDetail: boolean;
  hiddenBrowse: boolean;
  sort: number | null;
  width: string | null;
  group: number | null;
  note: string | null;
  translation: unknown;
  validation: string | null;
  relation: FieldRelation | null;
}

export interface CollectionInfo {
  collection: string;
  /** Whether it is one of the `directus_*` system tables. */
  system: boolean;
  managed: boolean;
  hidden: boolean;
  single: boolean;
  icon: string | null;
  note: string | null;
  translation: unknown;
  primaryKey: string;
  /** Every field in column order, alias fields last. */
  fields: ReadonlyMap<string, FieldInfo>;
  statusField: string | null;
  statusMapping: Readonly<Record<string, StatusMappingEntry>> | null;
  sortField: string | null;
  ownerField: string | null;
  userUpdatedField: string | null;
  datetimeCreatedField: string | null;
  datetimeUpdatedField: string | null;
  langField: string | null;
  /** The usable index behind `q` (server/schema/search-index.ts), or null: search scans. */
  searchIndex: SearchIndexInfo | null;
}

/** A collection's search index as the database has it. */
export interface SearchIndexInfo {
  /**
   * SQLite FTS5 trigram table, PostgreSQL pg_trgm GIN indexes, or a MySQL / MariaDB table of each
   * row's trigrams (search-index-mysql.ts).
   */
  kind: 'fts5' | 'pg_trgm' | 'grams';
  /** SQLite: the FTS table's name; MySQL / MariaDB: the trigram table's. */
  table: string | null;
  /** The columns it covers. */
  columns: ReadonlySet<string>;
  /** MySQL / MariaDB: the collation each column's tokens were made in. */
  collations?: ReadonlyMap<string, string>;
}

export interface RelationRow {
  id: number;
  collection_many: string;
  field_many: string;
  collection_one: string | null;
  field_one: string | null;
  junction_field: string | null;
}

/** The in-memory model of one project's database; immutable, replaced when the schema changes. */
export interface SchemaModel {
  vendor: Vendor;
  /** Incremented each time the cache reloads the project's schema. */
  version: number;
  collections: ReadonlyMap<string, CollectionInfo>;
  relations: readonly RelationRow[];
}
