import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { DatabaseConfig, Vendor } from '../../config';
import { catalogueName, datatypeEntry, indexedType } from '../datatype-catalogue';
import type {
  ColumnIntrospection,
  ColumnSpec,
  Dialect,
  DriverStatement,
  ForeignKeyInfo,
  TableExtras,
  Violation,
} from './types';

/** A constraint or index name within the vendors' 63-character limit. */
export function constraintName(prefix: string, table: string, column: string): string {
  const name = `${prefix}_${table}_${column}`;
  if (name.length <= 60) return name;
  const hash = createHash('sha1').update(name).digest('hex').slice(0, 10);
  return `${name.slice(0, 49)}_${hash}`;
}

export const uniqueName = (table: string, column: string) => constraintName('uq', table, column);
export const indexName = (table: string, column: string) => constraintName('ix', table, column);

/** Whether `directus_fields` describes the column as one of a type the API indexes. */
export async function indexedField(db: Knex, table: string, column: string): Promise<boolean> {
  if (!(await db.schema.hasTable('directus_fields'))) return false;
  const row = await db('directus_fields').where({ collection: table, field: column }).first('type');
  return indexedType(row?.type ?? null);
}

/** What an ALTER of a column from `from` to `to` has to do. */
export interface ColumnChange {
  uniqueAdded: boolean;
  uniqueDropped: boolean;
  /** Type, nullability or default differ. */
  definitionChanged: boolean;
}

/**
 * What the three dialects share: SQL text built the standard way, and the DDL whose statements
 * are the same everywhere. Each vendor's file overrides what it does differently.
 */
export abstract class BaseDialect implements Dialect {
  abstract readonly vendor: Vendor;
  abstract readonly randomOrder: string;
  abstract readonly transactionalDdl: boolean;

  abstract knexConfig(db: DatabaseConfig, dataDir: string): Knex.Config;
  abstract boolean(value: boolean): boolean | number;
  abstract integerRange(datatype: string | null): [number, number];
  /** The escape character of LIKE patterns, as the vendor's string literals spell a backslash. */
  protected readonly likeEscape: string = "'\\'";

  /** NULL is the smallest value (SQLite, MySQL): it comes last only in descending order. */
  /**
   * PostgreSQL and MySQL / MariaDB: knex cancels the statement on the server when the time is up
   * (`pg_cancel_backend`, `KILL QUERY` on a second connection), so the database stops working too.
   */
  limitReadTime(qb: Knex.QueryBuilder, ms: number): void {
    qb.timeout(ms, { cancel: true });
  }

  /** PostgreSQL and MySQL / MariaDB: row locks held until COMMIT or ROLLBACK. */
  lockForUpdate(qb: Knex.QueryBuilder): void {
    qb.forUpdate();
  }

  nullsSortLast(order: 'asc' | 'desc'): boolean {
    return order === 'desc';
  }

  readonly orderNullsLast: boolean = false;

  /** Plain LIKE: case-insensitive already where the vendor's text comparison is (SQLite, MySQL). */
  like(
    knex: Knex,
    column: string,
    _storage: string | null,
    pattern: string,
    negate: boolean,
    raw: boolean,
  ): Knex.Raw {
    return knex.raw(`?? ${negate ? 'NOT ' : ''}LIKE ?${raw ? '' : ` ESCAPE ${this.likeEscape}`}`, [
      column,
      pattern,
    ]);
  }
  abstract rowsOf(result: any): Record<string, unknown>[];
  abstract queryDriver(
    connection: any,
    statement: DriverStatement,
    bindings: unknown[],
  ): Promise<Record<string, unknown>[]>;
  abstract violation(error: unknown): Violation | null;
  abstract datatypeName(raw: string, type: string): string;
  abstract introspectColumns(db: Knex): Promise<ColumnIntrospection[]>;
  abstract tableExtras(db: Knex, only?: string): Promise<Map<string, TableExtras>>;
  abstract foreignKeys(db: Knex, table?: string): Promise<ForeignKeyInfo[]>;
  abstract indexOn(db: Knex, table: string, name: string): Promise<'plain' | 'unique' | null>;
  abstract alterColumn(db: Knex, table: string, from: ColumnSpec, to: ColumnSpec): Promise<void>;
  abstract dropUnique(db: Knex, table: string, column: string): Promise<void>;
  abstract addForeignKey(db: Knex, fk: ForeignKeyInfo): Promise<void>;
  abstract dropForeignKey(db: Knex, table: string, column: string): Promise<void>;
  /** The definition after the name of an auto-incremented integer primary key. */
  protected abstract autoIncrementDefinition(spec: ColumnSpec, inlinePrimary: boolean): string;

