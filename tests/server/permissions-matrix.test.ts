import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuery } from '../../server/query/parse-query';
import { ItemsService } from '../../server/services/items';
import { resetCounters } from '../../server/services/row-counts';
import { testVendors } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import {
  createItemsFixture,
  createRole,
  createUser,
  grant,
  insertId as insertRow,
  type Grant,
} from './items-helpers';

type Level = 'none' | 'mine' | 'role' | 'full';
type Owner = 'me' | 'mate' | 'other';
const LEVELS: Level[] = ['none', 'mine', 'role', 'full'];
const OWNERS: Owner[] = ['me', 'mate', 'other'];
/** Which owners a level reaches, for a collection with an owner field. */
const REACH: Record<Level, Owner[]> = {
  none: [],
  mine: ['me'],
  role: ['me', 'mate'],
  full: ['me', 'mate', 'other'],
};

describe.each(testVendors)('permission matrix (%s)', (vendor) => {
  let server: TestServer;
  let role: number;
  const users: Record<Owner, number> = { me: 0, mate: 0, other: 0 };
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { loginRateLimit: 10_000 } });
    await createItemsFixture(server);
    const knex = server.project.knex;
    role = await createRole(knex, 'Editors');
    const otherRole = await createRole(knex, 'Others');
    users.me = await createUser(knex, 'me@example.com', 'pw-me-123', role);
    users.mate = await createUser(knex, 'mate@example.com', 'pw-mate-123', role);
    users.other = await createUser(knex, 'other@example.com', 'pw-other-123', otherRole);
    tokens.me = await server.login('me@example.com', 'pw-me-123');
    tokens.admin = await server.login();
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const knex = () => server.project.knex;
  const as = async (who: 'me' | 'admin' | 'anonymous', method: string, url: string, payload?: unknown) => {
    const headers = who === 'anonymous' ? {} : { authorization: `Bearer ${tokens[who]}` };
    const res = await server.inject({
      method: method as any,
      url: `/test${url}`,
      headers,
      payload: payload as any,
    });
    return {
      status: res.statusCode,
      body: res.body ? res.json() : null,
      code: res.body ? (res.json().error?.code ?? null) : null,
    };
  };
  const setPermissions = async (rows: Array<{ collection: string } & Grant>, forRole = role) => {
    await knex()('directus_permissions').where('role', forRole).delete();
    for (const { collection, ...values } of rows) await grant(knex(), forRole, collection, values);
  };
  const insertId = (table: string, row: Record<string, unknown>) => insertRow(knex(), table, row);
  const note = (owner: Owner, extra: Record<string, unknown> = {}) =>
    insertId('notes', { title: `note of ${owner}`, owner: users[owner], status: 'published', ...extra });

  describe('role × action × level × collection', () => {
    const cases: Array<{ action: string; level: Level; collection: 'notes' | 'tags' }> = [];
    for (const action of ['create', 'read', 'update', 'delete'])
      for (const level of LEVELS)
        for (const collection of ['notes', 'tags'] as const) cases.push({ action, level, collection });

    it.each(cases)('$action at level $level on $collection', async ({ action, level, collection }) => {
      const base: Grant = action === 'read' ? { read: level } : { read: 'full', [action]: level };
      await setPermissions([{ collection, ...base }]);
      const owned = collection === 'notes';
      const reach = (owner: Owner) => (owned ? REACH[level].includes(owner) : level === 'full');

      if (action === 'create') {
        const res = await as(
          'me',
          'POST',
          `/items/${collection}`,
          owned ? { title: 'created' } : { name: 'created' },
        );
        if (level === 'none') expect([res.status, res.code]).toEqual([403, 301]);
        else expect(res.status).toBe(200);
        return;
      }
      const ids = {} as Record<Owner, number>;
      for (const owner of OWNERS)
        ids[owner] = owned ? await note(owner) : await insertId('tags', { name: `tag-${owner}` });
      // Rows inserted by SQL, outside the API: recounted as `octavo counts recompute` would.
      await resetCounters(knex(), [collection]);

      if (action === 'read') {
        const res = await as(
          'me',
          'GET',
          `/items/${collection}?fields=id&limit=-1&meta=total_count,filter_count`,
        );
        if (level === 'none') {
          expect([res.status, res.code]).toEqual([403, 300]);
          for (const owner of OWNERS)
            expect((await as('me', 'GET', `/items/${collection}/${ids[owner]}`)).code).toBe(203);
          return;
        }
        const seen = new Set(res.body.data.map((row: { id: number }) => row.id));
        for (const owner of OWNERS) expect(seen.has(ids[owner])).toBe(reach(owner));
        // Counts never reveal rows the caller cannot read.
        expect(res.body.meta.total_count).toBe(res.body.data.length);
        expect(res.body.meta.filter_count).toBe(res.body.data.length);
        for (const owner of OWNERS) {
          const one = await as('me', 'GET', `/items/${collection}/${ids[owner]}?fields=id`);
          if (reach(owner)) expect(one.body.data).toEqual({ id: ids[owner] });
          else expect([one.status, one.code]).toEqual([404, 203]);
        }
        return;
      }
      for (const owner of OWNERS) {
        const res =
          action === 'update'
            ? await as(
                'me',
                'PATCH',
                `/items/${collection}/${ids[owner]}`,
                owned ? { title: 'changed' } : { name: 'changed' },
              )
            : await as('me', 'DELETE', `/items/${collection}/${ids[owner]}`);
        const row = await knex()(collection).where('id', ids[owner]).first();
        if (reach(owner)) {
          expect(res.status, `${action} ${owner}`).toBe(action === 'update' ? 200 : 204);
          if (action === 'delete') expect(row).toBeUndefined();
          else expect(row[owned ? 'title' : 'name']).toBe('changed');
        } else {
          expect([res.status, res.code], `${action} ${owner}`).toEqual([
            403,
            action === 'update' ? 302 : 303,
          ]);
          expect(row).toBeTruthy();
          expect(row[owned ? 'title' : 'name']).not.toBe('changed');
        }
      }
    });
  });

  it('batch writes are all-or-nothing', async () => {
    await setPermissions([
      { collection: 'notes', read: 'full', update: 'mine', delete: 'mine', create: 'full' },
    ]);
    const mine = await note('me');
    const theirs = await note('other');
    const res = await as('me', 'PATCH', `/items/notes/${mine},${theirs}`, { title: 'batch' });
    expect([res.status, res.code]).toEqual([403, 302]);
    expect((await knex()('notes').where('id', mine).first()).title).not.toBe('batch');
    const array = await as('me', 'PATCH', '/items/notes', [
      { id: mine, title: 'batch' },
      { id: theirs, title: 'batch' },
    ]);
    expect(array.code).toBe(302);
    expect((await knex()('notes').where('id', mine).first()).title).not.toBe('batch');
    const del = await as('me', 'DELETE', `/items/notes/${mine},${theirs}`);
    expect(del.code).toBe(303);
    expect(await knex()('notes').where('id', mine).first()).toBeTruthy();
    const ok = await as('me', 'PATCH', `/items/notes/${mine}`, { title: 'batch' });
    expect(ok.status).toBe(200);
  });

  it('writes the caller cannot read back answer 204', async () => {
    await setPermissions([{ collection: 'tags', create: 'full' }]);
    const res = await as('me', 'POST', '/items/tags', { name: 'write-only' });
    expect(res.status).toBe(204);
    expect(await knex()('tags').where('name', 'write-only').first()).toBeTruthy();
  });

  it('a nested write into a collection the role cannot create in fails the whole request', async () => {
    await setPermissions([
      { collection: 'articles', read: 'full', update: 'full', create: 'full' },
      { collection: 'comments', read: 'full' },
      { collection: 'authors', read: 'full' },
    ]);
    const before = Number((await knex()('comments').count({ n: '*' }))[0].n);
    const res = await as('me', 'PATCH', '/items/articles/3', {
      title: 'Nested try',
      comments: [{ body: 'sneaky' }],
    });
    expect([res.status, res.code]).toEqual([403, 301]);
    expect((await knex()('articles').where('id', 3).first()).title).toBe('Article 3');
    const m2o = await as('me', 'POST', '/items/articles', {
      title: 'With author',
      author: { name: 'Sneaky' },
    });
    expect([m2o.status, m2o.code]).toEqual([403, 301]);
    const update = await as('me', 'PATCH', '/items/articles/3', { comments: [{ id: 4, body: 'edited' }] });
    expect([update.status, update.code]).toEqual([403, 302]);
    expect(Number((await knex()('comments').count({ n: '*' }))[0].n)).toBe(before);
    expect(await knex()('articles').where('title', 'With author').first()).toBeUndefined();
  });

  it('status rules: per-status rows, $create, soft delete and status blacklists', async () => {
    await setPermissions([
      { collection: 'notes', status: 'published', read: 'full', update: 'none', create: 'full' },
      { collection: 'notes', status: 'draft', read: 'mine', update: 'mine', delete: 'none', create: 'full' },
      { collection: 'notes', status: '$create', create: 'full', status_blacklist: 'published' },
    ]);
    const published = await note('other', { status: 'published' });
    const myDraft = await note('me', { status: 'draft' });
    const theirDraft = await note('mate', { status: 'draft' });
    const ids = (await as('me', 'GET', '/items/notes?fields=id&limit=-1&status=*')).body.data.map(
      (r: any) => r.id,
    );
    expect(ids).toContain(published);
    expect(ids).toContain(myDraft);
    expect(ids).not.toContain(theirDraft);
    expect((await as('me', 'PATCH', `/items/notes/${published}`, { title: 'x' })).code).toBe(302);
    expect((await as('me', 'PATCH', `/items/notes/${myDraft}`, { title: 'mine edited' })).status).toBe(200);
    // Soft delete needs delete permission for the item's status.
    expect((await as('me', 'PATCH', `/items/notes/${myDraft}`, { status: 'deleted' })).code).toBe(303);
    // New items may not start as published ($create status blacklist), drafts are fine.
    expect((await as('me', 'POST', '/items/notes', { title: 'p', status: 'published' })).code).toBe(301);
    expect((await as('me', 'POST', '/items/notes', { title: 'd', status: 'draft' })).status).toBe(200);
    // Non-workflow status blacklist hides rows on reads.
    await setPermissions([{ collection: 'notes', read: 'full', status_blacklist: 'draft' }]);
    const visible = (await as('me', 'GET', '/items/notes?fields=id,status&limit=-1&status=*')).body.data;
    expect(visible.every((r: any) => r.status !== 'draft')).toBe(true);
    // Admins can update soft-deleted items; others cannot.
    const gone = await note('me', { status: 'deleted' });
    await setPermissions([{ collection: 'notes', read: 'full', update: 'full', delete: 'full' }]);
    expect((await as('me', 'PATCH', `/items/notes/${gone}`, { title: 'back' })).code).toBe(302);
    expect((await as('admin', 'PATCH', `/items/notes/${gone}?status=*`, { status: 'draft' })).status).toBe(
      200,
    );
  });

  it('field blacklists: unreadable fields cannot be selected, filtered, sorted or searched, and never change counts', async () => {
    await setPermissions([
      {
        collection: 'notes',
        read: 'full',
        update: 'full',
        create: 'full',
        read_field_blacklist: 'code',
        write_field_blacklist: 'code',
      },
    ]);
    await note('me', { code: 'ORACLE-1' });
    const list = await as('me', 'GET', '/items/notes?fields=*&limit=1');
    expect(list.body.data[0]).not.toHaveProperty('code');
    const explicit = await as('me', 'GET', '/items/notes?fields=id,code&limit=1');
    expect(explicit.body.data[0]).toEqual({ id: expect.any(Number) });
    expect((await as('me', 'GET', '/items/notes?filter[code][eq]=ORACLE-1&meta=filter_count')).code).toBe(
      215,
    );
    expect((await as('me', 'GET', '/items/notes?filter[code][contains]=ORA')).code).toBe(215);
    expect((await as('me', 'GET', '/items/notes?sort=code')).code).toBe(215);
    const searched = await as('me', 'GET', '/items/notes?q=ORACLE-1&meta=filter_count,total_count');
    expect(searched.body.data).toEqual([]);
    expect(searched.body.meta.filter_count).toBe(0);
    const admin = await as('admin', 'GET', '/items/notes?q=ORACLE-1&meta=filter_count');
    expect(admin.body.meta.filter_count).toBe(1);
    // Relational paths into a blacklisted field are just as closed.
    await setPermissions([
      { collection: 'articles', read: 'full' },
      { collection: 'authors', read: 'full', read_field_blacklist: 'email' },
    ]);
    expect((await as('me', 'GET', '/items/articles?filter[author.email][contains]=ada')).code).toBe(215);
    const nested = await as('me', 'GET', '/items/articles/1?fields=id,author.*');
    expect(nested.body.data.author).not.toHaveProperty('email');
    // Writes of blacklisted fields are 305.
    await setPermissions([
      { collection: 'notes', read: 'full', update: 'full', create: 'full', write_field_blacklist: 'code' },
    ]);
    expect((await as('me', 'POST', '/items/notes', { title: 'w', code: 'X' })).code).toBe(305);
    const mine = await note('me');
    expect((await as('me', 'PATCH', `/items/notes/${mine}`, { code: 'X' })).code).toBe(305);
    expect((await as('me', 'PATCH', `/items/notes/${mine}`, { title: 'fine' })).status).toBe(200);
  });

  it('collections with a status field but no owner field give nothing under mine / role', async () => {
    await setPermissions([{ collection: 'articles', read: 'mine' }]);
    const res = await as('me', 'GET', '/items/articles?meta=total_count');
    expect(res.body.data ?? []).toEqual([]);
  });

  it('explain: a comment is required when the role says so', async () => {
    await setPermissions([
      { collection: 'tags', read: 'full', update: 'full', create: 'full', explain: 'update' },
    ]);
    expect((await as('me', 'PATCH', '/items/tags/1', { name: 'explained' })).code).toBe(10);
    expect((await as('me', 'PATCH', '/items/tags/1?comment=because', { name: 'explained' })).status).toBe(
      200,
    );
    expect((await as('me', 'POST', '/items/tags', { name: 'no comment needed' })).status).toBe(200);
    const activity = await knex()('directus_activity')
      .where('collection', 'tags')
      .where('item', '1')
      .orderBy('id', 'desc')
      .first();
    expect(activity.comment).toBe('because');
  });

  it('comments follow the comment level', async () => {
    await setPermissions([
      { collection: 'tags', read: 'full', comment: 'none' },
      { collection: 'directus_activity', read: 'full' },
    ]);
    expect(
      (await as('me', 'POST', '/activity/comment', { collection: 'tags', item: 1, comment: 'x' })).code,
    ).toBe(210);
    await setPermissions([
      { collection: 'tags', read: 'full', comment: 'create' },
      { collection: 'directus_activity', read: 'full' },
    ]);
    const own = await as('me', 'POST', '/activity/comment', { collection: 'tags', item: 1, comment: 'mine' });
    expect(own.status).toBe(200);
    expect((await as('me', 'PATCH', `/activity/comment/${own.body.data.id}`, { comment: 'edit' })).code).toBe(
      211,
    );
    await setPermissions([
      { collection: 'tags', read: 'full', comment: 'update' },
      { collection: 'directus_activity', read: 'full' },
    ]);
    expect(
      (await as('me', 'PATCH', `/activity/comment/${own.body.data.id}`, { comment: 'edit' })).status,
    ).toBe(200);
    const adminComment = await as('admin', 'POST', '/activity/comment', {
      collection: 'tags',
      item: 1,
      comment: 'admin',
    });
    expect(
      (await as('me', 'PATCH', `/activity/comment/${adminComment.body.data.id}`, { comment: 'hijack' })).code,
    ).toBe(211);
    expect((await as('me', 'DELETE', `/activity/comment/${adminComment.body.data.id}`)).code).toBe(212);
    expect((await as('me', 'DELETE', `/activity/comment/${own.body.data.id}`)).status).toBe(204);
  });

  it('anonymous callers use the public role: 401 code 3 without read access', async () => {
    expect(await as('anonymous', 'GET', '/items/tags').then((r) => [r.status, r.code])).toEqual([401, 3]);
    expect(await as('anonymous', 'GET', '/items/tags/1').then((r) => [r.status, r.code])).toEqual([404, 203]);
    expect(
      await as('anonymous', 'POST', '/items/tags', { name: 'x' }).then((r) => [r.status, r.code]),
    ).toEqual([403, 301]);
    await setPermissions([{ collection: 'tags', read: 'full' }], 2);
    const res = await as('anonymous', 'GET', '/items/tags?fields=id&limit=1');
    expect(res.status).toBe(200);
    expect(res.body.public).toBe(true);
    expect(res.body.data).toHaveLength(1);
    await setPermissions([], 2);
  });

  it('secrets are never readable, not even by an administrator', async () => {
    const admin = await as('admin', 'GET', '/items/notes?fields=*,secret&limit=1');
    expect(admin.body.data[0]).not.toHaveProperty('secret');
    expect((await as('admin', 'GET', '/items/notes?filter[secret][null]=1')).code).toBe(215);
    const service = new ItemsService(
      server.project,
      { user: 1, role: 1, admin: true, ip: '127.0.0.1' },
      { collection: 'directus_users' },
    );
    const users = (await service.readMany(parseQuery({ fields: '*,password,token', limit: '-1' })))
      .data as any[];
    expect(users.length).toBeGreaterThan(0);
    for (const user of users) {
      for (const secret of ['password', 'token', '2fa_secret', 'password_reset_token'])
        expect(user).not.toHaveProperty(secret);
    }
    await expect(service.readMany(parseQuery({ filter: { password: { nnull: 1 } } }))).rejects.toMatchObject({
      code: 215,
    });
  });
});
