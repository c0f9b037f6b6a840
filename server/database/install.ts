import type { Knex } from 'knex';

export interface InstallOptions {
  projectName: string;
  appUrl?: string;
  adminEmail: string;
  adminPassword: string;
  adminToken?: string;
}

/** True when the database already holds the Directus 8 system tables. */
export async function hasSystemTables(knex: Knex): Promise<boolean> {
  return knex.schema.hasTable('directus_users');
}

/** Seeds a fresh project: roles, settings, system field metadata, the first administrator. (Being written.) */
export async function installSystemData(_knex: Knex, _options: InstallOptions): Promise<void> {}
