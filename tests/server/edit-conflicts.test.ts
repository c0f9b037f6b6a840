import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVendors } from '../helpers/databases';
import { projectCaller, startTestServer, type TestServer } from '../helpers/server';

/*
 * Editing together (Octavo additions, docs/compatibility.md): a save can carry the revision it was
 * based on and is refused with 409 code 1110 when the item changed since; who else is on an item's
 * page; and a stream of the item's saves, on this node and, over Redis, on the others.
 */

const REDIS = 'redis://127.0.0.1:6379';
const RUN = randomBytes(3).toString('hex');
const COLLECTION = `conf_${RUN}`;
const EDITOR = { email: `editor-${RUN}@example.com`, password: 'editor password 123' };
const OUTSIDER = { email: `outsider-${RUN}@example.com`, password: 'outsider password 123' };
/** How long an event may take to arrive (another node: over Redis). */
const DELIVERY_MS = 3000;
/** How long to wait for an event that must not come. */
const QUIET_MS = 600;

interface Fixture {
  adminToken: string;
  editorToken: string;
  outsiderToken: string;
  admin: number;
  editor: number;
  permission: number;
  items: number[];
  call: ReturnType<typeof projectCaller>['call'];
  as: (token: string) => ReturnType<typeof projectCaller>['call'];
}

async function prepare(server: TestServer): Promise<Fixture> {
  const adminToken = await server.login();
  const { call } = projectCaller(server.inject, () => ({ authorization: `Bearer ${adminToken}` }));
  const as = (token: string) =>
    projectCaller(server.inject, () => ({ authorization: `Bearer ${token}` })).call;
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
  const role = (await ok('role', call('POST', '/roles', { name: `Editors ${RUN}` }))).id;
  const permission = (
    await ok(
      'permission',
      call('POST', '/permissions', {
        collection: COLLECTION,
        role,
        read: 'full',
        update: 'full',
        create: 'full',
      }),
    )
  ).id;
  const outsiderRole = (await ok('role', call('POST', '/roles', { name: `Outsiders ${RUN}` }))).id;
  const user = (who: typeof EDITOR, first: string, roleId: number) =>
    ok(
      'user',
      call('POST', '/users', {
        first_name: first,
        last_name: 'Tester',
        email: who.email,
        password: who.password,
        role: roleId,
        status: 'active',
      }),
    );
  const editor = (await user(EDITOR, 'Edna', role)).id;
  await user(OUTSIDER, 'Otto', outsiderRole);
  const me = await ok('me', call('GET', '/users/me?fields=id'));
  return {
    adminToken,
    editorToken: await server.login(EDITOR.email, EDITOR.password),
    outsiderToken: await server.login(OUTSIDER.email, OUTSIDER.password),
    admin: Number(me.id),
    editor: Number(editor),
    permission,
    items,
    call,
    as,
  };
}

/* ------------------------------------------------------------------ an event stream client */

interface SavedEvent {
  id: string;
  event: string;
  data: { collection: string; item: string; revision: number; by: { id: number; first_name: string } | null };
}

interface Stream {
  status: number;
  body: any;
  events: SavedEvent[];
  /** The server ended the stream. */
  readonly ended: boolean;
  /** Resolves with the first event (from `from` on) that `match` accepts, or null after `ms`. */
  next(match: (event: SavedEvent) => boolean, ms: number, from?: number): Promise<SavedEvent | null>;
  close(): void;
}

