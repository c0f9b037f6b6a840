import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVendors, createTestDatabase, type TestDatabase } from '../helpers/databases';
import { startTestServer, SUPER_ADMIN_TOKEN, type TestServer } from '../helpers/server';
import { loadConfig } from '../../server/config';
import { buildServer } from '../../server/http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('an instance without projects', () => {
  let dataDir: string;
  let app: Awaited<ReturnType<typeof buildServer>>;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'octavo-empty-'));
    app = await buildServer(loadConfig({}, { dataDir, logLevel: 'silent' }));
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers /server/projects with 503 code 14 so the app starts the installer', async () => {
    const res = await app.inject({ method: 'GET', url: '/server/projects' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: 14, message: expect.any(String) } });
  });

  it('answers /server/info without a token before the first install', async () => {
    const res = await app.inject({ method: 'GET', url: '/server/info' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.databases).toEqual(['sqlite', 'mysql', 'postgres']);
    expect(res.json().public).toBe(true);
  });

  it('sends the security headers on answers, errors and unknown paths alike', async () => {
    for (const url of ['/server/ping', '/nowhere/items/articles', '/no/such/path/at/all']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('same-origin');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('answers ping with plain text', async () => {
    const res = await app.inject({ method: 'GET', url: '/server/ping' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('pong');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('redirects the API root to the admin app', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('./admin/');
    expect(res.json()).toEqual({ public: true });
  });

  it('refuses project paths of unknown projects with 401 code 3', async () => {
    const res = await app.inject({ method: 'GET', url: '/nope/' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe(3);
  });

  it('validates the install payload with code 4', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/server/projects',
      payload: { project: 'bad key!' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe(4);
  });

  it('refuses an empty or malformed JSON body with 400 code 13', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/server/projects',
      headers: { 'content-type': 'application/json' },
      payload: '{"project":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(13);
  });

  it('answers unknown routes with 404 code 1', async () => {
    const res = await app.inject({ method: 'GET', url: '/server/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 1, message: 'Not Found' } });
  });
});

describe.each(testVendors)('server and project routes on %s', (vendor) => {
  let server: TestServer;
  const extra: TestDatabase[] = [];
  beforeAll(async () => {
    server = await startTestServer(vendor);
  });
  afterAll(async () => {
    await server.close();
    for (const db of extra) await db.drop();
  });

  it('lists the project', async () => {
    const res = await server.inject({ method: 'GET', url: '/server/projects' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: ['test'], public: true });
  });

  it('guards /server/info with the super-admin token once a project exists', async () => {
    expect((await server.inject({ method: 'GET', url: '/server/info' })).json().error.code).toBe(4);
    const wrong = await server.inject({ method: 'GET', url: '/server/info?super_admin_token=wrong' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe(3);
    const right = await server.inject({
      method: 'GET',
      url: `/server/info?super_admin_token=${SUPER_ADMIN_TOKEN}`,
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().data.node.max_upload_size).toBeGreaterThan(0);
  });

  it('gives anonymous callers the public project info', async () => {
    const res = await server.inject({ method: 'GET', url: '/test/' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.public).toBe(true);
    expect(body.data.api).toMatchObject({
      project_name: 'Test project',
      requires2FA: false,
      default_locale: 'en-US',
    });
    expect(body.data.api.version).toBeUndefined();
    expect(body.data.server).toBeUndefined();
  });

  it('answers the default_locale setting, and en-US while it is unset or empty', async () => {
    const token = await server.login();
    const headers = { authorization: `Bearer ${token}` };
    const row = await server.project.knex('directus_settings').where('key', 'default_locale').first('id');
    const set = async (value: string | null) => {
      const res = await server.inject({
        method: 'PATCH',
        url: `/test/settings/${row.id}`,
        headers,
        payload: { value },
      });
      expect(res.statusCode).toBe(200);
    };
    const answered = async () =>
      (await server.inject({ method: 'GET', url: '/test/' })).json().data.api.default_locale;
    await set('de-DE');
    expect(await answered()).toBe('de-DE');
    const signedIn = await server.inject({ method: 'GET', url: '/test/', headers });
    expect(signedIn.json().data.api.default_locale).toBe('de-DE');
    await set('');
    expect(await answered()).toBe('en-US');
    await set(null);
    expect(await answered()).toBe('en-US');
  });

  it('links the project logo to its asset', async () => {
    const [row] = await server.project
      .knex('directus_files')
      .insert({
        storage: 'local',
        filename_disk: 'logo.png',
        filename_download: 'logo.png',
        title: 'Logo',
        type: 'image/png',
        private_hash: 'logohash',
        uploaded_by: 1,
        uploaded_on: '2026-01-01 00:00:00',
      })
      .returning('id');
    const id = typeof row === 'object' ? row.id : row;
    await server.project
      .knex('directus_settings')
      .where('key', 'project_logo')
      .update({ value: String(id) });
    const logo = (await server.inject({ method: 'GET', url: '/test/' })).json().data.api.project_logo;
    expect(logo).toEqual({
      url: '/test/assets/logohash',
      asset_url: '/test/assets/logohash',
      full_url: 'http://octavo.test/test/assets/logohash',
    });
    await server.project.knex('directus_settings').where('key', 'project_logo').update({ value: null });
  });

  it('gives signed-in callers the full project info without the public flag', async () => {
    const token = await server.login();
    const res = await server.inject({
      method: 'GET',
      url: '/test/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.public).toBeUndefined();
    expect(body.data.api).toMatchObject({ database: vendor, requires2FA: false });
    expect(body.data.server.max_upload_size).toBeGreaterThan(0);
    expect(body.data.server.general.node_version).toBe(process.versions.node);
  });

  it('creates and deletes a second project with the super-admin token', async () => {
    const db = await createTestDatabase(vendor);
    extra.push(db);
    const payload: Record<string, unknown> = {
      project: 'second',
      project_name: 'Second',
      super_admin_token: SUPER_ADMIN_TOKEN,
      user_email: 'owner@example.com',
      user_password: 'a long enough password',
      db_vendor: vendor,
    };
    if (vendor !== 'sqlite')
      Object.assign(payload, {
        db_host: db.config.host,
        db_port: db.config.port,
        db_user: db.config.user,
        db_password: '',
        db_name: db.config.database,
      });

    const denied = await server.inject({
      method: 'POST',
      url: '/server/projects',
      payload: { ...payload, super_admin_token: 'nope' },
    });
    expect(denied.statusCode).toBe(401);
    expect(denied.json().error.code).toBe(3);

    const created = await server.inject({ method: 'POST', url: '/server/projects', payload });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ public: true });
    expect((await server.inject({ method: 'GET', url: '/server/projects' })).json().data).toEqual([
      'second',
      'test',
    ]);
    expect((await server.inject({ method: 'GET', url: '/second/' })).json().data.api.project_name).toBe(
      'Second',
    );

    const again = await server.inject({ method: 'POST', url: '/server/projects', payload });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe(18);

    const unknown = await server.inject({
      method: 'DELETE',
      url: `/server/projects/ghost?super_admin_token=${SUPER_ADMIN_TOKEN}`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe(1);
    const noToken = await server.inject({ method: 'DELETE', url: '/server/projects/second' });
    expect(noToken.statusCode).toBe(422);
    const removed = await server.inject({
      method: 'DELETE',
      url: `/server/projects/second?super_admin_token=${SUPER_ADMIN_TOKEN}`,
    });
    expect(removed.statusCode).toBe(200);
    expect((await server.inject({ method: 'GET', url: '/server/projects' })).json().data).toEqual(['test']);
    expect((await server.inject({ method: 'GET', url: '/second/' })).statusCode).toBe(401);
  });

  it('reports a database it cannot reach with 400 code 19', async () => {
    if (vendor === 'sqlite') return;
    const res = await server.inject({
      method: 'POST',
      url: '/server/projects',
      payload: {
        project: 'unreachable',
        super_admin_token: SUPER_ADMIN_TOKEN,
        user_email: 'owner@example.com',
        user_password: 'a long enough password',
        db_vendor: vendor,
        db_host: '127.0.0.1',
        db_port: 1,
        db_user: 'nobody',
        db_name: 'nothing',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(19);
    expect(server.app.registry.exists('unreachable')).toBe(false);
  });
});

describe('method not allowed', () => {
  it('answers a known path with the wrong method with 405 code 6', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'octavo-405-'));
    const app = await buildServer(loadConfig({}, { dataDir, logLevel: 'silent' }));
    try {
      const res = await app.inject({ method: 'DELETE', url: '/server/ping' });
      expect(res.statusCode).toBe(405);
      expect(res.json()).toEqual({ error: { code: 6, message: 'Method Not Allowed' } });
      expect(res.headers.allow).toBe('GET');
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
