import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuery } from '../../server/query/parse-query';
import { ItemsService } from '../../server/services/items';
import { testVendors } from '../helpers/databases';
import { projectCaller, startTestServer, type TestServer } from '../helpers/server';

/*
 * Reads without `filter` and `q` run SQL compiled once and kept per schema model and per caller's
 * (shared) permissions, with the keys as the only bindings that vary (query/execute-read.ts). A
 * cache key that is too broad answers one caller's rows, fields or page to another, or keeps SQL
 * past a schema or permission change. Every request below is repeated, so the second and later
 * answers come from the cache, and callers are interleaved between repeats.
 */

type Who = 'admin' | 'a' | 'b' | 'c';
const CALLERS: Who[] = ['a', 'b', 'c', 'admin'];
const ROUNDS = 3;
/** The status of an unknown name in `fields` (code 202). */
const unknownFieldStatus = 422;

const DOCS = 'cr_docs';
const CODES = 'cr_codes';
const PASSWORD = 'compiled reads pw 123';

interface Doc {
  id: number;
  status: string;
  owner: number;
  title: string;
  body: string;
}

/** String primary keys that need quoting or URL-encoding; none differs from another by case only. */
const STRING_KEYS = [
  'plain',
  "it's",
  '"quoted"',
  '100%',
  '50%_off',
  'with space',
  'ünïcödé ✓',
  '日本語',
  'what?',
  'semi;colon',
  'back\\slash',
  '42',
];

interface Answer {
  status: number;
  body: any;
  code: number | undefined;
}

