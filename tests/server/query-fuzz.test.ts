import fc from 'fast-check';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnection } from '../../server/database/connection';
import { migrateToLatest } from '../../server/database/migrate';
import { ApiError } from '../../server/errors';
import { parseQuery } from '../../server/query/parse-query';
import { readItems, type ReadContext } from '../../server/query/execute-read';
import type { ReadGuard } from '../../server/query/types';
import { loadSchema } from '../../server/schema/load-schema';
import { createTestDatabase, testVendors, type TestDatabase } from '../helpers/databases';
import { createQueryFixture } from '../helpers/query-fixture';

/** Text a database driver puts in its errors; none of it may reach a caller. */
const SQL_ERROR =
  /SQLITE_|ER_[A-Z_]{4,}|syntax error|no such (column|table)|does not exist|invalid input syntax|out of range for type|knex|Undefined binding/i;

const MALICIOUS = [
  "' OR 1=1 --",
  '"; DROP TABLE articles; --',
  '`id`',
  'id) UNION SELECT password FROM directus_users --',
  '\\',
  '%',
  '_',
  '\\%',
  '\u0000',
  '\uD800',
  'ü🙂',
  'now',
  '',
  ' ',
  ',',
  '*',
  '-',
  '?',
  '9'.repeat(40),
  '1e309',
  '-0',
  '0x10',
  'NaN',
  'Infinity',
  '2021-02-31',
  '2021-01-01T25:00:00Z',
  '9999-12-31 23:59:59',
  'x'.repeat(3000),
  '__proto__',
  'constructor',
];

const FIELDS = [
  'id',
  'title',
  'status',
  'views',
  'score',
  'featured',
  'published_on',
  'body',
  'author',
  'author.name',
  'author.age',
  'author.articles.title',
  'comments',
  'comments.upvotes',
  'tags',
  'tags.tag.name',
  'translations.title',
  'legacy_code',
  'divider',
  'name',
  'skills',
  'profile',
  'birthday',
  'wake_up',
  'email',
  'password',
  'role.name',
  '*',
  '*.*',
  '*.*.*',
  'title.*',
  '-body',
];

const OPERATORS = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'nin',
  'null',
  'nnull',
  'empty',
  'nempty',
  'contains',
  'ncontains',
  'like',
  'nlike',
  'rlike',
  'nrlike',
  'between',
  'nbetween',
  'has',
  'nhas',
  'all',
  '=',
  '<>',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  'regex',
  'toString',
  'constructor',
  '__proto__',
  'logical',
  '',
];

const text = fc.oneof(
  fc.constantFrom(...MALICIOUS),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
);
const scalar = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.bigInt().map(String),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
);
const value = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(text, scalar, { maxKeys: 2 }) },
);
const fieldName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...FIELDS) },
  { weight: 1, arbitrary: text },
);
const condition = fc.oneof(
  value,
  fc
    .record(
      {
        op: fc.constantFrom(...OPERATORS),
        value,
        logical: fc.option(fc.constantFrom('or', 'and', 'xor', '1'), { nil: undefined }),
      },
      { requiredKeys: ['op', 'value'] },
    )
    .map(({ op, value: v, logical }) => (logical === undefined ? { [op]: v } : { [op]: v, logical })),
  fc.array(fc.dictionary(fc.constantFrom(...OPERATORS), value, { maxKeys: 2 }), { maxLength: 3 }),
);
const { filter } = fc.letrec<{ filter: unknown }>((tie) => ({
  filter: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.dictionary(fieldName, condition, { maxKeys: 4 }),
    fc.record({ _or: fc.array(tie('filter'), { maxLength: 3 }) }),
    fc.record({ _and: fc.array(tie('filter'), { maxLength: 3 }) }),
    value,
  ),
}));
const csvOrArray = (items: fc.Arbitrary<string>) =>
  fc.oneof(
    fc.array(items, { maxLength: 4 }).map((list) => list.join(',')),
    fc.array(items, { maxLength: 4 }),
    value,
  );
