import type { Knex } from 'knex';
import pg from 'pg';
import type { DatabaseConfig } from '../../config';
import { isIntegerDatatype } from '../datatype-catalogue';
import { BaseDialect, errorParts, indexName, indexedField, normaliseDefault, constraintName } from './base';
import type {
  ColumnIntrospection,
  ColumnSpec,
  DriverStatement,
  ForeignKeyInfo,
  TableExtras,
  Violation,
} from './types';

// Dates and times travel as the strings the database holds, on every vendor, so the API formats
// them one way; 64-bit integers become numbers when safe.
pg.types.setTypeParser(1082, (value: string) => value); // date
pg.types.setTypeParser(1083, (value: string) => value); // time
pg.types.setTypeParser(1114, (value: string) => value); // timestamp
pg.types.setTypeParser(1184, (value: string) => value); // timestamptz
// CHAR(n) (bpchar) pads with spaces on read; MySQL and SQLite give back what was written, and so
// does the API on every vendor (a `lang` field of CHAR(10) reads `de-DE`, not `de-DE     `).
pg.types.setTypeParser(1042, (value: string) => value.replace(/ +$/, ''));
pg.types.setTypeParser(20, (value: string) => {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
});

/** Named (server-side prepared) statements kept per connection, at most. */
const STATEMENTS = 200;
const statementsOf = new WeakMap<object, Set<string>>();

/** Datatype names of other vendors as PostgreSQL spells them. */
const SYNONYMS: Record<string, string> = {
  INT: 'INTEGER',
  MEDIUMINT: 'INTEGER',
  DECIMAL: 'NUMERIC',
  FLOAT: 'REAL',
  DOUBLE: 'DOUBLE PRECISION',
  TINYTEXT: 'TEXT',
  MEDIUMTEXT: 'TEXT',
  LONGTEXT: 'TEXT',
  DATETIME: 'TIMESTAMP',
  BLOB: 'BYTEA',
  MEDIUMBLOB: 'BYTEA',
  LONGBLOB: 'BYTEA',
};

const DELETE_RULES: Record<string, string> = {
  a: 'NO ACTION',
  r: 'RESTRICT',
  c: 'CASCADE',
  n: 'SET NULL',
  d: 'SET DEFAULT',
};

/** PostgreSQL: real booleans, ILIKE, NULLs sort largest, named prepared statements, transactional DDL. */
export class PostgresDialect extends BaseDialect {
  readonly vendor = 'postgres' as const;
  readonly randomOrder = 'RANDOM()';
  readonly transactionalDdl = true;

  knexConfig(db: DatabaseConfig): Knex.Config {
    return {
      client: 'pg',
      connection: {
        host: db.host ?? '127.0.0.1',
        port: db.port ?? 5432,
        user: db.user ?? 'postgres',
        password: db.password ?? '',
        database: db.database,
      },
      searchPath: db.schema ? [db.schema] : undefined,
      pool: { min: db.pool?.min ?? 0, max: db.pool?.max ?? 10 },
    };
  }

  boolean(value: boolean): boolean {
    return value;
  }

  // PostgreSQL refuses out-of-range parameters for int2/int4 columns instead of comparing them.
  integerRange(datatype: string | null): [number, number] {
    return datatype === 'smallint' || datatype === 'int2' ? [-32768, 32767] : [-2147483648, 2147483647];
  }

  override floatFits(datatype: string | null, value: number): boolean {
    if (!/^(real|float4)$/.test(datatype ?? '')) return true;
    const abs = Math.abs(value);
    return !(abs > 3.4e38 || (abs !== 0 && abs < 1.2e-38));
  }

  /** NULL is the largest value. */
  override nullsSortLast(order: 'asc' | 'desc'): boolean {
    return order === 'asc';
  }

  override readonly orderNullsLast: boolean = true;

  /** There is no `=`/`LIKE` between json, uuid or binary columns and text parameters. */
  override comparesAsText(storage: string | null): boolean {
    return ['json', 'uuid', 'binary', 'other'].includes(storage ?? 'other');
  }

