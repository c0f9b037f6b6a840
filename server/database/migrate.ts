import type { Knex } from 'knex';
import { migrations } from './migrations/index';

/**
 * The migrations live in code (server/database/migrations/index.ts lists them in order), so they
 * run the same from a clone, an installed package or a test. Knex keeps its own bookkeeping in
 * `octavo_migrations`; `directus_migrations` stays the v8 table it was.
 */
const source: Knex.MigrationSource<{ name: string; up: (knex: Knex) => Promise<void> }> = {
  async getMigrations() {
    return migrations;
  },
  getMigrationName(migration) {
    return migration.name;
  },
  async getMigration(migration) {
    return { up: migration.up, down: async () => {} };
  },
};

const options: Knex.MigratorConfig = {
  migrationSource: source,
  tableName: 'octavo_migrations',
  disableMigrationsListValidation: true,
};

/** Brings the database to the latest version; returns the names of the migrations it ran. */
export async function migrateToLatest(knex: Knex): Promise<string[]> {
  const [, ran] = await knex.migrate.latest(options);
  return ran as string[];
}

/** Names of migrations not yet applied. */
export async function pendingMigrations(knex: Knex): Promise<string[]> {
  const [, pending] = await knex.migrate.list(options);
  return (pending as Array<{ name: string } | string>).map((m) => (typeof m === 'string' ? m : m.name));
}
