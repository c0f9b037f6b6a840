/**
 * The benchmark's data set: a project on a fresh database of the chosen vendor with `authors`,
 * `articles` (m2o `author`, o2m `comments`, a status workflow, searchable text), `comments`, and
 * `tags` with a many-to-many `articles` through the junction `articles_tags` (three tags an article),
 * which is what makes a deep `fields=*.*.*` read fan out,
 * their directus_collections / fields / relations metadata, the indexes a real installation would
 * have (keys, relation columns, status and sort fields), and a non-admin role with permissions.
 */
import { buildSearchIndexes } from '../server/services/search-indexes';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import type { DatabaseConfig, Vendor } from '../server/config';
import { loadConfig } from '../server/config';
import { ProjectRegistry } from '../server/services/projects';
import { hashPassword } from '../server/services/passwords';

export const PROJECT = 'bench';
export const ADMIN = { email: 'admin@example.com', password: 'bench admin password' };
export const EDITOR = { email: 'editor@example.com', password: 'bench editor password' };
export const WORDS = [
  'lorem',
  'ipsum',
  'dolor',
  'sit',
  'amet',
  'consectetur',
  'adipiscing',
  'elit',
  'sed',
  'do',
  'eiusmod',
  'tempor',
  'incididunt',
  'labore',
  'magna',
  'aliqua',
  'enim',
  'minim',
  'veniam',
  'quis',
  'nostrud',
  'exercitation',
  'ullamco',
  'laboris',
  'nisi',
  'aliquip',
  'commodo',
  'consequat',
  'octavo',
  'quarto',
];

export interface Dataset {
  vendor: Vendor;
  dataDir: string;
  database: DatabaseConfig;
  items: number;
  authors: number;
  drop(): Promise<void>;
}

export const SERVER_DB: Record<Exclude<Vendor, 'sqlite'>, Record<string, unknown>> = {
  mysql: { host: '127.0.0.1', port: 3306, user: 'root', password: '' },
  postgres: { host: '127.0.0.1', port: 5432, user: 'postgres', password: '' },
};

export function serverAdmin(vendor: Exclude<Vendor, 'sqlite'>): Knex {
  return knexFactory(
    vendor === 'mysql'
      ? { client: 'mysql2', connection: { ...SERVER_DB.mysql } }
      : { client: 'pg', connection: { ...SERVER_DB.postgres, database: 'postgres' } },
  );
}

async function createDatabase(
  vendor: Vendor,
): Promise<{ config: DatabaseConfig; dataDir: string; drop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'octavo-bench-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  const name = `octavo_bench_${randomBytes(4).toString('hex')}`;
  if (vendor === 'sqlite')
    return { config: { vendor, filename: 'bench.sqlite' }, dataDir, drop: async () => removeDir() };
  const sql = (verb: 'CREATE' | 'DROP') =>
    vendor === 'mysql'
      ? verb === 'CREATE'
        ? `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`
        : `DROP DATABASE IF EXISTS \`${name}\``
      : verb === 'CREATE'
        ? `CREATE DATABASE "${name}"`
        : `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`;
  const admin = serverAdmin(vendor);
  try {
    await admin.raw(sql('CREATE'));
  } finally {
    await admin.destroy();
  }
  return {
    config: { vendor, ...(SERVER_DB[vendor] as object), database: name } as DatabaseConfig,
    dataDir,
    async drop() {
      const again = serverAdmin(vendor);
      try {
        await again.raw(sql('DROP'));
      } finally {
        await again.destroy();
        removeDir();
      }
    },
  };
}

/** A deterministic pseudo-random sequence, so every run benchmarks the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * The text of the data set:
 * - `natural`: words of a vocabulary of VOCABULARY made-up words, drawn with Zipf's law (the k-th
 *   word about 1/k as often as the first), as words are in written text: a few very common words,
 *   most rare. What a search for a word, a piece of one or two neighbours meets in real content.
 * - `lorem`: the 30 words of WORDS, each as likely: every three-letter piece is in most rows, the
 *   worst case for a trigram index.
 */
export type TextKind = 'natural' | 'lorem';
const VOCABULARY = 5000;