  override like(
    knex: Knex,
    column: string,
    storage: string | null,
    pattern: string,
    negate: boolean,
    raw: boolean,
  ): Knex.Raw {
    const target = storage === 'string' ? '??' : 'CAST(?? AS TEXT)';
    return knex.raw(`${target} ${negate ? 'NOT ' : ''}ILIKE ? ESCAPE ${raw ? "''" : "'\\'"}`, [
      column,
      pattern,
    ]);
  }

  rowsOf(result: any): Record<string, unknown>[] {
    return result.rows;
  }

  /**
   * A compiled read is a named statement: parsed and planned once per connection. Past STATEMENTS
   * per connection, reads go unnamed rather than piling up statements.
   */
  queryDriver(
    connection: any,
    statement: DriverStatement,
    bindings: unknown[],
  ): Promise<Record<string, unknown>[]> {
    let names = statementsOf.get(connection);
    if (!names) statementsOf.set(connection, (names = new Set()));
    let name: string | undefined = statement.name;
    if (!names.has(name)) {
      if (names.size >= STATEMENTS) name = undefined;
      else names.add(name);
    }
    const query = name
      ? { name, text: statement.sql, values: bindings }
      : { text: statement.sql, values: bindings };
    return new Promise((resolve, reject) => {
      connection.query(query, (error: Error | null, result: any) =>
        error ? reject(error) : resolve(result.rows),
      );
    });
  }

  override async insertReturningId(
    db: Knex,
    table: string,
    row: Record<string, unknown>,
    key: string,
  ): Promise<unknown> {
    const [result] = (await db(table).insert(row).returning(key)) as Array<Record<string, unknown>>;
    return result[key];
  }

  /** Sequences do not follow explicit ids; move them past the largest one. */
  override async syncIdSequence(db: Knex, table: string): Promise<void> {
    await db.raw(
      `select setval(pg_get_serial_sequence(?, 'id'), coalesce((select max("id") from ??), 0) + 1, false)`,
      [table, table],
    );
  }

