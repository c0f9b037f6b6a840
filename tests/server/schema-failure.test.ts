import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../server/database/dialects';
import { injectSchemaFailure } from '../../server/database/schema-change';
import { testVendors } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { api, snapshot, type Api } from './schema-helpers';

/**
 * Every schema change is one unit: a failure injected before each of its steps (and, where DDL is
 * transactional, after the last one) leaves tables, columns, keys, data and metadata exactly as
 * they were. MySQL exercises the compensation path (DDL commits implicitly there).
 */
describe.each(testVendors)('schema changes are atomic (%s)', (vendor) => {
  let server: TestServer;
  let a: Api;

  async function atomically(
    tables: string[],
    op: () => Promise<LightMyRequestResponse>,
  ): Promise<{ res: LightMyRequestResponse; failures: number }> {
    const before = await snapshot(server, tables);
    for (let n = 0; n < 100; n++) {
      injectSchemaFailure((event) =>
        event.phase === 'before' ? event.index === n : vendor !== 'mysql' && event.index === n,
      );
      const res = await op();
      injectSchemaFailure(null);
      if (res.statusCode < 300) return { res, failures: n };
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error.code).toBe(404);
      expect(res.json().error.message).toMatch(/Injected failure/);
      expect(await snapshot(server, tables), `after a failure at step ${n}`).toEqual(before);
    }
    throw new Error('never succeeded');
  }

  beforeAll(async () => {
    server = await startTestServer(vendor);
    a = api(server, await server.login());
  });
  afterEach(() => injectSchemaFailure(null));
  afterAll(async () => server?.close());

  it('creating a collection', async () => {
    const { res, failures } = await atomically(['authors'], () =>
      a.post('/collections', {
        collection: 'authors',
        fields: [
          { field: 'name', type: 'string', length: 80, required: true },
          { field: 'email', type: 'string', length: 120, unique: true },
        ],
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(failures).toBeGreaterThanOrEqual(4);
    const knex = server.project.knex;
    await knex('authors').insert([
      { name: 'Ada', email: 'ada@example.com' },
      { name: 'Bob', email: null },
    ]);
  });

  it('creating a second collection and adding a field with a unique key', async () => {
    expect(
      (
        await a.post('/collections', {
          collection: 'books',
          fields: [
            { field: 'title', type: 'string', length: 50 },
            { field: 'author', type: 'm2o', datatype: 'INT' },
          ],
        })
      ).statusCode,
    ).toBe(200);
    await server.project.knex('books').insert([
      { title: 'One', author: 1 },
      { title: 'Two', author: null },
    ]);
    const { failures } = await atomically(['books'], () =>
      a.post('/fields/books', { field: 'isbn', type: 'string', length: 20, unique: true }),
    );
    expect(failures).toBeGreaterThanOrEqual(2);
  });

  it('changing a field (single PATCH) and several fields (batch PATCH)', async () => {
    await atomically(['books'], () =>
      a.patch('/fields/books/title', { length: 120, required: true, unique: true }),
    );
    await atomically(['books'], () =>
      a.patch('/fields/books', [
        { field: 'isbn', length: 30, note: 'ISBN-13' },
        { field: 'title', length: 150, interface: 'text-input' },
      ]),
    );
    const rows = await server.project.knex('books').select('title').orderBy('id');
    expect(rows.map((r) => r.title)).toEqual(['One', 'Two']);
  });

  it('creating an m2o relation with its foreign key, and an o2m alias', async () => {
    await atomically(['books', 'authors'], () => a.post('/fields/authors', { field: 'books', type: 'o2m' }));
    const { res } = await atomically(['books', 'authors'], () =>
      a.post('/relations', {
        collection_many: 'books',
        field_many: 'author',
        collection_one: 'authors',
        field_one: 'books',
      }),
    );
    expect(res.json().data).toMatchObject({ collection_many: 'books', collection_one: 'authors' });
    const keys = await dialectOf(vendor).foreignKeys(server.project.knex, 'books');
    expect(keys).toEqual([
      expect.objectContaining({ column: 'author', refTable: 'authors', onDelete: 'SET NULL' }),
    ]);
    // The key works: deleting the author empties the column of its books.
    await server.project.knex('authors').insert({ id: 50, name: 'Gone' });
    await server.project.knex('books').insert({ id: 50, title: 'Orphan', author: 50 });
    await server.project.knex('authors').where('id', 50).delete();
    expect((await server.project.knex('books').where('id', 50).first()).author).toBeNull();
    await server.project.knex('books').where('id', 50).delete();
  });

  it('deleting an m2o field removes its relation and the reverse alias', async () => {
    await atomically(['books', 'authors'], () => a.del('/fields/books/author'));
    const meta = await server.project
      .knex('directus_fields')
      .where({ collection: 'authors', field: 'books' });
    expect(meta).toEqual([]);
    expect(await server.project.knex('directus_relations').where('collection_many', 'books')).toEqual([]);
  });

  it('deleting a relation, and deleting a collection others point at', async () => {
    expect(
      (await a.post('/fields/books', { field: 'writer', type: 'm2o', datatype: 'INT' })).statusCode,
    ).toBe(200);
    const rel = await a.post('/relations', {
      collection_many: 'books',
      field_many: 'writer',
      collection_one: 'authors',
    });
    expect(rel.statusCode).toBe(200);
    await atomically(['books', 'authors'], () => a.del(`/relations/${rel.json().data.id}`));
    const again = await a.post('/relations', {
      collection_many: 'books',
      field_many: 'writer',
      collection_one: 'authors',
    });
    expect(again.statusCode).toBe(200);
    const knex = server.project.knex;
    await knex('books').update({ writer: 1 });
    await knex('directus_permissions').insert({ collection: 'authors', role: 2, read: 'full' });
    await knex('directus_collection_presets').insert({ collection: 'authors', view_type: 'tabular' });
    await atomically(['books', 'authors'], () => a.del('/collections/authors'));
    expect(await knex.schema.hasTable('authors')).toBe(false);
    expect(await knex('directus_permissions').where('collection', 'authors')).toEqual([]);
    expect(await knex('directus_collection_presets').where('collection', 'authors')).toEqual([]);
    // The books keep their data; the key that pointed at authors is gone with it.
    expect((await knex('books').select('writer')).map((r) => Number(r.writer))).toEqual([1, 1]);
    await knex('books').insert({ title: 'Three', writer: 99 });
  });
});
