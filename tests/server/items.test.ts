import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVendors } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { createItemsFixture, truthy } from './items-helpers';

describe.each(testVendors)('items engine (%s)', (vendor) => {
  let server: TestServer;
  let headers: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { loginRateLimit: 10_000 } });
    await createItemsFixture(server);
    headers = { authorization: `Bearer ${await server.login()}` };
  });
  afterAll(async () => {
    await server?.close();
  });

  const call = async (method: string, url: string, payload?: unknown) => {
    const res = await server.inject({
      method: method as any,
      url: `/test${url}`,
      headers,
      payload: payload as any,
    });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };
  const code = async (method: string, url: string, payload?: unknown) => {
    const res = await call(method, url, payload);
    return [res.status, res.body?.error?.code ?? null];
  };
  const knex = () => server.project.knex;
  const activityCount = async () => Number((await knex()('directus_activity').count({ n: '*' }))[0].n);
  const revisionCount = async () => Number((await knex()('directus_revisions').count({ n: '*' }))[0].n);

  describe('reads', () => {
    it('lists, reads one, reads several, and hides soft-deleted items unless asked', async () => {
      const list = await call('GET', '/items/articles?fields=id&limit=-1&meta=total_count,result_count');
      expect(list.status).toBe(200);
      expect(list.body.data.map((a: any) => a.id)).not.toContain(11);
      expect(list.body.meta).toMatchObject({ total_count: 10, result_count: 10 });
      const all = await call('GET', '/items/articles?fields=id&status=*&limit=-1');
      expect(all.body.data).toHaveLength(12);
      const one = await call('GET', '/items/articles/2?fields=id,title,author.name');
      expect(one.body.data).toEqual({ id: 2, title: 'Article 2', author: { name: 'Alan Turing' } });
      const several = await call('GET', '/items/articles/1,3?fields=id');
      expect(several.body.data).toEqual([{ id: 1 }, { id: 3 }]);
      expect(await code('GET', '/items/articles/11')).toEqual([404, 203]);
      expect(await code('GET', '/items/articles/999')).toEqual([404, 203]);
      expect(await code('GET', '/items/articles/abc')).toEqual([404, 203]);
      expect(await code('GET', '/items/nope')).toEqual([404, 200]);
      expect(await code('GET', '/items/directus_users')).toEqual([401, 201]);
      expect(await code('POST', '/items/directus_roles', { name: 'x' })).toEqual([401, 201]);
    });

    it('answers a single collection with its one item as an object', async () => {
      const empty = await call('GET', '/items/home');
      expect(empty.body.data).toEqual({});
      await call('POST', '/items/home', { headline: 'Welcome' });
      const res = await call('GET', '/items/home');
      expect(res.body.data).toMatchObject({ headline: 'Welcome' });
    });
  });

  describe('create', () => {
    it('creates one item, fills server fields, hashes, encodes json and arrays, records activity + revision', async () => {
      const before = [await activityCount(), await revisionCount()];
      const res = await call('POST', '/items/notes?comment=hello', {
        title: 'First',
        code: 'A-1',
        secret: 'p4ss',
        data: { a: [1, 2] },
        labels: ['x', 'y'],
        owner: 999,
        created_on: '2000-01-01 00:00:00',
      });
      expect(res.status).toBe(200);
      const note = res.body.data;
      expect(note).toMatchObject({
        title: 'First',
        code: 'A-1',
        status: 'draft',
        owner: 1,
        modified_by: 1,
        data: { a: [1, 2] },
        labels: ['x', 'y'],
      });
      expect(note).not.toHaveProperty('secret');
      expect(note.sort).toBe(1);
      expect(note.created_on).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
      expect(note.created_on.startsWith('2000')).toBe(false);
      const stored = await knex()('notes').where('id', note.id).first();
      expect(stored.secret).toMatch(/^\$argon2id\$/);
      expect(stored.labels).toBe('x,y');
      expect([await activityCount(), await revisionCount()]).toEqual([before[0] + 1, before[1] + 1]);
      const activity = await knex()('directus_activity').orderBy('id', 'desc').first();
      expect(activity).toMatchObject({
        action: 'create',
        collection: 'notes',
        item: String(note.id),
        comment: 'hello',
      });
      expect(Number(activity.action_by)).toBe(1);
      const revision = await knex()('directus_revisions').orderBy('id', 'desc').first();
      expect(Number(revision.activity)).toBe(Number(activity.id));
      const data = JSON.parse(revision.data);
      expect(data).toMatchObject({ id: note.id, title: 'First' });
      expect(data).not.toHaveProperty('secret');
      expect(JSON.parse(revision.delta)).toMatchObject({ title: 'First', code: 'A-1' });
      const second = await call('POST', '/items/notes', { title: 'Second' });
      expect(second.body.data.sort).toBe(2);
    });

    it('creates many from an array and answers with an array', async () => {
      const res = await call('POST', '/items/tags?fields=name', [{ name: 'a1' }, { name: 'a2' }]);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([{ name: 'a1' }, { name: 'a2' }]);
      const one = await call('POST', '/items/tags?fields=name', [{ name: 'a3' }]);
      expect(one.body.data).toEqual([{ name: 'a3' }]);
    });

    it('rejects bad payloads with the contract codes, writing nothing', async () => {
      const before = [await activityCount(), Number((await knex()('notes').count({ n: '*' }))[0].n)];
      expect(await code('POST', '/items/notes', {})).toEqual([400, 13]);
      expect(await code('POST', '/items/notes', [])).toEqual([400, 13]);
      expect(await code('POST', '/items/notes', { title: 'x', nope: 1, other: 2 })).toEqual([422, 12]);
      expect(await code('POST', '/items/notes', { title: 'x', code: 'TOO-LONG-CODE' })).toEqual([422, 12]);
      expect(await code('POST', '/items/notes', { title: 'x', code: 'lower' })).toEqual([422, 4]);
      expect(await code('POST', '/items/notes', { code: 'NOTITLE' })).toEqual([422, 4]);
      expect(await code('POST', '/items/notes', { title: ['a'] })).toEqual([422, 213]);
      expect(await code('POST', '/items/notes', { title: { a: 1 } })).toEqual([422, 213]);
      expect(await code('POST', '/items/articles', { title: 'x', views: 'many' })).toEqual([422, 4]);
      expect(await code('POST', '/items/articles', { title: 'x', published_on: '2021-02-31' })).toEqual([
        422, 4,
      ]);
      expect(await code('POST', '/items/articles', { title: null })).toEqual([422, 4]);
      expect(await code('POST', '/items/notes', { title: 'dup', code: 'A-1' })).toEqual([409, 204]);
      expect(await code('POST', '/items/tags', { id: 1, name: 'again' })).toEqual([409, 204]);
      // A batch with one bad item writes none of them.
      expect(
        await code('POST', '/items/notes', [
          { title: 'ok', code: 'B-1' },
          { title: 'bad', code: 'A-1' },
        ]),
      ).toEqual([409, 204]);
      expect([await activityCount(), Number((await knex()('notes').count({ n: '*' }))[0].n)]).toEqual(before);
    });
  });

  describe('update', () => {
    it('updates one, several with one patch, and a batch where items without a key are created', async () => {
      const one = await call('PATCH', '/items/notes/1?fields=id,title,modified_by', { title: 'First!' });
      expect(one.body.data).toEqual({ id: 1, title: 'First!', modified_by: 1 });
      const revision = await knex()('directus_revisions').orderBy('id', 'desc').first();
      expect(JSON.parse(revision.delta)).toEqual({ title: 'First!' });
      const several = await call('PATCH', '/items/articles/1,2?fields=id,views', { views: 5 });
      expect(several.body.data).toEqual([
        { id: 1, views: 5 },
        { id: 2, views: 5 },
      ]);
      const batch = await call('PATCH', '/items/tags?fields=id,name', [
        { id: 1, name: 'Science' },
        { name: 'brand new' },
      ]);
      expect(batch.status).toBe(200);
      expect(batch.body.data[0]).toEqual({ id: 1, name: 'Science' });
      expect(batch.body.data[1].name).toBe('brand new');
      expect(await code('PATCH', '/items/tags', { name: 'no key' })).toEqual([422, 12]);
      expect(await code('PATCH', '/items/tags', [{ id: 1, name: 'x' }, 'bad'])).toEqual([422, 4]);
      expect(await code('PATCH', '/items/tags/1', {})).toEqual([400, 13]);
      expect(await code('PATCH', '/items/tags/999', { name: 'x' })).toEqual([404, 203]);
      expect(await code('PATCH', '/items/tags/1', { nope: 'x' })).toEqual([422, 12]);
      expect(await code('PATCH', '/items/notes/1', { title: '' })).toEqual([422, 4]);
    });

    it('soft-deletes through the status and answers 204 when the item is no longer readable', async () => {
      const created = await call('POST', '/items/notes', { title: 'to hide', status: 'published' });
      const id = created.body.data.id;
      const res = await call('PATCH', `/items/notes/${id}`, { status: 'deleted' });
      expect(res.status).toBe(204);
      const activity = await knex()('directus_activity').orderBy('id', 'desc').first();
      expect(activity.action).toBe('soft-delete');
      const asked = await call('PATCH', `/items/notes/${id}?status=*&fields=status`, {
        title: 'still hidden',
      });
      expect(asked.body.data).toEqual({ status: 'deleted' });
      expect(await code('GET', `/items/notes/${id}`)).toEqual([404, 203]);
      const listed = await call('GET', '/items/notes?fields=id&status=deleted');
      expect(listed.body.data).toEqual([{ id }]);
    });
  });

  describe('delete', () => {
    it('deletes one or several and records delete activity without revisions', async () => {
      const created = await call('POST', '/items/tags', [{ name: 'd1' }, { name: 'd2' }, { name: 'd3' }]);
      const [a, b, c] = created.body.data.map((t: any) => t.id);
      const revisions = await revisionCount();
      const res = await call('DELETE', `/items/tags/${a}`);
      expect(res.status).toBe(204);
      expect((await call('DELETE', `/items/tags/${b},${c}`)).status).toBe(204);
      expect(await revisionCount()).toBe(revisions);
      const rows = await knex()('directus_activity').where('action', 'delete').where('collection', 'tags');
      expect(rows.map((r: any) => r.item).sort()).toEqual([a, b, c].map(String).sort());
      expect(await code('DELETE', `/items/tags/${a}`)).toEqual([404, 203]);
      // A missing key in a batch rolls the whole delete back.
      const keep = (await call('POST', '/items/tags', { name: 'keep' })).body.data.id;
      expect(await code('DELETE', `/items/tags/${keep},99999`)).toEqual([404, 203]);
      expect(await knex()('tags').where('id', keep).first()).toBeTruthy();
    });

    it('skips activity with activity_skip=1', async () => {
      const before = await activityCount();
      const res = await call('POST', '/items/tags?activity_skip=1', { name: 'quiet' });
      await call('PATCH', `/items/tags/${res.body.data.id}?activity_skip=1`, { name: 'quieter' });
      await call('DELETE', `/items/tags/${res.body.data.id}?activity_skip=1`);
      expect(await activityCount()).toBe(before);
    });
  });

  describe('nested writes', () => {
    it('creates, updates, attaches and deletes through m2o, o2m and m2m in one request', async () => {
      const res = await call(
        'POST',
        '/items/articles?fields=id,title,author.name,comments.body,tags.tag.name',
        {
          title: 'Nested',
          author: { name: 'New Author' },
          comments: [{ body: 'c1' }, { body: 'c2' }],
          tags: [{ tag: { name: 'nested-tag' } }, { tag: 2 }],
        },
      );
      expect(res.status).toBe(200);
      const article = res.body.data;
      expect(article.author).toEqual({ name: 'New Author' });
      expect(article.comments.map((c: any) => c.body)).toEqual(['c1', 'c2']);
      expect(article.tags.map((t: any) => t.tag.name).sort()).toEqual(['history', 'nested-tag']);
      const revisions = await knex()('directus_revisions')
        .where('parent_collection', 'articles')
        .where('parent_item', String(article.id));
      expect(revisions.map((r: any) => r.collection).sort()).toEqual([
        'articles_tags',
        'articles_tags',
        'comments',
        'comments',
      ]);

      const comments = await knex()('comments').where('article', article.id).orderBy('id');
      const junctions = await knex()('articles_tags').where('article', article.id).orderBy('id');
      const authorId = (await knex()('articles').where('id', article.id).first()).author;
      const patched = await call(
        'PATCH',
        `/items/articles/${article.id}?fields=id,author.name,comments.id,comments.body,tags.tag.name`,
        {
          author: { id: authorId, name: 'Renamed Author' },
          comments: [
            { id: comments[0].id, body: 'c1 edited' },
            { id: comments[1].id, $delete: true },
            { body: 'c3' },
            7,
          ],
          tags: [{ id: junctions[0].id, $delete: true }],
        },
      );
      expect(patched.status).toBe(200);
      const data = patched.body.data;
      expect(data.author).toEqual({ name: 'Renamed Author' });
      expect(data.comments.map((c: any) => c.body).sort()).toEqual(['Hmm', 'c1 edited', 'c3']);
      expect(data.tags.map((t: any) => t.tag.name)).toEqual(['history']);
      expect(await knex()('tags').where('name', 'nested-tag').first()).toBeTruthy();
      expect(await knex()('comments').where('id', comments[1].id).first()).toBeUndefined();

      const detach = await call('PATCH', `/items/articles/${article.id}?fields=comments.id`, {
        comments: [{ id: 7, article: null }],
      });
      expect(detach.body.data.comments.map((c: any) => c.id)).not.toContain(7);
      const m2oDelete = await call('PATCH', `/items/articles/${article.id}?fields=author`, {
        author: { id: authorId, $delete: true },
      });
      expect(m2oDelete.body.data).toEqual({ author: null });
      expect(await knex()('authors').where('id', authorId).first()).toBeUndefined();
    });

    it('rolls everything back when a nested write fails', async () => {
      const counts = async () =>
        Promise.all(
          ['articles', 'authors', 'comments', 'directus_activity', 'directus_revisions'].map(async (t) =>
            Number((await knex()(t).count({ n: '*' }))[0].n),
          ),
        );
      const before = await counts();
      const res = await call('POST', '/items/articles', {
        title: 'Doomed',
        author: { name: 'Doomed author' },
        comments: [{ body: 'fine' }, { body: 'x'.repeat(300) }],
      });
      expect([res.status, res.body.error.code]).toEqual([422, 12]);
      const update = await call('PATCH', '/items/articles/1', {
        title: 'Changed',
        comments: [{ body: 'ok' }, { id: 424242, $delete: true }],
      });
      expect([update.status, update.body.error.code]).toEqual([404, 203]);
      expect(await counts()).toEqual(before);
      expect((await knex()('articles').where('id', 1).first()).title).toBe('Article 1');
    });
  });

  describe('revisions and revert', () => {
    it("lists an item's revisions, reads one by offset, and reverts", async () => {
      const created = await call('POST', '/items/notes', { title: 'v1', code: 'R-1' });
      const id = created.body.data.id;
      await call('PATCH', `/items/notes/${id}`, { title: 'v2' });
      await call('PATCH', `/items/notes/${id}`, { title: 'v3' });
      const list = await call('GET', `/items/notes/${id}/revisions?fields=id,data,delta&sort=id`);
      expect(list.body.data.map((r: any) => r.data.title)).toEqual(['v1', 'v2', 'v3']);
      expect(list.body.data[1].delta).toEqual({ title: 'v2' });
      const first = await call('GET', `/items/notes/${id}/revisions/0`);
      expect(first.body.data.data.title).toBe('v1');
      expect(await code('GET', `/items/notes/${id}/revisions/9`)).toEqual([404, 203]);
      expect(await code('GET', `/items/notes/${id}/revisions/x`)).toEqual([422, 4]);
      const reverted = await call(
        'PATCH',
        `/items/notes/${id}/revert/${first.body.data.id}?fields=title,code`,
      );
      expect(reverted.body.data).toEqual({ title: 'v1', code: 'R-1' });
      const activity = await knex()('directus_activity').orderBy('id', 'desc').first();
      expect(activity.action).toBe('revert');
      const other = await call('GET', '/items/notes/1/revisions?fields=id&limit=1');
      expect(await code('PATCH', `/items/notes/${id}/revert/${other.body.data[0].id}`)).toEqual([404, 207]);
      expect(await code('PATCH', `/items/notes/999/revert/1`)).toEqual([404, 203]);
      expect(await code('PATCH', `/items/directus_users/1/revert/1`)).toEqual([401, 201]);
      const all = await call(
        'GET',
        '/revisions?fields=id,collection&filter[collection][eq]=notes&meta=result_count',
      );
      expect(all.body.meta.result_count).toBeGreaterThan(3);
    });
  });

  describe('activity and comments', () => {
    it('lists activity and creates, edits and deletes comments', async () => {
      const list = await call('GET', '/activity?fields=id,action,collection&sort=-id&limit=3');
      expect(list.status).toBe(200);
      expect(list.body.data).toHaveLength(3);
      const created = await call('POST', '/activity/comment', {
        collection: 'notes',
        item: 1,
        comment: 'Looks good',
      });
      expect(created.status).toBe(200);
      expect(created.body.data).toMatchObject({
        action: 'comment',
        collection: 'notes',
        item: '1',
        comment: 'Looks good',
      });
      const id = created.body.data.id;
      const one = await call('GET', `/activity/${id}`);
      expect(one.body.data.comment).toBe('Looks good');
      const edited = await call('PATCH', `/activity/comment/${id}`, { comment: 'Edited' });
      expect(edited.body.data.comment).toBe('Edited');
      expect(edited.body.data.edited_on).toBeTruthy();
      expect((await call('DELETE', `/activity/comment/${id}`)).status).toBe(204);
      expect((await knex()('directus_activity').where('id', id).first()).comment_deleted_on).toBeTruthy();
      expect(await code('PATCH', `/activity/comment/${id}`, { comment: 'x' })).toEqual([404, 203]);
      expect(
        await code('POST', '/activity/comment', { collection: 'notes', item: 9999, comment: 'x' }),
      ).toEqual([404, 203]);
      expect(await code('POST', '/activity/comment', { collection: 'nope', item: 1, comment: 'x' })).toEqual([
        404, 200,
      ]);
      expect(await code('POST', '/activity/comment', { collection: 'notes', comment: 'x' })).toEqual([
        422, 4,
      ]);
      expect(await code('GET', '/activity/999999')).toEqual([404, 203]);
    });

    it('parent_changed marks whether the parent row itself changed', async () => {
      await call('PATCH', '/items/articles/2', { comments: [{ body: 'only child' }] });
      const revision = await knex()('directus_revisions')
        .where('collection', 'comments')
        .orderBy('id', 'desc')
        .first();
      expect(revision.parent_item).toBe('2');
      expect(truthy(revision.parent_changed)).toBe(false);
    });
  });
});
