import type { Knex } from 'knex';
import type { Vendor } from '../../config';
import { MysqlDialect } from './mysql';
import { PostgresDialect } from './postgres';
import { SqliteDialect } from './sqlite';
import type { Dialect } from './types';

export type {
  ColumnIntrospection,
  ColumnSpec,
  Dialect,
  ForeignKeyInfo,
  TableExtras,
  Violation,
} from './types';

/** One dialect per vendor: they hold no state of a connection. */
const DIALECTS: Readonly<Record<Vendor, Dialect>> = Object.freeze({
  sqlite: new SqliteDialect(),
  mysql: new MysqlDialect(),
  postgres: new PostgresDialect(),
});

export function dialectOf(vendor: Vendor): Dialect {
  return DIALECTS[vendor];
}

const CLIENTS: Record<string, Vendor> = {
  'better-sqlite3': 'sqlite',
  sqlite3: 'sqlite',
  mysql2: 'mysql',
  mysql: 'mysql',
  pg: 'postgres',
  postgres: 'postgres',
};

/** The dialect of an open connection pool (or transaction), from the knex client it runs on. */
export function dialectFor(knex: Knex): Dialect {
  return DIALECTS[CLIENTS[knex.client.config.client as string] ?? 'sqlite'];
}
