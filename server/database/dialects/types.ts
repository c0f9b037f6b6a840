import type { Knex } from 'knex';
import type { DatabaseConfig, Vendor } from '../../config';

/** One column as the database reports it, normalised across vendors. */
export interface ColumnIntrospection {
  table: string;
  column: string;
  /** Lower-case datatype without length, e.g. `varchar`, `int`, `timestamp without time zone`. */
  datatype: string;
  length: number | null;
  precision: number | null;
  scale: number | null;
  nullable: boolean;
  defaultValue: unknown;
  primaryKey: boolean;
  autoIncrement: boolean;
}

/** Everything needed to write one column's SQL definition. */
export interface ColumnSpec {
  name: string;
  /** The vendor's datatype name, upper case (VARCHAR, INT, NUMERIC, DOUBLE PRECISION). */
  datatype: string;
  length: number | null;
  precision: number | null;
  scale: number | null;
  unsigned: boolean;
  nullable: boolean;
  /** `undefined`: no DEFAULT clause. */
  defaultValue: unknown;
  primaryKey: boolean;
  autoIncrement: boolean;
  unique: boolean;
  /** A boolean field (MySQL writes it TINYINT(1)). */
  boolean?: boolean;
}

export interface ForeignKeyInfo {
  name: string | null;
  table: string;
  column: string;
  refTable: string;
  refColumn: string;
  onDelete: string;
}

/** Single-column unique keys and unsigned columns of a table. */
export interface TableExtras {
  unique: Set<string>;
  unsigned: Set<string>;
  /** Columns with a plain (non-unique) index of their own, on that column alone. */
  indexed: Set<string>;
}

/** A constraint violation recognised in a driver error, with what its message tells. */
export type Violation =
  | { kind: 'unique'; value?: string }
  | { kind: 'not_null'; column?: string }
  | { kind: 'too_long' }
  | { kind: 'out_of_range' };

/** A compiled read as the driver path runs it. */
export interface DriverStatement {
  /** The SQL with the driver's placeholders. */
  sql: string;
  /** A name for the statement that changes whenever its SQL or the schema does. */
  name: string;
}

/**
 * Everything that differs between SQLite, MySQL/MariaDB and PostgreSQL. One instance per vendor,
 * chosen when a project's connection opens (ProjectContext.dialect); callers ask it instead of
 * comparing vendor names.
 */
export interface Dialect {
  readonly vendor: Vendor;

  // ---- connection
  /** The knex configuration of a project's pool. */
  knexConfig(db: DatabaseConfig, dataDir: string): Knex.Config;

  // ---- values and SQL text
  quoteId(name: string): string;
  /** A value as an SQL literal (DEFAULT clauses cannot take bound parameters everywhere). */
  literal(value: unknown): string;
  /** A true/false as the vendor's boolean columns (and v8's tinyint(1) flags) take it. */
  boolean(value: boolean): boolean | number;
  /** The range a parameter compared with an integer column of this datatype may take. */
  integerRange(datatype: string | null): [min: number, max: number];
  /** Whether a number can be bound to a floating-point column of this datatype. */
  floatFits(datatype: string | null, value: number): boolean;

