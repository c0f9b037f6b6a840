import type { Knex } from 'knex';
import type { DatabaseConfig } from '../../config';
import { isIntegerDatatype } from '../datatype-catalogue';
import { BaseDialect, constraintName, errorParts, indexedField, normaliseDefault } from './base';
import type {
  ColumnIntrospection,
  ColumnSpec,
  DriverStatement,
  ForeignKeyInfo,
  TableExtras,
  Violation,
} from './types';

/** Parameter ranges of the small integer types (signed minimum, unsigned maximum). */
const INT_RANGE: Record<string, [number, number]> = {
  tinyint: [-128, 255],
  'tinyint(1)': [-128, 255],
  smallint: [-32768, 65535],
  int2: [-32768, 32767],
  mediumint: [-8388608, 16777215],
};

/** Datatype names of other vendors as MySQL spells them. */
const SYNONYMS: Record<string, string> = {
  INTEGER: 'INT',
  BOOLEAN: 'TINYINT',
  NUMERIC: 'DECIMAL',
  REAL: 'DOUBLE',
  'DOUBLE PRECISION': 'DOUBLE',
  BYTEA: 'BLOB',
  UUID: 'VARCHAR',
};

/**
 * MySQL/MariaDB: backtick identifiers, booleans as TINYINT(1) 0/1, unsigned integers, LIKE that is
 * case-insensitive through the collation, NULLs sort smallest, and DDL that commits implicitly.
 */
export class MysqlDialect extends BaseDialect {
  readonly vendor = 'mysql' as const;
  readonly randomOrder = 'RAND()';
  readonly transactionalDdl = false;
  // A backslash must itself be escaped inside MySQL string literals.
  protected override readonly likeEscape = "'\\\\'";
  protected override readonly tableOptions = ' DEFAULT CHARSET=utf8mb4';

  knexConfig(db: DatabaseConfig): Knex.Config {
    return {
      client: 'mysql2',
      connection: {
        host: db.host ?? '127.0.0.1',
        port: db.port ?? 3306,
        user: db.user ?? 'root',
        password: db.password ?? '',
        database: db.database,
        charset: 'utf8mb4',
        timezone: 'Z',
        // Dates and times travel as the strings the database holds (see the PostgreSQL parsers).
        dateStrings: true,
        supportBigNumbers: true,
      },
      pool: { min: db.pool?.min ?? 0, max: db.pool?.max ?? 10 },
    };
  }

