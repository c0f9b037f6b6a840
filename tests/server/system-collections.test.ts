import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaCache } from '../../server/schema/cache';
import { hashPassword } from '../../server/services/passwords';
import { testVendors } from '../helpers/databases';
import { ADMIN, projectCaller, startTestServer, type TestServer } from '../helpers/server';
import { guardedInject } from './auth-helpers';

const EDITOR = { email: 'editor@example.com', password: 'editor password 123' };

describe.each(testVendors)('system collections: settings, presets, webhooks, folders (%s)', (vendor) => {
  let server: TestServer;
  let admin: Record<string, string>;
  let editor: Record<string, string>;
  let editorRole: number;
  let editorId: number;
  const knex = () => server.project.knex;

  const { call, code } = projectCaller(
    (options) => guardedInject(server, [ADMIN.password, EDITOR.password])(options),
    () => admin,
  );

  beforeAll(async () => {
    // The webhook receiver below listens on loopback, which only the allow-list opens.
    server = await startTestServer(vendor, { config: { webhookAllow: ['127.0.0.1'] } });
    admin = { authorization: `Bearer ${await server.login()}` };
    editorRole = (await call('POST', '/roles', { name: 'Editors' })).body.data.id;
    await knex()('directus_users').insert({
      status: 'active',
      role: editorRole,
      first_name: 'Eddie',
      last_name: 'Tor',
      email: EDITOR.email,
      password: await hashPassword(EDITOR.password),
    });
    editorId = Number((await knex()('directus_users').where('email', EDITOR.email).first()).id);
    editor = { authorization: `Bearer ${await server.login(EDITOR.email, EDITOR.password)}` };
    await knex().schema.createTable('articles', (table) => {
      table.increments('id');
      table.string('title', 100);
    });
    schemaCache.invalidate('test');
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('settings', () => {
    it('lists settings with values typed by their field, and the settings fields', async () => {
      const list = await call('GET', '/settings?limit=-1');
      expect(list.status).toBe(200);
      const byKey = new Map(
        list.body.data.map((row: { key: string; value: unknown }) => [row.key, row.value]),
      );
      expect(byKey.get('default_limit')).toBe(200);
      expect(byKey.get('telemetry')).toBe(true);
      expect(byKey.get('project_color')).toBe('#263238');
      expect(byKey.get('project_logo')).toBeNull();
      const valueOnly = await call('GET', '/settings?fields=value&filter[key][eq]=auto_sign_out');
      expect(valueOnly.body.data[0].value).toBe(10080);

      const fields = await call('GET', '/settings/fields');
      const names = fields.body.data.map((row: { field: string }) => row.field);
      expect(names).toEqual(expect.arrayContaining(['project_name', 'default_limit', 'password_policy']));
      expect(
        fields.body.data.every((row: { collection: string }) => row.collection === 'directus_settings'),
      ).toBe(true);
      const filtered = await call('GET', '/settings/fields?filter[field][eq]=telemetry');
      expect(filtered.body.data).toHaveLength(1);
      expect(filtered.body.data[0]).toMatchObject({ field: 'telemetry', type: 'boolean' });
    });

    it('updates one, several and a batch; creates and deletes keys; file values come back as files', async () => {
      const color = await knex()('directus_settings').where('key', 'project_color').first();
      const one = await call('PATCH', `/settings/${color.id}`, { value: '#ff0000' });
      expect(one.body.data).toEqual({ id: color.id, key: 'project_color', value: '#ff0000' });
      const limit = await knex()('directus_settings').where('key', 'default_limit').first();
      const telemetry = await knex()('directus_settings').where('key', 'telemetry').first();
      const batch = await call('PATCH', '/settings', [
        { id: limit.id, value: 50 },
        { id: telemetry.id, value: false },
      ]);
      const values = new Map(
        batch.body.data.map((row: { id: number; value: unknown }) => [row.id, row.value]),
      );
      expect([values.get(limit.id), values.get(telemetry.id)]).toEqual([50, false]);
      expect((await knex()('directus_settings').where('id', telemetry.id).first()).value).toBe('0');
      // The new default limit applies to reads at once.
      await knex()('directus_folders').insert(
        Array.from({ length: 60 }, (_, i) => ({ name: `bulk ${i}`, parent_folder: null })),
      );
      expect((await call('GET', '/folders')).body.data).toHaveLength(50);
      await knex()('directus_folders').where('name', 'like', 'bulk %').delete();
      await call('PATCH', '/settings', [{ id: limit.id, value: 200 }]);

      const whitelist = await knex()('directus_settings').where('key', 'file_mimetype_whitelist').first();
      await call('PATCH', `/settings/${whitelist.id}`, { value: ['image/*', 'application/pdf'] });
      expect((await knex()('directus_settings').where('id', whitelist.id).first()).value).toBe(
        'image/*,application/pdf',
      );
      await call('PATCH', `/settings/${whitelist.id}`, { value: null });

      const [fileId] = await knex()('directus_files').insert(
        {
          storage: 'local',
          private_hash: 'abcdefgh12345678',
          filename_disk: 'logo.png',
          filename_download: 'logo.png',
          type: 'image/png',
          uploaded_by: 1,
          uploaded_on: '2020-01-01 00:00:00',
        },
        ['id'],
      );
      const id = Number(typeof fileId === 'object' ? fileId.id : fileId);
      const logo = await knex()('directus_settings').where('key', 'project_logo').first();
      const withFile = await call('PATCH', `/settings/${logo.id}`, { value: { id } });
      expect(withFile.body.data.value).toMatchObject({ id, filename_download: 'logo.png' });
      expect(withFile.body.data.value.data.asset_url).toContain('/test/assets/abcdefgh12345678');
      expect((await knex()('directus_settings').where('id', logo.id).first()).value).toBe(String(id));

      const created = await call('POST', '/settings', { key: 'custom_flag', value: 'yes' });
      expect(created.body.data).toMatchObject({ key: 'custom_flag', value: 'yes' });
      expect(await code('POST', '/settings', { key: 'custom_flag', value: 'again' })).toEqual([409, 204]);
      expect(await code('POST', '/settings', { value: 'no key' })).toEqual([422, 4]);
      expect(await code('DELETE', `/settings/${created.body.data.id}`)).toEqual([204, undefined]);
      expect(await code('GET', `/settings/${created.body.data.id}`)).toEqual([404, 203]);
    });

    it('non-admins read settings (default row) but cannot write them; anonymous callers get nothing', async () => {
      const list = await call('GET', '/settings?limit=-1', undefined, editor);
      expect(list.status).toBe(200);
      const color = await knex()('directus_settings').where('key', 'project_color').first();
      expect(await code('PATCH', `/settings/${color.id}`, { value: '#000' }, editor)).toEqual([403, 302]);
      expect(await code('POST', '/settings', { key: 'x', value: 'y' }, editor)).toEqual([403, 301]);
      expect(await code('DELETE', `/settings/${color.id}`, undefined, editor)).toEqual([403, 303]);
      expect(await code('GET', '/settings', undefined, {})).toEqual([401, 3]);
    });
  });

  describe('collection presets', () => {
    it('own presets for users, role and global presets for admins; never in activity', async () => {
      const activityBefore = await knex()('directus_activity').count({ n: '*' });
      const own = await call(
        'POST',
        '/collection_presets',
        { collection: 'articles', view_type: 'tabular', view_query: { tabular: { sort: '-id' } } },
        editor,
      );
      expect(own.status).toBe(200);
      expect(own.body.data).toMatchObject({
        collection: 'articles',
        user: editorId,
        role: null,
        view_query: { tabular: { sort: '-id' } },
      });
      const roleWide = await call('POST', '/collection_presets', {
        collection: 'articles',
        role: editorRole,
        title: 'Team bookmark',
      });
      const global = await call('POST', '/collection_presets', { collection: 'articles', title: 'Everyone' });
      const adminsOwn = await call('POST', '/collection_presets', {
        collection: 'articles',
        user: 1,
        title: 'Mine',
      });
      expect([roleWide.status, global.status, adminsOwn.status]).toEqual([200, 200, 200]);

      expect(
        await code('POST', '/collection_presets', { collection: 'articles', role: editorRole }, editor),
      ).toEqual([403, 10]);
      expect(await code('POST', '/collection_presets', { collection: 'articles', user: 1 }, editor)).toEqual([
        403, 10,
      ]);
      expect(
        await code('POST', '/collection_presets', { collection: 'articles', user: null }, editor),
      ).toEqual([403, 10]);

      // The app's listing-preference lookups.
      const mine = await call(
        'GET',
        `/collection_presets?filter[collection][eq]=articles&filter[title][null]=1&filter[user][eq]=${editorId}&limit=1&sort=-id`,
        undefined,
        editor,
      );
      expect(mine.body.data.map((row: { id: number }) => row.id)).toEqual([own.body.data.id]);
      const team = await call(
        'GET',
        `/collection_presets?filter[role][eq]=${editorRole}&filter[title][nnull]=1&filter[user][null]=1`,
        undefined,
        editor,
      );
      expect(team.body.data.map((row: { id: number }) => row.id)).toEqual([roleWide.body.data.id]);

      const renamed = await call(
        'PATCH',
        `/collection_presets/${own.body.data.id}`,
        { title: 'Mine' },
        editor,
      );
      expect(renamed.body.data.title).toBe('Mine');
      expect(await code('PATCH', `/collection_presets/${own.body.data.id}`, { user: 1 }, editor)).toEqual([
        403, 10,
      ]);
      // Another user's preset is private: it reads as missing (tests/security/preset-privacy.test.ts).
      expect(
        await code('PATCH', `/collection_presets/${adminsOwn.body.data.id}`, { title: 'Hijack' }, editor),
      ).toEqual([404, 203]);
      expect(
        await code('PATCH', `/collection_presets/${roleWide.body.data.id}`, { title: 'Hijack' }, editor),
        // Update `mine` does not cover a role's preset: the permission check answers before the hook.
      ).toEqual([403, 302]);
      const roleDelete = await call(
        'DELETE',
        `/collection_presets/${roleWide.body.data.id}`,
        undefined,
        editor,
      );
      expect([roleDelete.status, roleDelete.body.error.code]).toEqual([403, 10]);
      expect(roleDelete.body.error.message).toBe('Cannot delete collection presets that belongs to a role');
      expect(
        await code('DELETE', `/collection_presets/${adminsOwn.body.data.id}`, undefined, editor),
      ).toEqual([404, 203]);
      expect(await code('DELETE', `/collection_presets/${own.body.data.id}`, undefined, editor)).toEqual([
        204,
        undefined,
      ]);
      expect(await code('DELETE', `/collection_presets/${roleWide.body.data.id}`)).toEqual([204, undefined]);
      expect(await code('GET', `/collection_presets/${roleWide.body.data.id}`)).toEqual([404, 203]);
      expect(await knex()('directus_activity').count({ n: '*' })).toEqual(activityBefore);
    });
  });

  describe('webhooks', () => {
    let receiver: Server;
    let base: string;
    const received: Array<{ method: string; url: string; body: string }> = [];

    beforeAll(async () => {
      receiver = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          received.push({ method: req.method!, url: req.url!, body: Buffer.concat(chunks).toString('utf8') });
          res.end('ok');
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => {
        receiver.closeAllConnections();
        receiver.close(() => resolve());
      });
    });

    it('CRUD for administrators only, with validated values', async () => {
      const created = await call('POST', '/webhooks', {
        http_action: 'post',
        url: `${base}/x`,
        collection: 'articles',
        directus_action: 'item.update:after',
      });
      expect(created.status).toBe(200);
      expect(created.body.data).toMatchObject({ status: 'inactive', http_action: 'post' });
      const id = created.body.data.id;
      expect((await call('GET', '/webhooks')).body.data.map((row: { id: number }) => row.id)).toContain(id);
      expect((await call('GET', `/webhooks/${id}`)).body.data.url).toBe(`${base}/x`);
      expect((await call('PATCH', `/webhooks/${id}`, { http_action: 'get' })).body.data.http_action).toBe(
        'get',
      );
      expect(await code('PATCH', `/webhooks/${id}`, { http_action: 'put' })).toEqual([422, 4]);
      expect(await code('PATCH', `/webhooks/${id}`, { directus_action: 'item.read:after' })).toEqual([
        422, 4,
      ]);
      expect(await code('PATCH', `/webhooks/${id}`, { url: 'ftp://example.com/' })).toEqual([422, 4]);
      expect(await code('GET', '/webhooks', undefined, editor)).toEqual([401, 3]);
      expect(await code('POST', '/webhooks', { url: `${base}/y` }, editor)).toEqual([401, 3]);
      expect(await code('DELETE', `/webhooks/${id}`, undefined, editor)).toEqual([401, 3]);
      expect(await code('GET', '/webhooks', undefined, {})).toEqual([401, 3]);
      expect(await code('DELETE', `/webhooks/${id}`)).toEqual([204, undefined]);
      expect(await code('GET', `/webhooks/${id}`)).toEqual([404, 203]);
    });

    it('a webhook created through the API fires on the next matching item event', async () => {
      const created = await call('POST', '/webhooks', {
        status: 'active',
        http_action: 'post',
        url: `${base}/articles`,
        collection: 'articles',
        directus_action: 'item.create:after',
      });
      expect(created.status).toBe(200);
      const item = await call('POST', '/items/articles', { title: 'Hooked' });
      expect(item.status).toBe(200);
      await server.app.webhooks.idle();
      const hit = received.find((entry) => entry.url === '/articles');
      expect(hit?.method).toBe('POST');
      expect(JSON.parse(hit!.body)).toMatchObject({ id: item.body.data.id, title: 'Hooked' });

      // Deactivated through the API, it stops at once.
      received.length = 0;
      await call('PATCH', `/webhooks/${created.body.data.id}`, { status: 'inactive' });
      await call('POST', '/items/articles', { title: 'Quiet' });
      await server.app.webhooks.idle();
      expect(received).toEqual([]);
    });
  });

  describe('folders', () => {
    it('CRUD, numeric ids only, names required, no cycles', async () => {
      const root = await call('POST', '/folders', { name: 'Root' });
      expect(root.body.data).toEqual({ id: expect.any(Number), name: 'Root', parent_folder: null });
      const child = await call('POST', '/folders', { name: 'Child', parent_folder: root.body.data.id });
      expect(child.body.data.parent_folder).toBe(root.body.data.id);
      const list = await call('GET', '/folders?fields=name&sort=name');
      expect(list.body.data).toEqual([{ name: 'Child' }, { name: 'Root' }]);
      const nested = await call('GET', `/folders/${child.body.data.id}?fields=name,parent_folder.name`);
      expect(nested.body.data).toEqual({ name: 'Child', parent_folder: { name: 'Root' } });
      const renamed = await call('PATCH', `/folders/${child.body.data.id}`, { name: 'Kid' });
      expect(renamed.body.data.name).toBe('Kid');
      expect(
        await code('PATCH', `/folders/${root.body.data.id}`, { parent_folder: child.body.data.id }),
      ).toEqual([422, 4]);
      expect(
        await code('PATCH', `/folders/${root.body.data.id}`, { parent_folder: root.body.data.id }),
      ).toEqual([422, 4]);
      expect(await code('POST', '/folders', { name: '' })).toEqual([422, 4]);
      expect(await code('POST', '/folders', { parent_folder: null })).toEqual([422, 4]);
      expect(await code('GET', '/folders/abc')).toEqual([404, 1]);
      expect(await code('GET', '/folders/999999')).toEqual([404, 203]);
      // Non-admins follow their rows: the default gives new roles full access to folders.
      const byEditor = await call('POST', '/folders', { name: 'Editor folder' }, editor);
      expect(byEditor.status).toBe(200);
      expect(await code('GET', '/folders', undefined, {})).toEqual([401, 3]);
      expect(await code('DELETE', `/folders/${root.body.data.id}`)).toEqual([204, undefined]);
      expect((await call('GET', `/folders/${child.body.data.id}`)).body.data.parent_folder).toBeNull();
      expect(await code('DELETE', `/folders/${child.body.data.id},${byEditor.body.data.id}`)).toEqual([
        204,
        undefined,
      ]);
      expect((await call('GET', '/folders')).body.data).toEqual([]);
    });
  });
});
