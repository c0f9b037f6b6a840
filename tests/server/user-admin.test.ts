import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVendors } from '../helpers/databases';
import { ADMIN, projectCaller, startTestServer, type TestServer } from '../helpers/server';
import { guardedInject } from './auth-helpers';

const MANAGER = { email: 'manager@example.com', password: 'manager password 123' };
const MEMBER = { email: 'member@example.com', password: 'member password 123' };
const NEW_PASSWORD = 'a password set by the admin 42';

/**
 * What an administrator does with other users (the user directory): suspend, change role, reset
 * 2FA, set a password, sign out everywhere; and what a non-admin whose role may update users may not.
 */
describe.each(testVendors)('user administration (%s)', (vendor) => {
  let server: TestServer;
  let admin: Record<string, string>;
  let manager: Record<string, string>;
  let managerRole: number;
  let memberId: number;
  const knex = () => server.project.knex;

  const { call, code } = projectCaller(
    (options) =>
      guardedInject(server, [ADMIN.password, MANAGER.password, MEMBER.password, NEW_PASSWORD])(options),
    () => admin,
  );

  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { loginRateLimit: 10_000 } });
    admin = { authorization: `Bearer ${await server.login()}` };
    managerRole = (await call('POST', '/roles', { name: 'Managers' })).body.data.id;
    // Managers may update every user (full, on every status row of directus_users).
    const rows = await knex()('directus_permissions').where({
      role: managerRole,
      collection: 'directus_users',
    });
    for (const row of rows) {
      expect(await code('PATCH', `/permissions/${row.id}`, { update: 'full' })).toEqual([200, undefined]);
    }
    await call('POST', '/users', {
      ...MANAGER,
      first_name: 'Mana',
      last_name: 'Ger',
      role: managerRole,
      status: 'active',
    });
    const member = await call('POST', '/users', {
      ...MEMBER,
      first_name: 'Mem',
      last_name: 'Ber',
      role: managerRole,
      status: 'active',
    });
    expect(member.body).toMatchObject({ data: { first_name: 'Mem' } });
    memberId = member.body.data.id;
    manager = { authorization: `Bearer ${await server.login(MANAGER.email, MANAGER.password)}` };
  });
  afterAll(async () => {
    await server?.close();
  });

  it('an administrator clears the 2FA secret of another user', async () => {
    await knex()('directus_users').where('id', memberId).update({ '2fa_secret': 'JBSWY3DPEHPK3PXP' });
    expect(await code('PATCH', `/users/${memberId}`, { '2fa_secret': null })).toEqual([200, undefined]);
    expect((await knex()('directus_users').where('id', memberId).first())['2fa_secret']).toBeNull();
  });

  it('an administrator sets the password of another user, who then signs in with it', async () => {
    expect(await code('PATCH', `/users/${memberId}`, { password: NEW_PASSWORD })).toEqual([200, undefined]);
    await expect(server.login(MEMBER.email, NEW_PASSWORD)).resolves.toBeTruthy();
  });

  it('a non-admin who may update users may suspend one, but not change their role, 2FA or password', async () => {
    await knex()('directus_users').where('id', memberId).update({ '2fa_secret': 'JBSWY3DPEHPK3PXP' });
    expect(await code('PATCH', `/users/${memberId}`, { role: 1 }, manager)).toEqual([403, 10]);
    expect(await code('PATCH', `/users/${memberId}`, { '2fa_secret': null }, manager)).toEqual([403, 10]);
    expect(await code('PATCH', `/users/${memberId}`, { password: 'taken over 12345' }, manager)).toEqual([
      403, 10,
    ]);
    const row = await knex()('directus_users').where('id', memberId).first();
    expect(row['2fa_secret']).toBe('JBSWY3DPEHPK3PXP');
    expect(row.role).toBe(managerRole);
    // Suspended, the user is out of the role's sight (its read rows cover active users): 204.
    const suspended = await call('PATCH', `/users/${memberId}`, { status: 'suspended' }, manager);
    expect(suspended.status).toBeLessThan(300);
    expect((await knex()('directus_users').where('id', memberId).first()).status).toBe('suspended');
    expect(await code('PATCH', `/users/${memberId}`, { status: 'active' })).toEqual([200, undefined]);
    // Their own password stays theirs to change, with the current one (My profile), not by a plain write.
    expect(await code('PATCH', '/users/me', { password: MANAGER.password }, manager)).toEqual([403, 10]);
    expect(
      await code(
        'POST',
        '/users/me/password',
        { current_password: MANAGER.password, password: MANAGER.password },
        manager,
      ),
    ).toEqual([204, undefined]);
  });

  it('a non-admin may not change an administrator', async () => {
    expect(await code('PATCH', '/users/1', { status: 'suspended' }, manager)).toEqual([403, 10]);
    expect(await code('PATCH', '/users/1', { first_name: 'Boss' }, manager)).toEqual([403, 10]);
    expect((await knex()('directus_users').where('id', 1).first()).status).toBe('active');
  });

  it('only an administrator signs another user out everywhere', async () => {
    await knex()('directus_users').where('id', memberId).update({ '2fa_secret': null });
    const member = { authorization: `Bearer ${await server.login(MEMBER.email, NEW_PASSWORD)}` };
    expect(await code('GET', '/users/me', undefined, member)).toEqual([200, undefined]);
    expect(await code('POST', `/auth/logout/${memberId}`, undefined, manager)).toEqual([403, 10]);
    expect(await code('POST', `/auth/logout/${memberId}`)).toEqual([204, undefined]);
    expect((await call('GET', '/users/me', undefined, member)).status).toBe(401);
  });
});
