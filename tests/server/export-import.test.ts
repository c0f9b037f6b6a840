import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_ROLE_ID } from '../../server/database/install';
import { events, type ItemEvent } from '../../server/services/events';
import { testVendors } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { createItemsFixture, createRole, createUser, grant } from './items-helpers';

/** CSV text → rows of strings (header row first). */
function csvRows(text: string): string[][] {
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true, delimiter: ',' });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

describe.each(testVendors)('export and import (%s)', (vendor) => {
  let server: TestServer;
  let admin: string;
  let editor: string;
  let role: number;

  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { importMaxRows: 5000 } });
    await createItemsFixture(server);
    const knex = server.project.knex;
    role = await createRole(knex, 'Editors');
    await createUser(knex, 'editor@example.com', 'pw-editor-123', role);
    // Editors read published articles without `legacy_code` and `views`, and create drafts.
    await grant(knex, role, 'articles', {
      status: 'published',
      read: 'full',
      read_field_blacklist: 'legacy_code,views',
    });
    await grant(knex, role, 'articles', { status: 'draft', create: 'full', read: 'none' });
    await grant(knex, role, 'authors', { read: 'full' });
    await grant(knex, PUBLIC_ROLE_ID, 'articles', { status: 'published', read: 'full' });
    admin = await server.login();
    editor = await server.login('editor@example.com', 'pw-editor-123');
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const request = async (method: 'GET' | 'POST', url: string, token: string | null, payload?: unknown) => {
    const res = await server.inject({
      method,
      url: `/test${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as any }),
    });
    return res;
  };
  const exportOf = async (token: string | null, format: 'csv' | 'json', params = '') => {
    const res = await request('GET', `/items/articles/export?format=${format}${params}`, token);
    return res;
  };

  describe('export', () => {
    it('streams the whole view as a JSON list with an attachment name', async () => {
      const res = await exportOf(admin, 'json', '&fields=id,title&sort=id');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="articles-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      const rows = JSON.parse(res.body);
      // Soft-deleted articles (11, 12) are left out as in the listing.
      expect(rows.map((row: { id: number }) => row.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(rows[0]).toEqual({ id: 1, title: 'Article 1' });
    });

    it('follows search, filters, sort and fields, and ignores limit and offset', async () => {
      const res = await exportOf(
        admin,
        'csv',
        '&fields=id,title,views&filter[views][gte]=30&filter[status][eq]=published&sort=-views&limit=2&offset=1',
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/filename="articles-\d{4}-\d{2}-\d{2}\.csv"/);
      const rows = csvRows(res.body);
      expect(rows[0]).toEqual(['id', 'title', 'views']);
      expect(rows.slice(1).map((row) => row[0])).toEqual(['8', '7', '6', '5', '4', '3']);
      const searched = csvRows((await exportOf(admin, 'csv', '&fields=id&q=Percent')).body);
      expect(searched).toEqual([['id'], ['7']]);
    });

    it('writes a related item as its key, to-many lists as JSON keys, JSON fields as JSON', async () => {
      const res = await exportOf(admin, 'csv', '&fields=id,author.*,comments.*&filter[id][in]=1,5&sort=id');
      const rows = csvRows(res.body);
      expect(rows).toEqual([
        ['id', 'author', 'comments'],
        ['1', '1', '[1,2,3]'],
        ['5', '', '[]'],
      ]);
      const authors = csvRows(
        (
          await request(
            'GET',
            '/items/authors/export?format=csv&fields=id,skills,profile&filter[id]=1',
            admin,
          )
        ).body,
      );
      expect(authors).toEqual([
        ['id', 'skills', 'profile'],
        ['1', 'math,poetry', '{"langs":["en","fr"]}'],
      ]);
    });

    it('an editor gets neither blacklisted fields nor rows they may not read', async () => {
      const json = JSON.parse((await exportOf(editor, 'json')).body) as Array<Record<string, unknown>>;
      expect(json.map((row) => row.id)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
      for (const row of json) {
        expect(row).not.toHaveProperty('legacy_code');
        expect(row).not.toHaveProperty('views');
        expect(row.status).toBe('published');
      }
      const csv = csvRows((await exportOf(editor, 'csv')).body);
      expect(csv[0]).not.toContain('legacy_code');
      expect(csv[0]).not.toContain('views');
      expect(csv).toHaveLength(9);
      // Asking for a blacklisted field is refused like any read.
      const denied = await exportOf(editor, 'csv', '&filter[views][gt]=1');
      expect(denied.statusCode).toBe(403);
    });

    it('anonymous callers get the public rows only; without public access 401', async () => {
      const json = JSON.parse((await exportOf(null, 'json', '&fields=id,status')).body) as Array<{
        status: string;
      }>;
      expect(json).toHaveLength(8);
      expect(new Set(json.map((row) => row.status))).toEqual(new Set(['published']));
      const res = await request('GET', '/items/authors/export?format=json', null);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe(3);
    });

    it('answers errors before streaming as the usual envelope', async () => {
      const bad = await exportOf(admin, 'xml' as 'csv');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe(1100);
      const missing = await request('GET', '/items/nothing_here/export?format=csv', admin);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.code).toBe(200);
      const system = await request('GET', '/items/directus_users/export?format=csv', admin);
      expect(system.json().error.code).toBe(201);
      const random = await exportOf(admin, 'json', '&sort=?');
      expect(random.statusCode).toBe(422);
      expect(random.json().error.code).toBe(4);
      const badFilter = await exportOf(admin, 'json', '&filter[nope][eq]=1');
      expect(badFilter.statusCode).toBeGreaterThanOrEqual(400);
      expect(badFilter.json().error.code).toBeTypeOf('number');
    });

    it('quotes commas, quotes, line breaks and keeps unicode; formulas are neutralised', async () => {
      const knex = server.project.knex;
      const tricky = [
        'Commas, and more, commas',
        'She said "hello"',
        'Line one\nline two\r\nline three',
        'Zoë — 日本語 — 🎉',
        '=SUM(A1:A2)',
      ];
      await knex('tags').insert(tricky.map((name, i) => ({ id: 100 + i, name })));
      const res = await request(
        'GET',
        '/items/tags/export?format=csv&fields=id,name&filter[id][gte]=100&sort=id',
        admin,
      );
      const rows = csvRows(res.body);
      expect(rows.slice(1).map((row) => row[1])).toEqual([...tricky.slice(0, 4), "'=SUM(A1:A2)"]);
      expect(res.body).toContain('"She said ""hello"""');
      const json = JSON.parse(
        (
          await request(
            'GET',
            '/items/tags/export?format=json&fields=name&filter[id][gte]=100&sort=id',
            admin,
          )
        ).body,
      );
      expect(json.map((row: { name: string }) => row.name)).toEqual(tricky);
    });

    it('an empty result is a header row, or an empty list', async () => {
      const csv = await exportOf(admin, 'csv', '&fields=id,title&filter[id][gt]=1000');
      expect(csvRows(csv.body)).toEqual([['id', 'title']]);
      const json = await exportOf(admin, 'json', '&filter[id][gt]=1000');
      expect(JSON.parse(json.body)).toEqual([]);
    });

    it('pages through a few thousand rows in key order and in another order', async () => {
      const knex = server.project.knex;
      const rows = Array.from({ length: 3500 }, (_, i) => ({ id: 1000 + i, name: `bulk ${i}` }));
      for (let i = 0; i < rows.length; i += 250) await knex('tags').insert(rows.slice(i, i + 250));
      const byKey = JSON.parse(
        (await request('GET', '/items/tags/export?format=json&fields=name&filter[id][gte]=1000', admin)).body,
      ) as Array<{ name: string }>;
      expect(byKey).toHaveLength(3500);
      expect(byKey[0]).toEqual({ name: 'bulk 0' });
      expect(byKey[3499]).toEqual({ name: 'bulk 3499' });
      const byName = csvRows(
        (
          await request(
            'GET',
            '/items/tags/export?format=csv&fields=id,name&filter[id][gte]=1000&sort=-name',
            admin,
          )
        ).body,
      );
      expect(byName).toHaveLength(3501);
      const ids = byName.slice(1).map((row) => Number(row[0]));
      expect(new Set(ids).size).toBe(3500);
      const names = byName.slice(1).map((row) => row[1]);
      expect(names).toEqual([...names].sort().reverse());
      const descending = JSON.parse(
        (
          await request(
            'GET',
            '/items/tags/export?format=json&fields=id&filter[id][gte]=1000&sort=-id',
            admin,
          )
        ).body,
      ) as Array<{ id: number }>;
      expect(descending.map((row) => row.id)).toEqual(rows.map((row) => row.id).reverse());
    });
  });

  describe('import', () => {
    const notesCount = async () =>
      Number(((await server.project.knex('notes').count({ n: '*' })) as Array<{ n: number }>)[0].n);
    const importNotes = (token: string | null, body: unknown) =>
      request('POST', '/items/notes/import', token, body);

    it('writes every row in one go and answers the keys', async () => {
      const before = await notesCount();
      const seen: ItemEvent[] = [];
      const listener = (event: ItemEvent) => seen.push(event);
      events.on('item', listener);
      const res = await importNotes(admin, {
        rows: [
          { title: 'Imported one', code: 'IMP-1', data: '{"a":1}', labels: 'x,y' },
          { title: 'Imported two', code: 'IMP-2', status: 'published' },
        ],
      });
      expect(res.statusCode).toBe(200);
      const report = res.json().data;
      expect(report).toMatchObject({ total: 2, imported: 2, valid: 2, rejected: [], dry_run: false });
      expect(report.keys).toHaveLength(2);
      expect(await notesCount()).toBe(before + 2);
      const stored = await server.project.knex('notes').where('code', 'IMP-1').first();
      expect(stored.title).toBe('Imported one');
      expect(stored.status).toBe('draft');
      // Activity and webhooks' events as for any create.
      const activity = await server.project
        .knex('directus_activity')
        .where({ collection: 'notes', action: 'create' })
        .whereIn('item', report.keys.map(String));
      expect(activity).toHaveLength(2);
      await new Promise((resolve) => setImmediate(resolve));
      events.off('item', listener);
      expect(seen.filter((e) => e.collection === 'notes').map((e) => e.keys[0])).toEqual(report.keys);
    });

    it('is all or nothing: one bad row writes nothing and the report names it', async () => {
      const before = await notesCount();
      const res = await importNotes(admin, {
        rows: [
          { title: 'Fine', code: 'OK-1' },
          { title: 'Bad code', code: 'lower case' },
          { code: 'OK-3' },
          { title: 'Fine too', code: 'OK-4' },
        ],
      });
      expect(res.statusCode).toBe(422);
      const error = res.json().error;
      expect(error.code).toBe(1102);
      expect(error.message).toMatch(/2 of 4 rows/);
      expect(error.report.rejected).toEqual([
        expect.objectContaining({ row: 2, field: 'code', code: 4 }),
        expect.objectContaining({ row: 3, field: 'title', code: 4 }),
      ]);
      expect(error.report.imported).toBe(0);
      expect(await notesCount()).toBe(before);
      expect(await server.project.knex('notes').where('code', 'OK-1').first()).toBeUndefined();
    });

    it('reports duplicates and type errors per row', async () => {
      const res = await importNotes(admin, {
        rows: [
          { title: 'Dup', code: 'IMP-1' },
          { title: 'Bad json', data: '{nope' },
          { title: 'Bad author', author: 'abc' },
          { title: 'Unknown', nofield: 1 },
          { title: 'Fine', code: 'TYPE-OK' },
        ],
        dry_run: true,
      });
      expect(res.statusCode).toBe(200);
      const report = res.json().data;
      expect(report.dry_run).toBe(true);
      expect(report.valid).toBe(1);
      expect(report.rejected.map((r: { row: number; code: number }) => [r.row, r.code])).toEqual([
        [1, 204],
        [2, 4],
        [3, 4],
        [4, 12],
      ]);
      expect(report.rejected[1].field).toBe('data');
      expect(report.rejected[2].field).toBe('author');
    });

    it('skips rejected rows when asked, writing the valid ones', async () => {
      const before = await notesCount();
      const res = await importNotes(admin, {
        rows: [{ title: 'Kept A', code: 'SKIP-A' }, { title: 'Dropped', code: 'no!' }, { title: 'Kept B' }],
        skip_rejected: true,
      });
      expect(res.statusCode).toBe(200);
      const report = res.json().data;
      expect(report).toMatchObject({ total: 3, imported: 2, valid: 2 });
      expect(report.rejected).toEqual([expect.objectContaining({ row: 2, field: 'code' })]);
      expect(await notesCount()).toBe(before + 2);
    });

    it('a dry run validates and writes nothing', async () => {
      const before = await notesCount();
      const activityBefore = await server.project.knex('directus_activity').count({ n: '*' });
      const res = await importNotes(admin, { rows: [{ title: 'Dry', code: 'DRY-1' }], dry_run: true });
      expect(res.json().data).toMatchObject({ total: 1, valid: 1, imported: 0, rejected: [], keys: [] });
      expect(await notesCount()).toBe(before);
      expect(await server.project.knex('directus_activity').count({ n: '*' })).toEqual(activityBefore);
    });

    it('applies permissions: no create → 403 before the body; a forbidden status is a rejection', async () => {
      const denied = await request('POST', '/items/notes/import', editor, { rows: [{ title: 'x' }] });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().error.code).toBe(301);
      const anonymous = await request('POST', '/items/articles/import', null, { rows: [{ title: 'x' }] });
      expect([401, 403]).toContain(anonymous.statusCode);
      const res = await request('POST', '/items/articles/import', editor, {
        rows: [
          { title: 'Editor draft', status: 'draft' },
          { title: 'Editor published', status: 'published' },
        ],
        skip_rejected: true,
      });
      expect(res.statusCode).toBe(200);
      const report = res.json().data;
      expect(report.imported).toBe(1);
      expect(report.rejected).toEqual([expect.objectContaining({ row: 2, code: 301 })]);
    });

    it('refuses malformed bodies and imports over the row limit', async () => {
      expect((await importNotes(admin, { rows: [] })).json().error.code).toBe(13);
      expect((await importNotes(admin, { rows: 'x' })).json().error.code).toBe(13);
      expect((await importNotes(admin, [{ title: 'x' }])).json().error.code).toBe(13);
      expect((await importNotes(admin, { rows: [{ title: 'x' }], dry_run: 'yes' })).json().error.code).toBe(
        13,
      );
      const bare = await importNotes(admin, { rows: [{ title: 'fine' }, 'not an object'], dry_run: true });
      expect(bare.json().data.rejected).toEqual([expect.objectContaining({ row: 2, code: 13 })]);
      const many = await importNotes(admin, {
        rows: Array.from({ length: 5001 }, (_, i) => ({ title: `n${i}` })),
      });
      expect(many.statusCode).toBe(422);
      expect(many.json().error.code).toBe(1101);
    });

    it('round-trips an export through the import', async () => {
      const exported = csvRows(
        (await request('GET', '/items/tags/export?format=csv&fields=name&filter[id][between]=100,104', admin))
          .body,
      );
      const [header, ...body] = exported;
      const rows = body.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]])));
      const res = await request('POST', '/items/tags/import', admin, { rows });
      expect(res.statusCode).toBe(200);
      const keys = res.json().data.keys as number[];
      const names = (await server.project.knex('tags').whereIn('id', keys).orderBy('id')).map(
        (row: { name: string }) => row.name,
      );
      expect(names).toContain('=SUM(A1:A2)');
      expect(names).toContain('Line one\nline two\r\nline three');
    });
  });
});
