import type { Knex } from 'knex';
import { systemTables } from './20261121000000_system_tables';

export interface Migration {
  name: string;
  up: (knex: Knex) => Promise<void>;
}

/** Every migration, in the order they run. Names are dated and never change once released. */
export const migrations: Migration[] = [systemTables];
