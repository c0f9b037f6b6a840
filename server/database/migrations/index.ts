import type { Knex } from 'knex';

export interface Migration {
  name: string;
  up: (knex: Knex) => Promise<void>;
}

/** Every migration, in the order they run. Names are dated and never change once released. */
export const migrations: Migration[] = [];
