import knexFactory, { type Knex } from 'knex';
import { isAbsolute, join, dirname } from 'node:path';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import type { DatabaseConfig, Vendor } from '../config';

// Dates and times travel as the strings the database holds, on every vendor (MySQL is set up
// with dateStrings), so the API formats them one way; 64-bit integers become numbers when safe.
pg.types.setTypeParser(1082, (value: string) => value); // date
pg.types.setTypeParser(1083, (value: string) => value); // time
pg.types.setTypeParser(1114, (value: string) => value); // timestamp
pg.types.setTypeParser(1184, (value: string) => value); // timestamptz
pg.types.setTypeParser(20, (value: string) => {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
});

/** Prepared statements kept per SQLite connection, least recently used first out. */
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

const CLIENT: Record<Vendor, string> = { sqlite: 'better-sqlite3', mysql: 'mysql2', postgres: 'pg' };
const DEFAULT_PORT: Record<Vendor, number> = { sqlite: 0, mysql: 3306, postgres: 5432 };

/** Opens a connection pool for one project's database. */
export function createConnection(db: DatabaseConfig, dataDir: string): Knex {
  if (db.vendor === 'sqlite') {
    const filename = isAbsolute(db.filename!) ? db.filename! : join(dataDir, db.filename!);
    mkdirSync(dirname(filename), { recursive: true });
    return knexFactory({
      client: CLIENT.sqlite,
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
    });
  }
  const connection: Record<string, unknown> = {
    host: db.host ?? '127.0.0.1',
    port: db.port ?? DEFAULT_PORT[db.vendor],
    user: db.user ?? (db.vendor === 'mysql' ? 'root' : 'postgres'),
    password: db.password ?? '',
    database: db.database,
  };
  if (db.vendor === 'mysql') {
    Object.assign(connection, {
      charset: 'utf8mb4',
      timezone: 'Z',
      dateStrings: true,
      supportBigNumbers: true,
    });
  }
  return knexFactory({
    client: CLIENT[db.vendor],
    connection,
    searchPath: db.vendor === 'postgres' && db.schema ? [db.schema] : undefined,
    pool: { min: db.pool?.min ?? 0, max: db.pool?.max ?? 10 },
  });
}

export function vendorOf(knex: Knex): Vendor {
  const client = knex.client.config.client as string;
  if (client === 'mysql2' || client === 'mysql') return 'mysql';
  if (client === 'pg') return 'postgres';
  return 'sqlite';
}

/** Whether the database answers; used for the install flow's error 19. */
export async function checkConnection(knex: Knex): Promise<void> {
  await knex.raw('select 1');
}
