import type { Knex } from 'knex';
import { createConnection } from '../../server/database/connection';
import { migrateToLatest, pendingMigrations } from '../../server/database/migrate';
import {
  SYSTEM_TABLES,
  createMissingSystemTables,
} from '../../server/database/migrations/20261121000000_system_tables';
import {
  SYSTEM_COLLECTIONS,
  SYSTEM_RELATIONS,
  V8_MIGRATIONS,
  defaultSettings,
  hasSystemTables,
  installSystemData,
} from '../../server/database/install';
import { verifyPassword } from '../../server/services/passwords';
import { hashStaticToken } from '../../server/services/tokens';
import { createTestDatabase, testVendors, type TestDatabase } from '../helpers/databases';

const INSTALL = {
  projectName: 'Migration test',
  appUrl: 'https://app.example.com/',
  adminEmail: 'first@example.com',
  adminPassword: 'open sesame 42',
  adminToken: 'static-admin-token',
};

async function count(knex: Knex, table: string, where: Record<string, unknown> = {}): Promise<number> {
  const row = await knex(table).where(where).count({ n: '*' }).first();
  return Number(row?.n);
}

const truthy = (value: unknown) => value === true || value === 1 || value === '1';

describe.each(testVendors)('system tables on %s', (vendor) => {
  let database: TestDatabase;
  let knex: Knex;

  beforeAll(async () => {
    database = await createTestDatabase(vendor);
    knex = createConnection(database.config, database.dataDir);
  });

  afterAll(async () => {
    await knex?.destroy();
    await database?.drop();
  });

  it('creates every v8 system table with its columns on a fresh database', async () => {
    expect(await hasSystemTables(knex)).toBe(false);
    const ran = await migrateToLatest(knex);
    expect(ran).toEqual([
      '20261121000000_system_tables',
      '20261123000000_user_emails',
      '20261125000000_webhook_deliveries',
      '20261201000000_row_counts',
    ]);
    expect(await hasSystemTables(knex)).toBe(true);
    expect(SYSTEM_TABLES.map((t) => t.name).sort()).toEqual([
      'directus_activity',
      'directus_collection_presets',
      'directus_collections',
      'directus_fields',
      'directus_files',
      'directus_folders',
      'directus_migrations',
      'directus_permissions',
      'directus_relations',
      'directus_revisions',
      'directus_roles',
      'directus_settings',
      'directus_user_sessions',
      'directus_users',
      'directus_webhooks',
    ]);
    for (const table of SYSTEM_TABLES) {
      const info = await knex(table.name).columnInfo();
      expect(Object.keys(info).sort(), table.name).toEqual(table.columns.map((c) => c.name).sort());
      for (const column of table.columns) {
        expect(info[column.name].nullable, `${table.name}.${column.name} nullable`).toBe(column.nullable);
        if (column.kind === 'string') {
          expect(Number(info[column.name].maxLength), `${table.name}.${column.name} length`).toBe(
            column.length,
          );
        }
      }
    }
  });

  it('fills the column defaults of v8 when a row omits them', async () => {
    await knex('directus_users').insert({ email: 'defaults@example.com' });
    const user = await knex('directus_users').where('email', 'defaults@example.com').first();
    expect(user.status).toBe('draft');
    expect(user.theme).toBe('auto');
    expect(truthy(user.email_notifications)).toBe(true);
    expect(user.role).toBeNull();
    expect(user['2fa_secret']).toBeNull();
    await knex('directus_users').where('id', user.id).delete();

    await knex('directus_permissions').insert({ collection: 'articles', role: 3 });
    const permission = await knex('directus_permissions').where('collection', 'articles').first();
    expect([permission.create, permission.read, permission.update, permission.delete]).toEqual([
      'none',
      'none',
      'none',
      'none',
    ]);
    expect([permission.comment, permission.explain, permission.status]).toEqual(['none', 'none', null]);
    await knex('directus_permissions').delete();

    await knex('directus_collections').insert({ collection: 'articles' });
    const collection = await knex('directus_collections').where('collection', 'articles').first();
    expect(truthy(collection.managed)).toBe(true);
    expect(truthy(collection.hidden)).toBe(false);
    expect(truthy(collection.single)).toBe(false);
    await knex('directus_collections').delete();

    await knex('directus_fields').insert({ collection: 'articles', field: 'title', type: 'string' });
    const field = await knex('directus_fields').where({ collection: 'articles', field: 'title' }).first();
    expect(field.width).toBe('full');
    expect(truthy(field.locked) || truthy(field.required) || truthy(field.hidden_browse)).toBe(false);
    await knex('directus_fields').delete();

    await knex('directus_webhooks').insert({ url: 'https://example.com' });
    const webhook = await knex('directus_webhooks').where('url', 'https://example.com').first();
    expect(webhook.status).toBe('inactive');
    await knex('directus_webhooks').delete();

    await knex('directus_collection_presets').insert({ collection: 'articles' });
    expect((await knex('directus_collection_presets').first()).view_type).toBe('tabular');
    await knex('directus_collection_presets').delete();
  });

  it('enforces the unique keys of v8', async () => {
    await knex('directus_settings').insert({ key: 'dup', value: 'a' });
    await expect(knex('directus_settings').insert({ key: 'dup', value: 'b' })).rejects.toThrow();
    await knex('directus_settings').delete();

    await knex('directus_fields').insert({ collection: 'a', field: 'b', type: 'string' });
    await expect(
      knex('directus_fields').insert({ collection: 'a', field: 'b', type: 'integer' }),
    ).rejects.toThrow();
    await knex('directus_fields').delete();

    await knex('directus_users').insert({ email: 'same@example.com', token: 't1' });
    await expect(knex('directus_users').insert({ email: 'same@example.com' })).rejects.toThrow();
    await expect(
      knex('directus_users').insert({ email: 'other@example.com', token: 't1' }),
    ).rejects.toThrow();
    await knex('directus_users').delete();

    await knex('directus_roles').insert({ name: 'Editors' });
    await expect(knex('directus_roles').insert({ name: 'Editors' })).rejects.toThrow();
    await knex('directus_roles').delete();
  });

  it('seeds roles, settings, field metadata, relations, presets and the first administrator', async () => {
    await installSystemData(knex, INSTALL);

    const roles = await knex('directus_roles').orderBy('id').select('id', 'name');
    expect(roles.map((r) => [Number(r.id), r.name])).toEqual([
      [1, 'Administrator'],
      [2, 'Public'],
    ]);

    const settings = Object.fromEntries(
      (await knex('directus_settings').orderBy('id').select('key', 'value')).map((r) => [r.key, r.value]),
    );
    expect(Object.keys(settings)).toEqual(defaultSettings(INSTALL).map(([key]) => key));
    expect(settings).toMatchObject({
      project_name: 'Migration test',
      app_url: 'https://app.example.com/',
      auth_token_ttl: '20',
      auto_sign_out: '10080',
      login_attempts_allowed: '25',
      default_limit: '200',
      project_color: '#263238',
      file_naming: 'uuid',
      asset_url_naming: 'private_hash',
      default_locale: null,
    });
    expect(JSON.parse(settings.asset_whitelist_system).map((p: { key: string }) => p.key)).toContain(
      'directus-medium-crop',
    );

    expect(await count(knex, 'directus_fields')).toBe(170);
    for (const definition of SYSTEM_COLLECTIONS) {
      expect(
        await count(knex, 'directus_fields', { collection: definition.collection }),
        definition.collection,
      ).toBe(definition.fields.length);
    }
    const email = await knex('directus_fields')
      .where({ collection: 'directus_users', field: 'email' })
      .first();
    expect(email.validation).toBe('$email');
    expect(truthy(email.required)).toBe(true);
    const status = await knex('directus_fields')
      .where({ collection: 'directus_users', field: 'status' })
      .first();
    expect(Object.keys(JSON.parse(status.options).status_mapping)).toEqual([
      'draft',
      'invited',
      'active',
      'suspended',
      'deleted',
    ]);
    const firstField = await knex('directus_fields').orderBy('id').first();
    expect([firstField.collection, firstField.field]).toEqual(['directus_fields', 'id']);

    expect(await count(knex, 'directus_relations')).toBe(SYSTEM_RELATIONS.length);
    const roleUsers = await knex('directus_relations')
      .where({ collection_many: 'directus_users', field_many: 'role' })
      .first();
    expect([roleUsers.collection_one, roleUsers.field_one]).toEqual(['directus_roles', 'users']);

    const presets = await knex('directus_collection_presets').orderBy('id').select('collection', 'view_type');
    expect(presets).toEqual([
      { collection: 'directus_activity', view_type: 'timeline' },
      { collection: 'directus_files', view_type: 'cards' },
      { collection: 'directus_users', view_type: 'cards' },
      { collection: 'directus_webhooks', view_type: 'tabular' },
    ]);
    expect(await count(knex, 'directus_collections')).toBe(0);
    expect(await count(knex, 'directus_permissions')).toBe(0);

    expect(await count(knex, 'directus_migrations')).toBe(79);
    const latest = await knex('directus_migrations').max({ v: 'version' }).first();
    expect(String(latest?.v)).toBe('20200303111750');
    expect(V8_MIGRATIONS).toHaveLength(79);

    const admins = await knex('directus_users').select('*');
    expect(admins).toHaveLength(1);
    const [admin] = admins;
    expect(admin).toMatchObject({
      status: 'active',
      first_name: 'Admin',
      last_name: 'User',
      email: INSTALL.adminEmail,
      locale: 'en-US',
      token: hashStaticToken(INSTALL.adminToken),
      theme: 'auto',
    });
    expect(Number(admin.role)).toBe(1);
    expect(admin.password).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin.password, INSTALL.adminPassword)).toBe(true);
    expect(await verifyPassword(admin.password, 'wrong')).toBe(false);
  });

  it('gives new roles ids after the seeded ones', async () => {
    await knex('directus_roles').insert({ name: 'Editors' });
    const role = await knex('directus_roles').where('name', 'Editors').first('id');
    expect(Number(role.id)).toBe(3);
    await knex('directus_roles').where('name', 'Editors').delete();
  });

  it('changes nothing when migrated and installed again', async () => {
    const before = await Promise.all(SYSTEM_TABLES.map((t) => count(knex, t.name)));
    expect(await migrateToLatest(knex)).toEqual([]);
    expect(await pendingMigrations(knex)).toEqual([]);
    expect(await createMissingSystemTables(knex)).toEqual([]);
    await installSystemData(knex, { ...INSTALL, adminPassword: 'another password' });
    const after = await Promise.all(SYSTEM_TABLES.map((t) => count(knex, t.name)));
    expect(after).toEqual(before);
    const admin = await knex('directus_users').where('email', INSTALL.adminEmail).first();
    expect(await verifyPassword(admin.password, INSTALL.adminPassword)).toBe(true);
  });
});

