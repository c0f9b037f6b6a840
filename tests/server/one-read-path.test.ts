import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVendors } from '../helpers/databases';
import { ADMIN, projectCaller, startTestServer, type TestServer } from '../helpers/server';
import { guardedInject } from './auth-helpers';
import { png } from './files-helpers';

const EDITOR = { email: 'reader@example.com', password: 'reader password 123' };

/**
 * The routes that used to read the database themselves (`/users/me`, `/permissions/me`, preset
 * and setting checks, file writes) now go through the items engine: the same query language, the
 * same answers as their by-key and list siblings, and activity recorded the one way.
 */
describe.each(testVendors)('one read path, one write path (%s)', (vendor) => {
  let server: TestServer;
  let admin: Record<string, string>;
  let editor: Record<string, string>;
  let editorId: number;
  let editorRole: number;
  const knex = () => server.project.knex;
  const { call } = projectCaller(
    (options) => guardedInject(server, [ADMIN.password, EDITOR.password])(options),
    () => admin,
  );

  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { loginRateLimit: 10_000 } });
    admin = { authorization: `Bearer ${await server.login()}` };
    editorRole = (await call('POST', '/roles', { name: 'Readers' })).body.data.id;
    const avatar = await call('POST', '/files', {
      data: (await png(4, 4)).toString('base64'),
      filename_download: 'face.png',
    });
    const user = await call('POST', '/users', {
      email: EDITOR.email,
      password: EDITOR.password,
      role: editorRole,
      status: 'active',
      first_name: 'Rea',
      last_name: 'Der',
      avatar: avatar.body.data.id,
    });
    expect(user.body).toMatchObject({ data: { email: EDITOR.email } });
    editorId = user.body.data.id;
    editor = { authorization: `Bearer ${await server.login(EDITOR.email, EDITOR.password)}` };
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('/users/me answers as /users/{id}', () => {
    const shapes = [
      'fields=*,role.*',
      'fields=id,email',
      'fields=*.*',
      'fields=id,avatar.id,avatar.filename_download,role.name',
      'fields[0]=id&fields[1]=avatar.*&fields[2]=role.*&fields[3]=last_page',
      'fields=id,first_name&meta=*',
      '',
    ];
    for (const query of shapes) {
      it(`for the administrator and for a role's user: ${query || '(no query)'}`, async () => {
        for (const [headers, id] of [
          [admin, 1],
          [editor, editorId],
        ] as const) {
          const me = await call('GET', `/users/me?${query}`, undefined, headers);
          const byId = await call('GET', `/users/${id}?${query}`, undefined, headers);
          expect(me.status).toBe(200);
          expect(me.body).toEqual(byId.body);
          expect(me.body.data.id ?? id).toBe(id);
        }
      });
    }

    it('is readable by a user whose role has no permission on users, and shows no one else', async () => {
      const rows = await knex()('directus_permissions').where({
        role: editorRole,
        collection: 'directus_users',
      });
      await knex()('directus_permissions').where({ role: editorRole, collection: 'directus_users' }).delete();
      try {
        const me = await call('GET', '/users/me?fields=id,email', undefined, editor);
        expect(me.status, JSON.stringify(me.body)).toBe(200);
        expect(me.body.data).toEqual({ id: editorId, email: EDITOR.email });
        const list = await call('GET', '/users?fields=id', undefined, editor);
        expect(list.body.data).toEqual([{ id: editorId }]);
        const other = await call('GET', '/users/1?fields=id', undefined, editor);
        expect(other.status).toBeGreaterThanOrEqual(400);
      } finally {
        await knex()('directus_permissions').insert(rows);
      }
    });

    it('nests relations and never shows secrets', async () => {
      const me = await call('GET', '/users/me?fields=*,role.*,avatar.*', undefined, editor);
      expect(me.body.data.role).toMatchObject({ id: editorRole, name: 'Readers' });
      expect(me.body.data.avatar).toMatchObject({ filename_download: 'face.png' });
      for (const secret of ['password', 'token', '2fa_secret', 'password_reset_token'])
        expect(me.body.data).not.toHaveProperty(secret);
      const asked = await call('GET', '/users/me?fields=id,password,token', undefined, editor);
      expect(asked.body.data).toEqual({ id: editorId });
    });

    it('tracking and 2FA answers take the same fields', async () => {
      const tracked = await call(
        'PATCH',
        '/users/me/tracking/page?fields=id,last_page,role.name',
        { last_page: '/collections' },
        editor,
      );
      expect(tracked.body.data).toEqual({
        id: editorId,
        last_page: '/collections',
        role: { name: 'Readers' },
      });
    });
  });

  describe('/permissions/me', () => {
    it("lists the role's rows as v8 does, read with the engine", async () => {
      await call('POST', '/permissions', {
        collection: 'directus_folders',
        role: editorRole,
        status: '$create',
        create: 'full',
        read_field_blacklist: ['name', 'parent_folder'],
        status_blacklist: ['draft', 'deleted'],
      });
      const rows = await call('GET', '/permissions/me', undefined, editor);
      const stored = await knex()('directus_permissions').where('role', editorRole).orderBy('id');
      expect(rows.body.data.map((row: { id: number }) => row.id)).toEqual(
        stored.map((row) => Number(row.id)),
      );
      const special = rows.body.data.find((row: { status: string }) => row.status === '$create');
      expect(special).toMatchObject({
        collection: 'directus_folders',
        role: editorRole,
        create: 'full',
        read_field_blacklist: ['name', 'parent_folder'],
        write_field_blacklist: [],
        status_blacklist: 'draft,deleted',
      });
      const folders = await call('GET', '/permissions/me/directus_folders', undefined, editor);
      expect(folders.body.data.map((row: { status: string | null }) => row.status).sort()).toEqual([
        '$create',
        null,
      ]);
      expect(
        (await call('GET', '/permissions/me/directus_settings', undefined, editor)).body.data,
      ).toMatchObject({
        collection: 'directus_settings',
        read: 'full',
        status_blacklist: null,
      });
    });
  });

  describe('presets and settings', () => {
    it('read with fields and filter', async () => {
      await call(
        'POST',
        '/collection_presets',
        { collection: 'directus_files', title: 'Mine', view_type: 'cards' },
        editor,
      );
      await call('POST', '/collection_presets', {
        collection: 'directus_files',
        role: editorRole,
        view_type: 'tabular',
      });
      const mine = await call(
        'GET',
        `/collection_presets?fields=title,view_type&filter[user][eq]=${editorId}`,
        undefined,
        editor,
      );
      expect(mine.body.data).toEqual([{ title: 'Mine', view_type: 'cards' }]);
      const settings = await call(
        'GET',
        '/settings?fields=key,value&filter[key][in]=default_limit,project_name&sort=key',
      );
      expect(settings.body.data).toEqual([
        { key: 'default_limit', value: expect.any(Number) },
        { key: 'project_name', value: 'Test project' },
      ]);
      // Typed values need the key, which is read along even when not asked for.
      const values = await call('GET', '/settings?fields=value&filter[key][eq]=default_limit');
      expect(typeof values.body.data[0].value).toBe('number');
    });

    it("refuse a non-admin's delete of a role's preset with 403 code 10", async () => {
      const rolePreset = await knex()('directus_collection_presets').where('role', editorRole).first('id');
      const res = await call('DELETE', `/collection_presets/${rolePreset.id}`, undefined, editor);
      expect([res.status, res.body.error.code]).toEqual([403, 10]);
      const own = await knex()('directus_collection_presets').where('user', editorId).first('id');
      expect((await call('DELETE', `/collection_presets/${own.id}`, undefined, editor)).status).toBe(204);
    });
  });

  describe('file writes', () => {
    const activityOf = (item: number) =>
      knex()('directus_activity')
        .where({ collection: 'directus_files', item: String(item) })
        .orderBy('id');
    const revisionOf = (activity: number) => knex()('directus_revisions').where('activity', activity).first();

    it('record activity and a revision for an upload, an edit and a new version; a delete is logged', async () => {
      const upload = await call(
        'POST',
        '/files?comment=first%20upload',
        {
          data: Buffer.from('one,two\n').toString('base64'),
          filename_download: 'list.csv',
          tags: ['a', 'b'],
        },
        editor,
      );
      expect(upload.status).toBe(200);
      const id = upload.body.data.id as number;
      let log = await activityOf(id);
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ action: 'upload', action_by: editorId, comment: 'first upload' });
      const created = await revisionOf(log[0].id);
      const data = typeof created.data === 'string' ? JSON.parse(created.data) : created.data;
      expect(data).toMatchObject({
        id,
        filename_download: 'list.csv',
        title: 'List',
        tags: ['a', 'b'],
        uploaded_by: editorId,
      });
      expect(data).toHaveProperty('private_hash');

      await call('PATCH', `/files/${id}`, { title: 'Renamed' }, editor);
      await call('PATCH', `/files/${id}`, { data: Buffer.from('three\n').toString('base64') }, editor);
      log = await activityOf(id);
      expect(log.map((row) => row.action)).toEqual(['upload', 'update', 'update']);
      const edit = await revisionOf(log[1].id);
      const delta = typeof edit.delta === 'string' ? JSON.parse(edit.delta) : edit.delta;
      expect(delta).toEqual({ title: 'Renamed' });
      const replaced = await revisionOf(log[2].id);
      const after = typeof replaced.data === 'string' ? JSON.parse(replaced.data) : replaced.data;
      expect(after).toMatchObject({ title: 'Renamed', filesize: 6 });

      await call('PATCH', `/files/${id}?activity_skip=1`, { description: 'quiet' }, editor);
      expect(await activityOf(id)).toHaveLength(3);

      expect((await call('DELETE', `/files/${id}`, undefined, editor)).status).toBe(204);
      log = await activityOf(id);
      expect(log.map((row) => row.action)).toEqual(['upload', 'update', 'update', 'delete']);
      expect(await knex()('directus_files').where('id', id).first()).toBeUndefined();
    });

    it('keep the server in charge of where the bytes are', async () => {
      const res = await call('POST', '/files', {
        data: 'aGk=',
        private_hash: 'chosen',
        storage: 'elsewhere',
      });
      const row = await knex()('directus_files').where('id', res.body.data.id).first();
      expect(row.private_hash).not.toBe('chosen');
      expect(row.storage).not.toBe('elsewhere');
    });
  });

  describe('the icon', () => {
    it('is served at /favicon.ico and beside the app, without authentication', async () => {
      for (const url of ['/favicon.ico', '/admin/favicon.svg']) {
        const res = await server.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^image\//);
        expect(res.body).toContain('<svg');
      }
    });
  });
});
