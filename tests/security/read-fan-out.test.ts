import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaCache } from '../../server/schema/cache';
import { testVendors } from '../helpers/databases';
import { projectCaller, startTestServer, type TestServer } from '../helpers/server';

/**
 * Threat: a read whose response multiplies. `fields=*.*.*.*.*.*` through a junction that is
 * followed both ways (writers ↔ books) makes every level hold the previous one times the fan-out,
 * so a small table answers an exponential tree (a 500 after seconds, or hundreds of MB). The read
 * engine now counts the item objects of the answer across all levels as it loads them and stops
 * with 422 code 1010 once they pass `maxQueryRows`; nested to-many levels hold at most
 * `maxQueryLimit` items per parent, like a top-level `limit`; an answer larger than
 * `maxResponseBytes` stops while it is serialised with 422 code 1011; on PostgreSQL and MySQL a
 * read statement running past `queryTimeoutMs` is cancelled and answers 503 code 1012.
 */
const WRITERS = 12;
const BOOKS = 12;
const MAX_ROWS = 2000;
const LIMIT_MAX = 50;
const MAX_BYTES = 32 * 1024;
const TIMEOUT_MS = 1500;

describe.each(testVendors)('reads are bounded on %s', (vendor) => {
  let server: TestServer;
  let token = '';
  const admin = () => projectCaller(server.inject, () => ({ authorization: `Bearer ${token}` }));

  beforeAll(async () => {
    server = await startTestServer(vendor, {
      config: {
        maxQueryRows: MAX_ROWS,
        maxQueryLimit: LIMIT_MAX,
        maxResponseBytes: MAX_BYTES,
        queryTimeoutMs: TIMEOUT_MS,
      },
    });
    const knex = server.project.knex;
    await knex.schema.createTable('writers', (t) => {
      t.increments('id');
      t.string('name', 50);
    });
    await knex.schema.createTable('books', (t) => {
      t.increments('id');
      t.string('title', 50);
    });
    await knex.schema.createTable('writers_books', (t) => {
      t.increments('id');
      t.integer('writer');
      t.integer('book');
    });
    await knex('directus_collections').insert(
      ['writers', 'books', 'writers_books'].map((collection) => ({
        collection,
        managed: true,
        hidden: false,
        single: false,
      })),
    );
    const field = (collection: string, name: string, type: string, ui: string | null = null) => ({
      collection,
      field: name,
      type,
      interface: ui,
      options: null,
      locked: false,
      required: false,
      readonly: false,
      hidden_detail: false,
      hidden_browse: false,
    });
    await knex('directus_fields').insert([
      field('writers', 'id', 'integer'),
      field('writers', 'name', 'string'),
      field('writers', 'books', 'o2m', 'many-to-many'),
      field('books', 'id', 'integer'),
      field('books', 'title', 'string'),
      field('books', 'writers', 'o2m', 'many-to-many'),
      field('writers_books', 'id', 'integer'),
      field('writers_books', 'writer', 'm2o', 'many-to-one'),
      field('writers_books', 'book', 'm2o', 'many-to-one'),
    ]);
    await knex('directus_relations').insert([
      {
        collection_many: 'writers_books',
        field_many: 'writer',
        collection_one: 'writers',
        field_one: 'books',
        junction_field: 'book',
      },
      {
        collection_many: 'writers_books',
        field_many: 'book',
        collection_one: 'books',
        field_one: 'writers',
        junction_field: 'writer',
      },
    ]);
    await knex('writers').insert(Array.from({ length: WRITERS }, (_, i) => ({ name: `W${i + 1}` })));
    await knex('books').insert(Array.from({ length: BOOKS }, (_, i) => ({ title: `B${i + 1}` })));
    const links = [];
    for (let w = 1; w <= WRITERS; w++) for (let b = 1; b <= BOOKS; b++) links.push({ writer: w, book: b });
    // The first writer has many more books than the per-parent cap (for the to-many cap).
    await knex('books').insert(Array.from({ length: 60 }, (_, i) => ({ title: `X${i + 1}` })));
    for (let b = BOOKS + 1; b <= BOOKS + 60; b++) links.push({ writer: 1, book: b });
    await knex.batchInsert('writers_books', links, 200);
    schemaCache.invalidate(server.project.key);
    token = await server.login();
  });

  afterAll(async () => {
    await server?.close();
  });

  it('answers 422 code 1010 for a fan-out past the row cap, not a 500 or a huge body', async () => {
    const { call } = admin();
    const started = Date.now();
    const res = await call('GET', '/items/writers?fields=*.*.*.*.*.*.*');
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe(1010);
    expect(res.body.error.message).toContain(String(MAX_ROWS));
    expect(JSON.stringify(res.body).length).toBeLessThan(1000);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('still answers a normal nested read', async () => {
    const { call } = admin();
    const res = await call('GET', '/items/writers/2?fields=id,name,books.book.id,books.book.title');
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('W2');
    expect(res.body.data.books).toHaveLength(BOOKS);
    expect(res.body.data.books[0].book).toEqual({ id: 1, title: 'B1' });
  });

  it('gives a nested to-many level at most the limit cap per parent', async () => {
    const { call } = admin();
    const res = await call('GET', '/items/writers?fields=id,books.book.id&limit=-1&sort=id');
    expect(res.status).toBe(200);
    const [first, second] = res.body.data;
    expect(first.books).toHaveLength(LIMIT_MAX);
    // In order: the junction rows by primary key.
    expect(first.books.slice(0, 3).map((b: { book: { id: number } }) => b.book.id)).toEqual([1, 2, 3]);
    expect(second.books).toHaveLength(BOOKS);
  });

  it('counts a related row once per parent it appears under', async () => {
    const { call } = admin();
    // Writers, their (at most 50) junction rows, those books and the books' junction rows: 12 +
    // 182 + 182 + 1766 = 2142 item objects, from a database with a few hundred rows.
    const res = await call('GET', '/items/writers?fields=id,books.book.writers.id');
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe(1010);
    const small = await call('GET', '/items/writers?fields=id,books.book.writers.id&filter[id][gt]=2');
    // 10 + 120 + 120 + 1440 = 1690.
    expect(small.status).toBe(200);
  });

  it('answers 422 code 1011 when the answer passes the byte cap, and small answers still pass', async () => {
    const { call } = admin();
    // The 1690 item objects of the read above (under the row cap), now with every junction column:
    // about 60 KB of JSON.
    const res = await call('GET', '/items/writers?fields=id,books.book.writers.*&filter[id][gt]=2');
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe(1011);
    expect(res.body.error.message).toContain(String(MAX_BYTES));
    const small = await call('GET', '/items/writers?fields=id,name');
    expect(small.status).toBe(200);
    expect(small.body.data).toHaveLength(WRITERS);
  });

  // SQLite has no statement timeout (better-sqlite3 runs synchronously): nothing to cancel.
  it.skipIf(vendor === 'sqlite')('cancels a read statement past the time limit: 503 code 1012', async () => {
    const { call } = admin();
    const knex = server.project.knex;
    // Another connection holds the table, so the read waits until the limit cancels it.
    const trx = await knex.transaction();
    try {
      await trx.raw(
        vendor === 'postgres' ? 'LOCK TABLE writers IN ACCESS EXCLUSIVE MODE' : 'LOCK TABLES writers WRITE',
      );
      const started = Date.now();
      const res = await call('GET', '/items/writers?fields=id&filter[id][gt]=0');
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe(1012);
      expect(res.body.error.message).toContain(String(TIMEOUT_MS));
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 3000);
    } finally {
      if (vendor !== 'postgres') await trx.raw('UNLOCK TABLES');
      await trx.rollback();
    }
    const after = await call('GET', '/items/writers?fields=id&filter[id][gt]=0');
    expect(after.status).toBe(200);
  });
});
