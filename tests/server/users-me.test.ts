import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVendors } from '../helpers/databases';
import { ADMIN, startTestServer, type TestServer } from '../helpers/server';
import { createUser, guardedInject } from './auth-helpers';

describe.each(testVendors)('/users/me (%s)', (vendor) => {
  let server: TestServer;
  let inject: ReturnType<typeof guardedInject>;
  let headers: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { loginRateLimit: 10_000 } });
    inject = guardedInject(server, [ADMIN.password]);
    await server.project
      .knex('directus_users')
      .where('id', 1)
      .update({ token: 'users-me-static-token-xyz', '2fa_secret': null });
    headers = { authorization: `Bearer ${await server.login()}` };
  });
  afterAll(async () => {
    await server?.close();
  });

  it('returns the caller without secrets, all fields by default', async () => {
    const res = await inject({ method: 'GET', url: '/test/users/me', headers });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ id: 1, email: ADMIN.email, status: 'active' });
    for (const secret of ['password', 'token', '2fa_secret', 'password_reset_token'])
      expect(data).not.toHaveProperty(secret);
    expect(data).toHaveProperty('last_page');
  });

  it('supports fields as CSV and as an array, expands role.*, ignores secret columns, rejects unknown ones', async () => {
    const csv = await inject({
      method: 'GET',
      url: '/test/users/me?fields=id,email,password,token',
      headers,
    });
    expect(csv.json().data).toEqual({ id: 1, email: ADMIN.email });
    const array = await inject({
      method: 'GET',
      url: '/test/users/me?fields[0]=id&fields[1]=role.*&fields[2]=last_page&fields[3]=theme',
      headers,
    });
    const data = array.json().data;
    expect(Object.keys(data).sort()).toEqual(['id', 'last_page', 'role', 'theme']);
    expect(data.role).toMatchObject({ id: 1, name: 'Administrator' });
    const unknown = await inject({ method: 'GET', url: '/test/users/me?fields=id,nope', headers });
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([422, 202]);
  });

  it('is 401 code 3 for anonymous callers', async () => {
    const res = await inject({ method: 'GET', url: '/test/users/me' });
    expect([res.statusCode, res.json().error.code]).toEqual([401, 3]);
  });

  it('tracks the last page for the caller only', async () => {
    const res = await inject({
      method: 'PATCH',
      url: '/test/users/me/tracking/page',
      headers,
      payload: { last_page: '/collections/articles' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.last_page).toBe('/collections/articles');
    const row = await server.project
      .knex('directus_users')
      .where('id', 1)
      .first('last_page', 'last_access_on');
    expect(row.last_page).toBe('/collections/articles');
    expect(row.last_access_on).toBeTruthy();
    const byId = await inject({
      method: 'PATCH',
      url: '/test/users/1/tracking/page',
      headers,
      payload: { last_page: '/settings' },
    });
    expect(byId.json().data.last_page).toBe('/settings');
    const other = await createUser(server, { email: 'someone@example.com', password: 'irrelevant pass' });
    const refused = await inject({
      method: 'PATCH',
      url: `/test/users/${other}/tracking/page`,
      headers,
      payload: { last_page: '/x' },
    });
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 10]);
    const invalid = await inject({
      method: 'PATCH',
      url: '/test/users/me/tracking/page',
      headers,
      payload: { last_page: 5 },
    });
    expect([invalid.statusCode, invalid.json().error.code]).toEqual([422, 4]);
    const anonymous = await inject({
      method: 'PATCH',
      url: '/test/users/me/tracking/page',
      payload: { last_page: '/x' },
    });
    expect([anonymous.statusCode, anonymous.json().error.code]).toEqual([401, 3]);
  });
});
