import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../server/cli';
import { forceSearchScan } from '../../server/query/filter-to-sql';
import { commonSearchTermAt } from '../../server/query/execute-read';
import { schemaCache } from '../../server/schema';
import { ftsTable, trigramIndex } from '../../server/schema/search-index';
import { trigramTable } from '../../server/schema/search-index-mysql';
import {
  buildSearchIndexes,
  dropSearchIndexes,
  searchIndexStatus,
} from '../../server/services/search-indexes';
import { testVendors } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { api, type Api } from './schema-helpers';

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)];
  return { next, int, pick };
}

/** Characters that trip case folding, LIKE escaping, quoting and multi-byte handling. */
const ALPHABET = [
  ...'abcxyzABCXYZ019-.e E',
  'é',
  'É',
  'ß',
  'İ',
  'ı',
  'K', // Kelvin sign: Unicode folds it to k, LIKE does not
  'Ω',
  'ω',
  '%',
  '_',
  '\\',
  "'",
  '"',
  '😀',
  '中文',
  '  ',
  'NaN',
  'Inf',
];

function text(rng: ReturnType<typeof random>, max: number): string {
  let out = '';
  const n = 1 + rng.int(max);
  for (let i = 0; i < n; i++) out += rng.pick(ALPHABET);
  return out;
}

/** Every substring-ish term of a value, case changed at random. */
function termsFrom(rng: ReturnType<typeof random>, values: string[], count: number): string[] {
  const terms = new Set<string>([
    '',
    'a',
    'ab',
    'abc',
    '%',
    '_',
    '\\',
    '"',
    "'",
    '%_\\',
    '1',
    '12',
    '-1',
    '1.5',
    'e+',
    'nan',
    'Infinity',
    '😀😀',
    'é',
    'É',
    'ÉÉ',
    'x y',
    'zzzzzzzzzz-not-there',
  ]);
  while (terms.size < count) {
    const kind = rng.int(5);
    if (kind === 4 || values.length === 0) {
      terms.add(text(rng, 5));
      continue;
    }
    const chars = [...rng.pick(values)];
    const start = rng.int(Math.max(1, chars.length));
    const length = 1 + rng.int(7);
    let term = chars.slice(start, start + length).join('');
    if (kind === 1) term = term.toUpperCase();
    if (kind === 2) term = term.toLowerCase();
    if (kind === 3) term = term.replace(/[a-z]/g, (c) => c.toUpperCase());
    if (term) terms.add(term);
  }
  return [...terms];
}

