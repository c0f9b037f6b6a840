import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../server/cli';
import { schemaCache } from '../../server/schema/cache';
import { testVendors } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { createItemsFixture, createRole, createUser, grant } from './items-helpers';

const COUNTS = 'octavo_row_counts';

/**
 * `meta=total_count` from the row counters (server/services/row-counts.ts): exact after every kind
 * of write the API makes, permission-correct, recounted after a schema change or on demand.
 */
describe.each(testVendors)('row counters (%s)', (vendor) => {
  let server: TestServer;
  let admin: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { loginRateLimit: 10_000 } });
    await createItemsFixture(server);
    admin = { authorization: `Bearer ${await server.login()}` };
  });
  afterAll(async () => {
    await server?.close();
  });

  const knex = () => server.project.knex;
  const call = async (method: string, url: string, payload?: unknown, headers = admin) => {
    const res = await server.inject({
      method: method as any,
      url: `/test${url}`,
      headers,
      payload: payload as any,
    });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };
  /** What the API answers for `meta=total_count`. */
  const total = async (collection = 'notes', headers = admin) => {
    const res = await call('GET', `/items/${collection}?limit=0&meta=total_count`, undefined, headers);
    expect(res.status).toBe(200);
    return res.body.meta.total_count as number;
  };
  /** The rows the table holds that are not soft-deleted, counted by SQL. */
  const actual = async (where: (qb: any) => void = () => {}) => {
    const qb = knex()('notes').where((inner: any) =>
      inner.whereNot('status', 'deleted').orWhereNull('status'),
    );
    where(qb);
    const [row] = await qb.count({ n: '*' });
    return Number(row.n);
  };
  /** The counter's status buckets, and the table's rows per status, which they must equal. */
  const buckets = async () => {
    const rows = await knex()(COUNTS).where('collection', 'notes').where('bucket', 'like', '=%');
    return Object.fromEntries(
      rows.filter((r: any) => Number(r.n) !== 0).map((r: any) => [r.bucket.slice(1), Number(r.n)]),
    );
  };
  const grouped = async () => {
    const rows = await knex()('notes').select('status').count({ n: '*' }).groupBy('status');
    return Object.fromEntries(rows.map((r: any) => [r.status, Number(r.n)]));
  };
  const expectExact = async () => {
    expect(await total()).toBe(await actual());
    expect(await buckets()).toEqual(await grouped());
  };
  let code = 0;
  const note = (extra: Record<string, unknown> = {}) => ({ title: `Note ${++code}`, ...extra });
  const keysOf = ({ body }: { body: any }) =>
    (Array.isArray(body.data) ? body.data : [body.data]).map((n: any) => n.id);

  it('counts lazily on the first read and stays exact through creates, status changes and deletes', async () => {
    await knex()('notes').insert([
      { title: 'seed 1', status: 'draft' },
      { title: 'seed 2', status: 'published' },
      { title: 'seed 3', status: 'deleted' },
    ]);
    expect(await knex()(COUNTS).where('collection', 'notes')).toEqual([]);
    expect(await total()).toBe(2);
    expect(await knex()(COUNTS).where({ collection: 'notes', bucket: '$status' }).first()).toBeTruthy();
    await expectExact();

    const one = await call('POST', '/items/notes', note());
    expect(one.status).toBe(200);
    expect(await total()).toBe(3);
    const batch = await call('POST', '/items/notes', [note({ status: 'published' }), note(), note()]);
    expect(batch.status).toBe(200);
    expect(await total()).toBe(6);
    await expectExact();

    const [a, b, c] = keysOf(batch);
    // Soft delete moves a row out of the total, and back.
    expect([200, 204]).toContain((await call('PATCH', `/items/notes/${a}`, { status: 'deleted' })).status);
    expect(await total()).toBe(5);
    expect((await call('PATCH', `/items/notes/${a}`, { status: 'draft' })).status).toBe(200);
    expect(await total()).toBe(6);
    expect((await call('PATCH', `/items/notes/${b},${c}`, { status: 'published' })).status).toBe(200);
    expect((await call('PATCH', '/items/notes', [{ id: a, status: 'deleted' }, note()])).status).toBe(200);
    expect(await total()).toBe(6);
    await expectExact();

    expect((await call('DELETE', `/items/notes/${keysOf(one)[0]}`)).status).toBe(204);
    expect((await call('DELETE', `/items/notes/${a},${b}`)).status).toBe(204);
    expect(await total()).toBe(4);
    await expectExact();
    // filter_count without a filter is the total; with one it counts the filter.
    const meta = (await call('GET', '/items/notes?limit=0&meta=*&filter[status]=published')).body.meta;
    expect(meta.total_count).toBe(4);
    expect(meta.filter_count).toBe(await actual((qb) => qb.where('status', 'published')));
  });

  it('leaves the counter as it was when a multi-item write fails and rolls back', async () => {
    const before = await total();
    const failed = await call('POST', '/items/notes', [note(), note(), { code: 'no title' }]);
    expect(failed.status).toBeGreaterThanOrEqual(400);
    expect(failed.status).toBeLessThan(500);
    const taken = keysOf(await call('POST', '/items/notes', note({ code: 'TAKEN' })));
    const [first] = keysOf(await call('POST', '/items/notes', note()));
    const clash = await call('PATCH', '/items/notes', [
      { id: first, status: 'deleted' },
      note({ code: 'TAKEN' }),
    ]);
    expect(clash.body.error.code).toBe(204);
    const deleteMissing = await call('DELETE', `/items/notes/${taken[0]},99999`);
    expect(deleteMissing.status).toBe(404);
    expect(await total()).toBe(before + 2);
    await expectExact();
  });

  it('counts the rows of an import, and none of one rolled back', async () => {
    const before = await total();
    const rejected = await call('POST', '/items/notes/import', { rows: [note(), { code: 'x' }, note()] });
    expect(rejected.body.error.code).toBe(1102);
    expect(await total()).toBe(before);
    const dry = await call('POST', '/items/notes/import', { rows: [note(), note()], dry_run: true });
    expect(dry.status).toBe(200);
    expect(await total()).toBe(before);
    const skipped = await call('POST', '/items/notes/import', {
      rows: [note(), { code: 'x' }, note({ status: 'deleted' }), note({ status: 'published' })],
      skip_rejected: true,
    });
    expect(skipped.body.data.imported).toBe(3);
    expect(await total()).toBe(before + 2);
    await expectExact();
  });

  it('keeps 50 concurrent creates exact', async () => {
    const before = await total();
    const results = await Promise.all(Array.from({ length: 50 }, () => call('POST', '/items/notes', note())));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(await total()).toBe(before + 50);
    await expectExact();
  });

  it('gives a role with status rows the sum of its statuses, and a `mine` role its own rows', async () => {
    const knex_ = knex();
    const workflow = await createRole(knex_, 'Workflow');
    await grant(knex_, workflow, 'notes', { status: 'published', read: 'full' });
    await grant(knex_, workflow, 'notes', { status: 'draft', read: 'none' });
    await createUser(knex_, 'workflow@example.com', 'pass-1234-word', workflow);
    const blacklist = await createRole(knex_, 'Blacklist');
    await grant(knex_, blacklist, 'notes', { read: 'full', status_blacklist: 'published' });
    await createUser(knex_, 'blacklist@example.com', 'pass-1234-word', blacklist);
    const mine = await createRole(knex_, 'Mine');
    await grant(knex_, mine, 'notes', { read: 'mine', create: 'full' });
    await createUser(knex_, 'mine@example.com', 'pass-1234-word', mine);
    const as = async (email: string) => ({
      authorization: `Bearer ${await server.login(email, 'pass-1234-word')}`,
    });
    const mineHeaders = await as('mine@example.com');
    expect((await call('POST', '/items/notes', note(), mineHeaders)).status).toBe(200);
    expect((await call('POST', '/items/notes', note({ status: 'published' }), mineHeaders)).status).toBe(200);

    expect(await total('notes', await as('workflow@example.com'))).toBe(
      await actual((qb) => qb.where('status', 'published')),
    );
    expect(await total('notes', await as('blacklist@example.com'))).toBe(
      await actual((qb) =>
        qb.where((inner: any) => inner.whereNot('status', 'published').orWhereNull('status')),
      ),
    );
    const me = await knex_('directus_users').where('email', 'mine@example.com').first('id');
    expect(await total('notes', mineHeaders)).toBe(2);
    expect(await actual((qb) => qb.where('owner', me.id))).toBe(2);
    // A counter gone wrong shows in the counter's answers, never in a filtered count.
    await knex_(COUNTS).where({ collection: 'notes', bucket: '=draft' }).increment('n', 1000);
    expect(await total()).toBe((await actual()) + 1000);
    expect(await total('notes', mineHeaders)).toBe(2);
    await knex_(COUNTS).where({ collection: 'notes', bucket: '=draft' }).decrement('n', 1000);
    await expectExact();
  });

  it('recounts on `octavo counts recompute` after rows written outside the API, which `check` reports', async () => {
    const before = await total();
    await knex()('notes').insert([
      { title: 'raw 1', status: 'draft' },
      { title: 'raw 2', status: 'published' },
    ]);
    expect(await total()).toBe(before);
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    const env = { OCTAVO_DATA: server.database.dataDir, OCTAVO_LOG_LEVEL: 'silent' };
    const args = ['--project', 'test', '--collection', 'notes'];
    expect(await main(['counts', 'check', ...args], env, io)).toBe(1);
    expect(lines.join('\n')).toMatch(/notes: \d+ rows, counter says \d+/);
    expect(await main(['counts', 'recompute', ...args], env, io)).toBe(0);
    expect(await total()).toBe(before + 2);
    await expectExact();
    lines.length = 0;
    expect(await main(['counts', 'check', ...args], env, io)).toBe(0);
    expect(lines.join('\n')).toMatch(/counter exact/);
    expect(await main(['counts', 'recompute', '--project', 'test', '--collection', 'nope'], env, io)).toBe(1);
    expect(await main(['counts', 'frobnicate'], env, io)).toBe(2);
  });

  it('recounts after a schema change made through the API', async () => {
    await knex()('notes').insert({ title: 'raw 3', status: 'draft' });
    const stale = await total();
    expect(stale).toBe((await actual()) - 1);
    const res = await call('POST', '/fields/notes', {
      field: 'extra',
      type: 'string',
      interface: 'text-input',
    });
    expect(res.status).toBe(200);
    expect(await total()).toBe(stale + 1);
    await expectExact();
  });

  it('counts a collection without a status field', async () => {
    const tags = async () => Number((await knex()('tags').count({ n: '*' }))[0].n);
    expect(await total('tags')).toBe(await tags());
    const created = await call('POST', '/items/tags', [{ name: 'counted-1' }, { name: 'counted-2' }]);
    expect(created.status).toBe(200);
    expect(await total('tags')).toBe(await tags());
    expect((await call('DELETE', `/items/tags/${keysOf(created)[0]}`)).status).toBe(204);
    expect(await total('tags')).toBe(await tags());
    expect(await knex()(COUNTS).where({ collection: 'tags', bucket: '*' }).first()).toBeTruthy();
  });

  it('counts the table of a collection whose rows a foreign key deletes on cascade', async () => {
    await knex().schema.createTable('labels', (t) => {
      t.increments('id');
      t.string('name', 50);
    });
    await knex().schema.createTable('note_labels', (t) => {
      t.increments('id');
      t.integer('label').unsigned().references('id').inTable('labels').onDelete('CASCADE');
    });
    schemaCache.invalidate(server.project.key);
    const [label] = keysOf(await call('POST', '/items/labels', { name: 'gone soon' }));
    const [kept] = keysOf(await call('POST', '/items/labels', { name: 'kept' }));
    expect((await call('POST', '/items/note_labels', [{ label }, { label }, { label: kept }])).status).toBe(
      200,
    );
    expect(await total('note_labels')).toBe(3);
    expect((await call('DELETE', `/items/labels/${label}`)).status).toBe(204);
    expect(await total('note_labels')).toBe(1);
    expect(await total('labels')).toBe(1);
  });

  it('indexes the sort of a collection-wide preset and a field drawn as `sort`', async () => {
    const indexed = async (column: string) =>
      (await server.project.dialect.tableExtras(knex(), 'notes')).get('notes')!.indexed.has(column);
    expect(await indexed('title')).toBe(false);
    const preset = await call('POST', '/collection_presets', {
      collection: 'notes',
      user: null,
      role: null,
      view_type: 'tabular',
      view_query: { tabular: { sort: '-title', fields: 'title,status' } },
    });
    expect(preset.body.error).toBeUndefined();
    // The index is made after the preset's write has committed.
    const deadline = Date.now() + 10_000;
    while (!(await indexed('title')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await indexed('title')).toBe(true);
    // Again, on an indexed column: nothing to do, and the preset saves.
    expect(
      (
        await call('PATCH', `/collection_presets/${preset.body.data.id}`, {
          view_query: { tabular: { sort: 'title' } },
        })
      ).status,
    ).toBe(200);

    const field = await call('POST', '/fields/notes', {
      field: 'position',
      type: 'integer',
      datatype: 'INT',
      interface: 'sort',
    });
    expect(field.status).toBe(200);
    expect(await indexed('position')).toBe(true);
  });
});