describe.each(testVendors)('compiled reads (%s)', (vendor) => {
  let server: TestServer;
  const tokens = {} as Record<Who, string>;
  const users = {} as Record<Who, number>;
  const roles = { r1: 0, r2: 0 };
  const permissionIds = { r1: 0, r2: 0 };
  /** Every item of DOCS as stored, in key order. */
  const docs: Doc[] = [];
  /** What R1's read level is at the moment (the invalidation test changes it). */
  let r1Read: 'mine' | 'full' = 'mine';
  /** The answers to the item creations: 200 with the item, each creator can read their own. */
  const createdStatuses: number[] = [];

  const get = async (who: Who, url: string): Promise<Answer> => {
    const res = await server.inject({
      method: 'GET',
      url: `/test${url}`,
      headers: { authorization: `Bearer ${tokens[who]}` },
    });
    const body = res.body ? res.json() : null;
    return { status: res.statusCode, body, code: body?.error?.code };
  };
  const data = async (who: Who, url: string) => {
    const res = await get(who, url);
    expect(res.status, `${who} GET ${url}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data;
  };
  const notFound = async (who: Who, url: string) => {
    const res = await get(who, url);
    expect([res.status, res.code], `${who} GET ${url}: ${JSON.stringify(res.body)}`).toEqual([404, 203]);
  };

  const doc = (id: number) => docs.find((d) => d.id === id)!;
  const byTitle = (title: string) => docs.find((d) => d.title === title)!.id;
  /** Whether `who` may read the item at all (row permissions, not the status parameter). */
  const canSee = (who: Who, d: Doc) => {
    if (who === 'admin') return true;
    if (who === 'c') return d.status !== 'archived';
    return r1Read === 'full' || d.owner === users[who];
  };
  /** The items `who` sees in a list, in key order: soft-deleted ones only with `status=*`. */
  const listOf = (who: Who, allStatuses = false) =>
    docs.filter((d) => (allStatuses || d.status !== 'deleted') && canSee(who, d));
  /** An item as `who` receives it with `fields` (default `*`); C never gets `body`. */
  const shape = (who: Who, d: Doc, fields: string[] = ['id', 'status', 'owner', 'title', 'body']) =>
    Object.fromEntries(
      fields.filter((f) => !(who === 'c' && f === 'body')).map((f) => [f, d[f as keyof Doc]]),
    );
  const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id);

  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { loginRateLimit: 10_000 } });
    tokens.admin = await server.login();
    const { call } = projectCaller(server.inject, () => ({ authorization: `Bearer ${tokens.admin}` }));
    const ok = async (what: string, res: Promise<{ status: number; body: any }>) => {
      const { status, body } = await res;
      if (status !== 200) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
      return body.data;
    };
    const admin = await ok('me', call('GET', '/users/me'));
    users.admin = Number(admin.id);

    await ok(
      'docs',
      call('POST', '/collections', {
        collection: DOCS,
        fields: [
          {
            field: 'id',
            type: 'integer',
            datatype: 'INT',
            primary_key: true,
            auto_increment: true,
            interface: 'primary-key',
          },
          {
            field: 'status',
            type: 'status',
            datatype: 'VARCHAR',
            length: 20,
            default_value: 'draft',
            interface: 'status',
            options: {
              status_mapping: {
                published: { name: 'Published', value: 'published', published: true },
                draft: { name: 'Draft', value: 'draft' },
                archived: { name: 'Archived', value: 'archived' },
                deleted: { name: 'Deleted', value: 'deleted', soft_delete: true },
              },
            },
          },
          { field: 'owner', type: 'owner', interface: 'owner' },
          { field: 'title', type: 'string', datatype: 'VARCHAR', length: 100, interface: 'text-input' },
          { field: 'body', type: 'string', datatype: 'TEXT', interface: 'textarea' },
        ],
      }),
    );
    await ok(
      'codes',
      call('POST', '/collections', {
        collection: CODES,
        fields: [
          {
            field: 'code',
            type: 'string',
            datatype: 'VARCHAR',
            length: 64,
            primary_key: true,
            interface: 'text-input',
          },
          { field: 'label', type: 'string', datatype: 'VARCHAR', length: 100, interface: 'text-input' },
        ],
      }),
    );

    roles.r1 = (await ok('role 1', call('POST', '/roles', { name: 'Owners only' }))).id;
    roles.r2 = (await ok('role 2', call('POST', '/roles', { name: 'Restricted readers' }))).id;
    permissionIds.r1 = (
      await ok(
        'permission r1',
        call('POST', '/permissions', { collection: DOCS, role: roles.r1, read: 'mine', create: 'full' }),
      )
    ).id;
    permissionIds.r2 = (
      await ok(
        'permission r2',
        call('POST', '/permissions', {
          collection: DOCS,
          role: roles.r2,
          read: 'full',
          read_field_blacklist: 'body',
          status_blacklist: 'archived',
        }),
      )
    ).id;
    await ok('codes r2', call('POST', '/permissions', { collection: CODES, role: roles.r2, read: 'full' }));
    for (const [who, role] of [
      ['a', roles.r1],
      ['b', roles.r1],
      ['c', roles.r2],
    ] as const) {
      const email = `${who}-compiled@example.com`;
      const user = await ok(
        `user ${who}`,
        call('POST', '/users', {
          first_name: who.toUpperCase(),
          last_name: 'Reader',
          email,
          password: PASSWORD,
          role,
          status: 'active',
        }),
      );
      users[who] = Number(user.id);
      tokens[who] = await server.login(email, PASSWORD);
    }

    // Items owned by A, B and the admin (the owner is whoever creates the item); the `*-gone`
    // ones are then soft-deleted by the admin.
    const plan: Array<[Who, string]> = [
      ['a', 'published'],
      ['b', 'published'],
      ['a', 'draft'],
      ['b', 'archived'],
      ['admin', 'published'],
      ['a', 'archived'],
      ['b', 'draft'],
      ['a', 'gone'],
      ['admin', 'archived'],
      ['b', 'gone'],
      ['a', 'published'],
      ['b', 'draft'],
    ];
    const { call: callAs } = projectCaller(server.inject, () => ({}));
    let n = 0;
    for (const [who, status] of plan) {
      n++;
      const title = `title${String(n).padStart(2, '0')}`;
      const body = `body of ${title} by ${who}`;
      const created = await callAs(
        'POST',
        `/items/${DOCS}`,
        { title, body, status: status === 'gone' ? 'draft' : status },
        { authorization: `Bearer ${tokens[who]}` },
      );
      if (created.status >= 300) {
        throw new Error(`item ${title}: ${created.status} ${JSON.stringify(created.body)}`);
      }
      // Checked in the first test: the creator reads the new item back (a compiled read by key).
      createdStatuses.push(created.status);
      // The key as stored: the answer itself is a read, which the tests below are about.
      const row = await server.project.knex(DOCS).where('title', title).first('id', 'owner');
      expect(Number(row.owner)).toBe(users[who]);
      docs.push({ id: Number(row.id), status, owner: users[who], title, body });
    }
    for (const d of docs.filter((d) => d.status === 'gone')) {
      const res = await call('PATCH', `/items/${DOCS}/${d.id}`, { status: 'deleted' });
      if (res.status >= 300) throw new Error(`soft delete: ${res.status} ${JSON.stringify(res.body)}`);
      d.status = 'deleted';
    }
    docs.sort((x, y) => x.id - y.id);

    for (const code of STRING_KEYS) {
      await ok(`code ${code}`, call('POST', `/items/${CODES}`, { code, label: `label of ${code}` }));
    }
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it('the fixture is what the tests assume', () => {
    expect(docs).toHaveLength(12);
    expect(createdStatuses).toEqual(docs.map(() => 200));
    expect(new Set(docs.map((d) => d.owner))).toEqual(new Set([users.a, users.b, users.admin]));
    expect(docs.filter((d) => d.status === 'deleted')).toHaveLength(2);
    expect(new Set(Object.values(users)).size).toBe(4);
  });

  it('one list URL answers every caller its own rows, interleaved and repeated', async () => {
    const url = `/items/${DOCS}?limit=50`;
    for (let round = 0; round < ROUNDS; round++) {
      for (const who of CALLERS) {
        const rows = await data(who, url);
        expect(rows, `${who}, round ${round}`).toEqual(listOf(who).map((d) => shape(who, d)));
      }
    }
    // What each sees, spelled out once: the mine filter per user, C's blacklists, the admin's all.
    expect(listOf('a').every((d) => d.owner === users.a)).toBe(true);
    expect(listOf('a')).toHaveLength(4);
    expect(listOf('b')).toHaveLength(4);
    expect(listOf('c').some((d) => d.status === 'archived')).toBe(false);
    expect(listOf('admin')).toHaveLength(10);
    // The same requests at once: one compiled entry per caller, run on several connections.
    const burst = await Promise.all(
      Array.from({ length: 24 }, (_, i) => CALLERS[i % CALLERS.length]).map(async (who) => ({
        who,
        rows: await data(who, url),
      })),
    );
    for (const { who, rows } of burst) expect(rows).toEqual(listOf(who).map((d) => shape(who, d)));
  });

  it('one item by key: 200 for its reader, 404 code 203 for others, repeated', async () => {
    const ofA = byTitle('title01');
    const ofB = byTitle('title02');
    const archived = byTitle('title06'); // A's, archived: blacklisted for C
    for (let round = 0; round < ROUNDS; round++) {
      expect(await data('a', `/items/${DOCS}/${ofA}`)).toEqual(shape('a', doc(ofA)));
      await notFound('b', `/items/${DOCS}/${ofA}`);
      expect(await data('c', `/items/${DOCS}/${ofA}`)).toEqual(shape('c', doc(ofA)));
      expect(await data('b', `/items/${DOCS}/${ofB}`)).toEqual(shape('b', doc(ofB)));
      await notFound('a', `/items/${DOCS}/${ofB}`);
      expect(await data('admin', `/items/${DOCS}/${ofB}`)).toEqual(shape('admin', doc(ofB)));
      expect(await data('a', `/items/${DOCS}/${archived}`)).toEqual(shape('a', doc(archived)));
      await notFound('c', `/items/${DOCS}/${archived}`);
      expect(await data('admin', `/items/${DOCS}/${archived}`)).toEqual(shape('admin', doc(archived)));
    }

    // Reads by key at once: one compiled statement, each request with its own key bound.
    const requests = Array.from({ length: 48 }, (_, i) => {
      const who = CALLERS[i % CALLERS.length];
      const d = docs[(i * 5) % docs.length];
      return { who, d };
    });
    const answers = await Promise.all(
      requests.map(async ({ who, d }) => ({ who, d, res: await get(who, `/items/${DOCS}/${d.id}`) })),
    );
    for (const { who, d, res } of answers) {
      const readable = d.status !== 'deleted' && canSee(who, d);
      expect(res.status, `${who} ${d.id}`).toBe(readable ? 200 : 404);
      if (readable) expect(res.body.data).toEqual(shape(who, d));
      else expect(res.code).toBe(203);
    }
  });

  it('a soft-deleted item is 404 code 203 by key for everyone, the admin included', async () => {
    // readOne reads with `status: null` (the default that leaves soft-deleted items out) and
    // ignores the status parameter, so not even `?status=*` reaches them by key.
    const gone = docs.find((d) => d.status === 'deleted' && d.owner === users.a)!.id;
    for (let round = 0; round < ROUNDS; round++) {
      for (const who of CALLERS) await notFound(who, `/items/${DOCS}/${gone}`);
      await notFound('admin', `/items/${DOCS}/${gone}?status=*`);
      await notFound('a', `/items/${DOCS}/${gone}?status=*`);
    }
    // The admin still lists it with status=*, and a read by several keys leaves it out too.
    const all = await data('admin', `/items/${DOCS}?limit=50&status=*`);
    expect(ids(all)).toContain(gone);
    expect(ids(await data('admin', `/items/${DOCS}/${gone},${docs[0].id}`))).toEqual([docs[0].id]);
  });

  it('several keys: key order, missing keys, repeated keys, offset, keys of the wrong type', async () => {
    const [first, second, third] = listOf('admin');
    for (let round = 0; round < ROUNDS; round++) {
      // Answers come in key order, whatever order the URL names them in.
      expect(await data('admin', `/items/${DOCS}/${third.id},${first.id},${second.id}`)).toEqual(
        [first, second, third].map((d) => shape('admin', d)),
      );
      // The same compiled SQL (three keys) with other keys: the keys are substituted every time.
      const lastThree = listOf('admin').slice(-3);
      expect(ids(await data('admin', `/items/${DOCS}/${lastThree.map((d) => d.id).join(',')}`))).toEqual(
        ids(lastThree),
      );
      // Missing keys simply match nothing.
      expect(ids(await data('admin', `/items/${DOCS}/${first.id},999999,${second.id}`))).toEqual([
        first.id,
        second.id,
      ]);
      expect(await data('admin', `/items/${DOCS}/999998,999999`)).toEqual([]);
      // The same key twice is one key, answered as a list.
      expect(await data('admin', `/items/${DOCS}/${first.id},${first.id}`)).toEqual([shape('admin', first)]);
      // Reads by key ignore offset, limit and sort (only fields, meta and lang apply to them),
      // with one key as with several; so across repeats.
      expect(ids(await data('admin', `/items/${DOCS}/${first.id},${second.id}?offset=1`))).toEqual([
        first.id,
        second.id,
      ]);
      expect(await data('admin', `/items/${DOCS}/${first.id}?offset=1`)).toEqual(shape('admin', first));
      expect(await data('admin', `/items/${DOCS}/${first.id}?offset=0`)).toEqual(shape('admin', first));
      expect(await data('admin', `/items/${DOCS}/${first.id}?offset=1&limit=0&sort=-id`)).toEqual(
        shape('admin', first),
      );
      // Keys an integer column cannot hold are 203, never 500; alongside a good key they drop out.
      for (const bad of ['abc', '1.5', '99999999999', "1'", '1%20OR%201=1', '%25']) {
        await notFound('admin', `/items/${DOCS}/${bad}`);
        await notFound('a', `/items/${DOCS}/${bad}`);
      }
      expect(ids(await data('admin', `/items/${DOCS}/abc,${second.id}`))).toEqual([second.id]);
    }
    // Several keys as A and B: same URL and same compiled SQL, each only their own items.
    const mixed = docs.filter((d) => d.status !== 'deleted').map((d) => d.id);
    for (let round = 0; round < ROUNDS; round++) {
      for (const who of CALLERS) {
        expect(ids(await data(who, `/items/${DOCS}/${mixed.join(',')}`)), who).toEqual(ids(listOf(who)));
      }
    }
    // A's keys asked by B: the same compiled statement, nothing of A's comes back.
    const ofA = listOf('a').map((d) => d.id);
    for (let round = 0; round < ROUNDS; round++) {
      expect(ids(await data('a', `/items/${DOCS}/${ofA.join(',')}`))).toEqual(ofA);
      expect(await data('b', `/items/${DOCS}/${ofA.join(',')}`)).toEqual([]);
    }
  });

  it('string primary keys with quotes, %, unicode and spaces', async () => {
    const url = (...keys: string[]) => `/items/${CODES}/${keys.map(encodeURIComponent).join(',')}`;
    const item = (code: string) => ({ code, label: `label of ${code}` });
    const sorted = (rows: Array<{ code: string }>) => rows.map((row) => row.code).sort();
    for (let round = 0; round < ROUNDS; round++) {
      for (const code of STRING_KEYS) {
        expect(await data('admin', url(code)), code).toEqual(item(code));
        expect(await data('c', url(code)), code).toEqual(item(code));
        // A has no permission on the collection: not found, not forbidden.
        await notFound('a', url(code));
      }
      // `%` and `_` are not wildcards, and a prefix is not a match.
      for (const missing of ['%', '10%', '50%', '50_off', '_lain', 'plai', "it''s", 'nope']) {
        await notFound('admin', url(missing));
      }
      // Several string keys at once; the order depends on the collation, so compare as sets.
      expect(sorted(await data('admin', url("it's", '100%', 'ünïcödé ✓', 'with space')))).toEqual(
        ["it's", '100%', 'ünïcödé ✓', 'with space'].sort(),
      );
      expect(sorted(await data('c', url('"quoted"', 'missing', '42', 'back\\slash')))).toEqual(
        ['"quoted"', '42', 'back\\slash'].sort(),
      );
      expect(sorted(await data('admin', url('日本語', 'what?', 'semi;colon')))).toEqual(
        ['日本語', 'what?', 'semi;colon'].sort(),
      );
    }
    const all = await data('admin', `/items/${CODES}?limit=-1`);
    expect(sorted(all)).toEqual([...STRING_KEYS].sort());
  });

  it('fields variants never leak between callers', async () => {
    const pick = (who: Who, fields: string[]) => listOf(who).map((d) => shape(who, d, fields));
    // A limit no other test uses, so the narrowest selection (`fields=id`) is compiled first.
    for (let round = 0; round < ROUNDS; round++) {
      for (const who of CALLERS) {
        expect(await data(who, `/items/${DOCS}?fields=id&limit=40`), who).toEqual(pick(who, ['id']));
        expect(await data(who, `/items/${DOCS}?fields=id,title&limit=40`), who).toEqual(
          pick(who, ['id', 'title']),
        );
        expect(await data(who, `/items/${DOCS}?fields=*&limit=40`), who).toEqual(
          pick(who, ['id', 'status', 'owner', 'title', 'body']),
        );
        expect(await data(who, `/items/${DOCS}?fields=title,body&limit=40`), who).toEqual(
          pick(who, ['title', 'body']),
        );
      }
    }
    // The same `fields=id` read by key: A's cached answer is never B's.
    const ofA = byTitle('title01');
    for (let round = 0; round < ROUNDS; round++) {
      expect(await data('a', `/items/${DOCS}/${ofA}?fields=id`)).toEqual({ id: ofA });
      await notFound('b', `/items/${DOCS}/${ofA}?fields=id`);
      expect(await data('c', `/items/${DOCS}/${ofA}?fields=id,body`)).toEqual({ id: ofA });
      expect(await data('admin', `/items/${DOCS}/${ofA}?fields=id,body`)).toEqual({
        id: ofA,
        body: doc(ofA).body,
      });
    }
    // A field C cannot read is silently left out of `fields` (as v8 does), but sorting or
    // filtering by it is 403 code 215; an unknown field is code 202 for everyone.
    for (let round = 0; round < ROUNDS; round++) {
      expect(await data('c', `/items/${DOCS}?fields=body&limit=50`)).toEqual(listOf('c').map(() => ({})));
      expect(await data('admin', `/items/${DOCS}?fields=body&limit=50`)).toEqual(
        listOf('admin').map((d) => ({ body: d.body })),
      );
      const sorted = await get('c', `/items/${DOCS}?sort=body`);
      expect([sorted.status, sorted.code]).toEqual([403, 215]);
      const filtered = await get('c', `/items/${DOCS}?filter[body][contains]=body`);
      expect([filtered.status, filtered.code]).toEqual([403, 215]);
      expect((await data('admin', `/items/${DOCS}?sort=body&fields=id&limit=50`)).length).toBe(10);
      const unknown = await get('a', `/items/${DOCS}?fields=id,nope`);
      expect([unknown.status, unknown.code]).toEqual([unknownFieldStatus, 202]);
    }
  });

  it('sort, limit, offset, single, status and meta variants give their own answers', async () => {
    const base = `/items/${DOCS}`;
    for (let round = 0; round < ROUNDS; round++) {
      for (const who of CALLERS) {
        const list = listOf(who).map((d) => shape(who, d));
        const variants: Array<[string, unknown]> = [
          ['?limit=50', list],
          ['?limit=50&sort=-id', [...list].reverse()],
          ['?limit=50&sort=id', list],
          ['?limit=1', list.slice(0, 1)],
          ['?limit=2', list.slice(0, 2)],
          ['?limit=50&offset=2', list.slice(2)],
          ['?limit=2&offset=1', list.slice(1, 3)],
          ['?limit=2&page=2', list.slice(2, 4)],
          ['?limit=1&sort=-id', list.slice(-1)],
          ['?limit=50&sort=-status', sortBy(listOf(who), 'status', true).map((d) => shape(who, d))],
          ['?limit=50&sort=title', sortBy(listOf(who), 'title', false).map((d) => shape(who, d))],
          ['?single=1', list[0]],
          ['?single=1&sort=-id', list[list.length - 1]],
          ['?single=1&offset=1', list[1]],
          ['?limit=50&status=*', listOf(who, true).map((d) => shape(who, d))],
          [
            '?limit=50&status=draft,deleted',
            listOf(who, true)
              .filter((d) => d.status === 'draft' || d.status === 'deleted')
              .map((d) => shape(who, d)),
          ],
          [
            '?limit=50&status=archived',
            listOf(who, true)
              .filter((d) => d.status === 'archived')
              .map((d) => shape(who, d)),
          ],
          ['?limit=0', []],
        ];
        for (const [query, expected] of variants) {
          expect(await data(who, `${base}${query}`), `${who} ${query}`).toEqual(expected);
        }
        const counted = await get(who, `${base}?limit=2&meta=result_count`);
        expect(counted.body.meta).toEqual({ result_count: Math.min(2, list.length) });
        expect(counted.body.data).toEqual(list.slice(0, 2));
        const totals = await get(who, `${base}?limit=1&offset=1&meta=result_count,total_count,filter_count`);
        expect(totals.body.meta).toEqual({
          result_count: 1,
          total_count: list.length,
          filter_count: list.length,
        });
        expect(totals.body.data).toEqual(list.slice(1, 2));
      }
    }
  });

  it('a permission change reaches the next read of the same URL', async () => {
    const { call } = projectCaller(server.inject, () => ({ authorization: `Bearer ${tokens.admin}` }));
    const list = `/items/${DOCS}?limit=50`;
    const ofB = byTitle('title02');
    const check = async () => {
      for (let round = 0; round < 2; round++) {
        for (const who of CALLERS) {
          expect(await data(who, list), `${who} (R1 ${r1Read})`).toEqual(
            listOf(who).map((d) => shape(who, d)),
          );
        }
        if (r1Read === 'full') expect(await data('a', `/items/${DOCS}/${ofB}`)).toEqual(shape('a', doc(ofB)));
        else await notFound('a', `/items/${DOCS}/${ofB}`);
        expect(ids(await data('a', `/items/${DOCS}/${ofB},${byTitle('title01')}`))).toEqual(
          r1Read === 'full' ? [byTitle('title01'), ofB] : [byTitle('title01')],
        );
      }
    };
    await check();
    const widen = await call('PATCH', `/permissions/${permissionIds.r1}`, { read: 'full' });
    expect(widen.status, JSON.stringify(widen.body)).toBe(200);
    r1Read = 'full';
    try {
      await check();
      expect(listOf('a')).toEqual(listOf('b'));
      expect(listOf('a').length).toBeGreaterThan(4);
    } finally {
      const narrow = await call('PATCH', `/permissions/${permissionIds.r1}`, { read: 'mine' });
      expect(narrow.status, JSON.stringify(narrow.body)).toBe(200);
      r1Read = 'mine';
    }
    await check();

    // C's field blacklist lifted, then restored: `body` comes and goes in the same cached URL.
    const ofA = byTitle('title01');
    expect(await data('c', `/items/${DOCS}/${ofA}`)).not.toHaveProperty('body');
    const lifted = await call('PATCH', `/permissions/${permissionIds.r2}`, { read_field_blacklist: null });
    expect(lifted.status, JSON.stringify(lifted.body)).toBe(200);
    try {
      for (let round = 0; round < 2; round++) {
        expect(await data('c', `/items/${DOCS}/${ofA}`)).toEqual(shape('admin', doc(ofA)));
        expect((await data('c', list)).every((row: any) => typeof row.body === 'string')).toBe(true);
      }
    } finally {
      const restored = await call('PATCH', `/permissions/${permissionIds.r2}`, {
        read_field_blacklist: 'body',
      });
      expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    }
    for (let round = 0; round < 2; round++) {
      expect(await data('c', `/items/${DOCS}/${ofA}`)).toEqual(shape('c', doc(ofA)));
      expect(await data('c', list)).toEqual(listOf('c').map((d) => shape('c', d)));
    }
  });

  it('a field added or deleted through /fields reaches the next read', async () => {
    const { call } = projectCaller(server.inject, () => ({ authorization: `Bearer ${tokens.admin}` }));
    const ofA = byTitle('title01');
    const one = `/items/${DOCS}/${ofA}`;
    const list = `/items/${DOCS}?limit=50`;
    // A trusted internal read has no permissions of its own: its caches hang off the schema only.
    const trusted = new ItemsService(
      server.project,
      { user: users.admin, role: 1, admin: true, ip: '127.0.0.1' },
      { collection: DOCS, trusted: true },
    );
    const trustedOne = async () => (await trusted.readOne(ofA, parseQuery({}))).data;
    const trustedList = async () => (await trusted.readMany(parseQuery({ limit: '50' }))).data;
    for (let round = 0; round < 2; round++) {
      expect(await data('a', one)).toEqual(shape('a', doc(ofA)));
      expect(await data('admin', list)).toEqual(listOf('admin').map((d) => shape('admin', d)));
      expect(await trustedOne()).toEqual(shape('admin', doc(ofA)));
      expect(await trustedList()).toEqual(listOf('admin').map((d) => shape('admin', d)));
    }
    const added = await call('POST', `/fields/${DOCS}`, {
      field: 'extra',
      type: 'string',
      datatype: 'VARCHAR',
      length: 50,
      interface: 'text-input',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    try {
      const patched = await call('PATCH', one, { extra: 'x-value' });
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
      const extraOf = (d: Doc) => (d.id === ofA ? 'x-value' : null);
      for (let round = 0; round < 2; round++) {
        expect(await data('a', one)).toEqual({ ...shape('a', doc(ofA)), extra: 'x-value' });
        expect(await data('c', one)).toEqual({ ...shape('c', doc(ofA)), extra: 'x-value' });
        expect(await data('admin', list)).toEqual(
          listOf('admin').map((d) => ({ ...shape('admin', d), extra: extraOf(d) })),
        );
        expect(await data('a', `${list}&fields=id,extra`)).toEqual(
          listOf('a').map((d) => ({ id: d.id, extra: extraOf(d) })),
        );
        expect(await data('b', `${list}&fields=id,extra`)).toEqual(
          listOf('b').map((d) => ({ id: d.id, extra: null })),
        );
        expect(await trustedOne()).toEqual({ ...shape('admin', doc(ofA)), extra: 'x-value' });
        expect(await trustedList()).toEqual(
          listOf('admin').map((d) => ({ ...shape('admin', d), extra: extraOf(d) })),
        );
      }
    } finally {
      const deleted = await call('DELETE', `/fields/${DOCS}/extra`);
      expect(deleted.status, JSON.stringify(deleted.body)).toBeLessThan(300);
    }
    for (let round = 0; round < 2; round++) {
      expect(await data('a', one)).toEqual(shape('a', doc(ofA)));
      expect(await data('c', one)).toEqual(shape('c', doc(ofA)));
      expect(await data('admin', list)).toEqual(listOf('admin').map((d) => shape('admin', d)));
      expect(await trustedOne()).toEqual(shape('admin', doc(ofA)));
      expect(await trustedList()).toEqual(listOf('admin').map((d) => shape('admin', d)));
      // A URL naming the deleted field is now the unknown-field error, not a 500.
      const gone = await get('b', `${list}&fields=id,extra`);
      expect([gone.status, gone.code]).toEqual([unknownFieldStatus, 202]);
    }
  });

  it('hundreds of distinct compiled statements keep answering correctly', async () => {
    // Distinct SQL texts: the column list follows the order of `fields`, and the sort is part of
    // the SQL; limit and offset are bindings on every vendor, so they would not make new texts.
    const columns = ['status', 'owner', 'title', 'body'] as const;
    const orders: string[][] = [];
    const permute = (prefix: string[], rest: string[]) => {
      if (prefix.length > 0) orders.push(prefix);
      rest.forEach((name, i) => permute([...prefix, name], [...rest.slice(0, i), ...rest.slice(i + 1)]));
    };
    permute([], [...columns]);
    expect(orders).toHaveLength(64);
    const sorts = ['', 'title', '-owner', 'status', '-body'];
    const requests: Array<{ fields: string[]; sort: string }> = [];
    for (const sort of sorts) for (const fields of orders) requests.push({ fields, sort });
    const selected = requests.slice(0, 220);
    const expectedOf = ({ fields, sort }: { fields: string[]; sort: string }) => {
      const rows = sort
        ? sortBy(listOf('admin'), sort.replace('-', '') as keyof Doc, sort.startsWith('-'))
        : listOf('admin');
      return rows.map((d) => shape('admin', d, fields));
    };
    for (const request of selected) {
      const url = `/items/${DOCS}?limit=-1&fields=${request.fields.join(',')}${request.sort ? `&sort=${request.sort}` : ''}`;
      expect(await data('admin', url), url).toEqual(expectedOf(request));
    }
    // Once more, now from the cache, in another order.
    for (const request of [...selected].reverse()) {
      const url = `/items/${DOCS}?limit=-1&fields=${request.fields.join(',')}${request.sort ? `&sort=${request.sort}` : ''}`;
      expect(await data('admin', url), url).toEqual(expectedOf(request));
    }
    // Reads by key still work past the statement cap, for every caller.
    for (const who of CALLERS) {
      for (const d of listOf(who)) expect(await data(who, `/items/${DOCS}/${d.id}`)).toEqual(shape(who, d));
    }
    if (vendor === 'postgres') {
      // Sequential requests reuse one pooled connection, which thus reached the cap of 200 named
      // statements (the answers above past it came from unnamed ones); none holds more.
      const counts = await preparedPerConnection(server);
      expect(Math.max(...counts), `named statements per connection: ${counts.join(', ')}`).toBe(200);
    }
  });
});

/** Sorted as the server does: by the field, then by key ascending (the field has no nulls). */
function sortBy(rows: Doc[], field: keyof Doc, descending: boolean): Doc[] {
  return [...rows].sort((x, y) => {
    const a = x[field];
    const b = y[field];
    const order = a < b ? -1 : a > b ? 1 : 0;
    // Ties go by the primary key, in the direction of the sort (what the server orders by last).
    return descending ? -order || y.id - x.id : order || x.id - y.id;
  });
}

/** The number of our named statements on each idle pooled PostgreSQL connection. */
async function preparedPerConnection(server: TestServer): Promise<number[]> {
  const client = server.project.knex.client as {
    pool: { numFree(): number };
    acquireConnection(): Promise<any>;
    releaseConnection(connection: unknown): Promise<unknown>;
  };
  const free = client.pool.numFree();
  const connections = await Promise.all(Array.from({ length: free }, () => client.acquireConnection()));
  try {
    const counts: number[] = [];
    for (const connection of connections) {
      const result = await connection.query(
        `select count(*)::int as n from pg_prepared_statements where name like 'octavo\\_%'`,
      );
      counts.push(result.rows[0].n);
    }
    return counts;
  } finally {
    for (const connection of connections) await client.releaseConnection(connection);
  }
}