  override quoteId(name: string): string {
    return `\`${name.replace(/`/g, '``')}\``;
  }

  protected override escapeString(text: string): string {
    return super.escapeString(text).replace(/\\/g, '\\\\');
  }

  boolean(value: boolean): number {
    return value ? 1 : 0;
  }

  integerRange(datatype: string | null): [number, number] {
    return INT_RANGE[datatype ?? ''] ?? [-2147483648, 4294967295];
  }

  rowsOf(result: any): Record<string, unknown>[] {
    return result[0];
  }

  queryDriver(
    connection: any,
    statement: DriverStatement,
    bindings: unknown[],
  ): Promise<Record<string, unknown>[]> {
    return new Promise((resolve, reject) => {
      connection.query({ sql: statement.sql }, bindings, (error: Error | null, rows: any) =>
        error ? reject(error) : resolve(rows),
      );
    });
  }

  violation(error: unknown): Violation | null {
    const { code, errno, message } = errorParts(error);
    if (code === 'ER_DUP_ENTRY' || errno === 1062) {
      return { kind: 'unique', value: /Duplicate entry '([^']*)'/.exec(message)?.[1] };
    }
    if (code === 'ER_BAD_NULL_ERROR' || code === 'ER_NO_DEFAULT_FOR_FIELD') {
      return {
        kind: 'not_null',
        column: /Column '([^']+)'/.exec(message)?.[1] ?? /Field '([^']+)'/.exec(message)?.[1],
      };
    }
    if (code === 'ER_DATA_TOO_LONG') return { kind: 'too_long' };
    if (
      [
        'ER_WARN_DATA_OUT_OF_RANGE',
        'ER_TRUNCATED_WRONG_VALUE',
        'ER_TRUNCATED_WRONG_VALUE_FOR_FIELD',
      ].includes(code)
    ) {
      return { kind: 'out_of_range' };
    }
    return null;
  }

  /** BOOLEAN is TINYINT here (written TINYINT(1) for boolean fields). */
  datatypeName(raw: string): string {
    const name = raw.trim().toUpperCase().replace(/\s+/g, ' ');
    return SYNONYMS[name] ?? name;
  }

  override catalogueDatatype(introspected: string): string {
    return introspected.toLowerCase() === 'integer' ? 'INT' : super.catalogueDatatype(introspected);
  }

  // ---- introspection

  async introspectColumns(db: Knex): Promise<ColumnIntrospection[]> {
    const [rows] = await db.raw(
      `select c.TABLE_NAME as tbl, c.COLUMN_NAME as col, c.DATA_TYPE as dt, c.COLUMN_TYPE as ct,
              c.IS_NULLABLE as nl, c.COLUMN_DEFAULT as df, c.CHARACTER_MAXIMUM_LENGTH as len,
              c.NUMERIC_PRECISION as prec, c.NUMERIC_SCALE as scale, c.COLUMN_KEY as ck, c.EXTRA as extra
         from information_schema.COLUMNS c
         join information_schema.TABLES t on t.TABLE_SCHEMA = c.TABLE_SCHEMA and t.TABLE_NAME = c.TABLE_NAME
        where c.TABLE_SCHEMA = database() and t.TABLE_TYPE = 'BASE TABLE'
        order by c.TABLE_NAME, c.ORDINAL_POSITION`,
    );
    return (rows as any[]).map((row) => {
      const datatype = String(row.dt).toLowerCase();
      const columnType = String(row.ct).toLowerCase();
      return {
        table: row.tbl,
        column: row.col,
        // tinyint(1) is how MySQL spells a boolean column; keep the width so casting can tell.
        datatype: datatype === 'tinyint' && columnType.startsWith('tinyint(1)') ? 'tinyint(1)' : datatype,
        length: row.len === null ? null : Number(row.len),
        precision: row.prec === null ? null : Number(row.prec),
        scale: row.scale === null ? null : Number(row.scale),
        nullable: row.nl === 'YES',
        defaultValue: normaliseDefault(row.df),
        primaryKey: row.ck === 'PRI',
        autoIncrement: /auto_increment/i.test(String(row.extra ?? '')),
      };
    });
  }

  async tableExtras(db: Knex, only?: string): Promise<Map<string, TableExtras>> {
    const out = new Map<string, TableExtras>();
    const of = (table: string) => {
      let entry = out.get(table);
      if (!entry) out.set(table, (entry = { unique: new Set(), unsigned: new Set(), indexed: new Set() }));
      return entry;
    };
    const [single] = await db.raw(
      `select s.TABLE_NAME as t, min(s.COLUMN_NAME) as c, min(s.NON_UNIQUE) as nu
         from information_schema.STATISTICS s
        where s.TABLE_SCHEMA = database() and s.INDEX_NAME <> 'PRIMARY'
          ${only ? 'and s.TABLE_NAME = ?' : ''}
        group by s.TABLE_NAME, s.INDEX_NAME having count(*) = 1`,
      only ? [only] : [],
    );
    for (const row of single as any[])
      (Number(row.nu) === 0 ? of(row.t).unique : of(row.t).indexed).add(row.c);
    const [unsigned] = await db.raw(
      `select TABLE_NAME as t, COLUMN_NAME as c from information_schema.COLUMNS
        where TABLE_SCHEMA = database() and COLUMN_TYPE like '%unsigned%' ${only ? 'and TABLE_NAME = ?' : ''}`,
      only ? [only] : [],
    );
    for (const row of unsigned as any[]) of(row.t).unsigned.add(row.c);
    return out;
  }

  async foreignKeys(db: Knex, table?: string): Promise<ForeignKeyInfo[]> {
    const [rows] = await db.raw(
      `select k.CONSTRAINT_NAME as name, k.TABLE_NAME as t, k.COLUMN_NAME as c,
              k.REFERENCED_TABLE_NAME as rt, k.REFERENCED_COLUMN_NAME as rc, r.DELETE_RULE as od
         from information_schema.KEY_COLUMN_USAGE k
         join information_schema.REFERENTIAL_CONSTRAINTS r
           on r.CONSTRAINT_SCHEMA = k.CONSTRAINT_SCHEMA and r.CONSTRAINT_NAME = k.CONSTRAINT_NAME
          and r.TABLE_NAME = k.TABLE_NAME
        where k.TABLE_SCHEMA = database() and k.REFERENCED_TABLE_NAME is not null ${table ? 'and k.TABLE_NAME = ?' : ''}`,
      table ? [table] : [],
    );
    return (rows as any[]).map((r) => ({
      name: r.name,
      table: r.t,
      column: r.c,
      refTable: r.rt,
      refColumn: r.rc,
      onDelete: r.od,
    }));
  }

  async indexOn(db: Knex, table: string, name: string): Promise<'plain' | 'unique' | null> {
    const [rows] = await db.raw(
      `select min(NON_UNIQUE) as nu from information_schema.STATISTICS where TABLE_SCHEMA = database()
         and TABLE_NAME = ? and INDEX_NAME = ? group by INDEX_NAME`,
      [table, name],
    );
    if (!(rows as unknown[]).length) return null;
    return Number((rows as any[])[0].nu) === 0 ? 'unique' : 'plain';
  }

  // ---- DDL

  /** The type with TINYINT(1) for booleans and UNSIGNED where asked. */
  override columnTypeSql(spec: ColumnSpec): string {
    const datatype = spec.datatype.toUpperCase();
    let sql = datatype === 'TINYINT' && spec.boolean ? 'TINYINT(1)' : super.columnTypeSql(spec);
    if (spec.unsigned && isIntegerDatatype(datatype)) sql += ' UNSIGNED';
    return sql;
  }

  protected autoIncrementDefinition(spec: ColumnSpec, inlinePrimary: boolean): string {
    return `${this.columnTypeSql(spec)} NOT NULL AUTO_INCREMENT${inlinePrimary ? ' PRIMARY KEY' : ''}`;
  }

  async alterColumn(db: Knex, table: string, from: ColumnSpec, to: ColumnSpec): Promise<void> {
    const { uniqueAdded, uniqueDropped, definitionChanged } = this.columnChange(from, to);
    if (uniqueDropped) await this.dropUnique(db, table, to.name);
    if (definitionChanged) {
      const spec = { ...to, primaryKey: false, autoIncrement: from.autoIncrement && from.primaryKey };
      const definition = spec.autoIncrement
        ? `${this.quoteId(to.name)} ${this.columnTypeSql(to)} NOT NULL AUTO_INCREMENT`
        : this.columnSql(spec, { inlinePrimary: false });
      await db.raw(`ALTER TABLE ${this.quoteId(table)} MODIFY ${definition}`);
    }
    if (uniqueAdded) await this.addUnique(db, table, to.name);
  }

  /** The index may come from elsewhere (a v8 database): found by its single column. */
  async dropUnique(db: Knex, table: string, column: string): Promise<void> {
    const [rows] = await db.raw(
      `select INDEX_NAME as n from information_schema.STATISTICS where TABLE_SCHEMA = database()
         and TABLE_NAME = ? and NON_UNIQUE = 0 and INDEX_NAME <> 'PRIMARY'
       group by INDEX_NAME having count(*) = 1 and min(COLUMN_NAME) = ?`,
      [table, column],
    );
    for (const row of rows as any[]) await db.raw(this.dropIndexSql(table, row.n));
  }

  /** None when a non-unique index already starts with the column (the one made for a foreign key). */
  protected override async indexedAlready(
    db: Knex,
    table: string,
    column: string,
    name: string,
  ): Promise<boolean> {
    const [rows] = await db.raw(
      `select 1 from information_schema.STATISTICS where TABLE_SCHEMA = database() and TABLE_NAME = ?
         and ((COLUMN_NAME = ? and SEQ_IN_INDEX = 1 and NON_UNIQUE = 1) or INDEX_NAME = ?) limit 1`,
      [table, column, name],
    );
    return (rows as unknown[]).length > 0;
  }

  protected override dropIndexSql(table: string, name: string): string {
    return `ALTER TABLE ${this.quoteId(table)} DROP INDEX ${this.quoteId(name)}`;
  }

  /** MySQL creates the index of a foreign key itself, named after the constraint. */
  async addForeignKey(db: Knex, fk: ForeignKeyInfo): Promise<void> {
    const q = (name: string) => this.quoteId(name);
    await db.raw(
      `ALTER TABLE ${q(fk.table)} ADD CONSTRAINT ${q(constraintName('fk', fk.table, fk.column))} FOREIGN KEY (${q(fk.column)}) REFERENCES ${q(fk.refTable)} (${q(fk.refColumn)}) ON DELETE ${fk.onDelete}`,
    );
  }

  async dropForeignKey(db: Knex, table: string, column: string): Promise<void> {
    const existing = (await this.foreignKeys(db, table)).filter((fk) => fk.column === column);
    if (!existing.length) return;
    // The index of a status/sort/owner/m2o column is the field's own: it outlives the key.
    const keepIndex = await indexedField(db, table, column);
    for (const fk of existing) {
      await db.raw(`ALTER TABLE ${this.quoteId(table)} DROP FOREIGN KEY ${this.quoteId(fk.name!)}`);
    }
    // The index MySQL made for the key carries the constraint's name; drop it with the key.
    const [rows] = await db.raw(
      `select distinct INDEX_NAME as n from information_schema.STATISTICS where TABLE_SCHEMA = database()
         and TABLE_NAME = ? and INDEX_NAME in (${existing.map(() => '?').join(',')})`,
      [table, ...existing.map((fk) => fk.name)],
    );
    for (const row of rows as any[]) await db.raw(this.dropIndexSql(table, row.n));
    if (keepIndex && rows.length) await this.addIndex(db, table, column);
  }
}
