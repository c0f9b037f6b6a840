import type { Knex } from 'knex';
import type { Vendor } from '../../server/config';

/**
 * A small content model for query-engine tests, with Directus metadata rows and deterministic
 * data: authors; articles (status with a soft-delete status, sort field, m2o author, o2m
 * comments, m2m tags through articles_tags, translations, one unmanaged column); comments; tags.
 * Needs the system tables (run migrateToLatest first).
 */

export const STATUS_MAPPING = {
  published: { name: 'Published', value: 'published', published: true },
  draft: { name: 'Draft', value: 'draft' },
  deleted: { name: 'Deleted', value: 'deleted', soft_delete: true },
};

export const AUTHORS = [
  {
    id: 1,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    age: 36,
    rating: 4.5,
    active: true,
    skills: 'math,poetry',
    profile: '{"langs":["en","fr"]}',
    birthday: '1815-12-10',
    wake_up: '06:30:00',
    created_on: '2020-01-01 10:00:00',
  },
  {
    id: 2,
    name: 'Alan Turing',
    email: 'alan@example.com',
    age: 41,
    rating: 4.8,
    active: true,
    skills: 'math,crypto',
    profile: null,
    birthday: '1912-06-23',
    wake_up: '07:00:00',
    created_on: '2020-01-02 11:30:00',
  },
  {
    id: 3,
    name: 'Grace Hopper',
    email: 'grace@example.com',
    age: 85,
    rating: null,
    active: false,
    skills: '',
    profile: '{"navy":true}',
    birthday: '1906-12-09',
    wake_up: null,
    created_on: '2020-01-03 09:15:45',
  },
  {
    id: 4,
    name: 'Edsger Dijkstra',
    email: 'edsger@example.com',
    age: 72,
    rating: 3.75,
    active: true,
    skills: null,
    profile: null,
    birthday: null,
    wake_up: '05:00:00',
    created_on: '2020-01-04 00:00:00',
  },
  {
    id: 5,
    name: "Zoë O'Brien",
    email: 'zoe_100%@example.com',
    age: null,
    rating: 2.25,
    active: false,
    skills: 'sql',
    profile: '[]',
    birthday: '2000-02-29',
    wake_up: '23:59:59',
    created_on: '2020-01-05 23:59:59',
  },
];

const AUTHOR_OF = [1, 2, 3, 4, null, 1, 2, 1, 3, 2, 1, 5];
const STATUS_OF = (n: number) => (n <= 8 ? 'published' : n <= 10 ? 'draft' : 'deleted');

export const ARTICLES = AUTHOR_OF.map((author, index) => {
  const n = index + 1;
  return {
    id: n,
    status: STATUS_OF(n),
    sort: 13 - n,
    title: n === 7 ? 'Percent 100% and under_score' : `Article ${n}`,
    body: n % 4 === 0 ? null : n % 4 === 1 ? '' : `Body of article ${n}`,
    author,
    views: n * 10,
    score: n * 1.5,
    featured: n % 3 === 0,
    published_on: STATUS_OF(n) === 'published' ? `2021-01-${String(n).padStart(2, '0')} 12:00:00` : null,
    legacy_code: `L-${n}`,
  };
});

/** Comments per article id: article 1 has 3, 2 has 1, 4 has 2, 6 has 1, 11 (deleted) has 1. */
export const COMMENTS = [
  { id: 1, article: 1, body: 'First!', upvotes: 5 },
  { id: 2, article: 1, body: 'Great read', upvotes: 2 },
  { id: 3, article: 1, body: 'Needs sources', upvotes: 0 },
  { id: 4, article: 2, body: 'Nice', upvotes: 1 },
  { id: 5, article: 4, body: 'Thanks', upvotes: 3 },
  { id: 6, article: 4, body: 'Typo in para 2', upvotes: 7 },
  { id: 7, article: 6, body: 'Hmm', upvotes: 0 },
  { id: 8, article: 11, body: 'On a deleted article', upvotes: 9 },
];

export const TAGS = [
  { id: 1, name: 'science' },
  { id: 2, name: 'history' },
  { id: 3, name: 'fiction' },
  { id: 4, name: 'poetry' },
];

export const ARTICLE_TAGS = [
  { id: 1, article: 1, tag: 1 },
  { id: 2, article: 1, tag: 2 },
  { id: 3, article: 2, tag: 1 },
  { id: 4, article: 3, tag: 3 },
  { id: 5, article: 4, tag: 1 },
  { id: 6, article: 4, tag: 2 },
  { id: 7, article: 4, tag: 3 },
  { id: 8, article: 6, tag: 4 },
];