async function openStream(port: number, path: string, token: string): Promise<Stream> {
  const abort = new AbortController();
  const res = await fetch(`http://127.0.0.1:${port}/test${path}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const events: SavedEvent[] = [];
  const waiters = new Set<() => void>();
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    const text = await res.text();
    return {
      status: res.status,
      body: text ? JSON.parse(text) : null,
      events,
      ended: true,
      next: async () => null,
      close: () => abort.abort(),
    };
  }
  let ended = false;
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => line && !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
          );
          if (fields.data) {
            events.push({ id: fields.id, event: fields.event, data: JSON.parse(fields.data) });
            for (const wake of waiters) wake();
          }
        }
      }
      ended = true;
    } catch {
      // Closed.
    }
  })();
  return {
    status: res.status,
    body: null,
    events,
    get ended() {
      return ended;
    },
    next(match, ms, from = 0) {
      return new Promise((resolve) => {
        const check = () => {
          const found = events.slice(from).find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          resolve(null);
        }, ms);
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
}

/* ------------------------------------------------------------------ node B, for two nodes */

const moduleUrl = (path: string) =>
  JSON.stringify(pathToFileURL(fileURLToPath(new URL(path, import.meta.url))).href);

const NODE_SCRIPT = `
import { buildServer } from ${moduleUrl('../../server/http.ts')};
import { loadConfig } from ${moduleUrl('../../server/config.ts')};
const [dataDir, redisUrl] = process.argv.slice(2);
const config = loadConfig({}, { dataDir, redisUrl, logLevel: 'silent', port: 0, loginRateLimit: 10000 });
const app = await buildServer(config);
await app.listen({ port: 0, host: '127.0.0.1' });
let stopping;
const stop = () => (stopping ??= app.close().finally(() => process.exit(0)));
process.on('message', (message) => message === 'stop' && stop());
process.on('disconnect', stop);
process.send({ port: app.server.address().port });
`;

async function startNodeB(dataDir: string): Promise<{ port: number; stop(): Promise<void> }> {
  const folder = mkdtempSync(join(tmpdir(), 'octavo-conflicts-b-'));
  const script = join(folder, 'node-b.mts');
  writeFileSync(script, NODE_SCRIPT);
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('OCTAVO_')));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script, dataDir, REDIS], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const cleanUp = () => rmSync(folder, { recursive: true, force: true });
  try {
    const { port } = await new Promise<{ port: number }>((resolve, reject) => {
      child.once('message', (message) => resolve(message as { port: number }));
      child.once('error', reject);
      void exited.then(() => reject(new Error(`node B exited before it was ready:\n${stderr}`)));
    });
    return {
      port,
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

/* ------------------------------------------------------------------ the tests */

describe.each(testVendors)('edit conflicts (%s)', (vendor) => {
  let server: TestServer;
  let f: Fixture;
  const itemPath = (index: number) => `/items/${COLLECTION}/${f.items[index]}`;
  const revisionOf = async (index: number, token = f.adminToken) => {
    const res = await f.as(token)('GET', `${itemPath(index)}?fields=id,title&meta=revision`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.meta.revision as number;
  };

  beforeAll(async () => {
    server = await startTestServer(vendor, {
      listen: true,
      config: { redisUrl: REDIS, loginRateLimit: 10_000 },
    });
    f = await prepare(server);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  }, 60_000);

  describe('the save precondition', () => {
    it('an item read with meta=revision carries its revision; plain reads are unchanged', async () => {
      const revision = await revisionOf(0);
      expect(revision).toBeGreaterThan(0);
      const plain = await f.call('GET', `${itemPath(0)}?fields=id,title`);
      expect(plain.body).toEqual({ data: { id: f.items[0], title: 'one' } });
    });

    it('a save based on the current revision passes and answers the new one', async () => {
      const base = await revisionOf(0, f.editorToken);
      const res = await f.as(f.editorToken)(
        'PATCH',
        `${itemPath(0)}?base_revision=${base}&meta=revision&fields=id,title`,
        { title: 'one, edited' },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toEqual({ id: f.items[0], title: 'one, edited' });
      expect(res.body.meta.revision).toBeGreaterThan(base);
      expect(await revisionOf(0)).toBe(res.body.meta.revision);
    });

    it('a save based on a stale revision is refused with 409 code 1110 and writes nothing', async () => {
      const base = await revisionOf(1, f.editorToken);
      expect((await f.call('PATCH', itemPath(1), { title: 'two, by the admin' })).status).toBe(200);
      const stale = await f.as(f.editorToken)('PATCH', `${itemPath(1)}?base_revision=${base}`, {
        title: 'two, by the editor',
      });
      expect(stale.status).toBe(409);
      expect(stale.body.error.code).toBe(1110);
      const now = await f.call('GET', `${itemPath(1)}?fields=title`);
      expect(now.body.data.title).toBe('two, by the admin');
    });

    it('a save without a precondition overwrites as in Directus 8', async () => {
      await revisionOf(1, f.editorToken);
      expect((await f.call('PATCH', itemPath(1), { title: 'two, again by the admin' })).status).toBe(200);
      const res = await f.as(f.editorToken)('PATCH', `${itemPath(1)}?fields=id,title`, {
        title: 'two, mine',
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { id: f.items[1], title: 'two, mine' } });
    });

    it('a comment is not a change of the item', async () => {
      const base = await revisionOf(2);
      const comment = await f.call('POST', '/activity/comment', {
        collection: COLLECTION,
        item: String(f.items[2]),
        comment: 'Looks good',
      });
      expect(comment.status, JSON.stringify(comment.body)).toBe(200);
      expect(await revisionOf(2)).toBe(base);
    });

    it('of two saves from the same base, exactly one passes', async () => {
      const base = await revisionOf(2);
      const results = await Promise.all(
        ['first', 'second'].map((title, i) =>
          f.as(i === 0 ? f.adminToken : f.editorToken)('PATCH', `${itemPath(2)}?base_revision=${base}`, {
            title,
          }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    });

    it('refuses a malformed base revision, and answers 203 for an item the caller cannot see', async () => {
      const bad = await f.call('PATCH', `${itemPath(0)}?base_revision=abc`, { title: 'x' });
      expect([bad.status, bad.body.error.code]).toEqual([422, 4]);
      const missing = await f.call('PATCH', `/items/${COLLECTION}/999999?base_revision=1`, { title: 'x' });
      expect([missing.status, missing.body.error.code]).toEqual([404, 203]);
    });
  });

  describe('who else is on the page', () => {
    const page = (index: number) => `/test/collections/${COLLECTION}/${f.items[index]}`;
    const present = (token: string, index: number, pagePath = page(index)) =>
      f.as(token)(
        'GET',
        `/users/present?collection=${COLLECTION}&item=${f.items[index]}&page=${encodeURIComponent(pagePath)}`,
      );
    const track = (token: string, id: number | 'me', last_page: string) =>
      f.as(token)('PATCH', `/users/${id}/tracking/page`, { last_page });

    it('names the other users on the item’s page within five minutes, not me', async () => {
      expect((await track(f.editorToken, 'me', page(0))).status).toBe(200);
      expect((await track(f.adminToken, 'me', page(0))).status).toBe(200);
      const forAdmin = await present(f.adminToken, 0);
      expect(forAdmin.status, JSON.stringify(forAdmin.body)).toBe(200);
      expect(forAdmin.body.data).toEqual([{ id: f.editor, first_name: 'Edna', last_name: 'Tester' }]);
      // A non-admin, who cannot read other users' last_page through /users, asks too.
      const forEditor = await present(f.editorToken, 0);
      expect(forEditor.status).toBe(200);
      expect(forEditor.body.data.map((u: { id: number }) => u.id)).toEqual([f.admin]);
      expect(Object.keys(forEditor.body.data[0]).sort()).toEqual(['first_name', 'id', 'last_name']);
    });

    it('leaves out someone last seen there more than five minutes ago, or since gone elsewhere', async () => {
      const old = new Date(Date.now() - 301_000).toISOString().slice(0, 19).replace('T', ' ');
      await server.project.knex('directus_users').where('id', f.editor).update({ last_access_on: old });
      expect((await present(f.adminToken, 0)).body.data).toEqual([]);
      expect((await track(f.editorToken, 'me', page(0))).status).toBe(200);
      expect((await present(f.adminToken, 0)).body.data).toHaveLength(1);
      expect((await track(f.editorToken, 'me', page(1))).status).toBe(200);
      expect((await present(f.adminToken, 0)).body.data).toEqual([]);
    });

    it('answers only for a readable item and that item’s own page', async () => {
      const outsider = await present(f.outsiderToken, 0);
      expect([outsider.status, outsider.body.error.code]).toEqual([404, 203]);
      const otherPage = await present(f.adminToken, 0, '/test/settings');
      expect([otherPage.status, otherPage.body.error.code]).toEqual([422, 4]);
      const anonymous = await f.as('')(
        'GET',
        `/users/present?collection=${COLLECTION}&item=${f.items[0]}&page=${encodeURIComponent(page(0))}`,
        undefined,
        {},
      );
      expect(anonymous.status).toBe(401);
    });
  });

  describe('the item’s event stream', () => {
    const eventsPath = (index: number, query = '') => `${itemPath(index)}/events${query}`;

    it('tells the reader of an item at once when someone saves it, with who and the revision', async () => {
      const stream = await openStream(server.config.port, eventsPath(0), f.editorToken);
      try {
        expect(stream.status).toBe(200);
        const res = await f.call('PATCH', `${itemPath(0)}?meta=revision`, { title: 'one, live' });
        const event = await stream.next((e) => e.data.revision === res.body.meta.revision, DELIVERY_MS);
        expect(event).not.toBeNull();
        expect(event!.event).toBe('saved');
        expect(event!.data).toMatchObject({
          collection: COLLECTION,
          item: String(f.items[0]),
          by: { id: f.admin },
        });
        expect(event!.id).toBe(String(res.body.meta.revision));
      } finally {
        stream.close();
      }
    });

    it('sends a save missed since the revision the client loaded', async () => {
      const base = await revisionOf(0);
      expect((await f.call('PATCH', itemPath(0), { title: 'one, while away' })).status).toBe(200);
      const stream = await openStream(server.config.port, eventsPath(0, `?since=${base}`), f.editorToken);
      try {
        const event = await stream.next((e) => e.data.revision > base, DELIVERY_MS);
        expect(event?.data.by?.id).toBe(f.admin);
      } finally {
        stream.close();
      }
    });

    it('never tells a caller about an item they cannot read', async () => {
      const refused = await openStream(server.config.port, eventsPath(1), f.outsiderToken);
      expect([refused.status, refused.body?.error?.code]).toEqual([404, 203]);

      const stream = await openStream(server.config.port, eventsPath(1), f.editorToken);
      try {
        expect(stream.status).toBe(200);
        expect((await f.call('PATCH', `/permissions/${f.permission}`, { read: 'none' })).status).toBe(200);
        await f.call('PATCH', itemPath(1), { title: 'two, in secret' });
        expect(await stream.next(() => true, QUIET_MS)).toBeNull();
        expect((await f.call('PATCH', `/permissions/${f.permission}`, { read: 'full' })).status).toBe(200);
        const res = await f.call('PATCH', `${itemPath(1)}?meta=revision`, { title: 'two, in public' });
        const event = await stream.next(() => true, DELIVERY_MS);
        expect(event?.data.revision).toBe(res.body.meta.revision);
      } finally {
        stream.close();
      }
    });

    it('only streams the item asked for', async () => {
      const stream = await openStream(server.config.port, eventsPath(2), f.editorToken);
      try {
        await f.call('PATCH', itemPath(0), { title: 'one, elsewhere' });
        expect(await stream.next(() => true, QUIET_MS)).toBeNull();
      } finally {
        stream.close();
      }
    });

    it('ends the stream of a caller who is no longer signed in, telling nothing', async () => {
      const stream = await openStream(server.config.port, eventsPath(2), f.editorToken);
      try {
        expect(stream.status).toBe(200);
        expect((await f.call('PATCH', `/users/${f.editor}`, { status: 'suspended' })).status).toBe(200);
        await f.call('PATCH', itemPath(2), { title: 'three, after the suspension' });
        expect(await stream.next(() => true, QUIET_MS)).toBeNull();
        await expect.poll(() => stream.ended, { timeout: DELIVERY_MS }).toBe(true);
      } finally {
        stream.close();
        expect((await f.call('PATCH', `/users/${f.editor}`, { status: 'active' })).status).toBe(200);
        f.editorToken = await server.login(EDITOR.email, EDITOR.password);
      }
    });

    it('delivers a save made on another node', async () => {
      const b = await startNodeB(server.config.dataDir);
      try {
        const stream = await openStream(b.port, eventsPath(2), f.editorToken);
        try {
          expect(stream.status, JSON.stringify(stream.body)).toBe(200);
          const res = await f.call('PATCH', `${itemPath(2)}?meta=revision`, { title: 'three, from node A' });
          const event = await stream.next((e) => e.data.revision === res.body.meta.revision, DELIVERY_MS);
          expect(event?.data.by?.id).toBe(f.admin);
        } finally {
          stream.close();
        }
      } finally {
        await b.stop();
      }
    }, 60_000);
  });
});
