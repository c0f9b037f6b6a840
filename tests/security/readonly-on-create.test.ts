import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaCache } from '../../server/schema/cache';
import { testVendors } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { createItemsFixture, createRole, createUser, grant } from '../server/items-helpers';

/**
 * Threat: a non-admin sets a field the schema marks read-only by creating the item instead of
 * updating it. Read-only fields are ignored in a non-admin's create as in its update; an
 * administrator may set them, and server-managed fields are filled as before.
 */
describe.each(testVendors)('read-only fields on create (%s)', (vendor) => {
  let server: TestServer;
  let writer: Record<string, string>;
  let admin: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { loginRateLimit: 10_000 } });
    await createItemsFixture(server);
    const knex = server.project.knex;
    await knex('directus_fields').where({ collection: 'notes', field: 'code' }).update({ readonly: true });
    schemaCache.invalidate(server.project.key);
    const role = await createRole(knex, 'Writers');
    await grant(knex, role, 'notes', { create: 'full', read: 'full', update: 'full' });
    await createUser(knex, 'writer@example.com', 'writer password 1', role);
    writer = { authorization: `Bearer ${await server.login('writer@example.com', 'writer password 1')}` };
    admin = { authorization: `Bearer ${await server.login()}` };
  });
  afterAll(async () => {
    await server?.close();
  });

  const create = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    server.inject({ method: 'POST', url: '/test/items/notes', headers, payload });

  it("ignores a non-admin's value for a read-only field on create, as on update", async () => {
    const res = await create(writer, { title: 'Mine', code: 'APPROVED-1' });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id;
    const row = await server.project.knex('notes').where('id', id).first('code', 'owner');
    expect(row.code).toBeNull();
    expect(Number(row.owner)).toBeGreaterThan(1);
    const patched = await server.inject({
      method: 'PATCH',
      url: `/test/items/notes/${id}`,
      headers: writer,
      payload: { code: 'APPROVED-2' },
    });
    expect(patched.statusCode).toBe(200);
    expect((await server.project.knex('notes').where('id', id).first('code')).code).toBeNull();
  });

  it('lets an administrator set it', async () => {
    const res = await create(admin, { title: 'Admin', code: 'APPROVED-3' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.code).toBe('APPROVED-3');
  });
});
