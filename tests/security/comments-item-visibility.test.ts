import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITOR_EMAIL, seedDemo } from '../../server/database/demo';
import { schemaCache } from '../../server/schema/cache';
import { testVendors } from '../helpers/databases';
import { projectCaller, startTestServer, type TestServer } from '../helpers/server';

/**
 * Threat: comments as an existence oracle and a side channel. The comment level is set per
 * collection, so a caller with a comment grant could post on an item it may not read (and learn
 * that it exists: 200 against 404) and read what others wrote there. Posting, changing and reading
 * comments now need the item itself to be readable.
 */
const EDITOR_PASSWORD = 'editor pass phrase';

describe.each(testVendors)('comments need the item to be readable on %s', (vendor) => {
  let server: TestServer;
  let adminToken = '';
  let editorToken = '';
  let hidden = 0;
  let visible = 0;
  let adminComment = 0;
  const admin = () => projectCaller(server.inject, () => ({ authorization: `Bearer ${adminToken}` }));
  const editor = () => projectCaller(server.inject, () => ({ authorization: `Bearer ${editorToken}` }));

  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { loginRateLimit: 10_000 } });
    const knex = server.project.knex;
    await seedDemo(knex, { editorPassword: EDITOR_PASSWORD });
    // The editor reads the whole activity log here, to show comments are filtered by item.
    const { role } = await knex('directus_users').where('email', DEMO_EDITOR_EMAIL).first('role');
    await knex('directus_permissions')
      .where({ role, collection: 'directus_activity' })
      .update({ read: 'full' });
    schemaCache.invalidate(server.project.key);
    adminToken = await server.login();
    editorToken = await server.login(DEMO_EDITOR_EMAIL, EDITOR_PASSWORD);
    const rows = await knex('articles').where('status', 'published').orderBy('id').limit(2).select('id');
    [hidden, visible] = rows.map((row) => Number(row.id));
    const { call } = admin();
    const posted = await call('POST', '/activity/comment', {
      collection: 'articles',
      item: hidden,
      comment: 'internal: legal hold on this story',
    });
    expect(posted.status).toBe(200);
    adminComment = Number(posted.body.data.id);
    expect(
      (
        await call('POST', '/activity/comment', {
          collection: 'articles',
          item: visible,
          comment: 'fine to read',
        })
      ).status,
    ).toBe(200);
    // Soft-deleted: the editor may no longer read it.
    expect((await call('PATCH', `/items/articles/${hidden}`, { status: 'deleted' })).status).toBe(204);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('answers an unreadable item like a missing one when posting', async () => {
    const { code, call } = editor();
    expect(
      await code('POST', '/activity/comment', { collection: 'articles', item: hidden, comment: 'hi' }),
    ).toEqual([404, 203]);
    expect(
      await code('POST', '/activity/comment', { collection: 'articles', item: 999999, comment: 'hi' }),
    ).toEqual([404, 203]);
    const ok = await call('POST', '/activity/comment', {
      collection: 'articles',
      item: visible,
      comment: 'mine',
    });
    expect(ok.status).toBe(200);
  });

  it('does not show comments on items the caller cannot read', async () => {
    const { call } = editor();
    const listed = await call('GET', '/activity?filter[action]=comment&fields=id,item,comment&limit=-1');
    expect(listed.status).toBe(200);
    const rows = listed.body.data as Array<{ id: number; item: string; comment: string | null }>;
    expect(JSON.stringify(rows)).not.toContain('legal hold');
    expect(rows.find((row) => row.id === adminComment)?.comment ?? null).toBeNull();
    expect(rows.some((row) => row.comment === 'fine to read')).toBe(true);
    const one = await call('GET', `/activity/${adminComment}`);
    expect(JSON.stringify(one.body)).not.toContain('legal hold');
  });

  it('refuses changes to comments on items the caller cannot read', async () => {
    const { knex } = server.project;
    // The editor's own comment on an item it could read, which then became unreadable.
    const { call, code } = editor();
    const own = await call('POST', '/activity/comment', {
      collection: 'articles',
      item: visible,
      comment: 'draft note',
    });
    expect(own.status).toBe(200);
    await knex('articles').where('id', visible).update({ status: 'deleted' });
    expect(await code('PATCH', `/activity/comment/${own.body.data.id}`, { comment: 'edited' })).toEqual([
      404, 203,
    ]);
    expect(await code('DELETE', `/activity/comment/${own.body.data.id}`)).toEqual([404, 203]);
    await knex('articles').where('id', visible).update({ status: 'published' });
    expect((await call('PATCH', `/activity/comment/${own.body.data.id}`, { comment: 'edited' })).status).toBe(
      200,
    );
  });

  it('leaves administrators every comment', async () => {
    const { call } = admin();
    const one = await call('GET', `/activity/${adminComment}`);
    expect(one.body.data.comment).toBe('internal: legal hold on this story');
  });
});
