import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaCache } from '../../server/schema/cache';
import { storageFor } from '../../server/services/storage';
import { testVendors } from '../helpers/databases';
import { projectCaller, startTestServer, type TestServer } from '../helpers/server';
import { createItemsFixture, fieldRow, insertId } from './items-helpers';
import { multipart, png } from './files-helpers';

/**
 * What Directus 8 clients (the v8 app, `@directus/sdk-js` 6, scripts) send and must get v8's
 * answer to (issue 16): the requests are the ones those clients make.
 */
describe.each(testVendors)('Directus 8 clients (%s)', (vendor) => {
  let server: TestServer;
  let token: string;
  let call: ReturnType<typeof projectCaller>['call'];
  let code: ReturnType<typeof projectCaller>['code'];
  let fileId: number;
  const auth = () => ({ authorization: `Bearer ${token}` });
  const storage = () => storageFor(server.config, 'test');

  beforeAll(async () => {
    server = await startTestServer(vendor);
    await createItemsFixture(server);
    token = await server.login();
    ({ call, code } = projectCaller(server.inject, auth));
    const upload = multipart([
      { name: 'data', filename: 'cover.png', content: await png(8, 8), type: 'image/png' },
    ]);
    const res = await server.inject({
      method: 'POST',
      url: '/test/files',
      headers: { ...auth(), ...upload.headers },
      payload: upload.payload,
    });
    expect(res.statusCode).toBe(200);
    fileId = res.json().data.id;
    const knex = server.project.knex;
    await knex('directus_users').where('id', 1).update({ avatar: fileId });
    // articles.cover: a many-to-one to files.
    await knex.schema.alterTable('articles', (t) => t.integer('cover'));
    await knex('directus_fields').insert(fieldRow('articles', 'cover', 'file', { interface: 'file' }));
    await knex('directus_relations').insert({
      collection_many: 'articles',
      field_many: 'cover',
      collection_one: 'directus_files',
      field_one: null,
      junction_field: null,
    });
    await knex('articles').where('id', 1).update({ cover: fileId });
    schemaCache.invalidate(server.project.key);
  });
  afterAll(async () => {
    await server?.close();
  });

  const expectDataBlock = (file: { data?: Record<string, unknown> } | null | undefined) => {
    expect(file?.data).toMatchObject({
      url: expect.stringContaining('/test/assets/'),
      full_url: expect.stringMatching(/^http:\/\/octavo\.test\/test\/assets\//),
      asset_url: expect.stringContaining('/test/assets/'),
      embed: null,
    });
    expect(Array.isArray(file?.data?.thumbnails)).toBe(true);
  };

  it('1. /users/me?fields=*.* is the read of /users/{id}, values cast alike', async () => {
    const me = await call('GET', '/users/me?fields=*.*');
    const byId = await call('GET', '/users/1?fields=*.*');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(byId.body);
    expect(me.body.data.role).toMatchObject({ id: 1, enforce_2fa: false, ip_whitelist: [] });
  });

  it('2. filter values a column cannot hold match nothing; bad filter syntax stays 422', async () => {
    // A new item's related lists: its key does not exist yet.
    expect(await call('GET', '/items/comments?filter[article]=+')).toEqual({
      status: 200,
      body: { data: [] },
    });
    expect(await call('GET', '/items/comments?filter[article][eq]=null')).toEqual({
      status: 200,
      body: { data: [] },
    });
    const all = (await call('GET', '/items/comments?fields=id&limit=-1')).body.data;
    expect(
      (await call('GET', '/items/comments?fields=id&limit=-1&filter[article][neq]=abc')).body.data,
    ).toEqual(all);
    expect(
      (await call('GET', '/items/comments?fields=id&limit=-1&filter[article][nin]=abc')).body.data,
    ).toEqual(all);
    expect((await call('GET', '/items/comments?fields=id&filter[id][in]=abc,1')).body.data).toEqual([
      { id: 1 },
    ]);
    expect((await call('GET', '/items/authors?fields=id&filter[active][eq]=maybe')).body.data).toEqual([]);
    expect((await call('GET', '/items/authors?fields=id&filter[birthday][lt]=someday')).body.data).toEqual(
      [],
    );
    // Comments whose article is null: the `null` operator, not the text "null".
    await server.project.knex('comments').insert({ article: null, body: 'orphan', upvotes: 0 });
    const orphans = await call('GET', '/items/comments?fields=body&filter[article][null]=1');
    expect(orphans.body.data).toEqual([{ body: 'orphan' }]);
    expect(await code('GET', '/items/comments?filter[article][bogus]=1')).toEqual([422, 214]);
    expect(await code('GET', '/items/comments?filter[nope][eq]=1')).toEqual([422, 202]);
    expect(await code('GET', '/items/comments?filter[article][between]=1')).toEqual([422, 4]);
  });

  it('3. file rows carry their data block wherever they are read', async () => {
    expectDataBlock((await call('GET', `/files/${fileId}`)).body.data);
    expectDataBlock((await call('GET', '/files?fields=*.*')).body.data[0]);
    expectDataBlock((await call('GET', `/files/${fileId}?fields=id,data`)).body.data);
    expect((await call('GET', `/files/${fileId}?fields=id,title`)).body.data).toEqual({
      id: fileId,
      title: 'Cover',
    });
    expectDataBlock((await call('GET', '/users/me?fields=*.*')).body.data.avatar);
    expectDataBlock((await call('GET', '/users/1?fields=avatar.*')).body.data.avatar);
    expectDataBlock((await call('GET', '/items/articles/1?fields=*.*')).body.data.cover);
    // Two levels down: an author's articles' covers.
    const author = (await call('GET', '/items/authors/1?fields=articles.id,articles.cover.*')).body.data;
    const withCover = author.articles.find((a: { id: number }) => a.id === 1);
    expectDataBlock(withCover.cover);
    // The uploader's avatar, from the file list.
    expectDataBlock(
      (await call('GET', '/files?fields=uploaded_by.avatar.*')).body.data[0].uploaded_by.avatar,
    );
  });

  it('4. GET /files/{id}/revisions, as for users, roles and webhooks', async () => {
    const list = await call('GET', `/files/${fileId}/revisions`);
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBeGreaterThan(0);
    expect(list.body.data[0]).toMatchObject({ collection: 'directus_files', item: String(fileId) });
    const first = await call('GET', `/files/${fileId}/revisions/0`);
    expect(first.body.data).toMatchObject({ collection: 'directus_files', item: String(fileId) });
    expect(await code('GET', '/files/99999/revisions')).toEqual([404, 203]);
    // Anonymous callers cannot read the file, so it is missing to them, as a user is.
    expect(await code('GET', `/files/${fileId}/revisions`, undefined, {})).toEqual(
      await code('GET', '/users/1/revisions', undefined, {}),
    );
    for (const path of ['/users/1/revisions', '/roles/1/revisions'])
      expect((await call('GET', path)).status, path).toBe(200);
  });

  it('5. an empty body with a JSON content type is no payload, on every method', async () => {
    const json = { ...auth(), 'content-type': 'application/json' };
    const send = (method: 'GET' | 'DELETE' | 'PATCH' | 'POST', url: string) =>
      server.inject({ method, url: `/test${url}`, headers: json, payload: '' });
    const tag = await insertId(server.project.knex, 'tags', { name: 'to delete' });
    expect((await send('DELETE', `/items/tags/${tag}`)).statusCode).toBe(204);
    expect((await send('GET', '/items/tags/1')).statusCode).toBe(200);
    // A write that needs a payload still says so.
    const patch = await send('PATCH', '/items/tags/1');
    expect([patch.statusCode, patch.json().error.code]).toEqual([400, 13]);
    const post = await send('POST', '/items/tags');
    expect([post.statusCode, post.json().error.code]).toEqual([400, 13]);
  });

  it('6. /interfaces and /layouts mark the core definitions', async () => {
    for (const kind of ['interfaces', 'layouts']) {
      const res = await server.inject({ method: 'GET', url: `/${kind}?project=test`, headers: auth() });
      expect(res.statusCode, kind).toBe(200);
      const data = res.json().data as Array<{ id: string; core: boolean }>;
      expect(data.length).toBeGreaterThan(0);
      expect(data.every((definition) => definition.core === true)).toBe(true);
    }
  });

  it('7. a hundred comma-separated keys in the path: PATCH and DELETE', async () => {
    const keys: number[] = [];
    for (let i = 0; i < 100; i++)
      keys.push(await insertId(server.project.knex, 'tags', { name: `bulk ${i}` }));
    const path = `/items/tags/${keys.join(',')}`;
    expect(path.length).toBeGreaterThan(100);
    const patched = await call('PATCH', path, { name: 'renamed' });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toHaveLength(100);
    expect((await call('DELETE', path)).status).toBe(204);
    expect(await server.project.knex('tags').whereIn('id', keys).count({ n: '*' })).toEqual([{ n: 0 }]);
    // The same on a system collection's route and on files.
    expect((await call('GET', `/users/${[1, ...keys].join(',')}?fields=id`)).status).toBe(200);
    expect(await code('GET', `/files/${keys.join(',')}`)).toEqual([200, undefined]);
    // Past the limit: a clear 422, not the framework's 414.
    expect(await code('GET', `/items/tags/${'1,'.repeat(40_000)}1`)).toEqual([422, 4]);
  });

  it('8. multipart without a boundary or cut short is 400 code 13, nothing stored', async () => {
    const before = await storage().list('originals');
    const rows = await server.project.knex('directus_files').count({ n: '*' });
    const noBoundary = await server.inject({
      method: 'POST',
      url: '/test/files',
      headers: { ...auth(), 'content-type': 'multipart/form-data' },
      payload: 'abc',
    });
    expect([noBoundary.statusCode, noBoundary.json().error.code]).toEqual([400, 13]);
    expect(noBoundary.json().error.message).toMatch(/boundary/);
    const body = multipart([
      { name: 'data', filename: 'cut.png', content: await png(64, 64), type: 'image/png' },
    ]);
    for (const length of [40, 200, body.payload.length - 30]) {
      const cut = await server.inject({
        method: 'POST',
        url: '/test/files',
        headers: { ...auth(), ...body.headers },
        payload: body.payload.subarray(0, length),
      });
      expect([cut.statusCode, cut.json().error.code], `cut at ${length}`).toEqual([400, 13]);
      expect(cut.json().error.message).toMatch(/truncated or malformed/);
    }
    const replace = await server.inject({
      method: 'PATCH',
      url: `/test/files/${fileId}`,
      headers: { ...auth(), ...body.headers },
      payload: body.payload.subarray(0, 200),
    });
    expect([replace.statusCode, replace.json().error.code]).toEqual([400, 13]);
    expect(await storage().list('originals')).toEqual(before);
    expect(await server.project.knex('directus_files').count({ n: '*' })).toEqual(rows);
  });

  it('9. GET /favicon.ico is the icon, signed in or not', async () => {
    for (const headers of [{}, auth(), { cookie: 'directus-test-session=stale' }]) {
      const res = await server.inject({ method: 'GET', url: '/favicon.ico', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\//);
    }
  });
});
