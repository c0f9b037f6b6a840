import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnection } from '../../server/database/connection';
import { migrateToLatest } from '../../server/database/migrate';
import { ApiError } from '../../server/errors';
import { parseQuery } from '../../server/query/parse-query';
import { readItems, type Item, type ReadContext } from '../../server/query/execute-read';
import type { FilterNode, ReadGuard } from '../../server/query/types';
import { loadSchema } from '../../server/schema/load-schema';
import { createTestDatabase, testVendors, type TestDatabase } from '../helpers/databases';
import { ARTICLES, addBulkArticles, createQueryFixture } from '../helpers/query-fixture';

type Article = (typeof ARTICLES)[number];
const visible = ARTICLES.filter((a) => a.status !== 'deleted');

describe.each(testVendors)('query engine reads (%s)', (vendor) => {
  let database: TestDatabase;
  let knex: Knex;
  let ctx: ReadContext;

  beforeAll(async () => {
    database = await createTestDatabase(vendor);
    knex = createConnection(database.config, database.dataDir);
    await migrateToLatest(knex);
    await createQueryFixture(knex, vendor);
    ctx = { knex, vendor, schema: await loadSchema(knex, vendor), defaultLimit: 200 };
  });

  afterAll(async () => {
    await knex?.destroy();
    await database?.drop();
  });

  const read = async (
    collection: string,
    params: Record<string, unknown>,
    guard?: ReadGuard,
    keys?: Array<string | number>,
  ) =>
    readItems(ctx, collection, parseQuery(params, { maxLimit: 1000 }), guard ?? null, keys ? { keys } : {});
  const list = async (collection: string, params: Record<string, unknown>, guard?: ReadGuard) =>
    (await read(collection, params, guard)).data as Item[];
  const ids = async (params: Record<string, unknown>, guard?: ReadGuard) =>
    (await list('articles', { sort: 'id', fields: 'id', ...params }, guard)).map((item) => item.id);
  const expected = (predicate: (a: Article) => boolean, from: Article[] = visible) =>
    from.filter(predicate).map((a) => a.id);
  const failure = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      return error as ApiError;
    }
    throw new Error('expected the read to fail');
  };

  describe('schema model', () => {
    it('merges metadata with the database and infers types for unmanaged columns', () => {
      const articles = ctx.schema.collections.get('articles')!;
      expect(articles.primaryKey).toBe('id');
      expect(articles.statusField).toBe('status');
      expect(articles.sortField).toBe('sort');
      expect(articles.managed).toBe(true);
      expect(articles.statusMapping?.deleted.soft_delete).toBe(true);
      expect(articles.fields.get('legacy_code')).toMatchObject({
        managed: false,
        type: 'string',
        storage: 'string',
      });
      expect(articles.fields.get('author')?.relation).toEqual({ kind: 'm2o', collection: 'authors' });
      expect(articles.fields.get('comments')?.relation).toMatchObject({
        kind: 'o2m',
        collection: 'comments',
        field: 'article',
      });
      expect(articles.fields.get('tags')?.relation).toMatchObject({
        kind: 'o2m',
        collection: 'articles_tags',
        field: 'article',
        junction: { field: 'tag', collection: 'tags' },
      });
      expect(articles.fields.get('translations')?.relation).toMatchObject({ kind: 'translation' });
      expect(articles.fields.get('divider')?.alias).toBe(true);
      expect(ctx.schema.collections.get('authors')?.datetimeCreatedField).toBe('created_on');
      expect(ctx.schema.collections.get('articles_tags')?.fields.get('tag')?.relation).toEqual({
        kind: 'm2o',
        collection: 'tags',
      });
      const users = ctx.schema.collections.get('directus_users')!;
      expect(users.system).toBe(true);
      expect(users.primaryKey).toBe('id');
      expect(users.fields.get('id')?.autoIncrement).toBe(true);
      expect(ctx.schema.collections.has('octavo_migrations')).toBe(false);
    });
  });

  describe('fields and casting', () => {
    it('lists with the default status filter and the sort field', async () => {
      const items = await list('articles', { fields: 'id' });
      expect(items.map((i) => i.id)).toEqual([...visible].sort((a, b) => a.sort - b.sort).map((a) => a.id));
    });

    it('status parameter: * for all, a list for those', async () => {
      expect(await ids({ status: '*' })).toEqual(ARTICLES.map((a) => a.id));
      expect(await ids({ status: 'draft,deleted' })).toEqual([9, 10, 11, 12]);
    });

    it('returns exactly the requested fields; the key only when asked', async () => {
      const [first] = await list('articles', { fields: 'title', sort: 'id', limit: 1 });
      expect(first).toEqual({ title: 'Article 1' });
      const [second] = await list('articles', { fields: ['id', 'title.*', 'divider'], sort: 'id', limit: 1 });
      expect(second).toEqual({ id: 1, title: 'Article 1' });
      const [third] = await list('articles', { fields: '*,-body,-legacy_code', sort: 'id', limit: 1 });
      expect(Object.keys(third).sort()).toEqual(
        ['id', 'status', 'sort', 'title', 'author', 'views', 'score', 'featured', 'published_on'].sort(),
      );
    });

    it('rejects unknown fields with 422 code 202, also nested', async () => {
      for (const fields of ['nope', 'author.nope', 'comments.nope.*', 'author..name']) {
        const error = await failure(read('articles', { fields }));
        expect([error.status, error.code]).toEqual([422, 202]);
      }
    });

    it('casts values per type', async () => {
      const authors = await list('authors', { sort: 'id' });
      expect(authors[0]).toEqual({
        id: 1,
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        age: 36,
        rating: 4.5,
        active: true,
        skills: ['math', 'poetry'],
        profile: { langs: ['en', 'fr'] },
        birthday: '1815-12-10',
        wake_up: '06:30:00',
        created_on: '2020-01-01T10:00:00+00:00',
      });
      expect(authors[2]).toMatchObject({
        rating: null,
        active: false,
        skills: [],
        profile: { navy: true },
        wake_up: null,
      });
      expect(authors[3]).toMatchObject({ rating: 3.75, skills: [], profile: null, birthday: null });
      expect(authors[4]).toMatchObject({
        age: null,
        profile: [],
        birthday: '2000-02-29',
        created_on: '2020-01-05T23:59:59+00:00',
      });
      const [article] = await list('articles', { sort: 'id', limit: 1 });
      expect(article).toMatchObject({
        id: 1,
        featured: false,
        score: 1.5,
        views: 10,
        published_on: '2021-01-01 12:00:00',
        author: 1,
      });
      const [third] = await list('articles', {
        fields: 'featured,published_on',
        filter: { id: 9 },
        status: '*',
      });
      expect(third).toEqual({ featured: true, published_on: null });
    });

    it('expands many-to-one, one-to-many, many-to-many and translations', async () => {
      const items = await list('articles', {
        fields: 'id,author.name,comments.body,tags.tag.name,translations.language,translations.title',
        filter: { id: { in: '1,2,3,5' } },
        sort: 'id',
      });
      expect(items[0]).toEqual({
        id: 1,
        author: { name: 'Ada Lovelace' },
        comments: [{ body: 'First!' }, { body: 'Great read' }, { body: 'Needs sources' }],
        tags: [{ tag: { name: 'science' } }, { tag: { name: 'history' } }],
        translations: [
          { language: 'en', title: 'Article 1 (en)' },
          { language: 'de', title: 'Artikel 1' },
        ],
      });
      expect(items[2]).toEqual({
        id: 3,
        author: { name: 'Grace Hopper' },
        comments: [],
        tags: [{ tag: { name: 'fiction' } }],
        translations: [],
      });
      expect(items[3]).toMatchObject({ id: 5, author: null, comments: [] });
    });

    it('expands *.* one level and *.*.* two levels; o2m without sub-selection is left out', async () => {
      const [one] = await list('articles', { fields: '*.*', filter: { id: 1 } });
      expect(one.author).toMatchObject({ id: 1, name: 'Ada Lovelace' });
      expect(one.tags).toEqual([
        { id: 1, article: 1, tag: 1 },
        { id: 2, article: 1, tag: 2 },
      ]);
      expect((one.comments as Item[])[0]).toEqual({ id: 1, article: 1, body: 'First!', upvotes: 5 });
      const [two] = await list('articles', { fields: '*.*.*', filter: { id: 1 } });
      expect((two.tags as Item[])[0]).toEqual({
        id: 1,
        article: expect.objectContaining({ id: 1 }),
        tag: { id: 1, name: 'science' },
      });
      expect(((two.author as Item).articles as Item[]).map((a) => a.id)).toEqual([8, 6, 1]);
      const [raw] = await list('articles', { fields: 'id,comments,author', filter: { id: 1 } });
      expect(raw).toEqual({ id: 1, author: 1 });
    });

    it('lang restricts translation rows', async () => {
      const [item] = await list('articles', {
        fields: 'id,translations.title',
        filter: { id: 1 },
        lang: 'de',
      });
      expect(item.translations).toEqual([{ title: 'Artikel 1' }]);
    });

    it('reads by keys, one key as an object', async () => {
      expect(
        ((await read('articles', { fields: 'id' }, undefined, [2, 1])).data as Item[])
          .map((i) => i.id)
          .sort(),
      ).toEqual([1, 2]);
      expect((await read('articles', { fields: 'id,title' }, undefined, ['3'])).data).toEqual({
        id: 3,
        title: 'Article 3',
      });
      const error = await failure(read('articles', {}, undefined, ['abc']));
      expect([error.status, error.code]).toEqual([404, 203]);
    });
  });

  describe('filter operators', () => {
    const cases: Array<[string, Record<string, unknown>, (a: Article) => boolean]> = [
      ['eq (default)', { title: 'Article 2' }, (a) => a.title === 'Article 2'],
      ['eq', { views: { eq: '30' } }, (a) => a.views === 30],
      ['= symbol', { views: { '=': 30 } }, (a) => a.views === 30],
      ['neq', { author: { neq: 1 } }, (a) => a.author !== null && a.author !== 1],
      ['<>', { author: { '<>': 1 } }, (a) => a.author !== null && a.author !== 1],
      ['lt', { views: { lt: 30 } }, (a) => a.views < 30],
      ['lte', { views: { lte: 30 } }, (a) => a.views <= 30],
      ['gt', { views: { gt: 60 } }, (a) => a.views > 60],
      ['>=', { views: { '>=': 60 } }, (a) => a.views >= 60],
      ['in csv', { id: { in: '1,3,5,99' } }, (a) => [1, 3, 5].includes(a.id)],
      ['in array', { id: { in: ['2', '4'] } }, (a) => [2, 4].includes(a.id)],
      ['nin', { id: { nin: '1,2' } }, (a) => ![1, 2].includes(a.id)],
      ['null', { author: { null: 1 } }, (a) => a.author === null],
      ['nnull', { author: { nnull: 1 } }, (a) => a.author !== null],
      ['empty', { body: { empty: 1 } }, (a) => !a.body],
      ['nempty', { body: { nempty: 1 } }, (a) => !!a.body],
      [
        'contains (case-insensitive)',
        { title: { contains: 'article 1' } },
        (a) => a.title.startsWith('Article 1'),
      ],
      ['like', { title: { like: 'ARTICLE 1' } }, (a) => a.title.startsWith('Article 1')],
      ['contains escapes %', { title: { contains: '%' } }, (a) => a.title.includes('%')],
      ['contains escapes _', { title: { contains: 'r_s' } }, (a) => a.title.includes('r_s')],
      ['ncontains', { title: { ncontains: 'article 1' } }, (a) => !a.title.startsWith('Article 1')],
      ['rlike', { title: { rlike: 'Article _' } }, (a) => /^Article .$/.test(a.title)],
      ['nrlike', { title: { nrlike: 'Article %' } }, (a) => !a.title.startsWith('Article ')],
      ['contains on a number', { views: { contains: '0' } }, () => true],
      ['between', { views: { between: '20,50' } }, (a) => a.views >= 20 && a.views <= 50],
      ['nbetween', { views: { nbetween: [20, 50] } }, (a) => a.views < 20 || a.views > 50],
      ['decimal gt', { score: { gt: 6 } }, (a) => a.score > 6],
      ['boolean true', { featured: { eq: 'true' } }, (a) => a.featured],
      ['boolean 0', { featured: 0 }, (a) => !a.featured],
      [
        'datetime gte',
        { published_on: { gte: '2021-01-05' } },
        (a) => !!a.published_on && a.published_on >= '2021-01-05',
      ],
      ['datetime lt now', { published_on: { lt: 'now' } }, (a) => !!a.published_on],
      ['datetime with T and Z', { published_on: { eq: '2021-01-03T12:00:00Z' } }, (a) => a.id === 3],
      ['has', { comments: { has: 2 } }, (a) => [1, 4].includes(a.id)],
      ['has 0 = none', { comments: { has: 0 } }, (a) => ![1, 2, 4, 6].includes(a.id)],
      ['nhas', { comments: { nhas: 2 } }, (a) => ![1, 4].includes(a.id)],
      ['null on o2m', { comments: { null: 1 } }, (a) => ![1, 2, 4, 6].includes(a.id)],
      ['all (m2m ids)', { tags: { all: '1,2' } }, (a) => [1, 4].includes(a.id)],
      ['m2o dot path', { 'author.name': 'Ada Lovelace' }, (a) => a.author === 1],
      ['m2o dot path operator', { 'author.age': { gt: 50 } }, (a) => a.author === 3 || a.author === 4],
      ['o2m dot path', { 'comments.upvotes': { gte: 5 } }, (a) => [1, 4].includes(a.id)],
      ['m2m dot path', { 'tags.tag.name': { eq: 'fiction' } }, (a) => [3, 4].includes(a.id)],
      ['translations dot path', { 'translations.title': { contains: 'artikel' } }, (a) => a.id === 1],
      [
        'logical or',
        { views: { lt: 20 }, title: { eq: 'Article 5', logical: 'or' } },
        (a) => a.views < 20 || a.id === 5,
      ],
      ['indexed form', { views: [{ gte: 30 }, { lte: 50 }] }, (a) => a.views >= 30 && a.views <= 50],
      [
        'indexed form as object',
        { views: { 0: { gte: 30 }, 1: { lte: 50 } } },
        (a) => a.views >= 30 && a.views <= 50,
      ],
      [
        '_or / _and groups',
        { _or: [{ views: { lt: 20 } }, { _and: [{ views: { gt: 60 } }, { featured: 1 }] }] },
        (a) => a.views < 20 || (a.views > 60 && a.featured),
      ],
      [
        'AND binds tighter than OR',
        { id: { eq: 1 }, views: { eq: 10 }, title: { eq: 'Article 2', logical: 'or' } },
        (a) => a.id <= 2,
      ],
      ['empty contains is ignored', { title: { contains: '' } }, () => true],
    ];
    it.each(cases)('%s', async (_name, filter, predicate) => {
      expect(await ids({ filter })).toEqual(expected(predicate));
    });

    it('filters through two relations and respects soft-deleted related rows', async () => {
      const authors = await list('authors', {
        fields: 'id',
        filter: { 'articles.comments.upvotes': { gte: 7 } },
        sort: 'id',
      });
      expect(authors.map((a) => a.id)).toEqual([4]);
    });

    it('rejects bad filters with clear codes', async () => {
      const check = async (filter: unknown, status: number, code: number) => {
        const error = await failure(read('articles', { filter }));
        expect([error.status, error.code], JSON.stringify(filter)).toEqual([status, code]);
      };
      await check({ views: { regex: 1 } }, 422, 214);
      await check({ nope: 1 }, 422, 202);
      await check({ 'author.nope': 1 }, 422, 202);
      await check({ 'title.nope': 1 }, 422, 202);
      await check({ views: { eq: { nested: 1 } } }, 422, 4);
      await check({ views: { between: '1' } }, 422, 4);
      await check({ views: { has: 1 } }, 422, 12);
      await check({ comments: { eq: 1 } }, 422, 12);
      await check('views', 422, 4);
    });
  });

  describe('filter values the column cannot hold', () => {
    const all = visible.map((a) => a.id);
    // A value of the wrong type or out of range matches nothing; negated, it restricts nothing.
    const cases: Array<[string, Record<string, unknown>, number[]]> = [
      ['a blank key (`filter[author]=+`)', { author: ' ' }, []],
      ['the text null as a key (`filter[author][eq]=null`)', { author: { eq: 'null' } }, []],
      ['eq text on an integer', { views: { eq: 'abc' } }, []],
      ['eq out of range', { views: { eq: '99999999999999999999' } }, []],
      ['neq text on an integer', { views: { neq: 'abc' } }, all],
      ['lt text on an integer', { views: { lt: 'abc' } }, []],
      ['in: only the convertible values count', { id: { in: 'abc,1,2' } }, [1, 2]],
      ['in of nothing convertible', { id: { in: 'abc,x' } }, []],
      ['nin of nothing convertible', { id: { nin: 'abc' } }, all],
      ['nin: only the convertible values count', { id: { nin: 'abc,1' } }, all.filter((id) => id !== 1)],
      ['eq text on a decimal', { score: { eq: 'high' } }, []],
      ['eq on a boolean', { featured: { eq: 'maybe' } }, []],
      ['neq on a boolean', { featured: { neq: 'maybe' } }, all],
      ['gt an impossible date', { published_on: { gt: '2021-02-31' } }, []],
      ['between with a bad bound', { views: { between: 'a,50' } }, []],
      ['nbetween with a bad bound', { views: { nbetween: 'a,50' } }, all],
      ['all with a key no tag can have', { tags: { all: '1,x' } }, []],
    ];
    it.each(cases)('%s', async (_name, filter, expectedIds) => {
      expect(await ids({ filter })).toEqual(expectedIds);
    });

    it('on dates, times and through relations too', async () => {
      const authorIds = async (filter: Record<string, unknown>) =>
        (await list('authors', { fields: 'id', sort: 'id', filter })).map((a) => a.id);
      expect(await authorIds({ birthday: { eq: 'not a date' } })).toEqual([]);
      expect(await authorIds({ wake_up: { eq: '25:99' } })).toEqual([]);
      expect(await authorIds({ 'articles.views': { eq: 'abc' } })).toEqual([]);
      expect(await ids({ filter: { 'author.age': { in: 'x' } } })).toEqual([]);
    });
  });

  describe('sort, pagination, single, meta, q', () => {
    it('sorts by several fields, descending, nulls last; unknown fields fall back to the key', async () => {
      expect((await list('articles', { fields: 'id', sort: '-views' })).map((i) => i.id)).toEqual(
        [...visible].sort((a, b) => b.views - a.views).map((a) => a.id),
      );
      const byAuthor = (await list('articles', { fields: 'id,author', sort: 'author,-id' })).map((i) => i.id);
      expect(byAuthor).toEqual([8, 6, 1, 10, 7, 2, 9, 3, 4, 5]);
      expect((await list('articles', { fields: 'id', sort: 'nope' })).map((i) => i.id)).toEqual(
        visible.map((a) => a.id),
      );
      expect(
        (await list('articles', { fields: 'id', sort: ['?'] }))
          .map((i) => i.id)
          .sort((a: any, b: any) => a - b),
      ).toEqual(visible.map((a) => a.id));
      const error = await failure(read('articles', { sort: 'comments' }));
      expect([error.status, error.code]).toEqual([422, 12]);
    });

    it('puts NULLs last in both directions on every vendor, ties by the key in the sort direction', async () => {
      for (const sort of ['author', '-author']) {
        const rows = (await list('articles', { fields: 'id,author', sort })) as Array<{
          id: number;
          author: number | { id: number } | null;
        }>;
        const key = (row: (typeof rows)[number]) =>
          row.author === null ? null : typeof row.author === 'object' ? row.author.id : row.author;
        const firstNull = rows.findIndex((row) => key(row) === null);
        expect(firstNull, sort).toBeGreaterThan(0);
        expect(
          rows.slice(firstNull).every((row) => key(row) === null),
          sort,
        ).toBe(true);
        const descending = sort.startsWith('-');
        for (let i = 1; i < rows.length; i++) {
          const [a, b] = [key(rows[i - 1]), key(rows[i])];
          if (a === null || b === null) continue;
          if (a === b)
            expect(descending ? rows[i - 1].id > rows[i].id : rows[i - 1].id < rows[i].id).toBe(true);
          else expect(descending ? a > b : a < b, `${sort} at ${i}`).toBe(true);
        }
      }
    });

    it('limit, offset, page', async () => {
      expect(await ids({ limit: 3 })).toEqual([1, 2, 3]);
      expect(await ids({ limit: 3, page: 2 })).toEqual([4, 5, 6]);
      expect(await ids({ limit: 3, offset: 1, page: 3 })).toEqual([2, 3, 4]);
      expect(await ids({ limit: 0 })).toEqual([]);
      expect(await ids({ limit: -1 })).toEqual(visible.map((a) => a.id));
      expect(parseQuery({ limit: '5000' }, { maxLimit: 1000 }).limit).toBe(1000);
      expect(parseQuery({ limit: '-1' }, { maxLimit: 1000 }).limit).toBe(1000);
    });

    it('single returns an object, 404 code 203 when nothing matches', async () => {
      expect((await read('articles', { single: 1, fields: 'id', sort: '-id' })).data).toEqual({ id: 10 });
      const error = await failure(read('articles', { single: 'true', filter: { id: 999 } }));
      expect([error.status, error.code]).toEqual([404, 203]);
    });

    it('meta counts', async () => {
      const result = await read('articles', {
        meta: 'total_count,result_count,filter_count',
        filter: { views: { gt: 50 } },
        limit: 2,
      });
      expect(result.meta).toEqual({
        total_count: 10,
        result_count: 2,
        filter_count: expected((a) => a.views > 50).length,
      });
      const all = await read('articles', { meta: '*', limit: 4 });
      expect(all.meta).toMatchObject({
        collection: 'articles',
        type: 'collection',
        total_count: 10,
        filter_count: 10,
        result_count: 4,
        status_count: { published: 8, draft: 2, deleted: 2 },
        limit: 4,
        offset: 0,
        page: 1,
        page_count: 3,
      });
      expect((await read('articles', { meta: ['filter_count'], q: 'sources' })).meta).toEqual({
        filter_count: 1,
      });
    });

    it('q searches string and number fields and one-to-many children', async () => {
      expect(await ids({ q: 'article 1' })).toEqual(
        expected((a) => a.title.startsWith('Article 1') || (a.body ?? '').includes('article 1')),
      );
      expect(await ids({ q: 'L-7' })).toEqual([7]);
      expect(await ids({ q: 'sources' })).toEqual([1]);
      expect(await ids({ q: 'Artikel' })).toEqual([1]);
      expect(await ids({ q: '100%' })).toEqual([7]);
      expect(await ids({ q: 'no such text anywhere' })).toEqual([]);
    });
  });

  describe('guard', () => {
    const upvoted: FilterNode = { kind: 'condition', path: ['upvotes'], operator: 'gte', value: 2 };
    const guard = (overrides: Partial<ReadGuard> = {}): ReadGuard => ({
      canReadCollection: (c) => c !== 'authors',
      readableFields: (c) =>
        c === 'articles' ? new Set(['id', 'title', 'author', 'comments', 'status', 'sort', 'tags']) : '*',
      rowFilter: (c) => (c === 'comments' ? upvoted : null),
      ...overrides,
    });

    it('hides unreadable fields from *, and from filter, sort and search', async () => {
      const [item] = await list('articles', { filter: { id: 7 } }, guard());
      expect(Object.keys(item).sort()).toEqual(['author', 'id', 'sort', 'status', 'title']);
      const [explicit] = await list('articles', { fields: 'id,views', filter: { id: 7 } }, guard());
      expect(explicit).toEqual({ id: 7 });
      for (const params of [
        { filter: { views: 70 } },
        { sort: '-views' },
        { filter: { 'author.name': 'Ada Lovelace' } },
      ]) {
        const error = await failure(read('articles', params, guard()));
        expect([error.status, error.code], JSON.stringify(params)).toEqual([403, 215]);
      }
      expect(await ids({ q: '70' })).toEqual([7]);
      expect(await ids({ q: '70' }, guard())).toEqual([]);
    });

    it('unreadable related collection: key only, with a warning', async () => {
      const result = await read('articles', { fields: 'id,author.name', filter: { id: 1 } }, guard());
      expect(result.data).toEqual([{ id: 1, author: { id: 1 } }]);
      expect(result.warnings[0]).toMatchObject({ code: 18, fields: ['author'] });
    });

    it('row filters apply to related reads, relational filters and counts', async () => {
      const [item] = await list('articles', { fields: 'id,comments.body', filter: { id: 1 } }, guard());
      expect(item.comments).toEqual([{ body: 'First!' }, { body: 'Great read' }]);
      expect(await ids({ filter: { 'comments.body': 'Needs sources' } }, guard())).toEqual([]);
      expect(await ids({ filter: { comments: { has: 3 } } }, guard())).toEqual([]);
      expect(await ids({ q: 'sources' }, guard())).toEqual([]);
      const featuredOnly = guard({
        rowFilter: (c) =>
          c === 'articles' ? { kind: 'condition', path: ['featured'], operator: 'eq', value: true } : null,
      });
      const result = await read(
        'articles',
        { meta: 'total_count,filter_count,status', fields: 'id' },
        featuredOnly,
      );
      expect((result.data as Item[]).map((i) => i.id).sort()).toEqual([3, 6, 9]);
      expect(result.meta).toEqual({
        total_count: 3,
        filter_count: 3,
        status_count: { published: 2, draft: 1, deleted: 1 },
      });
    });

    it('an unreadable collection is 403 code 300', async () => {
      const error = await failure(read('authors', {}, guard()));
      expect([error.status, error.code]).toEqual([403, 300]);
    });
  });

  describe('batching', () => {
    it('loads relations with a constant number of queries', async () => {
      const bulk = await addBulkArticles(knex, vendor, 100);
      ctx = { ...ctx, schema: await loadSchema(knex, vendor) };
      const countQueries = async (limit: number) => {
        let queries = 0;
        const listener = () => queries++;
        knex.on('query', listener);
        try {
          const items = await list('articles', {
            fields: 'id,title,author.name,tags.tag.name,comments.body',
            filter: { id: { gte: bulk[0] } },
            limit,
          });
          expect(items).toHaveLength(limit);
          expect((items[0].author as Item).name).toBeTypeOf('string');
          expect(items[0].tags).toHaveLength(2);
        } finally {
          knex.off('query', listener);
        }
        return queries;
      };
      const few = await countQueries(5);
      const many = await countQueries(100);
      // root + author + junction rows + tags + comments
      expect(few).toBe(5);
      expect(many).toBe(few);
    });
  });
});