/** The made-up vocabulary: one to four syllables each, all different, the same on every run. */
const vocabulary = (() => {
  const onsets = [
    '',
    'b',
    'c',
    'd',
    'f',
    'g',
    'l',
    'm',
    'n',
    'p',
    'r',
    's',
    't',
    'v',
    'br',
    'st',
    'tr',
    'pl',
    'gr',
    'ch',
  ];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ea', 'io', 'ou'];
  const codas = ['', '', 'n', 'r', 's', 'l', 'm', 'x'];
  const next = random(2026);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  const words = new Set<string>();
  while (words.size < VOCABULARY) {
    const syllables = 1 + Math.floor(next() * 4);
    let word = '';
    for (let i = 0; i < syllables; i++) word += pick(onsets) + pick(vowels) + pick(codas);
    if (word.length >= 2) words.add(word);
  }
  return [...words];
})();
/** Cumulative Zipf weights of the vocabulary, for a draw by binary search. */
const zipf = (() => {
  const out: number[] = [];
  let total = 0;
  for (let k = 1; k <= VOCABULARY; k++) out.push((total += 1 / k));
  return out.map((w) => w / total);
})();

function word(next: () => number, text: TextKind): string {
  if (text === 'lorem') return WORDS[Math.floor(next() * WORDS.length)];
  const r = next();
  let lo = 0;
  let hi = zipf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (zipf[mid] < r) lo = mid + 1;
    else hi = mid;
  }
  return vocabulary[lo];
}

function sentence(next: () => number, words: number, text: TextKind): string {
  return Array.from({ length: words }, () => word(next, text)).join(' ');
}

const STATUS_MAPPING = {
  published: { name: 'Published', published: true },
  draft: { name: 'Draft', published: false },
  deleted: { name: 'Deleted', published: false, soft_delete: true },
};

async function insertChunked(knex: Knex, table: string, rows: Record<string, unknown>[], vendor: Vendor) {
  // knex writes a multi-row SQLite insert as a compound SELECT (at most 500 terms); the others bind
  // every value, so stay well under their parameter limits.
  const columns = rows.length ? Object.keys(rows[0]).length : 1;
  const size = vendor === 'sqlite' ? 400 : Math.max(1, Math.floor(20000 / columns));
  for (let i = 0; i < rows.length; i += size) await knex(table).insert(rows.slice(i, i + size));
}

/** Creates the database, installs the project, and fills it. */
export async function createDataset(
  vendor: Vendor,
  items: number,
  log: (line: string) => void,
  text: TextKind = 'natural',
): Promise<Dataset> {
  const db = await createDatabase(vendor);
  const config = loadConfig({}, { dataDir: db.dataDir, logLevel: 'silent', port: 0 });
  const registry = new ProjectRegistry(config);
  const authors = Math.max(10, Math.round(items / 100));
  try {
    const project = await registry.create({
      key: PROJECT,
      database: db.config,
      projectName: 'Benchmark',
      adminEmail: ADMIN.email,
      adminPassword: ADMIN.password,
    });
    const knex = project.knex;
    const started = Date.now();
    await createTables(knex);
    await writeMetadata(knex);
    await writeAccess(knex);

    const next = random(42);
    const authorRows = Array.from({ length: authors }, (_, i) => ({
      name: `Author ${i + 1}`,
      email: `author${i + 1}@example.com`,
    }));
    const write = async (trx: Knex) => {
      await insertChunked(trx, 'authors', authorRows, vendor);
      const base = Date.UTC(2020, 0, 1);
      const batch = 10_000;
      for (let start = 0; start < items; start += batch) {
        const rows = [];
        for (let i = start; i < Math.min(items, start + batch); i++) {
          const r = next();
          rows.push({
            status: r < 0.7 ? 'published' : r < 0.95 ? 'draft' : 'deleted',
            title: sentence(next, 4, text),
            body: sentence(next, 30, text),
            rating: 1 + Math.floor(next() * 5),
            author: 1 + Math.floor(next() * authors),
            owner: 1,
            published_on: new Date(base + i * 60_000).toISOString().slice(0, 19).replace('T', ' '),
          });
        }
        await insertChunked(trx, 'articles', rows, vendor);
      }
      const comments = [];
      for (let i = 0; i < items; i++) {
        comments.push({ article: 1 + Math.floor(next() * items), body: sentence(next, 8, text) });
      }
      await insertChunked(trx, 'comments', comments, vendor);
      await insertChunked(
        trx,
        'tags',
        Array.from({ length: TAGS }, (_, i) => ({ name: `tag ${i + 1}` })),
        vendor,
      );
      const links = [];
      for (let article = 1; article <= items; article++) {
        const first = Math.floor(next() * TAGS);
        for (let k = 0; k < 3; k++) links.push({ article, tag: 1 + ((first + k * 7) % TAGS) });
      }
      await insertChunked(trx, 'articles_tags', links, vendor);
    };
    await knex.transaction(write);
    await createIndexes(knex);
    // The data was written around the API, as an existing database's would be: the search indexes
    // are built as an operator builds them (`octavo search-index build`).
    const indexing = Date.now();
    await buildSearchIndexes(knex, vendor);
    log(`search indexes built in ${Date.now() - indexing} ms`);
    if (vendor === 'postgres') await knex.raw('ANALYZE');
    if (vendor === 'sqlite') await knex.raw('ANALYZE');
    if (vendor === 'mysql') await knex.raw('ANALYZE TABLE articles, authors, comments, tags, articles_tags');
    log(
      `data: ${items} articles, ${authors} authors, ${items} comments, ${TAGS} tags, ${items * 3} tag links on ${vendor}, ${text} text, in ${Date.now() - started} ms`,
    );
  } finally {
    await registry.closeAll();
  }
  return { vendor, dataDir: db.dataDir, database: db.config, items, authors, drop: db.drop };
}

