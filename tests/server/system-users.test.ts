import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVendors } from '../helpers/databases';
import { ADMIN, projectCaller, startTestServer, type TestServer } from '../helpers/server';
import { cookiePair, guardedInject } from './auth-helpers';

const EDITOR = { email: 'editor@example.com', password: 'editor password 123' };
const COOKIE = 'directus-test-session';

describe.each(testVendors)('system collections: roles, permissions, users (%s)', (vendor) => {
  let server: TestServer;
  let admin: Record<string, string>;
  let editorRole: number;
  let editorId: number;
  let editor: Record<string, string>;
  const knex = () => server.project.knex;

  const { call, code } = projectCaller(
    (options) => guardedInject(server, [ADMIN.password, EDITOR.password, 'a new password 42'])(options),
    () => admin,
  );

  beforeAll(async () => {
    server = await startTestServer(vendor);
    admin = { authorization: `Bearer ${await server.login()}` };
    const role = await call('POST', '/roles', { name: 'Editors', description: 'Edit things' });
    expect(role.status).toBe(200);
    editorRole = role.body.data.id;
    const user = await call('POST', '/users', {
      first_name: 'Eddie',
      last_name: 'Tor',
      email: EDITOR.email,
      password: EDITOR.password,
      role: editorRole,
      status: 'active',
    });
    expect(user.status).toBe(200);
    editorId = user.body.data.id;
    editor = { authorization: `Bearer ${await server.login(EDITOR.email, EDITOR.password)}` };
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('roles', () => {
    it('lists, reads, creates (with the default permissions of §6.6), updates and deletes', async () => {
      const list = await call('GET', '/roles?fields=id,name&sort=id');
      expect(list.body.data.slice(0, 3)).toEqual([
        { id: 1, name: 'Administrator' },
        { id: 2, name: 'Public' },
        { id: editorRole, name: 'Editors' },
      ]);
      const created = await call('POST', '/roles', { name: 'Reviewers', ip_whitelist: ['10.0.0.1'] });
      const id = created.body.data.id;
      expect(created.body.data).toMatchObject({ name: 'Reviewers', ip_whitelist: ['10.0.0.1'] });
      const rows = await knex()('directus_permissions').where('role', id);
      expect(rows).toHaveLength(16);
      expect(
        rows.find((row) => row.collection === 'directus_users' && row.status === 'active'),
      ).toMatchObject({ create: 'none', read: 'full', update: 'mine', delete: 'mine' });
      expect(rows.find((row) => row.collection === 'directus_collection_presets')).toMatchObject({
        create: 'full',
        read: 'full',
        update: 'mine',
        delete: 'mine',
      });
      const one = await call('GET', `/roles/${id}?fields=name,description`);
      expect(one.body.data).toEqual({ name: 'Reviewers', description: null });
      const patched = await call('PATCH', `/roles/${id}`, { description: 'Reads' });
      expect(patched.body.data.description).toBe('Reads');
      expect(await code('DELETE', `/roles/${id}`)).toEqual([204, undefined]);
      expect(await knex()('directus_permissions').where('role', id)).toHaveLength(0);
      expect(await code('GET', `/roles/${id}`)).toEqual([404, 203]);
      expect(await code('PATCH', `/roles/${id}`, { name: 'x' })).toEqual([404, 203]);
    });

    it('refuses to delete the administrator and public roles (401 code 3)', async () => {
      const res = await call('DELETE', '/roles/1');
      expect([res.status, res.body.error.code]).toEqual([401, 3]);
      expect(res.body.error.message).toBe('You are not allowed to delete group [1]');
      expect(await code('DELETE', '/roles/2')).toEqual([401, 3]);
      expect(await knex()('directus_roles').whereIn('id', [1, 2])).toHaveLength(2);
    });

    it('follows directus_permissions for non-admins: own role only, no writes', async () => {
      const list = await call('GET', '/roles?fields=id', undefined, editor);
      expect(list.body.data).toEqual([{ id: editorRole }]);
      expect(await code('GET', '/roles/1', undefined, editor)).toEqual([404, 203]);
      expect(await code('POST', '/roles', { name: 'Mine' }, editor)).toEqual([403, 301]);
      expect(await code('PATCH', `/roles/${editorRole}`, { name: 'Bosses' }, editor)).toEqual([403, 302]);
      expect(await code('GET', '/roles')).toEqual([200, undefined]);
      expect(await code('GET', '/roles', undefined, {})).toEqual([401, 3]);
    });
  });

  describe('permissions', () => {
    it('CRUD with validated levels', async () => {
      const created = await call('POST', '/permissions', [
        {
          collection: 'articles',
          role: editorRole,
          status: 'published',
          read: 'full',
          update: 'mine',
          write_field_blacklist: ['status'],
        },
        {
          collection: 'articles',
          role: editorRole,
          status: '$create',
          create: 'full',
          status_blacklist: ['published', 'deleted'],
        },
      ]);
      expect(created.status).toBe(200);
      expect(created.body.data).toHaveLength(2);
      expect(created.body.data[0]).toMatchObject({
        collection: 'articles',
        write_field_blacklist: ['status'],
        read_field_blacklist: [],
      });
      const [first, second] = created.body.data.map((row: { id: number }) => row.id);
      const list = await call(
        'GET',
        `/permissions?filter[role][eq]=${editorRole}&filter[collection][eq]=articles`,
      );
      expect(list.body.data.map((row: { id: number }) => row.id).sort()).toEqual([first, second].sort());
      const patched = await call('PATCH', `/permissions/${first}`, { comment: 'update' });
      expect(patched.body.data.comment).toBe('update');
      const batch = await call('PATCH', '/permissions', [{ id: second, explain: 'create' }]);
      expect(batch.body.data[0].explain).toBe('create');
      expect(await code('PATCH', `/permissions/${first}`, { read: 'everything' })).toEqual([422, 4]);
      expect(
        await code('POST', '/permissions', { collection: 'articles', role: editorRole, create: 'x' }),
      ).toEqual([422, 4]);
      expect(await code('GET', '/permissions/999999')).toEqual([404, 203]);
      // The editor's own rows are readable (read: mine), others' not, and none are writable.
      const mine = await call('GET', '/permissions?fields=role&limit=-1', undefined, editor);
      expect(new Set(mine.body.data.map((row: { role: number }) => row.role))).toEqual(new Set([editorRole]));
      expect(await code('POST', '/permissions', { collection: 'x', role: editorRole }, editor)).toEqual([
        403, 301,
      ]);
      expect(await code('PATCH', `/permissions/${first}`, { read: 'full' }, editor)).toEqual([403, 302]);
    });

    it('/permissions/me: the role rows as the app reads them; administrators get full rows', async () => {
      const rows = await call('GET', '/permissions/me', undefined, editor);
      expect(rows.status).toBe(200);
      const create = rows.body.data.find(
        (row: Record<string, unknown>) => row.collection === 'articles' && row.status === '$create',
      );
      expect(create).toMatchObject({
        role: editorRole,
        create: 'full',
        read_field_blacklist: [],
        write_field_blacklist: [],
        status_blacklist: 'published,deleted',
      });
      expect(typeof create.id).toBe('number');
      expect(rows.body.data.every((row: { role: number }) => row.role === editorRole)).toBe(true);
      const users = rows.body.data.filter(
        (row: { collection: string }) => row.collection === 'directus_users',
      );
      expect(users).toHaveLength(5);

      const workflow = await call('GET', '/permissions/me/articles', undefined, editor);
      expect(Array.isArray(workflow.body.data)).toBe(true);
      expect(workflow.body.data.map((row: { status: string }) => row.status).sort()).toEqual([
        '$create',
        'published',
      ]);
      const single = await call('GET', '/permissions/me/directus_settings', undefined, editor);
      expect(single.body.data).toMatchObject({
        collection: 'directus_settings',
        read: 'full',
        update: 'none',
      });
      const none = await call('GET', '/permissions/me/nothing_here', undefined, editor);
      expect(none.body.data).toEqual([]);

      const full = await call('GET', '/permissions/me');
      const usersRow = full.body.data.find(
        (row: { collection: string }) => row.collection === 'directus_users',
      );
      expect(usersRow).toMatchObject({
        role: 1,
        status: null,
        create: 'full',
        read: 'full',
        update: 'full',
        delete: 'full',
        read_field_blacklist: [],
        write_field_blacklist: [],
      });
      const adminOne = await call('GET', '/permissions/me/articles');
      expect(adminOne.body.data).toMatchObject({ collection: 'articles', read: 'full' });
      // Anonymous callers get the public role's rows (none on a fresh install).
      const anonymous = await call('GET', '/permissions/me', undefined, {});
      expect(anonymous.body).toEqual({ data: [], public: true });
    });
  });

  describe('users', () => {
    it('never returns secrets, in any read or write answer', async () => {
      await knex()('directus_users')
        .where('id', editorId)
        .update({ token: 'static-token-abc', '2fa_secret': null });
      const list = await call('GET', '/users');
      expect(list.status).toBe(200);
      for (const user of list.body.data) {
        for (const column of ['password', 'token', '2fa_secret', 'password_reset_token'])
          expect(user).not.toHaveProperty(column);
      }
      const asked = await call('GET', `/users/${editorId}?fields=id,password,token`);
      expect(asked.body?.data ?? {}).not.toHaveProperty('password');
      const one = await call('GET', `/users/${editorId}?fields=*,role.*`);
      expect(one.body.data).toMatchObject({ id: editorId, email: EDITOR.email, role: { id: editorRole } });
      expect(one.body.data).not.toHaveProperty('password');
      // /users/me stays the auth helper's route, /users/me,{id} and PATCH /users/me are this file's.
      const me = await call('GET', '/users/me', undefined, editor);
      expect(me.body.data.id).toBe(editorId);
      const both = await call('GET', `/users/me,1?fields=id`, undefined, editor);
      expect(both.body.data).toEqual([{ id: 1 }, { id: editorId }].sort((a, b) => a.id - b.id));
      expect(await code('GET', '/users/me', undefined, {})).toEqual([401, 3]);
      expect(await code('GET', '/users/999999')).toEqual([404, 203]);
      await knex()('directus_users').where('id', editorId).update({ token: null });
    });

    it('hides the private columns of other users from non-admins', async () => {
      const list = await call('GET', '/users?fields=id,email,last_page', undefined, editor);
      const own = list.body.data.find((user: { id: number }) => user.id === editorId);
      const other = list.body.data.find((user: { id: number }) => user.id === 1);
      expect(own).toHaveProperty('last_page');
      expect(other).toEqual({ id: 1, email: ADMIN.email });
    });

    it('creates users with a hashed password; enforces the password policy and unique emails', async () => {
      const created = await call('POST', '/users', {
        first_name: 'Nat',
        last_name: 'New',
        email: 'new@example.com',
        password: 'a new password 42',
        role: editorRole,
        status: 'active',
      });
      expect(created.status).toBe(200);
      const stored = await knex()('directus_users').where('id', created.body.data.id).first();
      expect(stored.password).toMatch(/^\$argon2id\$/);
      expect(await server.login('new@example.com', 'a new password 42')).toBeTruthy();
      expect(
        await code('POST', '/users', {
          first_name: 'Du',
          last_name: 'Plicate',
          email: 'new@example.com',
          password: 'whatever 123',
          role: editorRole,
        }),
      ).toEqual([409, 204]);

      await knex()('directus_settings').where('key', 'password_policy').update({ value: '/^.{12,}$/' });
      try {
        expect(
          await code('POST', '/users', {
            first_name: 'Short',
            last_name: 'Pass',
            email: 'short@example.com',
            password: 'short',
            role: editorRole,
          }),
        ).toEqual([422, 4]);
        expect(await code('PATCH', `/users/${created.body.data.id}`, { password: 'short' })).toEqual([
          422, 4,
        ]);
        expect(
          await code('PATCH', `/users/${created.body.data.id}`, { password: 'long enough 1234' }),
        ).toEqual([200, undefined]);
        expect(await knex()('directus_users').where('email', 'short@example.com')).toHaveLength(0);
      } finally {
        await knex()('directus_settings').where('key', 'password_policy').update({ value: '' });
      }
      expect(await code('DELETE', `/users/${created.body.data.id}`)).toEqual([204, undefined]);
      expect(await code('GET', `/users/${created.body.data.id}`)).toEqual([404, 203]);
    });

    it('lets users update themselves (mine) but not their role, status or other users', async () => {
      const own = await call('PATCH', '/users/me', { first_name: 'Edward' }, editor);
      expect(own.body.data).toMatchObject({ id: editorId, first_name: 'Edward' });
      expect(await code('PATCH', `/users/${editorId}`, { role: 1 }, editor)).toEqual([403, 10]);
      expect(await code('PATCH', `/users/${editorId}`, { status: 'draft' }, editor)).toEqual([403, 10]);
      expect(await code('PATCH', '/users/1', { first_name: 'Hacked' }, editor)).toEqual([403, 302]);
      expect(await code('DELETE', '/users/1', undefined, editor)).toEqual([403, 303]);
      expect(
        await code(
          'POST',
          '/users',
          { first_name: 'A', last_name: 'B', email: 'c@example.com', password: 'xx', role: 1 },
          editor,
        ),
        // The permission check (no create on users) answers before the hook's own rule.
      ).toEqual([403, 301]);
      expect((await knex()('directus_users').where('id', 1).first()).first_name).not.toBe('Hacked');
    });

    it('keeps the last active administrator (500 code 216)', async () => {
      expect(await code('PATCH', '/users/1', { status: 'suspended' })).toEqual([500, 216]);
      expect(await code('PATCH', '/users/1', { role: editorRole })).toEqual([500, 216]);
      expect(await code('DELETE', '/users/1')).toEqual([500, 216]);
      expect(await knex()('directus_users').where('id', 1).first()).toMatchObject({
        status: 'active',
        role: 1,
      });
      // With a second active administrator, one of them may go.
      const second = await call('POST', '/users', {
        first_name: 'Sec',
        last_name: 'Ond',
        email: 'second@example.com',
        password: 'second admin 123',
        role: 1,
        status: 'active',
      });
      const id = second.body.data.id;
      expect(await code('DELETE', `/users/1,${id}`)).toEqual([500, 216]);
      expect(await knex()('directus_users').whereIn('id', [1, id])).toHaveLength(2);
      expect(await code('PATCH', `/users/${id}`, { role: editorRole })).toEqual([200, undefined]);
      expect(await code('DELETE', `/users/${id}`)).toEqual([204, undefined]);
    });

    it('suspending a user ends their JWT and cookie sessions at once and records status-update', async () => {
      const jwt = { authorization: `Bearer ${await server.login(EDITOR.email, EDITOR.password)}` };
      const signIn = await server.inject({
        method: 'POST',
        url: '/test/auth/authenticate',
        payload: { ...EDITOR, mode: 'cookie' },
      });
      const cookie = { cookie: cookiePair(signIn, COOKIE)! };
      expect((await call('GET', '/users/me', undefined, jwt)).status).toBe(200);
      expect((await call('GET', '/users/me', undefined, cookie)).status).toBe(200);
      expect(await knex()('directus_user_sessions').where('user', editorId)).not.toHaveLength(0);

      expect(await code('PATCH', `/users/${editorId}`, { status: 'suspended' })).toEqual([200, undefined]);
      expect(await knex()('directus_user_sessions').where('user', editorId)).toHaveLength(0);
      expect((await call('GET', '/users/me', undefined, jwt)).status).toBe(401);
      expect((await call('GET', '/users/me', undefined, cookie)).status).toBe(401);
      const activity = await knex()('directus_activity')
        .where({ collection: 'directus_users', item: String(editorId), action: 'status-update' })
        .first();
      expect(activity).toMatchObject({ action_by: 1 });

      expect(await code('PATCH', `/users/${editorId}`, { status: 'active' })).toEqual([200, undefined]);
      editor = { authorization: `Bearer ${await server.login(EDITOR.email, EDITOR.password)}` };
      expect((await call('GET', '/users/me', undefined, editor)).status).toBe(200);
    });

    it('deleting a user ends their sessions', async () => {
      await call('POST', '/users', {
        first_name: 'Tem',
        last_name: 'Porary',
        email: 'temp@example.com',
        password: 'temporary 12345',
        role: editorRole,
        status: 'active',
      });
      const temp = { authorization: `Bearer ${await server.login('temp@example.com', 'temporary 12345')}` };
      const id = (await call('GET', '/users/me', undefined, temp)).body.data.id;
      expect(await code('DELETE', `/users/${id}`)).toEqual([204, undefined]);
      expect(await knex()('directus_user_sessions').where('user', id)).toHaveLength(0);
      expect((await call('GET', '/users/me', undefined, temp)).status).toBe(401);
    });
  });
});