describe.each(testVendors)('search (q) with the search index (%s)', (vendor) => {
  let server: TestServer;
  let a: Api;
  let reader: Api;
  const rng = random(17);
  const values: string[] = [];

  const ids = async (who: Api, collection: string, term: string, page = 'limit=-1'): Promise<number[]> => {
    const res = await who.get(`/items/${collection}?q=${encodeURIComponent(term)}&fields=id&${page}`);
    expect(res.statusCode, `${term}: ${res.body}`).toBe(200);
    const list = (res.json().data as Array<{ id: number }>).map((r) => Number(r.id));
    // A page keeps the server's order (key order); a whole answer is compared as a set.
    return page === 'limit=-1' ? list.sort((x, y) => x - y) : list;
  };

  const status = async () =>
    Object.fromEntries((await searchIndexStatus(server.project.knex, vendor)).map((s) => [s.collection, s]));

  beforeAll(async () => {
    server = await startTestServer(vendor);
    a = api(server, await server.login());
    const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
      const r = await res;
      expect(r.statusCode, r.body).toBe(200);
      return JSON.parse(r.body).data;
    };
    await ok(
      a.post('/collections', {
        collection: 'articles',
        fields: [
          { field: 'id', type: 'integer', datatype: 'INT', primary_key: true, auto_increment: true },
          { field: 'title', type: 'string', datatype: 'VARCHAR', length: 200 },
          { field: 'body', type: 'string', datatype: 'TEXT' },
          { field: 'code', type: 'string', datatype: 'VARCHAR', length: 100 },
          { field: 'views', type: 'integer', datatype: 'INT' },
          { field: 'price', type: 'decimal', datatype: 'DECIMAL', precision: 10, scale: 2 },
          { field: 'owner', type: 'owner', datatype: 'INT' },
        ],
      }),
    );
    await ok(
      a.post('/fields/articles', {
        field: 'comments',
        type: 'o2m',
        interface: 'one-to-many',
        relation: { collection_many: 'comments', field_many: 'article' },
      }),
    );
    await ok(a.post('/fields/comments', { field: 'note', type: 'string', datatype: 'VARCHAR', length: 200 }));
    await ok(a.post('/fields/comments', { field: 'score', type: 'integer', datatype: 'INT' }));

    // Random content written through the API, so the triggers (SQLite) see every row.
    const articles = [];
    for (let i = 0; i < 160; i++) {
      const maybe = <T>(v: T) => (rng.next() < 0.15 ? null : v);
      const title = maybe(text(rng, 8));
      const body = maybe(text(rng, 20));
      const code = maybe(text(rng, 4));
      for (const v of [title, body, code]) if (v) values.push(v);
      articles.push({
        title,
        body,
        code,
        views: maybe(rng.int(2000)), // INT is unsigned on MySQL
        price: maybe((rng.int(200000) - 50000) / 100),
      });
    }
    const created = await ok(a.post('/items/articles', articles));
    const comments = [];
    for (let i = 0; i < 240; i++) {
      const note = rng.next() < 0.1 ? null : text(rng, 10);
      if (note) values.push(note);
      comments.push({ article: rng.pick(created as Array<{ id: number }>).id, note, score: rng.int(100) });
    }
    await ok(a.post('/items/comments', comments));

    // A reader: articles they own only, without `code`; comments without `note`.
    const role = (await ok(a.post('/roles', { name: 'Readers' }))).id;
    await ok(
      a.post('/permissions', {
        collection: 'articles',
        role,
        read: 'mine',
        read_field_blacklist: 'code',
      }),
    );
    await ok(
      a.post('/permissions', { collection: 'comments', role, read: 'full', read_field_blacklist: 'note' }),
    );
    const user = await ok(
      a.post('/users', {
        first_name: 'Rea',
        last_name: 'Der',
        email: 'reader@example.com',
        password: 'a reader password 123',
        role,
        status: 'active',
      }),
    );
    await server.project.knex('articles').whereRaw('?? % 3 = 0', ['id']).update({ owner: user.id });
    reader = api(server, await server.login('reader@example.com', 'a reader password 123'));
  }, 120_000);
  afterAll(async () => {
    forceSearchScan(false);
    await server?.close();
  });

  it('creates the index with the collection and its fields', async () => {
    const now = await status();
    expect(now.articles.state).toBe('ready');
    expect(now.comments.state).toBe('ready');
    // Number columns too: PostgreSQL indexes `(column)::text`, MySQL the tokens of the number's text.
    expect(now.articles.indexed).toEqual(['body', 'code', 'id', 'price', 'title', 'views']);
    if (vendor === 'mysql') {
      const [triggers] = await server.project.knex.raw(
        'select TRIGGER_NAME as name from information_schema.TRIGGERS where TRIGGER_SCHEMA = database() and EVENT_OBJECT_TABLE = ? order by 1',
        ['articles'],
      );
      expect(triggers.map((t: { name: string }) => t.name)).toEqual([
        'octavo_sx_articles_ad',
        'octavo_sx_articles_ai',
        'octavo_sx_articles_au',
      ]);
      // A row per distinct trigram of each article (ids below 100 and empty fields have none).
      const [{ n }] = await server.project.knex(trigramTable('articles')).countDistinct({ n: 'id' });
      expect(Number(n)).toBeGreaterThan(140);
    }
  });

  it('answers every query exactly as the plain scan does (admin, reader, o2m children)', async () => {
    const terms = termsFrom(rng, values, 220);
    const run = async () => {
      const out: Record<string, number[]> = {};
      for (const term of terms) {
        out[`admin articles ${term}`] = await ids(a, 'articles', term);
        out[`reader articles ${term}`] = await ids(reader, 'articles', term);
        out[`admin comments ${term}`] = await ids(a, 'comments', term);
        // A page in key order: the reader may take the scan for it (a common term) or the index.
        out[`reader articles page ${term}`] = await ids(reader, 'articles', term, 'limit=4&offset=2&sort=id');
      }
      return out;
    };
    const seen: string[] = [];
    const listener = (q: { sql: string }) => seen.push(q.sql);
    server.project.knex.on('query', listener);
    const indexed = await run();
    server.project.knex.off('query', listener);
    if (vendor === 'sqlite') expect(seen.some((sql) => /\bMATCH\b/.test(sql))).toBe(true);
    // MySQL: the same UNION, its own part prefiltered by the trigram table, joined as a derived table.
    if (vendor === 'mysql')
      expect(
        seen.some((sql) =>
          /in \(select `k`\.`k` from \(.*in \(select `g0`\.`id` from `octavo_search_articles` as `g0`.*union all/i.test(
            sql,
          ),
        ),
      ).toBe(true);
    // PostgreSQL: the matching keys gathered by a UNION whose parts use the trigram indexes.
    if (vendor === 'postgres') expect(seen.some((sql) => /= ANY\(ARRAY\(.*union all/i.test(sql))).toBe(true);
    // Every term "common": pages in key order come from the scan, children asked per row (on
    // PostgreSQL an EXISTS kept per row by OFFSET 0); the answer unchanged.
    commonSearchTermAt(1);
    let common: Record<string, number[]>;
    seen.length = 0;
    server.project.knex.on('query', listener);
    try {
      common = await run();
    } finally {
      server.project.knex.off('query', listener);
      commonSearchTermAt(2000);
    }
    expect(common).toEqual(indexed);
    if (vendor === 'postgres')
      expect(seen.some((sql) => /EXISTS \(\(select .* OFFSET 0\)/i.test(sql))).toBe(true);
    if (vendor === 'mysql') expect(seen.some((sql) => /or exists \(select/i.test(sql))).toBe(true);

    // The same queries as a plain scan, with no index left to help.
    forceSearchScan(true);
    await dropSearchIndexes(server.project.knex, vendor);
    schemaCache.invalidate(server.project.key);
    try {
      const scanned = await run();
      expect(indexed).toEqual(scanned);
      // The data is varied enough that terms find something, and not everything.
      const sizes = Object.values(scanned).map((list) => list.length);
      expect(sizes.filter((n) => n > 0).length).toBeGreaterThan(sizes.length / 4);
      expect(sizes.filter((n) => n === 0).length).toBeGreaterThan(10);
    } finally {
      forceSearchScan(false);
      await buildSearchIndexes(server.project.knex, vendor);
      schemaCache.invalidate(server.project.key);
    }
  }, 300_000);

  it('reflects writes through the API at once', async () => {
    const res = await a.post('/items/articles', { title: 'Quokka-Ünïcode one', views: 1 });
    const id = res.json().data.id;
    expect(await ids(a, 'articles', 'quokka-ünï')).toEqual(vendor === 'sqlite' ? [] : [id]);
    expect(await ids(a, 'articles', 'QUOKKA-Ün')).toEqual([id]);
    await a.patch(`/items/articles/${id}`, { title: 'Wombat two' });
    expect(await ids(a, 'articles', 'Quokka')).toEqual([]);
    expect(await ids(a, 'articles', 'mbat tw')).toEqual([id]);
    const comment = (await a.post('/items/comments', { article: id, note: 'platypus note' })).json().data.id;
    expect(await ids(a, 'articles', 'Platypus')).toEqual([id]);
    await a.del(`/items/comments/${comment}`);
    expect(await ids(a, 'articles', 'Platypus')).toEqual([]);
    await a.del(`/items/articles/${id}`);
    expect(await ids(a, 'articles', 'mbat tw')).toEqual([]);
  });

  it('follows fields added, retyped and removed, and the collection deleted', async () => {
    expect(
      (await a.post('/fields/articles', { field: 'subtitle', type: 'string', length: 100 })).statusCode,
    ).toBe(200);
    expect((await status()).articles.indexed).toContain('subtitle');
    const id = (await a.post('/items/articles', { title: 'x', subtitle: 'Echidna 42' })).json().data.id;
    expect(await ids(a, 'articles', 'echidna')).toEqual([id]);
    await a.patch(`/items/articles/${id}`, { subtitle: '90817' });

    const retyped = await a.patch('/fields/articles/subtitle', {
      type: 'integer',
      datatype: 'INT',
      length: null,
    });
    expect(retyped.statusCode, retyped.body).toBe(200);
    const after = (await status()).articles;
    // Now a number: still indexed (PostgreSQL: rebuilt on the column's text).
    expect(after.indexed).toContain('subtitle');
    expect(after.state).toBe('ready');
    expect(await ids(a, 'articles', '0817')).toEqual([id]);

    expect((await a.del('/fields/articles/subtitle')).statusCode).toBe(204);
    expect((await status()).articles.indexed).not.toContain('subtitle');
    expect((await status()).articles.state).toBe('ready');

    expect(
      (
        await a.post('/collections', {
          collection: 'scratch',
          fields: [{ field: 'name', type: 'string', length: 50 }],
        })
      ).statusCode,
    ).toBe(200);
    const knex = server.project.knex;
    const shadowExists = async () =>
      (
        await knex.raw(
          'select 1 from information_schema.TABLES where TABLE_SCHEMA = database() and TABLE_NAME = ?',
          [trigramTable('scratch')],
        )
      )[0].length > 0;
    if (vendor === 'sqlite')
      expect(await knex('sqlite_master').where('name', ftsTable('scratch')).first()).toBeTruthy();
    if (vendor === 'mysql') expect(await shadowExists()).toBe(true);
    expect((await a.del('/collections/scratch')).statusCode).toBe(204);
    if (vendor === 'mysql') expect(await shadowExists()).toBe(false);
    if (vendor === 'sqlite') {
      expect(
        await knex('sqlite_master').where('name', 'like', 'octavo_search_scratch%').select('name'),
      ).toEqual([]);
    }
    if (vendor === 'postgres') {
      const { rows } = await knex.raw('select 1 from pg_class where relname = ?', [
        trigramIndex('scratch', 'name'),
      ]);
      expect(rows).toEqual([]);
    }
  });

  it('builds the indexes of a database that has none with the CLI, online', async () => {
    await dropSearchIndexes(server.project.knex, vendor);
    schemaCache.invalidate(server.project.key);
    expect((await status()).articles.state).toBe('missing');
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(`ERR ${l}`) };
    const env = { OCTAVO_LOG_LEVEL: 'silent' };
    expect(
      await main(['search-index', 'status', '--data', server.config.dataDir, '--project', 'test'], env, io),
    ).toBe(0);
    expect(lines.join('\n')).toMatch(/articles: missing/);
    lines.length = 0;
    expect(
      await main(['search-index', 'build', '--data', server.config.dataDir, '--project', 'test'], env, io),
    ).toBe(0);
    expect(lines.join('\n')).toMatch(/articles: created/);
    schemaCache.invalidate(server.project.key);
    expect((await status()).articles.state).toBe('ready');
    expect((await status()).comments.state).toBe('ready');
    expect(await ids(a, 'comments', 'platypus')).toEqual([]);
    lines.length = 0;
    expect(await main(['search-index', 'nonsense', '--data', server.config.dataDir], env, io)).toBe(2);
  });

  it.runIf(vendor === 'postgres')('is what the planner uses on a 20,000-row table', async () => {
    const knex = server.project.knex;
    expect(
      (
        await a.post('/collections', {
          collection: 'big',
          fields: [{ field: 'label', type: 'string', length: 100 }],
        })
      ).statusCode,
    ).toBe(200);
    const rows = Array.from({ length: 20_000 }, (_, i) => ({
      label: `item ${i} ${(i * 7919).toString(36)}`,
    }));
    for (let i = 0; i < rows.length; i += 2000) await knex('big').insert(rows.slice(i, i + 2000));
    // As autovacuum would after so many inserts: statistics, and the GIN pending list merged.
    await knex.raw('VACUUM ANALYZE big');
    const seen: Array<{ sql: string; bindings: unknown[] }> = [];
    const listener = (q: { sql: string; bindings: unknown[] }) => {
      if (/from "big"/i.test(q.sql) && !/count\(/i.test(q.sql)) seen.push(q);
    };
    knex.on('query', listener);
    expect(await ids(a, 'big', `m 1234 ${(1234 * 7919).toString(36)}`)).toHaveLength(1);
    knex.off('query', listener);
    expect(seen.length).toBeGreaterThan(0);
    // The statement as sent ($1, $2…), with its parameters: the plan the server makes for it.
    const plan = await knex.raw(`EXPLAIN ${seen[0].sql.replace(/\$\d+/g, '?')}`, seen[0].bindings as any[]);
    const text = (plan.rows as Array<Record<string, string>>).map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain(trigramIndex('big', 'label'));
  });
});
