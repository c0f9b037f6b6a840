import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createConnection } from '../../server/database/connection';
import { connectInvalidation, generation, live } from '../../server/database/invalidation';
import { testVendors } from '../helpers/databases';
import { projectCaller, startTestServer, type TestServer } from '../helpers/server';
import { schemaCache } from '../../server/schema/cache';

/*
 * The in-memory caches (schema, identities, permissions, read settings) follow the database:
 * a write to their system tables, by the API or by plain SQL on a project connection, applies to
 * the very next request on this node and, over Redis, on every other node.
 */

const REDIS = 'redis://127.0.0.1:6379';
const RUN = randomBytes(3).toString('hex');
const COLLECTION = `inv_${RUN}`;
const READER = { email: `reader-${RUN}@example.com`, password: 'reader password 123' };
/** How long pub/sub delivery to another node may take. */
const DELIVERY_MS = 500;

interface Answer {
  status: number;
  code: number | undefined;
  body: any;
}
type Reader = (token: string, path?: string) => Promise<Answer>;

const LIST = `/items/${COLLECTION}?fields=id,title`;

interface Fixture {
  adminToken: string;
  readerToken: string;
  role: number;
  permission: number;
  reader: number;
  items: number[];
  call: ReturnType<typeof projectCaller>['call'];
}

/**
 * Through the API of `server`, as the admin: a collection with three items, a role that can read
 * it (one permission row), and a user of that role, signed in.
 */
async function prepare(server: TestServer): Promise<Fixture> {
  const adminToken = await server.login();
  const { call } = projectCaller(server.inject, () => ({ authorization: `Bearer ${adminToken}` }));
  const ok = async (what: string, res: Promise<{ status: number; body: any }>) => {
    const { status, body } = await res;
    if (status !== 200) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
    return body.data;
  };
  await ok(
    'collection',
    call('POST', '/collections', {
      collection: COLLECTION,
      fields: [
        {
          field: 'id',
          type: 'integer',
          datatype: 'INT',
          primary_key: true,
          auto_increment: true,
          interface: 'primary-key',
        },
        { field: 'title', type: 'string', datatype: 'VARCHAR', length: 100, interface: 'text-input' },
      ],
    }),
  );
  const items: number[] = [];
  for (const title of ['one', 'two', 'three'])
    items.push((await ok('item', call('POST', `/items/${COLLECTION}`, { title }))).id);
  const role = (await ok('role', call('POST', '/roles', { name: `Readers ${RUN}` }))).id;
  const permission = (
    await ok('permission', call('POST', '/permissions', { collection: COLLECTION, role, read: 'full' }))
  ).id;
  const reader = (
    await ok(
      'user',
      call('POST', '/users', {
        first_name: 'Rea',
        last_name: 'Der',
        email: READER.email,
        password: READER.password,
        role,
        status: 'active',
      }),
    )
  ).id;
  const readerToken = await server.login(READER.email, READER.password);
  return { adminToken, readerToken, role, permission, reader, items, call };
}

function answer(status: number, text: string): Answer {
  const body = text ? JSON.parse(text) : null;
  return { status, body, code: body?.error?.code };
}

