import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITOR_EMAIL, seedDemo } from '../../server/database/demo';
import { schemaCache } from '../../server/schema/cache';
import { testVendors } from '../helpers/databases';
import { projectCaller, startTestServer, type TestServer } from '../helpers/server';

/**
 * Threat: revisions and the activity log replay what an item held, so a caller who may not read
 * an item (or some of its fields) read it there. On the demo project the editor never sees
 * authors' emails, soft-deleted articles or the webhooks (admin only); its revisions show only
 * what a read of the recorded item itself would show, and they cannot be filtered on either.
 */
const EDITOR_PASSWORD = 'editor pass phrase';
const SECRET_EMAIL = 'hidden.author@example.com';

describe.each(testVendors)('revisions follow the read permissions of what they record on %s', (vendor) => {
  let server: TestServer;
  let adminToken = '';
  let editorToken = '';
  let deletedArticle = 0;
  let publishedArticle = 0;
  let webhook = 0;
  const admin = () => projectCaller(server.inject, () => ({ authorization: `Bearer ${adminToken}` }));
  const editor = () => projectCaller(server.inject, () => ({ authorization: `Bearer ${editorToken}` }));

  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { loginRateLimit: 10_000 } });
    const knex = server.project.knex;
    await seedDemo(knex, { editorPassword: EDITOR_PASSWORD });
    schemaCache.invalidate(server.project.key);
    adminToken = await server.login();
    editorToken = await server.login(DEMO_EDITOR_EMAIL, EDITOR_PASSWORD);

    // An administrator edits an author (email included), soft-deletes one article, edits a
    // published one and creates a webhook with a secret in its URL.
    const { call } = admin();
    expect((await call('PATCH', '/items/authors/2', { email: SECRET_EMAIL, bio: 'New bio' })).status).toBe(
      200,
    );
    const articles = await knex('articles').where('status', 'published').orderBy('id').limit(2).select('id');
    [deletedArticle, publishedArticle] = articles.map((row) => Number(row.id));
    // A soft-deleted item is no longer readable: 204.
    expect((await call('PATCH', `/items/articles/${deletedArticle}`, { status: 'deleted' })).status).toBe(
      204,
    );
    expect(
      (await call('PATCH', `/items/articles/${publishedArticle}`, { title: 'Still public' })).status,
    ).toBe(200);
    const created = await call('POST', '/webhooks', {
      status: 'inactive',
      http_action: 'post',
      url: 'https://hooks.example.com/secret-token-123',
      collection: 'articles',
      directus_action: 'item.create:after',
    });
    expect(created.status).toBe(200);
    webhook = Number(created.body.data.id);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('hides blacklisted fields of a readable item in its revisions', async () => {
    const { call } = editor();
    const answer = await call('GET', '/items/authors/2/revisions?fields=id,data,delta&limit=-1');
    expect(answer.status).toBe(200);
    const revisions = answer.body.data as Array<{ data: Record<string, unknown>; delta: unknown }>;
    expect(revisions.length).toBeGreaterThan(0);
    expect(JSON.stringify(revisions)).not.toContain(SECRET_EMAIL);
    for (const revision of revisions) {
      expect(revision.data).not.toHaveProperty('email');
      if (revision.delta) expect(revision.delta).not.toHaveProperty('email');
    }
    // What the editor may read is still there.
    expect(revisions.some((revision) => revision.data?.bio === 'New bio')).toBe(true);

    const listed = await call(
      'GET',
      '/revisions?filter[collection]=authors&filter[item]=2&fields=data,delta',
    );
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body.data)).not.toContain(SECRET_EMAIL);
  });

  it('keeps revisions of unreadable items and collections empty', async () => {
    const { call } = editor();
    const deleted = await call(
      'GET',
      `/revisions?filter[collection]=articles&filter[item]=${deletedArticle}&fields=id,data,delta`,
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.length).toBeGreaterThan(0);
    for (const revision of deleted.body.data) {
      expect(revision.data).toBeNull();
      expect(revision.delta).toBeNull();
    }

    const hooks = await call(
      'GET',
      '/revisions?filter[collection]=directus_webhooks&fields=id,item,data,delta',
    );
    expect(hooks.status).toBe(200);
    expect(hooks.body.data.some((revision: { item: string }) => revision.item === String(webhook))).toBe(
      true,
    );
    expect(JSON.stringify(hooks.body.data)).not.toContain('secret-token-123');

    // A whole listing, whatever fields it asks for, holds none of them.
    const all = await call('GET', '/revisions?limit=-1&fields=*');
    expect(all.status).toBe(200);
    const text = JSON.stringify(all.body.data);
    expect(text).not.toContain('secret-token-123');
    expect(text).not.toContain(SECRET_EMAIL);

    // The readable published article keeps its history.
    const visible = await call('GET', `/items/articles/${publishedArticle}/revisions?fields=data,delta`);
    expect(visible.status).toBe(200);
    expect(
      visible.body.data.some(
        (revision: { delta: { title?: string } | null }) => revision.delta?.title === 'Still public',
      ),
    ).toBe(true);
  });

  it('refuses to filter, search or sort on recorded payloads', async () => {
    const { code, call } = editor();
    expect(await code('GET', '/revisions?filter[data][contains]=hidden.author')).toEqual([403, 215]);
    expect(await code('GET', '/revisions?filter[delta][contains]=secret-token')).toEqual([403, 215]);
    expect(await code('GET', '/revisions?sort=data')).toEqual([403, 215]);
    expect(await code('GET', '/activity?filter[comment][contains]=x')).toEqual([403, 215]);
    const searched = await call('GET', '/revisions?q=secret-token-123&fields=id');
    expect(searched.status).toBe(200);
    expect(searched.body.data).toEqual([]);
  });

  it('leaves administrators the whole history', async () => {
    const { call, code } = admin();
    const answer = await call('GET', '/items/authors/2/revisions?fields=delta');
    expect(JSON.stringify(answer.body.data)).toContain(SECRET_EMAIL);
    const hooks = await call(
      'GET',
      `/revisions?filter[collection]=directus_webhooks&filter[item]=${webhook}`,
    );
    expect(JSON.stringify(hooks.body.data)).toContain('secret-token-123');
    expect((await code('GET', '/revisions?filter[data][contains]=hidden.author'))[0]).toBe(200);
  });
  it('restores only readable fields when a revert comes from a caller who cannot read them all', async () => {
    const knex = server.project.knex;
    const { role } = await knex('directus_users').where('email', DEMO_EDITOR_EMAIL).first('role');
    // For this test the editor may update authors (it still never reads their emails).
    await knex('directus_permissions').where({ role, collection: 'authors' }).update({ update: 'full' });
    schemaCache.invalidate(server.project.key);
    try {
      const { call } = admin();
      await call('PATCH', '/items/authors/3', { email: 'old.address@example.com', bio: 'Old bio' });
      await call('PATCH', '/items/authors/3', { email: 'current.address@example.com', bio: 'Current bio' });
      const revisions = await call('GET', '/items/authors/3/revisions?fields=id,data&sort=id');
      const old = revisions.body.data.find(
        (row: { data: { email?: string } }) => row.data?.email === 'old.address@example.com',
      );
      expect(old).toBeDefined();
      expect((await editor().call('PATCH', `/items/authors/3/revert/${old.id}`)).status).toBe(200);
      const row = await knex('authors').where('id', 3).first();
      expect(row.bio).toBe('Old bio');
      expect(row.email).toBe('current.address@example.com');
    } finally {
      await knex('directus_permissions').where({ role, collection: 'authors' }).update({ update: 'none' });
      schemaCache.invalidate(server.project.key);
    }
  });
});
