import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVendors } from '../helpers/databases';
import { projectCaller, startTestServer, type TestServer } from '../helpers/server';
import { createItemsFixture, createRole, createUser, grant, insertId } from './items-helpers';

/**
 * "What this role can see": an administrator reads with `X-Octavo-Preview-Role` as the role would
 * (docs/compatibility.md); nobody else may use the header and no write goes through with it. Also the
 * role delete rules of the roles screen: roles 1 and 2 stay, a role with users is not deleted.
 */
describe.each(testVendors)('role preview and role deletes (%s)', (vendor) => {
  let server: TestServer;
  let reviewer: number;
  let adminToken = '';
  let reviewerToken = '';

  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { loginRateLimit: 10_000 } });
    await createItemsFixture(server);
    const knex = server.project.knex;
    reviewer = await createRole(knex, 'Reviewer');
    await grant(knex, reviewer, 'articles', {
      status: 'published',
      read: 'full',
      read_field_blacklist: 'legacy_code',
    });
    await grant(knex, reviewer, 'articles', { status: 'draft', read: 'none' });
    await grant(knex, reviewer, 'articles_translations', { read: 'full' });
    await grant(knex, reviewer, 'articles_translations', { status: '$parent:article', read: 'full' });
    await insertId(knex, 'articles_translations', { article: 9, language: 'en', title: 'Draft 9 (en)' });
    await createUser(knex, 'reviewer@example.com', 'pw-reviewer-123', reviewer);
    adminToken = await server.login();
    reviewerToken = await server.login('reviewer@example.com', 'pw-reviewer-123');
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const headers = (token: string, role?: number | string) => ({
    authorization: `Bearer ${token}`,
    ...(role === undefined ? {} : { 'x-octavo-preview-role': String(role) }),
  });
  const { call, code } = projectCaller(
    (options) => server.inject(options),
    () => headers(adminToken),
  );
  const asPreview = (role: number | string = reviewer) => headers(adminToken, role);

  it('refuses the header to anyone but an administrator', async () => {
    expect(await code('GET', '/items/articles', undefined, headers(reviewerToken, reviewer))).toEqual([
      403, 10,
    ]);
    expect(await code('GET', '/items/articles', undefined, { 'x-octavo-preview-role': '1' })).toEqual([
      403, 10,
    ]);
    // Without the header the reviewer reads as always.
    const own = await call('GET', '/items/articles?fields=id&limit=-1', undefined, headers(reviewerToken));
    expect(own.status).toBe(200);
  });

  it('refuses a header that names no role', async () => {
    expect(await code('GET', '/items/articles', undefined, asPreview('abc'))).toEqual([422, 4]);
    expect(await code('GET', '/items/articles', undefined, asPreview(9999))).toEqual([422, 4]);
  });

  it('reads as the role: invisible rows absent, blacklisted fields hidden', async () => {
    const res = await call('GET', '/items/articles?limit=-1&meta=filter_count', undefined, asPreview());
    expect(res.status).toBe(200);
    const rows = res.body.data as Array<Record<string, unknown>>;
    expect(rows.map((row) => row.id).sort((a, b) => Number(a) - Number(b))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(rows.every((row) => row.status === 'published')).toBe(true);
    expect(rows.some((row) => 'legacy_code' in row)).toBe(false);
    expect(res.body.meta.filter_count).toBe(8);
    expect(res.body.public).toBeUndefined();
    // A draft reads as missing; asking for the hidden field answers as it does the role's users.
    expect(await code('GET', '/items/articles/9', undefined, asPreview())).toEqual([404, 203]);
    const explicit = await call('GET', '/items/articles?fields=id,legacy_code', undefined, asPreview());
    const member = await call(
      'GET',
      '/items/articles?fields=id,legacy_code',
      undefined,
      headers(reviewerToken),
    );
    expect(explicit).toEqual(member);
    expect(JSON.stringify(explicit.body)).not.toContain('L-');
    // The same reads without the header are the administrator's own.
    const all = await call('GET', '/items/articles?limit=-1&fields=id,legacy_code');
    expect(all.body.data).toHaveLength(10); // soft-deleted ones are left out by default
    expect(all.body.data[0].legacy_code).toMatch(/^L-/);
  });

  it('follows parents as the role would ($parent rows)', async () => {
    const res = await call(
      'GET',
      '/items/articles_translations?limit=-1&fields=title',
      undefined,
      asPreview(),
    );
    expect(res.status).toBe(200);
    const titles = (res.body.data as Array<{ title: string }>).map((row) => row.title).sort();
    expect(titles).toEqual(['Article 1 (en)', 'Article 2 (en)', 'Artikel 1']);
  });

  it('matches what a user of the role reads', async () => {
    const path = '/items/articles?limit=-1&fields=*&sort=id';
    const preview = await call('GET', path, undefined, asPreview());
    const member = await call('GET', path, undefined, headers(reviewerToken));
    expect(preview.body.data).toEqual(member.body.data);
  });

  it('collections the role cannot read answer as for the role', async () => {
    expect(await code('GET', '/items/authors', undefined, asPreview())).toEqual([403, 300]);
    expect(await code('GET', '/settings', undefined, asPreview())).not.toEqual([200, undefined]);
    // Admin-only endpoints are closed while previewing a role other than the administrators'.
    const [status] = await code('GET', '/webhooks', undefined, asPreview());
    expect(status).toBeGreaterThanOrEqual(400);
  });

  it('refuses every write with the header, whatever the role could do', async () => {
    const knex = server.project.knex;
    await grant(knex, reviewer, 'tags', { create: 'full', read: 'full', update: 'full', delete: 'full' });
    const before = await knex('tags').count({ count: '*' });
    const writes: Array<[string, string, unknown]> = [
      ['POST', '/items/tags', { name: 'from preview' }],
      ['PATCH', '/items/tags/1', { name: 'changed' }],
      ['PATCH', '/items/tags', [{ id: 1, name: 'changed' }]],
      ['DELETE', '/items/tags/1', undefined],
      ['PATCH', '/roles/' + reviewer, { name: 'Hijacked' }],
      ['POST', '/permissions', { role: reviewer, collection: 'authors', read: 'full' }],
      ['DELETE', '/roles/' + reviewer, undefined],
    ];
    for (const [method, path, body] of writes) {
      expect([method, path, await code(method as 'POST', path, body, asPreview())]).toEqual([
        method,
        path,
        [403, 10],
      ]);
    }
    // Previewing the administrators' own role reads everything but still writes nothing.
    expect(await code('POST', '/items/tags', { name: 'x' }, asPreview(1))).toEqual([403, 10]);
    expect((await call('GET', '/items/authors?fields=id', undefined, asPreview(1))).status).toBe(200);
    expect(await knex('tags').count({ count: '*' })).toEqual(before);
    expect((await knex('tags').where('id', 1).first('name')).name).not.toBe('changed');
    expect((await knex('directus_roles').where('id', reviewer).first('name')).name).toBe('Reviewer');
  });

  it('accepts a $parent row only for a many-to-one field', async () => {
    const row = { role: reviewer, collection: 'articles_translations', read: 'none' };
    expect(await code('POST', '/permissions', { ...row, status: '$parent:title' })).toEqual([422, 4]);
    expect(await code('POST', '/permissions', { ...row, status: '$parent:nothing' })).toEqual([422, 4]);
    const existing = await server.project
      .knex('directus_permissions')
      .where({ role: reviewer, status: '$parent:article' })
      .first('id');
    expect(await code('PATCH', `/permissions/${existing.id}`, { status: '$parent:language' })).toEqual([
      422, 4,
    ]);
    // Several rows in one batch: all or nothing.
    const batch = await call('PATCH', '/permissions', [
      { id: existing.id, read: 'none' },
      { ...row, collection: 'comments', status: '$parent:body' },
    ]);
    expect(batch.status).toBe(422);
    const after = await server.project.knex('directus_permissions').where('id', existing.id).first('read');
    expect(after.read).toBe('full');
  });

  describe('role deletes', () => {
    it('keeps the administrators and the public role', async () => {
      expect(await code('DELETE', '/roles/1')).toEqual([401, 3]);
      expect(await code('DELETE', '/roles/2')).toEqual([401, 3]);
    });

    it('refuses to delete a role that still has users, with their count', async () => {
      const res = await call('DELETE', `/roles/${reviewer}`);
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe(12);
      expect(res.body.error.message).toContain('Reviewer');
      expect(res.body.error.message).toContain('1 user');
      const knex = server.project.knex;
      expect(await knex('directus_roles').where('id', reviewer).first('id')).toBeTruthy();
      expect(await knex('directus_permissions').where('role', reviewer).first('id')).toBeTruthy();
    });

    it('deletes the role with its permissions once its users are moved', async () => {
      const created = await call('POST', '/roles', { name: 'Moving' });
      const moving = created.body.data.id as number;
      const knex = server.project.knex;
      const user = await createUser(knex, 'mover@example.com', 'pw-mover-123', moving);
      expect(await code('DELETE', `/roles/${moving}`)).toEqual([422, 12]);
      expect(await code('PATCH', `/users/${user}`, { role: reviewer })).toEqual([200, undefined]);
      expect(await code('DELETE', `/roles/${moving}`)).toEqual([204, undefined]);
      expect(await knex('directus_permissions').where('role', moving).first('id')).toBeUndefined();
      expect(Number((await knex('directus_users').where('id', user).first('role')).role)).toBe(reviewer);
    });
  });
});