  // ---- reads
  /** Whether NULLs already come last when sorting in this direction. */
  nullsSortLast(order: 'asc' | 'desc'): boolean;
  /**
   * Whether ORDER BY takes `NULLS LAST` in a form an index can serve (PostgreSQL, with an index built
   * `NULLS FIRST` read backwards); elsewhere an `IS NULL` term is put before the column.
   */
  readonly orderNullsLast: boolean;
  /** ORDER BY expression for `sort=?`. */
  readonly randomOrder: string;
  /**
   * Bounds the time of one read: past `ms` the statement is cancelled on the server and the query
   * rejects with knex's KnexTimeoutError. A no-op where the driver cannot interrupt (SQLite).
   */
  limitReadTime(qb: Knex.QueryBuilder, ms: number): void;
  /**
   * Locks the rows a read inside a transaction selects until it ends (`FOR UPDATE`), so a check
   * made on them holds until the write. A no-op where the database serialises writers (SQLite).
   */
  lockForUpdate(qb: Knex.QueryBuilder): void;
  /** Whether a column of this storage kind must be cast to text to compare it with a text value. */
  comparesAsText(storage: string | null): boolean;
  /** A case-insensitive LIKE; `raw` patterns keep the caller's wildcards and take no escape character. */
  like(
    knex: Knex,
    column: string,
    storage: string | null,
    pattern: string,
    negate: boolean,
    raw: boolean,
  ): Knex.Raw;
  /** The rows of a `knex.raw` select. */
  rowsOf(result: any): Record<string, unknown>[];
  /** Runs a compiled read on a pooled connection, straight through the driver. */
  queryDriver(
    connection: any,
    statement: DriverStatement,
    bindings: unknown[],
  ): Promise<Record<string, unknown>[]>;

  // ---- writes
  /** Inserts a row and returns its key (the auto-increment id when the row names none). */
  insertReturningId(db: Knex, table: string, row: Record<string, unknown>, key: string): Promise<unknown>;
  /** After rows were inserted with explicit `id`s: makes the next generated id follow them. */
  syncIdSequence(db: Knex, table: string): Promise<void>;
  /** The constraint violation a driver error reports, or null. */
  violation(error: unknown): Violation | null;

  // ---- datatypes
  /** The vendor's name for a datatype a client sent for a field of `type` (upper case). */
  datatypeName(raw: string, type: string): string;
  /** The catalogue's name of an introspected (lower-case) datatype. */
  catalogueDatatype(introspected: string): string;

  // ---- introspection
  introspectColumns(db: Knex): Promise<ColumnIntrospection[]>;
  tableExtras(db: Knex, only?: string): Promise<Map<string, TableExtras>>;
  foreignKeys(db: Knex, table?: string): Promise<ForeignKeyInfo[]>;
  /** Whether the table has an index of this name: `plain`, `unique`, or null when none. */
  indexOn(db: Knex, table: string, name: string): Promise<'plain' | 'unique' | null>;
  currentColumn(db: Knex, table: string, column: string): Promise<ColumnSpec | null>;

  // ---- DDL
  columnTypeSql(spec: ColumnSpec): string;
  columnSql(spec: ColumnSpec, options?: { inlinePrimary?: boolean }): string;
  createTable(db: Knex, table: string, columns: ColumnSpec[]): Promise<void>;
  dropTable(db: Knex, table: string): Promise<void>;
  addColumn(db: Knex, table: string, spec: ColumnSpec): Promise<void>;
  dropColumn(db: Knex, table: string, column: string): Promise<void>;
  /** Changes a column from `from` to `to` (type, length, nullability, default, unique), keeping its data. */
  alterColumn(db: Knex, table: string, from: ColumnSpec, to: ColumnSpec): Promise<void>;
  addUnique(db: Knex, table: string, column: string): Promise<void>;
  dropUnique(db: Knex, table: string, column: string): Promise<void>;
  /** Adds the plain `ix_` index of a column; returns whether it created one. */
  addIndex(db: Knex, table: string, column: string): Promise<boolean>;
  /** Drops the plain `ix_` index of a column; returns whether it dropped one. */
  dropIndex(db: Knex, table: string, column: string): Promise<boolean>;
  addForeignKey(db: Knex, fk: ForeignKeyInfo): Promise<void>;
  dropForeignKey(db: Knex, table: string, column: string): Promise<void>;

  // ---- schema changes as a unit
  /** Whether DDL joins the transaction; if not, failed units are undone step by step. */
  readonly transactionalDdl: boolean;
  /** Runs `body` in the transaction of a schema change, with whatever the vendor needs around it. */
  schemaTransaction<T>(knex: Knex, body: (trx: Knex.Transaction) => Promise<T>): Promise<T>;
}
