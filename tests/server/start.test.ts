import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type ServerConfig } from '../../server/config';
import { ProjectRegistry } from '../../server/services/projects';
import { verifyPassword } from '../../server/services/passwords';
import { migrateWithLock, startServer, type StartedServer } from '../../server/start';
import { createTestDatabase, testVendors } from '../helpers/databases';

const folders: string[] = [];
function dataFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'octavo-start-'));
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

function configFor(dataDir: string, env: Record<string, string> = {}): ServerConfig {
  return loadConfig({ OCTAVO_DATA: dataDir, OCTAVO_PORT: '0', OCTAVO_LOG_LEVEL: 'silent', ...env });
}

async function articleCount(server: StartedServer): Promise<number> {
  const project = await server.app.registry.get('demo');
  const [row] = await project!.knex('articles').count({ n: '*' });
  return Number(row.n);
}

describe('startServer', () => {
  test('creates the demo project on an empty data folder, once', async () => {
    const dir = dataFolder();
    const first = await startServer(configFor(dir, { OCTAVO_ADMIN_EMAIL: 'owner@example.com' }), {
      editorPassword: 'editor secret',
    });
    try {
      expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      expect(first.url).not.toMatch(/:0\/$/);
      expect(first.projects).toEqual(['demo']);
      expect(first.bootstrap).toMatchObject({ project: 'demo', filename: 'demo.sqlite' });
      expect(first.bootstrap!.admin.email).toBe('owner@example.com');
      const adminPassword = first.bootstrap!.admin.generatedPassword!;
      expect(adminPassword.length).toBeGreaterThanOrEqual(20);
      // The editor password was chosen by the operator, so it is not reported back.
      expect(first.bootstrap!.editor).toEqual({ email: 'editor@example.com' });
      expect(first.bootstrap!.demo!.items.articles).toBe(100);
      expect(existsSync(join(dir, 'demo.sqlite'))).toBe(true);

      const token = JSON.parse(readFileSync(join(dir, 'octavo.json'), 'utf8')).super_admin_token;
      expect(first.createdSuperAdminToken).toBe(token);

      const ping = await fetch(`${first.url}server/ping`);
      expect(await ping.text()).toBe('pong');
      const info = await fetch(`${first.url}demo/`);
      expect(info.status).toBe(200);
      expect((await info.json()).data.api.project_name).toBe('Octavo Magazine (demo)');

      const project = await first.app.registry.get('demo');
      const admin = await project!.knex('directus_users').where('email', 'owner@example.com').first();
      expect(await verifyPassword(admin.password, adminPassword)).toBe(true);
    } finally {
      await first.close();
    }

    const second = await startServer(configFor(dir));
    try {
      expect(second.bootstrap).toBeNull();
      expect(second.createdSuperAdminToken).toBeUndefined();
      expect(await articleCount(second)).toBe(100);
      expect((await fetch(`${second.url}server/ping`)).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  test('with OCTAVO_DEMO=false the demo project has no content and no editor', async () => {
    const dir = dataFolder();
    const server = await startServer(
      configFor(dir, { OCTAVO_DEMO: 'false', OCTAVO_ADMIN_PASSWORD: 'chosen' }),
    );
    try {
      expect(server.bootstrap!.demo).toBeNull();
      expect(server.bootstrap!.editor).toBeUndefined();
      expect(server.bootstrap!.admin.generatedPassword).toBeUndefined();
      const project = await server.app.registry.get('demo');
      expect(await project!.knex.schema.hasTable('articles')).toBe(false);
      expect(await project!.knex.schema.hasTable('directus_users')).toBe(true);
    } finally {
      await server.close();
    }
  });

  test('two nodes starting on one empty data folder create the demo once', async () => {
    const dir = dataFolder();
    const [a, b] = await Promise.all([
      startServer(configFor(dir), { editorPassword: 'x' }),
      startServer(configFor(dir), { editorPassword: 'x' }),
    ]);
    try {
      expect([a.bootstrap, b.bootstrap].filter(Boolean)).toHaveLength(1);
      expect(await articleCount(a)).toBe(100);
      expect(await articleCount(b)).toBe(100);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  test('refuses to reuse a demo database file that no project owns', async () => {
    const dir = dataFolder();
    writeFileSync(join(dir, 'demo.sqlite'), '');
    await expect(startServer(configFor(dir))).rejects.toThrow(
      /demo\.sqlite exists but no project uses it.*--existing/,
    );
    expect(existsSync(join(dir, 'projects', 'demo.json'))).toBe(false);
  });

  test('a port in use fails the start and releases the database', async () => {
    const dir = dataFolder();
    const first = await startServer(configFor(dir), { editorPassword: 'x' });
    try {
      const port = new URL(first.url).port;
      const error = await startServer(configFor(dir, { OCTAVO_PORT: port })).catch((e) => e);
      expect((error as NodeJS.ErrnoException).code).toBe('EADDRINUSE');
    } finally {
      await first.close();
    }
  });
});

describe.each(testVendors)('migrations at start on %s', (vendor) => {
  test('wait for a node holding the migration lock instead of failing', async () => {
    const database = await createTestDatabase(vendor);
    const registry = new ProjectRegistry(loadConfig({}, { dataDir: database.dataDir, logLevel: 'silent' }));
    try {
      const project = await registry.create({
        key: 'locked',
        database: database.config,
        adminEmail: 'admin@example.com',
        adminPassword: 'pw',
      });
      const knex = project.knex;
      await knex('octavo_migrations_lock').update({ is_locked: 1 });
      const started = Date.now();
      setTimeout(() => {
        knex('octavo_migrations_lock')
          .update({ is_locked: 0 })
          .then(() => {});
      }, 800);
      expect(await migrateWithLock(knex)).toEqual([]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(700);

      await knex('octavo_migrations_lock').update({ is_locked: 1 });
      await expect(migrateWithLock(knex, 600)).rejects.toThrow(/octavo_migrations_lock/);
      await knex('octavo_migrations_lock').update({ is_locked: 0 });
    } finally {
      await registry.closeAll();
      await database.drop();
    }
  });
});
