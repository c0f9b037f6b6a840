import knexFactory, { type Knex } from 'knex';
import type { DatabaseConfig, Vendor } from '../config';
import { dialectFor, dialectOf } from './dialects';

/** Opens a connection pool for one project's database (the vendor's settings are its dialect's). */
export function createConnection(db: DatabaseConfig, dataDir: string): Knex {
  return knexFactory(dialectOf(db.vendor).knexConfig(db, dataDir));
}

export function vendorOf(knex: Knex): Vendor {
  return dialectFor(knex).vendor;
}

/** Whether the database answers; used for the install flow's error 19. */
export async function checkConnection(knex: Knex): Promise<void> {
  await knex.raw('select 1');
}