/** Tags of the many-to-many; every article has three. */
export const TAGS = 50;

export async function createTables(knex: Knex): Promise<void> {
  await knex.schema.createTable('authors', (t) => {
    t.increments('id');
    t.string('name', 200).notNullable();
    t.string('email', 200).nullable();
  });
  await knex.schema.createTable('articles', (t) => {
    t.increments('id');
    t.string('status', 20).notNullable().defaultTo('draft');
    t.string('title', 255).notNullable();
    t.text('body').nullable();
    t.integer('rating').nullable();
    t.integer('author').unsigned().nullable().references('id').inTable('authors').onDelete('SET NULL');
    t.integer('owner').unsigned().nullable();
    t.datetime('published_on').notNullable();
  });
  await knex.schema.createTable('comments', (t) => {
    t.increments('id');
    t.integer('article').unsigned().nullable().references('id').inTable('articles').onDelete('SET NULL');
    t.string('body', 500).nullable();
  });
  await knex.schema.createTable('tags', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable();
  });
  await knex.schema.createTable('articles_tags', (t) => {
    t.increments('id');
    t.integer('article').unsigned().nullable().references('id').inTable('articles').onDelete('CASCADE');
    t.integer('tag').unsigned().nullable().references('id').inTable('tags').onDelete('CASCADE');
  });
}

/** Keys are indexed by their primary key; relation columns, status and sort fields get their own. */
export async function createIndexes(knex: Knex): Promise<void> {
  const indexes: Array<[string, string[]]> = [
    ['articles', ['author']],
    ['articles', ['status']],
    ['articles', ['published_on']],
    // Listing one status newest first, the app's most common filtered view.
    ['articles', ['status', 'published_on']],
    ['articles', ['owner']],
    ['comments', ['article']],
    ['articles_tags', ['article']],
    ['articles_tags', ['tag']],
  ];
  for (const [table, columns] of indexes) {
    const name = `ix_bench_${table}_${columns.join('_')}`;
    // MySQL already indexes foreign-key columns; a second index on the same column is harmless.
    await knex.schema.alterTable(table, (t) => t.index(columns, name));
  }
}