  violation(error: unknown): Violation | null {
    const { code, message } = errorParts(error);
    if (code === '23505') return { kind: 'unique', value: /Key \([^)]*\)=\(([^)]*)\)/.exec(message)?.[1] };
    if (code === '23502') return { kind: 'not_null', column: /column "([^"]+)"/.exec(message)?.[1] };
    if (code === '22001') return { kind: 'too_long' };
    // 22021: a NUL character, which PostgreSQL text cannot hold.
    if (['22003', '22P02', '22007', '22008', '22021'].includes(code)) return { kind: 'out_of_range' };
    return null;
  }

  /** TINYINT is a boolean for boolean fields, SMALLINT for numbers. */
  datatypeName(raw: string, type: string): string {
    const name = raw.trim().toUpperCase().replace(/\s+/g, ' ');
    if (name === 'TINYINT') return type === 'boolean' ? 'BOOLEAN' : 'SMALLINT';
    return SYNONYMS[name] ?? name;
  }

  // ---- introspection

  async introspectColumns(db: Knex): Promise<ColumnIntrospection[]> {
    const { rows } = await db.raw(
      `select c.table_name as tbl, c.column_name as col, c.data_type as dt, c.udt_name as udt,
              c.is_nullable as nl, c.column_default as df, c.character_maximum_length as len,
              c.numeric_precision as prec, c.numeric_scale as scale, c.is_identity as ident,
              exists (
                select 1 from information_schema.table_constraints tc
                  join information_schema.key_column_usage k
                    on k.constraint_name = tc.constraint_name and k.table_schema = tc.table_schema
                   and k.table_name = tc.table_name
                 where tc.constraint_type = 'PRIMARY KEY' and tc.table_schema = c.table_schema
                   and tc.table_name = c.table_name and k.column_name = c.column_name
              ) as pk
         from information_schema.columns c
         join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        order by c.table_name, c.ordinal_position`,
    );
    return (rows as any[]).map((row) => {
      let datatype = String(row.dt).toLowerCase();
      if (datatype === 'user-defined' || datatype === 'array') datatype = String(row.udt).toLowerCase();
      const df = row.df === null ? null : String(row.df);
      return {
        table: row.tbl,
        column: row.col,
        datatype,
        length: row.len === null ? null : Number(row.len),
        precision: row.prec === null ? null : Number(row.prec),
        scale: row.scale === null ? null : Number(row.scale),
        nullable: row.nl === 'YES',
        defaultValue: normaliseDefault(df),
        primaryKey: row.pk === true,
        autoIncrement: row.ident === 'YES' || (df !== null && /^nextval\(/i.test(df)),
      };
    });
  }

  async tableExtras(db: Knex, only?: string): Promise<Map<string, TableExtras>> {
    const out = new Map<string, TableExtras>();
    const { rows } = await db.raw(
      `select t.relname as t, min(a.attname) as c, bool_or(i.indisunique) as u
         from pg_index i
         join pg_class t on t.oid = i.indrelid
         join pg_namespace n on n.oid = t.relnamespace and n.nspname = current_schema()
         join pg_attribute a on a.attrelid = t.oid and a.attnum = i.indkey[0]
         join pg_class ic on ic.oid = i.indexrelid
         join pg_am am on am.oid = ic.relam and am.amname = 'btree'
        where not i.indisprimary and i.indnatts = 1 and i.indexprs is null and i.indpred is null
          ${only ? 'and t.relname = ?' : ''}
        group by t.relname, i.indexrelid`,
      only ? [only] : [],
    );
    for (const row of rows as any[]) {
      let entry = out.get(row.t);
      if (!entry) out.set(row.t, (entry = { unique: new Set(), unsigned: new Set(), indexed: new Set() }));
      (row.u ? entry.unique : entry.indexed).add(row.c);
    }
    return out;
  }

  async foreignKeys(db: Knex, table?: string): Promise<ForeignKeyInfo[]> {
    const { rows } = await db.raw(
      `select c.conname as name, t.relname as t, a.attname as c, rt.relname as rt, ra.attname as rc,
              c.confdeltype as od
         from pg_constraint c
         join pg_class t on t.oid = c.conrelid
         join pg_namespace n on n.oid = t.relnamespace and n.nspname = current_schema()
         join pg_class rt on rt.oid = c.confrelid
         join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
         join pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = c.confkey[1]
        where c.contype = 'f' ${table ? 'and t.relname = ?' : ''}`,
      table ? [table] : [],
    );
    return (rows as any[]).map((r) => ({
      name: r.name,
      table: r.t,
      column: r.c,
      refTable: r.rt,
      refColumn: r.rc,
      onDelete: DELETE_RULES[r.od] ?? 'NO ACTION',
    }));
  }

  /**
   * Reads sort NULLs last in both directions, and a btree read backwards gives the opposite NULL
   * order: `ix_` serves `ASC NULLS LAST`, so a nullable column also gets `ixn_` built
   * `DESC NULLS LAST` for descending sorts. Made and dropped with the plain index.
   */
  override async addIndex(db: Knex, table: string, column: string): Promise<boolean> {
    const created = await super.addIndex(db, table, column);
    if (created && (await this.columnNullable(db, table, column))) {
      const q = (id: string) => this.quoteId(id);
      await db.raw(
        `CREATE INDEX IF NOT EXISTS ${q(constraintName('ixn', table, column))} ON ${q(table)} (${q(column)} DESC NULLS LAST)`,
      );
    }
    return created;
  }

  override async dropIndex(db: Knex, table: string, column: string): Promise<boolean> {
    const dropped = await super.dropIndex(db, table, column);
    if (dropped) await db.raw(`DROP INDEX IF EXISTS ${this.quoteId(constraintName('ixn', table, column))}`);
    return dropped;
  }

  private async columnNullable(db: Knex, table: string, column: string): Promise<boolean> {
    const { rows } = await db.raw(
      `select is_nullable as n from information_schema.columns
        where table_schema = current_schema() and table_name = ? and column_name = ?`,
      [table, column],
    );
    return rows[0]?.n === 'YES';
  }

  async indexOn(db: Knex, table: string, name: string): Promise<'plain' | 'unique' | null> {
    const { rows } = await db.raw(
      `select i.indisunique as u
         from pg_index i
         join pg_class t on t.oid = i.indrelid
         join pg_namespace ns on ns.oid = t.relnamespace and ns.nspname = current_schema()
         join pg_class ic on ic.oid = i.indexrelid
        where t.relname = ? and ic.relname = ?`,
      [table, name],
    );
    if (!rows.length) return null;
    return rows[0].u ? 'unique' : 'plain';
  }

  // ---- DDL

  protected autoIncrementDefinition(spec: ColumnSpec, inlinePrimary: boolean): string {
    const base = spec.datatype.toUpperCase() === 'BIGINT' ? 'BIGINT' : 'INTEGER';
    return `${base} GENERATED BY DEFAULT AS IDENTITY${inlinePrimary ? ' PRIMARY KEY' : ''}`;
  }

  async alterColumn(db: Knex, table: string, from: ColumnSpec, to: ColumnSpec): Promise<void> {
    const { uniqueAdded, uniqueDropped, definitionChanged } = this.columnChange(from, to);
    if (uniqueDropped) await this.dropUnique(db, table, to.name);
    if (definitionChanged) {
      const alter = `ALTER TABLE ${this.quoteId(table)} ALTER COLUMN ${this.quoteId(to.name)}`;
      const col = this.quoteId(to.name);
      const typeSql = this.columnTypeSql(to);
      if (this.columnTypeSql(from) !== typeSql) {
        // The default may not cast to the new type: drop it first, set the new one after.
        await db.raw(`${alter} DROP DEFAULT`);
        const using =
          to.datatype === 'BOOLEAN' && from.datatype !== 'BOOLEAN'
            ? `(${col}::text not in ('0', 'false', 'f', ''))`
            : from.datatype === 'BOOLEAN' && isIntegerDatatype(to.datatype)
              ? `(case when ${col} then 1 else 0 end)`
              : `${col}::${typeSql}`;
        await db.raw(`${alter} TYPE ${typeSql} USING ${using}`);
      }
      if (from.nullable !== to.nullable && !to.primaryKey) {
        await db.raw(`${alter} ${to.nullable ? 'DROP' : 'SET'} NOT NULL`);
      }
      if (!to.autoIncrement) {
        await db.raw(
          to.defaultValue === undefined
            ? `${alter} DROP DEFAULT`
            : `${alter} SET DEFAULT ${this.literal(to.defaultValue)}`,
        );
      }
    }
    if (uniqueAdded) await this.addUnique(db, table, to.name);
  }

  /** The index may come from elsewhere (a v8 database, a UNIQUE constraint): found by its column. */
  async dropUnique(db: Knex, table: string, column: string): Promise<void> {
    const { rows } = await db.raw(
      `select ic.relname as n, con.conname as con
         from pg_index i
         join pg_class t on t.oid = i.indrelid
         join pg_namespace ns on ns.oid = t.relnamespace and ns.nspname = current_schema()
         join pg_class ic on ic.oid = i.indexrelid
         join pg_attribute a on a.attrelid = t.oid and a.attnum = i.indkey[0]
         left join pg_constraint con on con.conindid = i.indexrelid and con.contype = 'u'
        where t.relname = ? and i.indisunique and not i.indisprimary and i.indnatts = 1 and a.attname = ?`,
      [table, column],
    );
    for (const row of rows as any[]) {
      if (row.con)
        await db.raw(`ALTER TABLE ${this.quoteId(table)} DROP CONSTRAINT ${this.quoteId(row.con)}`);
      else await db.raw(`DROP INDEX ${this.quoteId(row.n)}`);
    }
  }

  /** PostgreSQL does not index a foreign key by itself: the key gets the column's `ix_` index. */
  async addForeignKey(db: Knex, fk: ForeignKeyInfo): Promise<void> {
    const q = (name: string) => this.quoteId(name);
    await db.raw(
      `CREATE INDEX IF NOT EXISTS ${q(indexName(fk.table, fk.column))} ON ${q(fk.table)} (${q(fk.column)})`,
    );
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
      await db.raw(`ALTER TABLE ${this.quoteId(table)} DROP CONSTRAINT ${this.quoteId(fk.name!)}`);
    }
    if (!keepIndex) await db.raw(`DROP INDEX IF EXISTS ${this.quoteId(indexName(table, column))}`);
  }
}
