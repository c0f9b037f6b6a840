import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import type { DatabaseConfig, Vendor } from '../../server/config';

/**
 * The vendors a run covers: OCTAVO_TEST_VENDORS=sqlite,mysql,postgres (CI sets all three, so an
 * unreachable database fails the run instead of being skipped). Default: SQLite only.
 */
export const testVendors: Vendor[] = (process.env.OCTAVO_TEST_VENDORS ?? 'sqlite')
  .split(',')
  .map((v) => v.trim())
  .filter(Boolean)
  .map((v) => {
    if (v !== 'sqlite' && v !== 'mysql' && v !== 'postgres') throw new Error(`Unknown test vendor ${v}`);
    return v;
  });

export const MYSQL = { host: '127.0.0.1', port: 3306, user: 'root', password: '' };
export const POSTGRES = { host: '127.0.0.1', port: 5432, user: 'postgres', password: '' };

export interface TestDatabase {
  config: DatabaseConfig;
  /** For SQLite: the folder the database file lives in (use it as the data folder). */
  dataDir: string;
  drop(): Promise<void>;
}

/** Creates an empty database of its own for one test file; `drop()` removes it. */
export async function createTestDatabase(vendor: Vendor): Promise<TestDatabase> {
  const name = `octavo_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'octavo-test-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (vendor === 'sqlite') {
    return { config: { vendor, filename: `${name}.sqlite` }, dataDir, drop: async () => removeDir() };
  }
  const admin = knexFactory(
    vendor === 'mysql'
      ? { client: 'mysql2', connection: { ...MYSQL } }
      : { client: 'pg', connection: { ...POSTGRES, database: 'test' } },
  );
  try {
    await admin.raw(
      vendor === 'mysql'
        ? `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`
        : `CREATE DATABASE "${name}"`,
    );
  } finally {
    await admin.destroy();
  }
  const config: DatabaseConfig =
    vendor === 'mysql' ? { vendor, ...MYSQL, database: name } : { vendor, ...POSTGRES, database: name };
  return {
    config,
    dataDir,
    async drop() {
      const again = knexFactory(
        vendor === 'mysql'
          ? { client: 'mysql2', connection: { ...MYSQL } }
          : { client: 'pg', connection: { ...POSTGRES, database: 'test' } },
      );
      try {
        await again.raw(
          vendor === 'mysql'
            ? `DROP DATABASE IF EXISTS \`${name}\``
            : `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`,
        );
      } finally {
        await again.destroy();
        removeDir();
      }
    },
  };
}
