import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Accountability } from '../../server/context';
import { parseQuery } from '../../server/query';
import { ItemsService } from '../../server/services/items';
import { describeSlowRead, timedRead } from '../../server/services/slow-reads';
import { testVendors } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { api, type Api } from './schema-helpers';

const ADMIN: Accountability = { user: 1, role: 1, admin: true, ip: '127.0.0.1' };

/** The slow-read log names the collection, the filter and sort, and the fields that missed an index. */
describe.each(testVendors)('the slow-read log (%s)', (vendor) => {
  let server: TestServer;
  let a: Api;
  const warnings: Array<{ details: any; message: string }> = [];
  const log = { warn: (details: object, message: string) => warnings.push({ details, message }) };

  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { slowQueryMs: 1 } });
    a = api(server, await server.login());
    const res = await a.post('/collections', {
      collection: 'posts',
      fields: [
        { field: 'id', type: 'integer', datatype: 'INT', primary_key: true, auto_increment: true },
        { field: 'status', type: 'status', length: 20, default_value: 'draft' },
        { field: 'title', type: 'string', length: 100 },
        { field: 'published_on', type: 'date' },
        { field: 'code', type: 'string', length: 20, unique: true },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    await server.project.knex('posts').insert(
      Array.from({ length: 40 }, (_, i) => ({
        status: i % 2 ? 'published' : 'draft',
        title: `Post ${i}`,
        published_on: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
        code: `c${i}`,
      })),
    );
  });
  afterAll(async () => server?.close());

  const query = (raw: Record<string, unknown>) => parseQuery(raw, { maxLimit: 200 });

  it('names the filtered and sorted fields and those without an index of their own', async () => {
    const q = query({
      filter: { status: { eq: 'published' }, title: { contains: 'Post' } },
      sort: '-published_on,code',
    });
    const slow = await describeSlowRead(server.project, 'posts', 'id', q, 812.4);
    expect(slow).toEqual({
      project: 'test',
      collection: 'posts',
      ms: 812,
      filter: ['status', 'title'],
      sort: ['-published_on', 'code'],
      search: false,
      unindexed: ['published_on', 'title'],
    });
    // Once the field is indexed, it is no longer named (the catalogue is read again after a minute;
    // a new project context reads it at once).
    expect((await a.patch('/fields/posts/published_on', { index: true })).statusCode).toBe(200);
    const again = await describeSlowRead(
      { ...server.project },
      'posts',
      'id',
      query({ sort: '-published_on', filter: { 'author.name': { eq: 'x' } }, q: 'hello' }),
      30,
    );
    expect(again.unindexed).toEqual([]);
    expect(again.filter).toEqual(['author.name']);
    expect(again.search).toBe(true);
  });

  it('logs a list read slower than the threshold once, and never a read by key', async () => {
    warnings.length = 0;
    const service = new ItemsService(server.project, ADMIN, { collection: 'posts', log });
    const result = await service.readMany(
      query({ filter: { title: { contains: 'Post 1' } }, sort: 'title' }),
    );
    expect(result.data as unknown[]).not.toHaveLength(0);
    // The read itself may be faster than 1 ms here; time one that is not, through the same wrapper.
    const slow = await timedRead(
      server.project,
      log,
      { collection: 'posts', primaryKey: 'id', query: query({ sort: 'title' }) },
      async () => {
        const rows = await service.readMany(query({ sort: 'title' }));
        const until = performance.now() + 3;
        while (performance.now() < until);
        return rows;
      },
    );
    expect(slow.data).toHaveLength(40);
    await expect
      .poll(() => warnings.some((w) => /slow read of "posts" \(\d+ ms\): no index on title/.test(w.message)))
      .toBe(true);
    const entry = warnings.find((w) => /no index on title/.test(w.message))!;
    expect(entry.details.slowRead).toMatchObject({
      collection: 'posts',
      sort: ['title'],
      unindexed: ['title'],
    });
    // Nothing of the values or the caller goes into the log.
    expect(JSON.stringify(warnings)).not.toMatch(/Post 1|published/);

    warnings.length = 0;
    await service.readOne(1, query({}));
    const off = new ItemsService(
      { ...server.project, server: { ...server.project.server, slowQueryMs: 0 } },
      ADMIN,
      {
        collection: 'posts',
        log,
      },
    );
    await timedRead(
      off.project,
      log,
      { collection: 'posts', primaryKey: 'id', query: query({}) },
      async () => {
        const until = performance.now() + 3;
        while (performance.now() < until);
      },
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings).toEqual([]);
  });
});