export const TRANSLATIONS = [
  { id: 1, article: 1, language: 'en', title: 'Article 1 (en)' },
  { id: 2, article: 1, language: 'de', title: 'Artikel 1' },
  { id: 3, article: 2, language: 'en', title: 'Article 2 (en)' },
];

type FieldRow = {
  collection: string;
  field: string;
  type: string;
  interface?: string;
  options?: unknown;
  hidden_browse?: boolean;
};

const FIELD_ROWS: FieldRow[] = [
  { collection: 'authors', field: 'id', type: 'integer', interface: 'primary-key' },
  { collection: 'authors', field: 'name', type: 'string', interface: 'text-input' },
  { collection: 'authors', field: 'email', type: 'string', interface: 'text-input' },
  { collection: 'authors', field: 'age', type: 'integer', interface: 'numeric' },
  { collection: 'authors', field: 'rating', type: 'decimal', interface: 'numeric' },
  { collection: 'authors', field: 'active', type: 'boolean', interface: 'toggle' },
  { collection: 'authors', field: 'skills', type: 'array', interface: 'tags' },
  { collection: 'authors', field: 'profile', type: 'json', interface: 'code' },
  { collection: 'authors', field: 'birthday', type: 'date', interface: 'date' },
  { collection: 'authors', field: 'wake_up', type: 'time', interface: 'time' },
  { collection: 'authors', field: 'created_on', type: 'datetime_created', interface: 'datetime-created' },
  { collection: 'authors', field: 'articles', type: 'o2m', interface: 'one-to-many' },
  { collection: 'articles', field: 'id', type: 'integer', interface: 'primary-key' },
  {
    collection: 'articles',
    field: 'status',
    type: 'status',
    interface: 'status',
    options: { status_mapping: STATUS_MAPPING },
  },
  { collection: 'articles', field: 'sort', type: 'sort', interface: 'sort' },
  { collection: 'articles', field: 'title', type: 'string', interface: 'text-input' },
  { collection: 'articles', field: 'body', type: 'string', interface: 'textarea' },
  { collection: 'articles', field: 'author', type: 'm2o', interface: 'many-to-one' },
  { collection: 'articles', field: 'views', type: 'integer', interface: 'numeric' },
  { collection: 'articles', field: 'score', type: 'decimal', interface: 'numeric' },
  { collection: 'articles', field: 'featured', type: 'boolean', interface: 'toggle' },
  { collection: 'articles', field: 'published_on', type: 'datetime', interface: 'datetime' },
  { collection: 'articles', field: 'comments', type: 'o2m', interface: 'one-to-many' },
  { collection: 'articles', field: 'tags', type: 'o2m', interface: 'many-to-many' },
  {
    collection: 'articles',
    field: 'translations',
    type: 'translation',
    interface: 'translation',
    options: { languageField: 'language', languages: { en: 'English', de: 'German' } },
  },
  { collection: 'articles', field: 'divider', type: 'alias', interface: 'divider' },
  { collection: 'comments', field: 'id', type: 'integer', interface: 'primary-key' },
  { collection: 'comments', field: 'article', type: 'm2o', interface: 'many-to-one' },
  { collection: 'comments', field: 'body', type: 'string', interface: 'text-input' },
  { collection: 'comments', field: 'upvotes', type: 'integer', interface: 'numeric' },
  { collection: 'tags', field: 'id', type: 'integer', interface: 'primary-key' },
  { collection: 'tags', field: 'name', type: 'string', interface: 'text-input' },
  { collection: 'articles_tags', field: 'id', type: 'integer', interface: 'primary-key' },
  { collection: 'articles_tags', field: 'article', type: 'integer', interface: 'numeric' },
  { collection: 'articles_tags', field: 'tag', type: 'integer', interface: 'numeric' },
  { collection: 'articles_translations', field: 'id', type: 'integer', interface: 'primary-key' },
  { collection: 'articles_translations', field: 'article', type: 'm2o', interface: 'many-to-one' },
  { collection: 'articles_translations', field: 'language', type: 'lang', interface: 'language' },
  { collection: 'articles_translations', field: 'title', type: 'string', interface: 'text-input' },
];

const RELATION_ROWS = [
  {
    collection_many: 'articles',
    field_many: 'author',
    collection_one: 'authors',
    field_one: 'articles',
    junction_field: null,
  },
  {
    collection_many: 'comments',
    field_many: 'article',
    collection_one: 'articles',
    field_one: 'comments',
    junction_field: null,
  },
  {
    collection_many: 'articles_tags',
    field_many: 'article',
    collection_one: 'articles',
    field_one: 'tags',
    junction_field: 'tag',
  },
  {
    collection_many: 'articles_tags',
    field_many: 'tag',
    collection_one: 'tags',
    field_one: null,
    junction_field: 'article',
  },
  {
    collection_many: 'articles_translations',
    field_many: 'article',
    collection_one: 'articles',
    field_one: 'translations',
    junction_field: null,
  },
];