/** Mostly well-formed values, sometimes anything: so deep paths are reached, not only parse errors. */
const mostly = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 5, arbitrary: good as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: bad });
const plausibleFilter = fc.dictionary(
  fc.constantFrom(
    'id',
    'views',
    'title',
    'score',
    'featured',
    'published_on',
    'author.name',
    'author.age',
    'comments.upvotes',
    'tags.tag.name',
    'comments',
    'tags',
  ),
  fc
    .record({
      op: fc.constantFrom(
        'eq',
        'neq',
        'lt',
        'gte',
        'in',
        'nin',
        'null',
        'nnull',
        'empty',
        'contains',
        'rlike',
        'between',
        'has',
        'all',
      ),
      value: fc.oneof(
        fc.integer({ min: -5, max: 150 }).map(String),
        fc.constantFrom('1,2', 'Article 1', 'now', '2021-01-05', 'true', '%1%'),
      ),
    })
    .map(({ op, value: v }) => ({ [op]: v })),
  { maxKeys: 3 },
);
const params = fc.record(
  {
    fields: mostly(
      fc.constantFrom(
        'id',
        '*',
        'id,title',
        '*.*',
        'author.*',
        'title,comments.body',
        'tags.tag.name',
        '*.*.*',
      ),
      csvOrArray(fieldName),
    ),
    filter: mostly(plausibleFilter, filter),
    sort: mostly(
      fc.constantFrom('id', '-views', 'title,-id', '?', 'nope'),
      csvOrArray(
        fc.oneof(
          fieldName,
          fieldName.map((f) => `-${f}`),
          fc.constant('?'),
        ),
      ),
    ),
    limit: mostly(fc.integer({ min: -5, max: 50 }).map(String), scalar),
    offset: mostly(fc.integer({ min: 0, max: 20 }).map(String), scalar),
    page: mostly(fc.integer({ min: 1, max: 5 }).map(String), scalar),
    single: mostly(fc.constantFrom('1', '0', 'true', ''), scalar),
    meta: csvOrArray(
      fc.constantFrom('*', 'total_count', 'filter_count', 'result_count', 'status', 'page', 'nope'),
    ),
    q: mostly(fc.constantFrom('article', '1', '%', '_', 'ü🙂'), fc.oneof(text, value)),
    status: mostly(
      fc.constantFrom('*', 'published', 'draft,deleted'),
      csvOrArray(fc.constantFrom('*', 'published', 'draft', 'deleted', 'x')),
    ),
    lang: mostly(fc.constantFrom('*', 'en', 'de'), csvOrArray(fc.constantFrom('*', 'en', 'de', 'xx'))),
  },
  { requiredKeys: [] },
);
const collection = fc.constantFrom(
  'articles',
  'articles',
  'articles',
  'authors',
  'comments',
  'articles_tags',
  'directus_users',
  'nope',
  "articles'--",
);

/** A restrictive permission policy, so the guard's refusals are fuzzed too. */
const guard: ReadGuard = {
  canReadCollection: (c) => c !== 'authors',
  readableFields: (c) =>
    c === 'articles' ? new Set(['id', 'title', 'author', 'comments', 'status', 'tags']) : '*',
  rowFilter: (c) =>
    c === 'comments' ? { kind: 'condition', path: ['upvotes'], operator: 'gte', value: 1 } : null,
};

describe.each(testVendors)('query engine under hostile input (%s)', (vendor) => {
  let database: TestDatabase;
  let knex: Knex;
  let ctx: ReadContext;

  beforeAll(async () => {
    database = await createTestDatabase(vendor);
    knex = createConnection(database.config, database.dataDir);
    await migrateToLatest(knex);
    await createQueryFixture(knex, vendor);
    ctx = { knex, vendor, schema: await loadSchema(knex, vendor), defaultLimit: 20 };
  });

  afterAll(async () => {
    await knex?.destroy();
    await database?.drop();
  });

  it('answers every query with data or a 4xx ApiError, never a database error', async () => {
    const outcomes = { data: 0, rejected: 0 };
    await fc.assert(
      fc.asyncProperty(collection, params, fc.boolean(), async (name, raw, guarded) => {
        try {
          const query = parseQuery(raw as Record<string, unknown>, { maxLimit: 100 });
          await readItems(ctx, name, query, guarded ? guard : null);
          outcomes.data++;
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          expect(error.status).toBeGreaterThanOrEqual(400);
          expect(error.status).toBeLessThan(500);
          expect(error.message).not.toMatch(SQL_ERROR);
          outcomes.rejected++;
        }
      }),
      { numRuns: 2500, seed: 20261121 },
    );
    // Both sides of the property were exercised.
    expect(outcomes.data).toBeGreaterThan(150);
    expect(outcomes.rejected).toBeGreaterThan(300);
  }, 120_000);
});
