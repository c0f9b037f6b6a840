import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVendors } from '../helpers/databases';
import { ADMIN, startTestServer, type TestServer } from '../helpers/server';

/**
 * Threat: a write the caller may not make still runs the collection's hooks, whose answers leak
 * state (an editor patching the only administrator's status got 500 code 216 "last active
 * administrator" instead of 403). Permission checks come before hooks.
 */
describe.each(testVendors)('permission checks before hooks (%s)', (vendor) => {
  let server: TestServer;
  let editorHeaders: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { loginRateLimit: 10_000 } });
    const admin = { authorization: `Bearer ${await server.login()}` };
    const role = (
      await server.inject({
        method: 'POST',
        url: '/test/roles',
        headers: admin,
        payload: { name: 'Editors' },
      })
    ).json().data.id;
    await server.inject({
      method: 'POST',
      url: '/test/users',
      headers: admin,
      payload: {
        email: 'editor@example.com',
        password: 'editor password 1',
        role,
        status: 'active',
        first_name: 'Ed',
        last_name: 'Itor',
      },
    });
    editorHeaders = {
      authorization: `Bearer ${await server.login('editor@example.com', 'editor password 1')}`,
    };
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers 403 to an editor changing the only administrator's status, not the hook's 216", async () => {
    for (const status of ['suspended', 'draft']) {
      const res = await server.inject({
        method: 'PATCH',
        url: '/test/users/1',
        headers: editorHeaders,
        payload: { status },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).not.toBe(216);
    }
    const admin = await server.project.knex('directus_users').where('id', 1).first('status');
    expect(admin.status).toBe('active');
    // The administrator's own change still meets the hook's rule.
    const own = await server.inject({
      method: 'PATCH',
      url: '/test/users/1',
      headers: { authorization: `Bearer ${await server.login(ADMIN.email, ADMIN.password)}` },
      payload: { status: 'suspended' },
    });
    expect([own.statusCode, own.json().error.code]).toEqual([500, 216]);
  });
});
