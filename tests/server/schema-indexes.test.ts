import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { injectSchemaFailure } from '../../server/database/schema-change';
import { schemaCache } from '../../server/schema';
import { testVendors } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { api, snapshot, type Api } from './schema-helpers';

interface IndexRow {
  name: string;
  columns: string[];
  unique: boolean;
}

/**
 * Status, sort, owner and m2o columns made through the API get a plain index of their own (lists
 * filter and sort by them); it goes with the column, and follows type changes. Read from each
 * vendor's own catalogue.
 */
describe.each(testVendors)(
  'indexes of status, sort, owner, m2o and date-stamp fields, and asked-for ones (%s)',
  (vendor) => {
    let server: TestServer;
    let a: Api;

    /** Every index of a table but the primary key, from the vendor's catalogue, sorted by name. */
    async function indexesOf(table: string): Promise<IndexRow[]> {
      const knex = server.project.knex;
      const out: IndexRow[] = [];
      if (vendor === 'sqlite') {
        const list: Array<{ name: string; unique: number; origin: string }> = await knex.raw(
          'select * from pragma_index_list(?)',
          [table],
        );
        for (const index of list) {
          if (index.origin === 'pk') continue;
          const cols: Array<{ name: string; seqno: number }> = await knex.raw(
            'select * from pragma_index_info(?) order by seqno',
            [index.name],
          );
          out.push({ name: index.name, columns: cols.map((c) => c.name), unique: index.unique === 1 });
        }
      } else if (vendor === 'postgres') {
        // Each test database has its own schema search path: read the current schema only.
        const { rows } = await knex.raw(
          `select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = ?`,
          [table],
        );
        for (const row of rows as Array<{ indexname: string; indexdef: string }>) {
          // The search (q) trigram indexes are search-index.test.ts's subject; a nullable column's
          // `DESC NULLS LAST` companion (`ixn_`) is checked where it is asked for, below.
          if (
            row.indexname === `${table}_pkey` ||
            row.indexname.startsWith('sx_') ||
            row.indexname.startsWith('ixn_')
          )
            continue;
          const list = /\(([^)]*)\)\s*$/.exec(row.indexdef)![1];
          out.push({
            name: row.indexname,
            columns: list.split(',').map((c) => c.trim().replace(/^"|"$/g, '')),
            unique: /^CREATE UNIQUE INDEX/i.test(row.indexdef),
          });
        }
      } else {
        const [rows] = await knex.raw(
          `select INDEX_NAME as n, COLUMN_NAME as c, NON_UNIQUE as nu from information_schema.STATISTICS
          where TABLE_SCHEMA = database() and TABLE_NAME = ? and INDEX_NAME <> 'PRIMARY'
          order by INDEX_NAME, SEQ_IN_INDEX`,
          [table],
        );
        for (const row of rows as Array<{ n: string; c: string; nu: number | string }>) {
          const last = out[out.length - 1];
          if (last?.name === row.n) last.columns.push(row.c);
          else out.push({ name: row.n, columns: [row.c], unique: Number(row.nu) === 0 });
        }
      }
      return out.sort((x, y) => x.name.localeCompare(y.name));
    }

    /** The non-unique single-column indexes of a column. */
    async function plainIndexes(table: string, column: string): Promise<string[]> {
      return (await indexesOf(table))
        .filter((i) => !i.unique && i.columns.length === 1 && i.columns[0] === column)
        .map((i) => i.name);
    }

    /** A failure injected before every step (and at the end where DDL is transactional) changes nothing. */
    async function atomically(tables: string[], op: () => Promise<LightMyRequestResponse>): Promise<number> {
      const state = async () => ({
        schema: await snapshot(server, tables),
        indexes: Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await indexesOf(t)]))),
      });
      const before = await state();
      for (let n = 0; n < 100; n++) {
        injectSchemaFailure((event) =>
          event.phase === 'before' ? event.index === n : vendor !== 'mysql' && event.index === n,
        );
        const res = await op();
        injectSchemaFailure(null);
        if (res.statusCode < 300) return n;
        expect(res.json().error.message, res.body).toMatch(/Injected failure/);
        expect(await state(), `after a failure at step ${n}`).toEqual(before);
      }
      throw new Error('never succeeded');
    }

    beforeAll(async () => {
      server = await startTestServer(vendor);
      a = api(server, await server.login());
      const res = await a.post('/collections', {
        collection: 'writers',
        fields: [{ field: 'name', type: 'string', length: 80 }],
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    afterEach(() => injectSchemaFailure(null));
    afterAll(async () => server?.close());

    it('creating a collection indexes its status, sort, owner, m2o and created-on columns, and no others', async () => {
      const failures = await atomically(['articles'], () =>
        a.post('/collections', {
          collection: 'articles',
          fields: [
            { field: 'status', type: 'status', length: 20, default_value: 'draft', required: true },
            { field: 'sort', type: 'sort' },
            { field: 'created_by', type: 'owner' },
            { field: 'writer', type: 'm2o', datatype: 'INT' },
            { field: 'title', type: 'string', length: 100 },
            { field: 'code', type: 'string', length: 20, unique: true },
            { field: 'created_on', type: 'datetime_created' },
          ],
        }),
      );
      // The table, four indexes and the metadata rows each are a step of their own.
      expect(failures).toBeGreaterThanOrEqual(5);
      const indexes = await indexesOf('articles');
      for (const column of ['status', 'sort', 'created_by', 'writer', 'created_on']) {
        expect(indexes, column).toContainEqual({
          name: `ix_articles_${column}`,
          columns: [column],
          unique: false,
        });
      }
      expect(await plainIndexes('articles', 'title')).toEqual([]);
      expect(await plainIndexes('articles', 'id')).toEqual([]);
      expect(indexes.filter((i) => i.columns.includes('code'))).toEqual([
        { name: 'uq_articles_code', columns: ['code'], unique: true },
      ]);
    });

    it('SQLite plans a status filter through the index', async () => {
      if (vendor !== 'sqlite') return;
      const knex = server.project.knex;
      await knex('articles').insert(
        Array.from({ length: 50 }, (_, i) => ({ title: `t${i}`, status: i % 5 ? 'draft' : 'published' })),
      );
      const plan: Array<{ detail: string }> = await knex.raw(
        'EXPLAIN QUERY PLAN select id, title from articles where status = ?',
        ['published'],
      );
      expect(plan.map((p) => p.detail).join('\n')).toMatch(/USING (COVERING )?INDEX ix_articles_status\b/);
      const sorted: Array<{ detail: string }> = await knex.raw(
        'EXPLAIN QUERY PLAN select id from articles order by sort limit 10',
      );
      expect(sorted.map((p) => p.detail).join('\n')).toMatch(/ix_articles_sort\b/);
      await knex('articles').delete();
    });

    it('adding a field later indexes it; other types get none', async () => {
      const res = await a.post('/collections', {
        collection: 'pages',
        fields: [{ field: 'title', type: 'string', length: 100 }],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await indexesOf('pages')).toEqual([]);
      await server.project.knex('pages').insert([{ title: 'One' }, { title: 'Two' }]);

      const failures = await atomically(['pages'], () =>
        a.post('/fields/pages', { field: 'status', type: 'status', default_value: 'draft' }),
      );
      expect(failures).toBeGreaterThanOrEqual(3);
      expect(await plainIndexes('pages', 'status')).toEqual(['ix_pages_status']);
      for (const body of [
        { field: 'position', type: 'sort' },
        { field: 'owner', type: 'owner' },
        { field: 'parent', type: 'm2o', datatype: 'INT' },
        { field: 'summary', type: 'string', length: 200 },
      ]) {
        const added = await a.post('/fields/pages', body);
        expect(added.statusCode, added.body).toBe(200);
      }
      expect(await plainIndexes('pages', 'position')).toEqual(['ix_pages_position']);
      expect(await plainIndexes('pages', 'owner')).toEqual(['ix_pages_owner']);
      expect(await plainIndexes('pages', 'parent')).toEqual(['ix_pages_parent']);
      expect(await plainIndexes('pages', 'summary')).toEqual([]);
      // The rows are still there, with the new status default.
      expect((await server.project.knex('pages').select('status')).map((r) => r.status)).toEqual([
        'draft',
        'draft',
      ]);
    });

    it('an m2o column keeps one index through its foreign key being added and dropped', async () => {
      const rel = await a.post('/relations', {
        collection_many: 'articles',
        field_many: 'writer',
        collection_one: 'writers',
      });
      expect(rel.statusCode, rel.body).toBe(200);
      const withKey = await plainIndexes('articles', 'writer');
      // SQLite and PostgreSQL name the key's index as the field's; MySQL uses the field's index.
      expect(withKey).toEqual(['ix_articles_writer']);
      expect((await a.del(`/relations/${rel.json().data.id}`)).statusCode).toBe(204);
      expect(await plainIndexes('articles', 'writer')).toEqual(['ix_articles_writer']);
      // And once more, so the next tests have a key to drop with the column.
      expect(
        (
          await a.post('/relations', {
            collection_many: 'articles',
            field_many: 'writer',
            collection_one: 'writers',
          })
        ).statusCode,
      ).toBe(200);
      expect(await plainIndexes('articles', 'writer')).toEqual(['ix_articles_writer']);
    });

    it('deleting a collection others point at leaves their m2o index in place', async () => {
      const res = await a.post('/collections', {
        collection: 'sections',
        fields: [{ field: 'label', type: 'string', length: 40 }],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(
        (await a.post('/fields/pages', { field: 'section', type: 'm2o', datatype: 'INT' })).statusCode,
      ).toBe(200);
      const rel = await a.post('/relations', {
        collection_many: 'pages',
        field_many: 'section',
        collection_one: 'sections',
      });
      expect(rel.statusCode, rel.body).toBe(200);
      expect((await a.del('/collections/sections')).statusCode).toBe(204);
      expect(await plainIndexes('pages', 'section')).toEqual(['ix_pages_section']);
    });

    it('changing a type to sort adds the index, and back to string removes it', async () => {
      const knex = server.project.knex;
      expect(
        (await a.post('/fields/articles', { field: 'rank', type: 'string', length: 10 })).statusCode,
      ).toBe(200);
      await knex('articles').insert([
        { title: 'A', rank: '3' },
        { title: 'B', rank: '1' },
      ]);
      expect(await plainIndexes('articles', 'rank')).toEqual([]);
      const toSort = await atomically(['articles'], () =>
        a.patch('/fields/articles/rank', { type: 'sort', datatype: 'INT', length: null }),
      );
      expect(toSort).toBeGreaterThanOrEqual(2);
      expect(await plainIndexes('articles', 'rank')).toEqual(['ix_articles_rank']);
      expect((await knex('articles').select('rank').orderBy('rank')).map((r) => Number(r.rank))).toEqual([
        1, 3,
      ]);

      const toString = await atomically(['articles'], () =>
        a.patch('/fields/articles', [{ field: 'rank', type: 'string', datatype: 'VARCHAR', length: 10 }]),
      );
      expect(toString).toBeGreaterThanOrEqual(2);
      expect(await plainIndexes('articles', 'rank')).toEqual([]);
      expect((await knex('articles').select('rank').orderBy('rank')).map((r) => String(r.rank))).toEqual([
        '1',
        '3',
      ]);

      // Metadata-only changes and changes between two indexed types leave indexes alone.
      expect((await a.patch('/fields/articles/rank', { note: 'Rank' })).statusCode).toBe(200);
      expect(await plainIndexes('articles', 'rank')).toEqual([]);
      expect((await a.patch('/fields/articles/rank', { type: 'status' })).statusCode).toBe(200);
      expect(await plainIndexes('articles', 'rank')).toEqual(['ix_articles_rank']);
      // A status column may become TEXT (MySQL refuses TEXT in a key without a prefix length): the
      // index goes before the column changes.
      const res = await a.patch('/fields/articles/rank', { type: 'string', datatype: 'TEXT', length: null });
      expect(res.statusCode, res.body).toBe(200);
      expect(await plainIndexes('articles', 'rank')).toEqual([]);
      await knex('articles').delete();
    });

    it('an m2o column that keeps its foreign key keeps its index when its type changes', async () => {
      const res = await a.patch('/fields/articles/writer', { type: 'integer' });
      expect(res.statusCode, res.body).toBe(200);
      // The key still needs an index.
      expect(await plainIndexes('articles', 'writer')).toHaveLength(1);
      expect((await a.patch('/fields/articles/writer', { type: 'm2o' })).statusCode).toBe(200);
      expect(await plainIndexes('articles', 'writer')).toHaveLength(1);
    });

    it('tables made elsewhere get no index until a field type is changed through the API', async () => {
      const knex = server.project.knex;
      await knex.schema.createTable('legacy', (t) => {
        t.increments('id');
        t.string('state', 20);
        t.integer('position');
      });
      await knex('directus_fields').insert({ collection: 'legacy', field: 'state', type: 'status' });
      schemaCache.invalidate('test');
      expect((await a.patch('/collections/legacy', { managed: true })).statusCode).toBe(200);
      expect((await a.patch('/fields/legacy/state', { note: 'Workflow' })).statusCode).toBe(200);
      expect((await a.patch('/fields/legacy/state', { length: 30 })).statusCode).toBe(200);
      expect(await indexesOf('legacy')).toEqual([]);
      const res = await a.patch('/fields/legacy/position', { type: 'sort' });
      expect(res.statusCode, res.body).toBe(200);
      expect(await plainIndexes('legacy', 'position')).toEqual(['ix_legacy_position']);
      expect(await plainIndexes('legacy', 'state')).toEqual([]);
    });

    it('SQLite: a rebuild keeps both an inline UNIQUE and the plain index of the same column', async () => {
      if (vendor !== 'sqlite') return;
      const knex = server.project.knex;
      await knex.raw(
        'CREATE TABLE "ranked" ("id" integer PRIMARY KEY, "pos" integer UNIQUE, "label" varchar(10))',
      );
      schemaCache.invalidate('test');
      expect((await a.patch('/collections/ranked', { managed: true })).statusCode).toBe(200);
      expect((await a.patch('/fields/ranked/pos', { type: 'sort' })).statusCode).toBe(200);
      // Changing another column rebuilds the table: the inline key becomes a named unique index.
      const res = await a.patch('/fields/ranked/label', { length: 40 });
      expect(res.statusCode, res.body).toBe(200);
      expect(await indexesOf('ranked')).toEqual([
        { name: 'ix_ranked_pos', columns: ['pos'], unique: false },
        { name: 'uq_ranked_pos', columns: ['pos'], unique: true },
      ]);
      await knex('ranked').insert({ id: 1, pos: 1 });
      await expect(knex('ranked').insert({ id: 2, pos: 1 })).rejects.toThrow();
    });

    it('a field asks for an index of its own with index: true and gives it up with index: false', async () => {
      const added = await a.post('/fields/pages', { field: 'published_on', type: 'date', index: true });
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json().data.index).toBe(true);
      expect(await plainIndexes('pages', 'published_on')).toEqual(['ix_pages_published_on']);
      const updated = await a.post('/fields/pages', { field: 'updated_on', type: 'datetime_updated' });
      expect(updated.json().data.index).toBe(true);
      expect(await plainIndexes('pages', 'updated_on')).toEqual(['ix_pages_updated_on']);

      // An existing column, in one schema unit: a failure at any step leaves no index behind.
      expect((await a.get('/fields/pages/summary')).json().data.index).toBe(false);
      const steps = await atomically(['pages'], () => a.patch('/fields/pages/summary', { index: true }));
      expect(steps).toBeGreaterThanOrEqual(1);
      expect(await plainIndexes('pages', 'summary')).toEqual(['ix_pages_summary']);
      expect((await a.get('/fields/pages/summary')).json().data.index).toBe(true);
      if (vendor === 'postgres') {
        // Descending sorts put NULLs last too: a nullable column gets a `DESC NULLS LAST` index.
        const companion = async () =>
          (
            await server.project.knex.raw(
              `select indexdef from pg_indexes where schemaname = current_schema() and indexname = ?`,
              ['ixn_pages_summary'],
            )
          ).rows.map((r: { indexdef: string }) => r.indexdef);
        expect(await companion()).toEqual([expect.stringMatching(/\("?summary"? DESC NULLS LAST\)$/)]);
        const off = await a.patch('/fields/pages/summary', { index: false });
        expect(off.statusCode, off.body).toBe(200);
        expect(await companion()).toEqual([]);
        expect((await a.patch('/fields/pages/summary', { index: true })).statusCode).toBe(200);
        expect(await companion()).toHaveLength(1);
      }
      // Asking again changes nothing; false drops it, and a status field may give its index up too.
      expect((await a.patch('/fields/pages/summary', { index: true })).statusCode).toBe(200);
      expect(await plainIndexes('pages', 'summary')).toEqual(['ix_pages_summary']);
      const off = await a.patch('/fields/pages/summary', { index: false });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().data.index).toBe(false);
      expect(await plainIndexes('pages', 'summary')).toEqual([]);
      expect((await a.patch('/fields/pages/status', { index: false })).statusCode).toBe(200);
      expect(await plainIndexes('pages', 'status')).toEqual([]);
      const unindexed = await a.post('/fields/pages', {
        field: 'created_on',
        type: 'datetime_created',
        index: false,
      });
      expect(unindexed.statusCode, unindexed.body).toBe(200);
      expect(await plainIndexes('pages', 'created_on')).toEqual([]);

      // Refused: a TEXT column, an alias, a value that is not a yes or no; nothing is created.
      const text = await a.post('/fields/pages', {
        field: 'body',
        type: 'string',
        datatype: 'TEXT',
        index: true,
      });
      expect(text.statusCode, text.body).toBe(422);
      expect(text.json().error.message).toMatch(/cannot be indexed/);
      expect(await server.project.knex.schema.hasColumn('pages', 'body')).toBe(false);
      const alias = await a.post('/fields/pages', {
        field: 'divider',
        type: 'alias',
        interface: 'divider',
        index: true,
      });
      expect(alias.statusCode, alias.body).toBe(422);
      const vague = await a.patch('/fields/pages/summary', { index: 'sometimes' });
      expect(vague.statusCode, vague.body).toBe(422);
      expect(vague.json().error.message).toMatch(/index: /);
      expect(await plainIndexes('pages', 'summary')).toEqual([]);
    });

    it('dropping a field removes its index with the column', async () => {
      for (const column of ['status', 'sort', 'created_by', 'writer', 'created_on']) {
        const res = await a.del(`/fields/articles/${column}`);
        expect(res.statusCode, `${column}: ${res.body}`).toBe(204);
        expect(await server.project.knex.schema.hasColumn('articles', column)).toBe(false);
        const left = (await indexesOf('articles')).filter(
          (i) => i.columns.includes(column) || i.name === `ix_articles_${column}`,
        );
        expect(left, column).toEqual([]);
      }
      // The unique key of another column survives (SQLite rebuilds the table on each drop).
      expect((await indexesOf('articles')).filter((i) => i.columns.includes('code'))).toEqual([
        { name: 'uq_articles_code', columns: ['code'], unique: true },
      ]);
      if (vendor === 'sqlite') {
        const stale = await server.project
          .knex('sqlite_master')
          .where('type', 'index')
          .andWhere('name', 'like', 'ix_articles_%');
        expect(stale).toEqual([]);
      }
      // A field of the same name can come back, indexed again.
      expect((await a.post('/fields/articles', { field: 'sort', type: 'sort' })).statusCode).toBe(200);
      expect(await plainIndexes('articles', 'sort')).toEqual(['ix_articles_sort']);
    });
  },
);