async function createTables(knex: Knex): Promise<void> {
  await knex.schema.createTable('authors', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable();
    t.string('email', 100);
    t.integer('age');
    t.decimal('rating', 6, 2);
    t.boolean('active').notNullable().defaultTo(true);
    t.string('skills', 255);
    t.text('profile');
    t.date('birthday');
    t.time('wake_up');
    t.datetime('created_on', { useTz: false });
  });
  await knex.schema.createTable('articles', (t) => {
    t.increments('id');
    t.string('status', 20).notNullable().defaultTo('draft');
    t.integer('sort');
    t.string('title', 200).notNullable();
    t.text('body');
    t.integer('author');
    t.integer('views').notNullable().defaultTo(0);
    t.float('score');
    t.boolean('featured').notNullable().defaultTo(false);
    t.datetime('published_on', { useTz: false });
    t.string('legacy_code', 20);
  });
  await knex.schema.createTable('comments', (t) => {
    t.increments('id');
    t.integer('article');
    t.string('body', 255);
    t.integer('upvotes').notNullable().defaultTo(0);
  });
  await knex.schema.createTable('tags', (t) => {
    t.increments('id');
    t.string('name', 50).notNullable();
  });
  await knex.schema.createTable('articles_tags', (t) => {
    t.increments('id');
    t.integer('article');
    t.integer('tag');
  });
  await knex.schema.createTable('articles_translations', (t) => {
    t.increments('id');
    t.integer('article');
    t.string('language', 8);
    t.string('title', 200);
  });
}

/** Inserts rows in chunks and moves PostgreSQL's id sequence past explicit ids. */
async function insert(
  knex: Knex,
  vendor: Vendor,
  table: string,
  rows: Array<Record<string, unknown>>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) await knex(table).insert(rows.slice(i, i + 200));
  if (vendor === 'postgres' && rows.length > 0) {
    await knex.raw(`select setval(pg_get_serial_sequence(?, 'id'), (select max(id) from ??))`, [
      table,
      table,
    ]);
  }
}

export async function createQueryFixture(knex: Knex, vendor: Vendor): Promise<void> {
  await createTables(knex);
  await knex('directus_collections').insert(
    ['authors', 'articles', 'comments', 'tags', 'articles_tags', 'articles_translations'].map(
      (collection) => ({
        collection,
        managed: true,
        hidden: collection.includes('_'),
        single: false,
      }),
    ),
  );
  await knex('directus_fields').insert(
    FIELD_ROWS.map((row) => ({
      collection: row.collection,
      field: row.field,
      type: row.type,
      interface: row.interface ?? null,
      options: row.options === undefined ? null : JSON.stringify(row.options),
      locked: false,
      required: false,
      readonly: false,
      hidden_detail: false,
      hidden_browse: row.hidden_browse ?? false,
    })),
  );
  await knex('directus_relations').insert(RELATION_ROWS);
  await insert(knex, vendor, 'authors', AUTHORS);
  await insert(knex, vendor, 'articles', ARTICLES);
  await insert(knex, vendor, 'comments', COMMENTS);
  await insert(knex, vendor, 'tags', TAGS);
  await insert(knex, vendor, 'articles_tags', ARTICLE_TAGS);
  await insert(knex, vendor, 'articles_translations', TRANSLATIONS);
}

/**
 * Adds `count` more published articles, each with an author and two tags, for batching tests.
 * Returns their ids.
 */
export async function addBulkArticles(
  knex: Knex,
  vendor: Vendor,
  count: number,
  firstId = 1000,
): Promise<number[]> {
  const ids = Array.from({ length: count }, (_, i) => firstId + i);
  await insert(
    knex,
    vendor,
    'articles',
    ids.map((id, i) => ({
      id,
      status: 'published',
      sort: null,
      title: `Bulk ${id}`,
      body: null,
      author: (i % AUTHORS.length) + 1,
      views: i,
      score: null,
      featured: false,
      published_on: null,
      legacy_code: null,
    })),
  );
  await insert(
    knex,
    vendor,
    'articles_tags',
    ids.flatMap((id, i) => [
      { id: firstId * 10 + i * 2, article: id, tag: (i % TAGS.length) + 1 },
      { id: firstId * 10 + i * 2 + 1, article: id, tag: ((i + 1) % TAGS.length) + 1 },
    ]),
  );
  return ids;
}