export async function writeMetadata(knex: Knex): Promise<void> {
  await knex('directus_collections').insert([
    { collection: 'authors', managed: 1, hidden: 0, single: 0, icon: 'person' },
    { collection: 'articles', managed: 1, hidden: 0, single: 0, icon: 'article' },
    { collection: 'comments', managed: 1, hidden: 0, single: 0, icon: 'comment' },
    { collection: 'tags', managed: 1, hidden: 0, single: 0, icon: 'label' },
    { collection: 'articles_tags', managed: 1, hidden: 1, single: 0, icon: 'compare_arrows' },
  ]);
  const field = (collection: string, name: string, type: string, iface: string, extra = {}) => ({
    collection,
    field: name,
    type,
    interface: iface,
    locked: 0,
    required: 0,
    readonly: 0,
    hidden_detail: 0,
    hidden_browse: 0,
    width: 'full',
    ...extra,
  });
  await knex('directus_fields').insert([
    field('authors', 'id', 'integer', 'primary-key', { locked: 1, readonly: 1, hidden_detail: 1 }),
    field('authors', 'name', 'string', 'text-input', { required: 1 }),
    field('authors', 'email', 'string', 'text-input'),
    field('articles', 'id', 'integer', 'primary-key', { locked: 1, readonly: 1, hidden_detail: 1 }),
    field('articles', 'status', 'status', 'status', {
      options: JSON.stringify({ status_mapping: STATUS_MAPPING }),
    }),
    field('articles', 'title', 'string', 'text-input', { required: 1 }),
    field('articles', 'body', 'text', 'textarea'),
    field('articles', 'rating', 'integer', 'numeric'),
    field('articles', 'author', 'm2o', 'many-to-one'),
    field('articles', 'owner', 'owner', 'owner', { readonly: 1 }),
    field('articles', 'published_on', 'datetime', 'datetime'),
    field('articles', 'comments', 'o2m', 'one-to-many'),
    field('comments', 'id', 'integer', 'primary-key', { locked: 1, readonly: 1, hidden_detail: 1 }),
    field('comments', 'article', 'm2o', 'many-to-one'),
    field('comments', 'body', 'string', 'text-input'),
    field('tags', 'id', 'integer', 'primary-key', { locked: 1, readonly: 1, hidden_detail: 1 }),
    field('tags', 'name', 'string', 'text-input', { required: 1 }),
    field('tags', 'articles', 'o2m', 'many-to-many'),
    field('articles_tags', 'id', 'integer', 'primary-key', { locked: 1, readonly: 1, hidden_detail: 1 }),
    field('articles_tags', 'article', 'm2o', 'many-to-one'),
    field('articles_tags', 'tag', 'm2o', 'many-to-one'),
  ]);
  await knex('directus_relations').insert([
    { collection_many: 'articles', field_many: 'author', collection_one: 'authors', field_one: null },
    { collection_many: 'comments', field_many: 'article', collection_one: 'articles', field_one: 'comments' },
    {
      collection_many: 'articles_tags',
      field_many: 'tag',
      collection_one: 'tags',
      field_one: 'articles',
      junction_field: 'article',
    },
    {
      collection_many: 'articles_tags',
      field_many: 'article',
      collection_one: 'articles',
      field_one: null,
      junction_field: 'tag',
    },
  ]);
}

/** Role 3 "Editor": full read, create, update of own articles, and a read blacklist. */
export async function writeAccess(knex: Knex): Promise<void> {
  const [role] = await knex('directus_roles').insert({ name: 'Editor' }, ['id']);
  const roleId = typeof role === 'object' ? Number(role.id) : Number(role);
  const rights = (collection: string, extra: Record<string, unknown>) => ({
    collection,
    role: roleId,
    status: null,
    create: 'none',
    read: 'full',
    update: 'none',
    delete: 'none',
    comment: 'none',
    explain: 'none',
    ...extra,
  });
  await knex('directus_permissions').insert([
    rights('articles', {
      create: 'full',
      update: 'mine',
      read_field_blacklist: 'owner',
      status_blacklist: 'deleted',
    }),
    rights('authors', { read_field_blacklist: 'email' }),
    rights('comments', { create: 'full' }),
    rights('tags', {}),
    rights('articles_tags', {}),
  ]);
  await knex('directus_users').insert({
    status: 'active',
    role: roleId,
    first_name: 'Eddie',
    last_name: 'Tor',
    email: EDITOR.email,
    password: await hashPassword(EDITOR.password),
  });
}