  /** Appended to CREATE TABLE. */
  protected readonly tableOptions: string = '';

  // ---- values and SQL text

  quoteId(name: string): string {
    return `"${name.replace(/"/g, '""')}"`;
  }

  /** The body of a quoted string literal. */
  protected escapeString(text: string): string {
    return text.replace(/'/g, "''");
  }

  literal(value: unknown): string {
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'boolean') return String(this.boolean(value));
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new Error(`Invalid default value ${value}`);
      return String(value);
    }
    return `'${this.escapeString(typeof value === 'string' ? value : JSON.stringify(value))}'`;
  }

  floatFits(_datatype: string | null, _value: number): boolean {
    return true;
  }

  comparesAsText(_storage: string | null): boolean {
    return false;
  }

  catalogueDatatype(introspected: string): string {
    return catalogueName(introspected);
  }

  async insertReturningId(
    db: Knex,
    table: string,
    row: Record<string, unknown>,
    _key: string,
  ): Promise<unknown> {
    const [id] = (await db(table).insert(row)) as unknown[];
    return id;
  }

  /** Auto-increment counters follow explicit ids by themselves. */
  async syncIdSequence(_db: Knex, _table: string): Promise<void> {}

  // ---- reading the shape of a table

  async currentColumn(db: Knex, table: string, column: string): Promise<ColumnSpec | null> {
    const col = (await this.introspectColumns(db)).find((c) => c.table === table && c.column === column);
    if (!col) return null;
    const extras = (await this.tableExtras(db, table)).get(table) ?? {
      unique: new Set(),
      unsigned: new Set(),
      indexed: new Set(),
    };
    const datatype = this.catalogueDatatype(col.datatype);
    const entry = datatypeEntry(this.vendor, datatype);
    return {
      name: column,
      datatype,
      length: entry?.length === 'length' ? col.length : null,
      precision: entry?.length === 'precision_scale' ? col.precision : null,
      scale: entry?.length === 'precision_scale' ? col.scale : null,
      unsigned: extras.unsigned.has(column),
      nullable: col.nullable,
      // No default and DEFAULT NULL are the same thing to a column.
      defaultValue: col.autoIncrement || col.defaultValue === null ? undefined : col.defaultValue,
      primaryKey: col.primaryKey,
      autoIncrement: col.autoIncrement,
      unique: extras.unique.has(column),
      boolean: col.datatype === 'tinyint(1)',
    };
  }

  // ---- DDL

  /** The type part of a column definition: `VARCHAR(200)`, `DECIMAL(10,2)`. */
  columnTypeSql(spec: ColumnSpec): string {
    const datatype = spec.datatype.toUpperCase();
    const entry = datatypeEntry(this.vendor, datatype);
    if (entry?.length === 'length' && spec.length != null) return `${datatype}(${spec.length})`;
    if (entry?.length === 'precision_scale' && spec.precision != null) {
      return `${datatype}(${spec.precision},${spec.scale ?? 0})`;
    }
    return datatype;
  }

  /** The full column definition as it appears in CREATE TABLE / ADD COLUMN / MODIFY. */
  columnSql(spec: ColumnSpec, options: { inlinePrimary?: boolean } = {}): string {
    const name = this.quoteId(spec.name);
    const inlinePrimary = options.inlinePrimary !== false;
    if (spec.autoIncrement && spec.primaryKey) {
      return `${name} ${this.autoIncrementDefinition(spec, inlinePrimary)}`;
    }
    const parts = [name, this.columnTypeSql(spec), spec.nullable && !spec.primaryKey ? 'NULL' : 'NOT NULL'];
    if (spec.defaultValue !== undefined && !spec.autoIncrement)
      parts.push(`DEFAULT ${this.literal(spec.defaultValue)}`);
    if (spec.primaryKey && inlinePrimary) parts.push('PRIMARY KEY');
    return parts.join(' ');
  }

  /** What changing a column from `from` to `to` involves. */
  protected columnChange(from: ColumnSpec, to: ColumnSpec): ColumnChange {
    const literalOrNone = (value: unknown) => (value === undefined ? '' : this.literal(value));
    return {
      uniqueAdded: to.unique && !from.unique && !to.primaryKey,
      uniqueDropped: !to.unique && from.unique && !from.primaryKey,
      definitionChanged:
        this.columnTypeSql(from) !== this.columnTypeSql(to) ||
        from.nullable !== to.nullable ||
        literalOrNone(from.defaultValue) !== literalOrNone(to.defaultValue),
    };
  }

  async createTable(db: Knex, table: string, columns: ColumnSpec[]): Promise<void> {
    const q = (name: string) => this.quoteId(name);
    const primary = columns.filter((c) => c.primaryKey);
    const inline = primary.length === 1;
    const defs = columns.map((c) => this.columnSql(c, { inlinePrimary: inline }));
    if (!inline && primary.length) defs.push(`PRIMARY KEY (${primary.map((c) => q(c.name)).join(', ')})`);
    await db.raw(`CREATE TABLE ${q(table)} (${defs.join(', ')})${this.tableOptions}`);
    for (const column of columns) {
      if (column.unique && !column.primaryKey) await this.addUnique(db, table, column.name);
    }
  }

  async dropTable(db: Knex, table: string): Promise<void> {
    // Foreign keys of other tables that point here would block the drop (or dangle on SQLite).
    for (const fk of await this.foreignKeys(db)) {
      if (fk.refTable === table && fk.table !== table) await this.dropForeignKey(db, fk.table, fk.column);
    }
    await db.raw(`DROP TABLE ${this.quoteId(table)}`);
  }

  async addColumn(db: Knex, table: string, spec: ColumnSpec): Promise<void> {
    await db.raw(`ALTER TABLE ${this.quoteId(table)} ADD ${this.columnSql(spec)}`);
    if (spec.unique && !spec.primaryKey) await this.addUnique(db, table, spec.name);
  }

  async dropColumn(db: Knex, table: string, column: string): Promise<void> {
    for (const fk of await this.foreignKeys(db, table)) {
      if (fk.column === column) await this.dropForeignKey(db, table, column);
    }
    await db.raw(`ALTER TABLE ${this.quoteId(table)} DROP COLUMN ${this.quoteId(column)}`);
  }

  async addUnique(db: Knex, table: string, column: string): Promise<void> {
    const q = (name: string) => this.quoteId(name);
    await db.raw(`CREATE UNIQUE INDEX ${q(uniqueName(table, column))} ON ${q(table)} (${q(column)})`);
  }

  /** Whether `addIndex` has nothing to do: the column is indexed already. */
  protected async indexedAlready(db: Knex, table: string, _column: string, name: string): Promise<boolean> {
    return (await this.indexOn(db, table, name)) !== null;
  }

  /**
   * A plain index on one column, named `ix_<table>_<column>` (the name the foreign key path uses,
   * so a column indexed for its key is not indexed twice). Returns whether an index was created,
   * so an undo drops only what this made.
   */
  async addIndex(db: Knex, table: string, column: string): Promise<boolean> {
    const name = indexName(table, column);
    if (await this.indexedAlready(db, table, column, name)) return false;
    await db.raw(`CREATE INDEX ${this.quoteId(name)} ON ${this.quoteId(table)} (${this.quoteId(column)})`);
    return true;
  }

  protected dropIndexSql(_table: string, name: string): string {
    return `DROP INDEX ${this.quoteId(name)}`;
  }

  /**
   * Drops the plain `ix_<table>_<column>` index of a column, unless a foreign key on the column
   * needs it (its index there has that name too, and MySQL refuses to drop a key's last index) or
   * it is a unique one (SQLite's rebuild names the index of an inline UNIQUE constraint so).
   * Returns whether an index was dropped.
   */
  async dropIndex(db: Knex, table: string, column: string): Promise<boolean> {
    const name = indexName(table, column);
    if ((await this.foreignKeys(db, table)).some((fk) => fk.column === column)) return false;
    if ((await this.indexOn(db, table, name)) !== 'plain') return false;
    await db.raw(this.dropIndexSql(table, name));
    return true;
  }

  schemaTransaction<T>(knex: Knex, body: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    return knex.transaction(body);
  }
}

/** Turns a default as the database prints it (`'draft'`, `'x'::character varying`, `NULL`) into a value. */
export function normaliseDefault(raw: unknown): unknown {
  if (raw === null || raw === undefined) return null;
  if (typeof raw !== 'string') return raw;
  let text = raw.trim();
  if (/^null$/i.test(text)) return null;
  if (/^nextval\(/i.test(text)) return null;
  text = text.replace(/::[a-z ]+(\[\])?$/i, '');
  const quoted = /^'(.*)'$/s.exec(text);
  if (quoted) return quoted[1].replace(/''/g, "'");
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (/^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
  return text;
}

/** A driver error's code and message, whatever its shape. */
export function errorParts(error: unknown): { code: string; errno?: number; message: string } {
  const e = error as { code?: string | number; errno?: number; message?: string } | null | undefined;
  return { code: String(e?.code ?? ''), errno: e?.errno, message: String(e?.message ?? '') };
}