/** Reads from node `server` (in this process) as the holder of `token`. */
function readerOf(server: TestServer): Reader {
  return async (token, path = LIST) => {
    const res = await server.inject({
      method: 'GET',
      url: `/test${path}`,
      headers: { authorization: `Bearer ${token}` },
    });
    return answer(res.statusCode, res.body);
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Probes until `done` holds, for at most `ms` (another node hears of a change asynchronously).
 * Answers the last probe and how long it took.
 */
async function within(ms: number, probe: () => Promise<Answer>, done: (answer: Answer) => boolean) {
  const started = Date.now();
  let attempts = 0;
  for (;;) {
    const last = await probe();
    attempts++;
    const elapsed = Date.now() - started;
    if (done(last) || elapsed >= ms) return { last, elapsed, attempts, done: done(last) };
    await sleep(10);
  }
}

/* ------------------------------------------------------------------ one node, no Redis */

describe.each(testVendors)('caches follow the database on one node (%s)', (vendor) => {
  let server: TestServer;
  let f: Fixture;
  let read: Reader;
  const knex = () => server.project.knex;
  const setRead = (level: string, db: Knex = knex()) =>
    db('directus_permissions').where('id', f.permission).update({ read: level });

  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { loginRateLimit: 10_000 } });
    f = await prepare(server);
    read = readerOf(server);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });
  // Each test starts from the fixture, whatever the previous one left (announced, like any write).
  beforeEach(async () => {
    await setRead('full');
    await knex()('directus_users').where('id', f.reader).update({ status: 'active', role: f.role });
  });

  it('a permission row changed with plain SQL applies to the very next read', async () => {
    expect((await read(f.readerToken)).status).toBe(200);
    expect((await read(f.readerToken)).body.data).toHaveLength(3);
    const before = generation('test');
    await setRead('none');
    expect(generation('test')).toBe(before + 1);
    const refused = await read(f.readerToken);
    expect([refused.status, refused.code]).toEqual([403, 300]);
    expect((await read(f.readerToken, `/items/${COLLECTION}/${f.items[0]}`)).status).not.toBe(200);

    await setRead('full');
    const again = await read(f.readerToken);
    expect(again.status).toBe(200);
    expect(again.body.data.map((row: { id: number }) => row.id)).toEqual(f.items);
  });

  it('writes to content tables announce nothing', async () => {
    const before = generation('test');
    await knex()(COLLECTION).insert({ title: 'four' });
    await knex()(COLLECTION).where('title', 'four').update({ title: 'quatre' });
    await knex()(COLLECTION).where('title', 'quatre').delete();
    await knex()('directus_permissions').where('id', f.permission).first();
    expect(generation('test')).toBe(before);
  });

  it('page tracking, which the app sends at every navigation, leaves the caches alone', async () => {
    expect((await read(f.readerToken)).status).toBe(200);
    const before = generation('test');
    const tracked = await server.inject({
      method: 'PATCH',
      url: `/test/users/${f.reader}/tracking/page`,
      headers: { authorization: `Bearer ${f.readerToken}` },
      payload: { last_page: '/collections/articles' },
    });
    expect(tracked.statusCode).toBeLessThan(300);
    expect(await knex()('directus_users').where('id', f.reader).first('last_page')).toEqual({
      last_page: '/collections/articles',
    });
    expect(generation('test')).toBe(before);
  });

  it('a user suspended with plain SQL is refused at once, with the same token', async () => {
    expect((await read(f.readerToken)).status).toBe(200);
    await knex()('directus_users').where('id', f.reader).update({ status: 'suspended' });
    const refused = await read(f.readerToken);
    expect([refused.status, refused.code]).toEqual([404, 103]);
    await knex()('directus_users').where('id', f.reader).update({ status: 'active' });
    expect((await read(f.readerToken)).status).toBe(200);
  });

  it('a user moved to another role with plain SQL reads with that role at once', async () => {
    const { body } = await f.call('POST', '/roles', { name: `Outsiders ${RUN}` });
    const outsiders = body.data.id as number;
    expect((await read(f.readerToken)).status).toBe(200);
    await knex()('directus_users').where('id', f.reader).update({ role: outsiders });
    const refused = await read(f.readerToken);
    expect([refused.status, refused.code]).toEqual([403, 300]);
    await knex()('directus_users').where('id', f.reader).update({ role: f.role });
    expect((await read(f.readerToken)).status).toBe(200);
  });

  it('a setting changed with plain SQL applies to the next read', async () => {
    const unbounded = `/items/${COLLECTION}?fields=id`;
    expect((await read(f.readerToken, unbounded)).body.data).toHaveLength(3);
    const setting = () => knex()('directus_settings').where('key', 'default_limit');
    const previous = (await setting().first()).value;
    await setting().update({ value: '2' });
    try {
      expect((await read(f.readerToken, unbounded)).body.data).toHaveLength(2);
    } finally {
      await setting().update({ value: previous });
    }
    expect((await read(f.readerToken, unbounded)).body.data).toHaveLength(3);
  });

  it('a status mapping changed with plain SQL reaches the schema model (it is a setting)', async () => {
    const before = await schemaCache.get(server.project);
    expect(await schemaCache.get(server.project)).toBe(before);
    const mapping = { draft: { name: 'Draft' }, gone: { name: 'Gone', soft_delete: true } };
    const updated = await knex()('directus_settings')
      .where('key', 'status_mapping')
      .update({ value: JSON.stringify(mapping) });
    if (updated === 0)
      await knex()('directus_settings').insert({ key: 'status_mapping', value: JSON.stringify(mapping) });
    const after = await schemaCache.get(server.project);
    expect(after).not.toBe(before);
  });

  it('a field added through /fields is in the next read', async () => {
    const field = `extra_${RUN}`;
    const path = `/items/${COLLECTION}/${f.items[0]}`;
    expect(Object.keys((await read(f.readerToken, path)).body.data)).not.toContain(field);
    expect(Object.keys((await read(f.adminToken, path)).body.data)).not.toContain(field);
    const added = await f.call('POST', `/fields/${COLLECTION}`, {
      field,
      type: 'string',
      datatype: 'VARCHAR',
      length: 50,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((await read(f.readerToken, path)).body.data).toEqual({
      id: f.items[0],
      title: 'one',
      [field]: null,
    });
    expect((await read(f.adminToken, path)).body.data[field]).toBeNull();
  });

  it('a rolled-back transaction leaves the caches right', async () => {
    expect((await read(f.readerToken)).status).toBe(200);
    let during: Answer | undefined;
    await expect(
      knex().transaction(async (trx) => {
        await setRead('none', trx);
        // SQLite has one connection, held by this transaction: no request can run meanwhile.
        if (vendor !== 'sqlite') during = await read(f.readerToken);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    if (vendor !== 'sqlite') expect(during?.status).toBe(200);
    expect((await read(f.readerToken)).status).toBe(200);

    await setRead('none');
    expect((await read(f.readerToken)).status).toBe(403);
    await expect(
      knex().transaction(async (trx) => {
        await setRead('full', trx);
        if (vendor !== 'sqlite') during = await read(f.readerToken);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    if (vendor !== 'sqlite') expect(during?.status).toBe(403);
    expect((await read(f.readerToken)).status).toBe(403);
    await setRead('full');
    expect((await read(f.readerToken)).status).toBe(200);
  });

  it('a committed transaction is seen as soon as it returns', async () => {
    expect((await read(f.readerToken)).status).toBe(200);
    // Drop the caches, so the read during the transaction reloads (the committed) rows and keeps them.
    await knex()('directus_roles').where('id', f.role).update({ description: 'reloaded' });
    let during: Answer | undefined;
    const before = generation('test');
    await knex().transaction(async (trx) => {
      await setRead('none', trx);
      if (vendor !== 'sqlite') during = await read(f.readerToken);
    });
    // Announced after the commit, not at the statement: what was reloaded meanwhile is dropped.
    expect(generation('test')).toBe(before + 1);
    if (vendor !== 'sqlite') expect(during?.status).toBe(200);
    const refused = await read(f.readerToken);
    expect([refused.status, refused.code]).toEqual([403, 300]);
    await setRead('full');
    expect((await read(f.readerToken)).status).toBe(200);
  });
});

/* ------------------------------------------------------------------ two nodes, over Redis */

interface NodeB {
  port: number;
  /** Whether node B was subscribed once started (otherwise it bypasses its caches). */
  live: boolean;
  read: Reader;
  stop(): Promise<void>;
}

const url = (path: string) =>
  JSON.stringify(pathToFileURL(fileURLToPath(new URL(path, import.meta.url))).href);

/** Node B: a server of its own, in a process of its own, on node A's data folder and Redis. */
const NODE_SCRIPT = `
import { buildServer } from ${url('../../server/http.ts')};
import { loadConfig } from ${url('../../server/config.ts')};
import { live } from ${url('../../server/database/invalidation.ts')};

const [dataDir, redisUrl] = process.argv.slice(2);
const config = loadConfig({}, { dataDir, redisUrl, logLevel: 'silent', port: 0, loginRateLimit: 10000 });
const app = await buildServer(config);
await app.listen({ port: 0, host: '127.0.0.1' });
let stopping;
const stop = () => (stopping ??= app.close().finally(() => process.exit(0)));
process.on('message', (message) => message === 'stop' && stop());
process.on('disconnect', stop);
process.send({ port: app.server.address().port, live: live() });
`;

async function startNodeB(dataDir: string, redisUrl: string): Promise<NodeB> {
  const folder = mkdtempSync(join(tmpdir(), 'octavo-node-b-'));
  const script = join(folder, 'node-b.mts');
  writeFileSync(script, NODE_SCRIPT);
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('OCTAVO_')));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script, dataDir, redisUrl], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const cleanUp = () => rmSync(folder, { recursive: true, force: true });
  try {
    const ready = await new Promise<{ port: number; live: boolean }>((resolve, reject) => {
      child.once('message', (message) => resolve(message as { port: number; live: boolean }));
      child.once('error', reject);
      void exited.then(() => reject(new Error(`node B exited before it was ready:\n${stderr}`)));
    });
    return {
      ...ready,
      async read(token, path = LIST) {
        const res = await fetch(`http://127.0.0.1:${ready.port}/test${path}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return answer(res.status, await res.text());
      },
      async stop() {
        if (child.exitCode === null && child.signalCode === null) {
          child.send('stop');
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(timer);
        }
        cleanUp();
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    cleanUp();
    throw error;
  }
}

describe.each(testVendors)('caches follow the database across two nodes, over Redis (%s)', (vendor) => {
  let a: TestServer;
  let f: Fixture;
  let b: NodeB | undefined;
  const onB = (token: string, path?: string) => () => b!.read(token, path);

  beforeAll(async () => {
    a = await startTestServer(vendor, { config: { redisUrl: REDIS, loginRateLimit: 10_000 } });
    expect(live()).toBe(true);
    f = await prepare(a);
    b = await startNodeB(a.config.dataDir, REDIS);
  }, 180_000);
  afterAll(async () => {
    await b?.stop();
    await a?.close();
  }, 60_000);

  it('node B is subscribed, so it serves from its caches', () => {
    expect(b!.live).toBe(true);
  });

  it('a permission changed through node A’s API applies on node B at once', async () => {
    expect((await b!.read(f.readerToken)).status).toBe(200);
    expect((await b!.read(f.readerToken)).body.data).toHaveLength(3);
    const none = await f.call('PATCH', `/permissions/${f.permission}`, { read: 'none' });
    expect(none.status).toBe(200);
    const refused = await within(DELIVERY_MS, onB(f.readerToken), (r) => r.status !== 200);
    expect(refused.done, `still allowed after ${refused.elapsed} ms`).toBe(true);
    expect([refused.last.status, refused.last.code]).toEqual([403, 300]);

    expect((await f.call('PATCH', `/permissions/${f.permission}`, { read: 'full' })).status).toBe(200);
    const allowed = await within(DELIVERY_MS, onB(f.readerToken), (r) => r.status === 200);
    expect(allowed.done, `still refused after ${allowed.elapsed} ms`).toBe(true);
    expect(allowed.last.body.data).toHaveLength(3);
  });

  it('a permission changed with plain SQL on node A’s connection applies on node B at once', async () => {
    expect((await b!.read(f.readerToken)).status).toBe(200);
    await a.project.knex('directus_permissions').where('id', f.permission).update({ read: 'none' });
    const refused = await within(DELIVERY_MS, onB(f.readerToken), (r) => r.status !== 200);
    expect(refused.done, `still allowed after ${refused.elapsed} ms`).toBe(true);
    expect([refused.last.status, refused.last.code]).toEqual([403, 300]);
    await a.project.knex('directus_permissions').where('id', f.permission).update({ read: 'full' });
    const allowed = await within(DELIVERY_MS, onB(f.readerToken), (r) => r.status === 200);
    expect(allowed.done, `still refused after ${allowed.elapsed} ms`).toBe(true);
  });

  it('a field added on node A is returned by node B', async () => {
    const field = `extra_${RUN}`;
    const path = `/items/${COLLECTION}/${f.items[1]}`;
    expect(Object.keys((await b!.read(f.adminToken, path)).body.data)).not.toContain(field);
    expect(Object.keys((await b!.read(f.readerToken, path)).body.data)).not.toContain(field);
    const added = await f.call('POST', `/fields/${COLLECTION}`, {
      field,
      type: 'string',
      datatype: 'VARCHAR',
      length: 50,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const seen = await within(DELIVERY_MS, onB(f.adminToken, path), (r) => field in (r.body?.data ?? {}));
    expect(seen.done, `not seen after ${seen.elapsed} ms`).toBe(true);
    expect(seen.last.body.data).toEqual({ id: f.items[1], title: 'two', [field]: null });
    expect((await b!.read(f.readerToken, path)).body.data).toEqual({
      id: f.items[1],
      title: 'two',
      [field]: null,
    });
  });

  it('a user suspended on node A is refused on node B, with the same token', async () => {
    // A token node B has not seen yet: its identity is remembered from the read below, for longer
    // than the change takes to arrive.
    const token = await a.login(READER.email, READER.password);
    expect((await b!.read(token)).status).toBe(200);
    const suspended = await f.call('PATCH', `/users/${f.reader}`, { status: 'suspended' });
    expect(suspended.status).toBe(200);
    // Suspending through the API also ends the user's sessions: the token is no longer valid.
    const refused = await within(DELIVERY_MS, onB(token), (r) => r.status !== 200);
    expect(refused.done, `still allowed after ${refused.elapsed} ms`).toBe(true);
    expect([refused.last.status, refused.last.code]).toEqual([401, 101]);
  });
});

/* ------------------------------------------------------------------ cut off from Redis */

describe.each(testVendors)('a node cut off from Redis does not use its caches (%s)', (vendor) => {
  let server: TestServer;
  let f: Fixture;
  let read: Reader;
  /** A connection of the project's database that no watcher sees: changes behind the server's back. */
  let behind: Knex;

  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { loginRateLimit: 10_000 } });
    f = await prepare(server);
    read = readerOf(server);
    behind = createConnection(server.database.config, server.config.dataDir);
  }, 120_000);
  afterAll(async () => {
    await behind?.destroy();
    await server?.close();
  });

  it('reads permissions and identities afresh while not subscribed', async () => {
    expect(live()).toBe(true);
    expect((await read(f.readerToken)).status).toBe(200);
    // While live, an unannounced change is not seen before the cached permissions expire: the
    // caches are in use, so what follows shows them bypassed.
    const before = generation('test');
    await behind('directus_permissions').where('id', f.permission).update({ read: 'none' });
    expect(generation('test')).toBe(before);
    expect((await read(f.readerToken)).status).toBe(200);

    const leave = await connectInvalidation('redis://127.0.0.1:1', 100);
    try {
      expect(live()).toBe(false);
      const refused = await read(f.readerToken);
      expect([refused.status, refused.code]).toEqual([403, 300]);
      await behind('directus_permissions').where('id', f.permission).update({ read: 'full' });
      expect((await read(f.readerToken)).status).toBe(200);

      await behind('directus_users').where('id', f.reader).update({ status: 'suspended' });
      const suspended = await read(f.readerToken);
      expect([suspended.status, suspended.code]).toEqual([404, 103]);
      await behind('directus_users').where('id', f.reader).update({ status: 'active' });
      expect((await read(f.readerToken)).status).toBe(200);
    } finally {
      await leave();
    }
    expect(live()).toBe(true);
    expect(generation('test')).toBe(before);
    expect((await read(f.readerToken)).status).toBe(200);
  });
});
