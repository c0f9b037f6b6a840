import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaCache } from '../../server/schema/cache';
import { testVendors } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { createItemsFixture } from '../server/items-helpers';

/**
 * Threat: a field's validation pattern is bypassed by sending a number (or another non-string
 * JSON value) that is stored as text: `{"email": 12345}` was stored as "12345", a rating pattern
 * let any number through. The value is validated as it will be stored.
 */
describe.each(testVendors)('validation patterns on non-string values (%s)', (vendor) => {
  let server: TestServer;
  let admin: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { loginRateLimit: 10_000 } });
    await createItemsFixture(server);
    const knex = server.project.knex;
    await knex('directus_fields')
      .where({ collection: 'notes', field: 'code' })
      .update({ validation: '/^[1-5]$/' });
    schemaCache.invalidate(server.project.key);
    admin = { authorization: `Bearer ${await server.login()}` };
  });
  afterAll(async () => {
    await server?.close();
  });

  const create = (payload: Record<string, unknown>) =>
    server.inject({ method: 'POST', url: '/test/items/notes', headers: admin, payload });

  it('refuses a number that does not match the pattern (422 code 4), on create and update', async () => {
    for (const code of [12345, 9, true]) {
      const res = await create({ title: 'Rated', code });
      expect([res.statusCode, res.json().error?.code]).toEqual([422, 4]);
    }
    const ok = await create({ title: 'Rated', code: 4 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.code).toBe('4');
    const patched = await server.inject({
      method: 'PATCH',
      url: `/test/items/notes/${ok.json().data.id}`,
      headers: admin,
      payload: { code: 6 },
    });
    expect([patched.statusCode, patched.json().error?.code]).toEqual([422, 4]);
  });

  it('refuses `{"email": 12345}` for a user\'s email', async () => {
    const created = await server.inject({
      method: 'POST',
      url: '/test/users',
      headers: admin,
      payload: { email: 12345, status: 'active', first_name: 'N', last_name: 'N' },
    });
    expect([created.statusCode, created.json().error?.code]).toEqual([422, 4]);
    const patched = await server.inject({
      method: 'PATCH',
      url: '/test/users/me',
      headers: admin,
      payload: { email: 12345 },
    });
    expect([patched.statusCode, patched.json().error?.code]).toEqual([422, 4]);
    expect(await server.project.knex('directus_users').where('email', '12345').first()).toBeUndefined();
  });
});