describe.each(testVendors)('an existing database on %s', (vendor) => {
  let database: TestDatabase;
  let knex: Knex;

  beforeAll(async () => {
    database = await createTestDatabase(vendor);
    knex = createConnection(database.config, database.dataDir);
  });

  afterAll(async () => {
    await knex?.destroy();
    await database?.drop();
  });

  it('keeps the tables it finds as they are and creates only the missing ones', async () => {
    // An old v8 settings table (with the `scope` column dropped in 2018) and a users table without
    // most columns: the migration must not touch either.
    await knex.schema.createTable('directus_settings', (table) => {
      table.increments('id');
      table.string('scope', 64);
      table.string('key', 64).notNullable();
      table.text('value');
    });
    await knex.schema.createTable('directus_users', (table) => {
      table.increments('id');
      table.string('email', 128).notNullable();
      table.string('password', 255);
    });
    await knex('directus_settings').insert({ scope: 'global', key: 'project_name', value: 'Old' });

    const created = await createMissingSystemTables(knex);
    expect(created).not.toContain('directus_settings');
    expect(created).not.toContain('directus_users');
    expect(created).toHaveLength(SYSTEM_TABLES.length - 2);

    expect(Object.keys(await knex('directus_settings').columnInfo()).sort()).toEqual([
      'id',
      'key',
      'scope',
      'value',
    ]);
    expect(Object.keys(await knex('directus_users').columnInfo()).sort()).toEqual([
      'email',
      'id',
      'password',
    ]);
    expect(await knex('directus_settings').select('scope', 'key', 'value')).toEqual([
      { scope: 'global', key: 'project_name', value: 'Old' },
    ]);
    expect(await knex.schema.hasTable('directus_webhooks')).toBe(true);
    expect(await migrateToLatest(knex)).toEqual([
      '20261121000000_system_tables',
      '20261123000000_user_emails',
      '20261125000000_webhook_deliveries',
      '20261201000000_row_counts',
    ]);
    expect(Object.keys(await knex('directus_users').columnInfo()).sort()).toEqual([
      'email',
      'id',
      'password',
    ]);
  });
});
