import { mkdirSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import type { Knex } from 'knex';
import type { DatabaseConfig } from '../../config';
import { BaseDialect, errorParts, indexedField, normaliseDefault } from './base';
import { rebuildTable } from './sqlite-rebuild';
import type {
  ColumnIntrospection,
  ColumnSpec,
  DriverStatement,
  ForeignKeyInfo,
  TableExtras,
  Violation,
} from './types';

/** Prepared statements kept per connection, least recently used first out. */
const STATEMENT_CACHE = 500;
const CACHEABLE = /^\s*(select|insert|update|delete|with)\b/i;
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

/**
 * knex prepares every SQLite statement anew; preparing costs as much as running a small query.
 * Data statements are kept and reused; others (transactions, pragmas, DDL) are prepared fresh, and
 * a schema change empties the cache so no statement outlives the shape it was prepared for.
 */
function cachePreparedStatements(conn: any): void {
  const prepare = conn.prepare.bind(conn);
  const statements = new Map<string, any>();
  conn.prepare = (sql: string) => {
    if (!CACHEABLE.test(sql)) {
      if (SCHEMA_CHANGE.test(sql)) statements.clear();
      return prepare(sql);
    }
    let statement = statements.get(sql);
    if (statement) {
      statements.delete(sql);
      // knex toggles safe integers per query only when asked; start every use from the default.
      statement.safeIntegers(false);
    } else {
      statement = prepare(sql);
      if (statements.size >= STATEMENT_CACHE) statements.delete(statements.keys().next().value!);
    }
    statements.set(sql, statement);
    return statement;
  };
}

/** Datatype names of other vendors as SQLite spells them. */
const SYNONYMS: Record<string, string> = {
  INT: 'INTEGER',
  SMALLINT: 'INTEGER',
  MEDIUMINT: 'INTEGER',
  NUMERIC: 'DECIMAL',
  FLOAT: 'REAL',
  DOUBLE: 'REAL',
  'DOUBLE PRECISION': 'REAL',
  TINYTEXT: 'TEXT',
  MEDIUMTEXT: 'TEXT',
  LONGTEXT: 'TEXT',
  TIMESTAMP: 'DATETIME',
  BYTEA: 'BLOB',
  MEDIUMBLOB: 'BLOB',
  LONGBLOB: 'BLOB',
  UUID: 'VARCHAR',
};

/** Splits `varchar(255)` / `decimal(10, 2)` into a name and its numbers. */
function splitType(raw: string): { datatype: string; args: number[] } {
  const match = /^([^(]*)(?:\((.*)\))?(.*)$/.exec(raw.trim().toLowerCase())!;
  const datatype = `${match[1].trim()}${match[3] ? ` ${match[3].trim()}` : ''}`.trim();
  const args = (match[2] ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isFinite(n));
  return { datatype: datatype.replace(/\s+unsigned$/, '').replace(/\s+/g, ' '), args };
}

/**
 * SQLite: one connection with a statement cache, booleans as 0/1, LIKE already case-insensitive
 * (ASCII), NULLs sort smallest, and table changes as copy-table rebuilds.
 */
export class SqliteDialect extends BaseDialect {
  readonly vendor = 'sqlite' as const;
  readonly randomOrder = 'RANDOM()';

  /**
   * better-sqlite3 runs a statement synchronously on the event loop: no timer can fire while it
   * runs, so SQLite reads have no time limit (the row and byte caps still bound them).
   */
  override limitReadTime(): void {}
  /** One writer at a time holds the database: a transaction's reads cannot go stale before its write. */
  override lockForUpdate(): void {}
  readonly transactionalDdl = true;

  knexConfig(db: DatabaseConfig, dataDir: string): Knex.Config {
    const filename = isAbsolute(db.filename!) ? db.filename! : join(dataDir, db.filename!);
    mkdirSync(dirname(filename), { recursive: true });
    return {
      client: 'better-sqlite3',
      connection: { filename },
      useNullAsDefault: true,
      pool: {
        min: 1,
        max: 1,
        afterCreate(conn: any, done: (err: Error | null, conn: unknown) => void) {
          conn.pragma('journal_mode = WAL');
          conn.pragma('foreign_keys = ON');
          conn.pragma('busy_timeout = 5000');
          cachePreparedStatements(conn);
          done(null, conn);
        },
      },
    };
  }

  boolean(value: boolean): number {
    return value ? 1 : 0;
  }

  integerRange(): [number, number] {
    return [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
  }

  rowsOf(result: any): Record<string, unknown>[] {
    return result;
  }

  /** Through the connection's statement cache; the driver takes no booleans. */
  async queryDriver(
    connection: any,
    statement: DriverStatement,
    bindings: unknown[],
  ): Promise<Record<string, unknown>[]> {
    const values = bindings.map((value) => (typeof value === 'boolean' ? Number(value) : value));
    return connection.prepare(statement.sql).all(values);
  }

  violation(error: unknown): Violation | null {
    const { message } = errorParts(error);
    if (/UNIQUE constraint failed/i.test(message)) return { kind: 'unique' };
    if (/NOT NULL constraint failed/i.test(message))
      return { kind: 'not_null', column: /\.(\w+)$/.exec(message)?.[1] };
    return null;
  }

  /** TINYINT is a boolean for boolean fields, INTEGER for numbers. */
  datatypeName(raw: string, type: string): string {
    const name = raw.trim().toUpperCase().replace(/\s+/g, ' ');
    if (name === 'TINYINT') return type === 'boolean' ? 'BOOLEAN' : 'INTEGER';
    return SYNONYMS[name] ?? name;
  }

  // ---- introspection

  async introspectColumns(db: Knex): Promise<ColumnIntrospection[]> {
    const tables: Array<{ name: string; sql: string }> = await db('sqlite_master')
      .select('name', 'sql')
      .where('type', 'table')
      .andWhereNot('name', 'like', 'sqlite_%');
    const result: ColumnIntrospection[] = [];
    for (const table of tables) {
      const info: Array<{ name: string; type: string; notnull: number; dflt_value: unknown; pk: number }> =
        await db.raw('select * from pragma_table_info(?)', [table.name]);
      const pkCount = info.filter((c) => c.pk > 0).length;
      for (const column of info) {
        const { datatype, args } = splitType(column.type || 'text');
        const primaryKey = column.pk > 0;
        result.push({
          table: table.name,
          column: column.name,
          datatype,
          length: datatype.includes('char') ? (args[0] ?? null) : null,
          precision: /dec|num/.test(datatype) ? (args[0] ?? null) : null,
          scale: /dec|num/.test(datatype) ? (args[1] ?? null) : null,
          nullable: column.notnull === 0 && !primaryKey,
          defaultValue: normaliseDefault(column.dflt_value),
          primaryKey,
          // An INTEGER PRIMARY KEY is the rowid alias: SQLite numbers it.
          autoIncrement: primaryKey && pkCount === 1 && datatype === 'integer',
        });
      }
    }
    return result;
  }

  async tableExtras(db: Knex, only?: string): Promise<Map<string, TableExtras>> {
    const out = new Map<string, TableExtras>();
    const tables: Array<{ name: string }> = only
      ? [{ name: only }]
      : await db('sqlite_master').select('name').where('type', 'table');
    for (const { name } of tables) {
      const indexes: Array<{ name: string; unique: number; origin: string }> = await db.raw(
        'select * from pragma_index_list(?)',
        [name],
      );
      for (const index of indexes) {
        if (index.origin === 'pk') continue;
        const cols: Array<{ name: string }> = await db.raw('select * from pragma_index_info(?)', [
          index.name,
        ]);
        if (cols.length !== 1) continue;
        let entry = out.get(name);
        if (!entry) out.set(name, (entry = { unique: new Set(), unsigned: new Set(), indexed: new Set() }));
        (index.unique ? entry.unique : entry.indexed).add(cols[0].name);
      }
    }
    return out;
  }

  async foreignKeys(db: Knex, table?: string): Promise<ForeignKeyInfo[]> {
    const tables: Array<{ name: string }> = table
      ? [{ name: table }]
      : await db('sqlite_master')
          .select('name')
          .where('type', 'table')
          .andWhereNot('name', 'like', 'sqlite_%');
    const out: ForeignKeyInfo[] = [];
    for (const { name } of tables) {
      const rows: Array<{ table: string; from: string; to: string | null; on_delete: string }> = await db.raw(
        'select * from pragma_foreign_key_list(?)',
        [name],
      );
      for (const r of rows) {
        out.push({
          name: null,
          table: name,
          column: r.from,
          refTable: r.table,
          refColumn: r.to ?? 'id',
          onDelete: r.on_delete,
        });
      }
    }
    return out;
  }

  async indexOn(db: Knex, table: string, name: string): Promise<'plain' | 'unique' | null> {
    const rows: Array<{ unique: number }> = await db.raw(
      'select * from pragma_index_list(?) where name = ?',
      [table, name],
    );
    if (!rows.length) return null;
    return Number(rows[0].unique) === 1 ? 'unique' : 'plain';
  }

  // ---- DDL

  protected autoIncrementDefinition(): string {
    return 'INTEGER PRIMARY KEY AUTOINCREMENT';
  }

  override async addColumn(db: Knex, table: string, spec: ColumnSpec): Promise<void> {
    if (spec.primaryKey || (!spec.nullable && spec.defaultValue === undefined)) {
      // ADD COLUMN cannot add a NOT NULL column without a default: rebuild (fails if rows exist).
      await rebuildTable(db, this, table, {
        columns: [{ spec, mode: 'add' }],
        addUnique: spec.unique ? [spec.name] : [],
      });
      return;
    }
    await db.raw(`ALTER TABLE ${this.quoteId(table)} ADD COLUMN ${this.columnSql(spec)}`);
    if (spec.unique) await this.addUnique(db, table, spec.name);
  }

  override async dropColumn(db: Knex, table: string, column: string): Promise<void> {
    await rebuildTable(db, this, table, { dropColumns: [column] });
  }

  async alterColumn(db: Knex, table: string, from: ColumnSpec, to: ColumnSpec): Promise<void> {
    const { uniqueAdded, uniqueDropped, definitionChanged } = this.columnChange(from, to);
    if (definitionChanged) {
      await rebuildTable(db, this, table, {
        columns: [
          {
            spec: { ...to, primaryKey: from.primaryKey, autoIncrement: from.autoIncrement },
            mode: 'replace',
          },
        ],
        addUnique: uniqueAdded ? [to.name] : [],
        dropUnique: uniqueDropped ? [to.name] : [],
      });
    } else if (uniqueAdded) await this.addUnique(db, table, to.name);
    else if (uniqueDropped) await this.dropUnique(db, table, to.name);
  }

  async dropUnique(db: Knex, table: string, column: string): Promise<void> {
    await rebuildTable(db, this, table, { dropUnique: [column] });
  }

  async addForeignKey(db: Knex, fk: ForeignKeyInfo): Promise<void> {
    await rebuildTable(db, this, fk.table, { addForeignKeys: [fk], dropForeignKeysOn: [fk.column] });
  }

  async dropForeignKey(db: Knex, table: string, column: string): Promise<void> {
    if (!(await this.foreignKeys(db, table)).some((fk) => fk.column === column)) return;
    // The index of a status/sort/owner/m2o column is the field's own: it outlives the key.
    const keepIndex = await indexedField(db, table, column);
    await rebuildTable(db, this, table, {
      dropForeignKeysOn: [column],
      keepIndexOn: keepIndex ? [column] : [],
    });
  }

  /**
   * Foreign keys are off on the connection during the unit (a rebuild drops and renames tables)
   * and checked before commit.
   */
  override async schemaTransaction<T>(knex: Knex, body: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    const client = knex.client as {
      acquireConnection(): Promise<any>;
      releaseConnection(c: any): Promise<void>;
    };
    const connection = await client.acquireConnection();
    try {
      await knex.raw('PRAGMA foreign_keys = OFF').connection(connection);
      return await knex.transaction(
        async (trx) => {
          const result = await body(trx);
          const violations: unknown[] = await trx.raw('PRAGMA foreign_key_check');
          if (violations.length) throw new Error('The change would break foreign keys');
          return result;
        },
        { connection },
      );
    } finally {
      await knex.raw('PRAGMA foreign_keys = ON').connection(connection);
      await client.releaseConnection(connection);
    }
  }
}
