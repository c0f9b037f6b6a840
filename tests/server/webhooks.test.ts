import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Accountability } from '../../server/context';
import { schemaCache } from '../../server/schema';
import { emitItemEvent, type ItemEvent } from '../../server/services/events';
import {
  normaliseDate,
  parseWebhookRows,
  startWebhookDelivery,
  type WebhookLogger,
} from '../../server/services/webhooks';
import { testVendors } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A local HTTP receiver; `respond` decides each answer (default 200). */
async function startReceiver() {
  const received: Received[] = [];
  const state: { respond: (req: Received, res: ServerResponse, index: number) => void } = {
    respond: (_req, res) => res.end('ok'),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry = {
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      received.push(entry);
      state.respond(entry, res, received.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    base: `http://127.0.0.1:${port}`,
    received,
    state,
    reset() {
      received.length = 0;
      state.respond = (_req, res) => res.end('ok');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function captureLogger() {
  const warnings: Array<{ details: Record<string, unknown>; message: string }> = [];
  const logger: WebhookLogger = {
    warn: (details, message) => warnings.push({ details: details as Record<string, unknown>, message }),
    debug: () => {},
  };
  return { logger, warnings };
}

const ADMIN_ACCOUNTABILITY: Accountability = { user: 1, role: 1, admin: true, ip: '127.0.0.1' };

describe.each(testVendors)('webhook delivery (%s)', (vendor) => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let log: ReturnType<typeof captureLogger>;

  beforeAll(async () => {
    receiver = await startReceiver();
    // The receivers listen on loopback, which only the allow-list opens (OCTAVO_WEBHOOK_ALLOW).
    server = await startTestServer(vendor, { config: { webhookAllow: ['127.0.0.1'] } });
    await server.project.knex.schema.createTable('articles', (table) => {
      table.increments('id');
      table.string('title', 100).notNullable();
      table.text('tags');
    });
    schemaCache.invalidate('test');
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });
  beforeEach(async () => {
    receiver.reset();
    log = captureLogger();
    Object.assign(server.app.webhooks.options, {
      backoffMs: 20,
      timeoutMs: 400,
      attempts: 4,
      allow: ['127.0.0.1'],
      resolve: undefined,
    });
    server.app.webhooks.logger = log.logger;
    await server.project.knex('directus_webhooks').delete();
    server.app.webhooks.invalidate();
  });

  async function addHook(row: {
    url: string;
    http_action?: string;
    collection?: string;
    directus_action?: string;
    status?: string;
  }): Promise<number> {
    await server.project.knex('directus_webhooks').insert({
      status: 'active',
      http_action: 'post',
      collection: 'articles',
      directus_action: 'item.create:after',
      ...row,
    });
    server.app.webhooks.invalidate();
    const stored = await server.project.knex('directus_webhooks').max('id as id').first();
    return Number(stored!.id);
  }

  async function emit(event: Omit<ItemEvent, 'project' | 'accountability'>): Promise<void> {
    emitItemEvent({ ...event, project: server.project, accountability: ADMIN_ACCOUNTABILITY });
    await server.app.webhooks.idle();
  }

  it('POSTs the created row, read back from the database, as JSON', async () => {
    await addHook({ url: `${receiver.base}/created` });
    await server.project.knex('articles').insert({ title: 'Hello', tags: '["a","b"]' });
    const row = await server.project.knex('articles').where('title', 'Hello').first();
    await emit({ action: 'create', collection: 'articles', keys: [row.id], payload: { title: 'Hello' } });
    expect(receiver.received).toHaveLength(1);
    const [hit] = receiver.received;
    expect(hit.method).toBe('POST');
    expect(hit.url).toBe('/created');
    expect(hit.headers['content-type']).toBe('application/json');
    expect(hit.headers['user-agent']).toBe('Octavo-Webhooks');
    expect(hit.headers['x-octavo-event']).toBe('item.create');
    expect(hit.headers['x-octavo-collection']).toBe('articles');
    // The stored row: JSON columns as the stored string, the key as the database returns it.
    expect(JSON.parse(hit.body)).toEqual({ id: row.id, title: 'Hello', tags: '["a","b"]' });
  });

  it('never sends password hashes, 2FA secrets or tokens of users', async () => {
    await addHook({ url: `${receiver.base}/users`, collection: 'directus_users' });
    await addHook({ url: `${receiver.base}/users`, collection: 'directus_users', directus_action: 'update' });
    await server.project
      .knex('directus_users')
      .where('id', 1)
      .update({ '2fa_secret': 'JBSWY3DPEHPK3PXP', token: 'static-token' });
    await emit({ action: 'create', collection: 'directus_users', keys: [1], payload: {} });
    await emit({
      action: 'update',
      collection: 'directus_users',
      keys: [1],
      payload: { password: '$argon2id$hash', first_name: 'Ada' },
    });
    expect(receiver.received).toHaveLength(2);
    const [created, updated] = receiver.received.map((r) => JSON.parse(r.body));
    expect(created).toMatchObject({ id: 1, email: 'admin@example.com', status: 'active' });
    for (const column of ['password', '2fa_secret', 'token', 'password_reset_token']) {
      expect(created).not.toHaveProperty(column);
      expect(updated).not.toHaveProperty(column);
    }
    expect(updated).toEqual({ id: 1, first_name: 'Ada' });
    expect(receiver.received.map((r) => r.body).join()).not.toMatch(/argon2|JBSWY3DP|static-token/);
    await server.project.knex('directus_users').where('id', 1).update({ '2fa_secret': null, token: null });
  });

  it('sends GET without a body to the URL as configured, query included', async () => {
    await addHook({
      url: `${receiver.base}/hook?source=octavo&x=1`,
      http_action: 'get',
      directus_action: 'item.update:after',
    });
    await emit({ action: 'update', collection: 'articles', keys: [7], payload: { title: 'New' } });
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0].method).toBe('GET');
    expect(receiver.received[0].url).toBe('/hook?source=octavo&x=1');
    expect(receiver.received[0].body).toBe('');
    expect(receiver.received[0].headers['content-type']).toBeUndefined();
  });

  it('matches collection and action, ignores inactive hooks, and sends one request per item', async () => {
    await addHook({ url: `${receiver.base}/create` });
    await addHook({ url: `${receiver.base}/update`, directus_action: 'update' });
    await addHook({ url: `${receiver.base}/delete`, directus_action: 'item.delete:after' });
    await addHook({ url: `${receiver.base}/other`, collection: 'pages', directus_action: 'update' });
    await addHook({ url: `${receiver.base}/inactive`, directus_action: 'update', status: 'inactive' });

    await emit({ action: 'update', collection: 'articles', keys: [1, 2], payload: { title: 'Same' } });
    expect(receiver.received.map((r) => r.url)).toEqual(['/update', '/update']);
    expect(receiver.received.map((r) => JSON.parse(r.body)).sort((a, b) => a.id - b.id)).toEqual([
      { id: 1, title: 'Same' },
      { id: 2, title: 'Same' },
    ]);

    receiver.reset();
    await emit({
      action: 'delete',
      collection: 'articles',
      keys: [3, 4],
      payload: [
        { id: 3, title: 'Three' },
        { id: 4, title: 'Four' },
      ],
    });
    expect(receiver.received.map((r) => r.url)).toEqual(['/delete', '/delete']);
    expect(receiver.received.map((r) => JSON.parse(r.body).title).sort()).toEqual(['Four', 'Three']);

    receiver.reset();
    await emit({ action: 'create', collection: 'pages', keys: [1], payload: { title: 'p' } });
    expect(receiver.received).toEqual([]);
  });

  it('retries failures with growing pauses and stops at the first success', async () => {
    await addHook({ url: `${receiver.base}/flaky` });
    receiver.state.respond = (_req, res, index) => {
      res.statusCode = index < 2 ? 503 : 200;
      res.end();
    };
    await emit({ action: 'create', collection: 'articles', keys: [999], payload: { title: 'x' } });
    expect(receiver.received).toHaveLength(3);
    const [a, b, c] = receiver.received.map((r) => r.at);
    expect(b - a).toBeGreaterThanOrEqual(18);
    expect(c - b).toBeGreaterThanOrEqual(75); // 20 ms, then 4 × 20 ms
    expect(log.warnings).toEqual([]);
  });

  it('gives up after the configured attempts and logs the webhook id and URL without its query', async () => {
    const id = await addHook({ url: `${receiver.base}/down?secret=s3cr3t` });
    server.app.webhooks.options.attempts = 3;
    receiver.state.respond = (_req, res) => {
      res.statusCode = 500;
      res.end();
    };
    await emit({ action: 'create', collection: 'articles', keys: [5], payload: { title: 'x' } });
    expect(receiver.received).toHaveLength(3);
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0].message).toBe('webhooks: delivery failed');
    expect(log.warnings[0].details).toMatchObject({ webhook: id, url: `${receiver.base}/down`, status: 500 });
    expect(JSON.stringify(log.warnings)).not.toContain('s3cr3t');
  });

  it('does not retry a refusal (4xx) of the receiver', async () => {
    await addHook({ url: `${receiver.base}/gone` });
    receiver.state.respond = (_req, res) => {
      res.statusCode = 404;
      res.end();
    };
    await emit({ action: 'create', collection: 'articles', keys: [5], payload: { title: 'x' } });
    expect(receiver.received).toHaveLength(1);
    expect(log.warnings[0].details).toMatchObject({ status: 404, attempts: 1 });
  });

  it('times out a receiver that does not answer, and retries', async () => {
    Object.assign(server.app.webhooks.options, { timeoutMs: 150, attempts: 2 });
    await addHook({ url: `${receiver.base}/slow` });
    receiver.state.respond = (_req, res) => {
      setTimeout(() => res.end(), 1_000).unref();
    };
    const started = Date.now();
    await emit({ action: 'create', collection: 'articles', keys: [5], payload: { title: 'x' } });
    expect(Date.now() - started).toBeLessThan(900);
    expect(receiver.received).toHaveLength(2);
    expect(log.warnings[0].details).toMatchObject({ error: 'timed out', attempts: 2 });
  });

  it('logs an unreachable receiver after retrying', async () => {
    const closed = await startReceiver();
    const url = `${closed.base}/nobody`;
    await closed.close();
    const id = await addHook({ url });
    server.app.webhooks.options.attempts = 2;
    await emit({ action: 'create', collection: 'articles', keys: [5], payload: { title: 'x' } });
    expect(log.warnings[0].details).toMatchObject({ webhook: id, url, attempts: 2, error: 'ECONNREFUSED' });
  });

  it('follows http(s) redirects but refuses redirects to other schemes', async () => {
    await addHook({ url: `${receiver.base}/moved` });
    receiver.state.respond = (req, res) => {
      if (req.url === '/moved') {
        res.writeHead(307, { location: '/final' }).end();
      } else if (req.url === '/final') {
        res.end();
      } else res.writeHead(500).end();
    };
    await emit({ action: 'create', collection: 'articles', keys: [5], payload: { title: 'x' } });
    expect(receiver.received.map((r) => [r.method, r.url])).toEqual([
      ['POST', '/moved'],
      ['POST', '/final'],
    ]);
    expect(JSON.parse(receiver.received[1].body)).toEqual({ id: 5, title: 'x' });
    expect(log.warnings).toEqual([]);

    receiver.reset();
    receiver.state.respond = (_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    await emit({ action: 'create', collection: 'articles', keys: [5], payload: { title: 'x' } });
    expect(receiver.received).toHaveLength(1);
    expect(log.warnings[0].details).toMatchObject({ status: 302, error: 'redirect to file: refused' });
  });

  it('reloads the webhooks when directus_webhooks changes', async () => {
    const id = await addHook({ url: `${receiver.base}/a` });
    server.app.webhooks.options.cacheTtlMs = 60_000;
    await emit({ action: 'create', collection: 'articles', keys: [1], payload: { title: 'x' } });
    expect(receiver.received).toHaveLength(1);
    // Changed behind the cache's back: still the cached list.
    await server.project.knex('directus_webhooks').where('id', id).update({ status: 'inactive' });
    await emit({ action: 'create', collection: 'articles', keys: [1], payload: { title: 'x' } });
    expect(receiver.received).toHaveLength(2);
    // A write to directus_webhooks (as the webhooks endpoints emit it) clears the cache.
    await emit({
      action: 'update',
      collection: 'directus_webhooks',
      keys: [id],
      payload: { status: 'inactive' },
    });
    await emit({ action: 'create', collection: 'articles', keys: [1], payload: { title: 'x' } });
    expect(receiver.received).toHaveLength(2);
    server.app.webhooks.options.cacheTtlMs = 10_000;
  });

  it('ignores events of projects served by another server in the same process', async () => {
    await addHook({ url: `${receiver.base}/mine` });
    // Same key and database, but opened by another server (another configuration object).
    const foreign = { ...server.project, server: { ...server.project.server } };
    emitItemEvent({
      action: 'create',
      collection: 'articles',
      keys: [1],
      payload: {},
      project: foreign,
      accountability: ADMIN_ACCOUNTABILITY,
    });
    await server.app.webhooks.idle();
    expect(receiver.received).toEqual([]);
  });

  it('stops promptly, abandoning pending retries', async () => {
    await addHook({ url: `${receiver.base}/down` });
    const delivery = startWebhookDelivery(server.app.registry, log.logger, {
      allow: ['127.0.0.1'],
      backoffMs: 60_000,
      attempts: 3,
    });
    // The server's own delivery would also retry; make it give up at once.
    server.app.webhooks.options.attempts = 1;
    receiver.state.respond = (_req, res) => res.writeHead(500).end();
    emitItemEvent({
      action: 'create',
      collection: 'articles',
      keys: [1],
      payload: {},
      project: server.project,
      accountability: ADMIN_ACCOUNTABILITY,
    });
    await server.app.webhooks.idle();
    while (receiver.received.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    const started = Date.now();
    await delivery.stop();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(receiver.received).toHaveLength(2);
  });

  describe('the delivery log and the test send', () => {
    it('records each delivery with its status, attempts and duration, newest first, for admins only', async () => {
      const token = await server.login();
      const headers = { authorization: `Bearer ${token}` };
      const id = await addHook({ url: `${receiver.base}/logged?token=abc` });
      receiver.state.respond = (_req, res, index) => {
        res.statusCode = index === 0 ? 503 : 201;
        res.end();
      };
      await emit({ action: 'create', collection: 'articles', keys: [41], payload: { title: 'x' } });
      receiver.state.respond = (_req, res) => {
        res.statusCode = 404;
        res.end();
      };
      await emit({ action: 'create', collection: 'articles', keys: [42], payload: { title: 'y' } });
      const answer = await server.inject({ method: 'GET', url: `/test/webhooks/${id}/deliveries`, headers });
      expect(answer.statusCode).toBe(200);
      const [failed, delivered] = answer.json().data;
      expect(failed).toMatchObject({ webhook: id, event: 'item.create', item: '42', ok: false, status: 404 });
      expect(failed.attempts).toBe(1);
      expect(delivered).toMatchObject({ item: '41', ok: true, status: 201, attempts: 2, error: null });
      expect(delivered.duration_ms).toBeGreaterThanOrEqual(18);
      // A datetime as the API gives them on every vendor: UTC, no zone.
      expect(delivered.delivered_on).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      // Nothing of the URL (its query may carry a secret) is recorded.
      expect(answer.body).not.toContain('abc');
      const anonymous = await server.inject({ method: 'GET', url: `/test/webhooks/${id}/deliveries` });
      expect(anonymous.statusCode).toBe(401);
      const missing = await server.inject({
        method: 'GET',
        url: '/test/webhooks/999999/deliveries',
        headers,
      });
      expect([missing.statusCode, missing.json().error.code]).toEqual([404, 203]);
    });

    it('keeps the last 50 deliveries of each webhook', async () => {
      const id = await addHook({ url: `${receiver.base}/many` });
      for (let i = 0; i < 53; i++) {
        emitItemEvent({
          action: 'create',
          collection: 'articles',
          keys: [i],
          payload: { title: 'x' },
          project: server.project,
          accountability: ADMIN_ACCOUNTABILITY,
        });
      }
      await server.app.webhooks.idle();
      const rows = await server.project.knex('octavo_webhook_deliveries').where('webhook', id);
      expect(rows).toHaveLength(50);
    });

    it('sends a test to an inactive webhook once, marks it as a test, and records it', async () => {
      const token = await server.login();
      const headers = { authorization: `Bearer ${token}` };
      const id = await addHook({ url: `${receiver.base}/try`, status: 'inactive' });
      receiver.state.respond = (_req, res) => {
        res.statusCode = 500;
        res.end();
      };
      const answer = await server.inject({ method: 'POST', url: `/test/webhooks/${id}/test`, headers });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data).toMatchObject({
        webhook: id,
        event: 'test',
        ok: false,
        status: 500,
        attempts: 1,
      });
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0].headers['x-octavo-event']).toBe('test');
      expect(JSON.parse(receiver.received[0].body)).toMatchObject({
        test: true,
        webhook: id,
        collection: 'articles',
      });
      const log = await server.inject({ method: 'GET', url: `/test/webhooks/${id}/deliveries`, headers });
      expect(log.json().data[0]).toMatchObject({ event: 'test', status: 500 });

      await server.project.knex('directus_webhooks').where('id', id).update({ url: 'ftp://example.com/x' });
      const invalid = await server.inject({ method: 'POST', url: `/test/webhooks/${id}/test`, headers });
      expect([invalid.statusCode, invalid.json().error.code]).toEqual([400, 13]);
    });
  });

  describe('through the items endpoints', () => {
    it('delivers after the write is committed, never fails the write, and a failed write sends nothing', async () => {
      const token = await server.login();
      const headers = { authorization: `Bearer ${token}` };
      await addHook({ url: `${receiver.base}/items` });
      const closed = await startReceiver();
      const deadUrl = `${closed.base}/dead`;
      await closed.close();
      await addHook({ url: deadUrl });
      server.app.webhooks.options.attempts = 2;

      const created = await server.inject({
        method: 'POST',
        url: '/test/items/articles',
        headers,
        payload: { title: 'Through the API' },
      });
      expect(created.statusCode).toBe(200);
      const id = created.json().data.id;
      await server.app.webhooks.idle();
      expect(receiver.received).toHaveLength(1);
      expect(JSON.parse(receiver.received[0].body)).toMatchObject({ id, title: 'Through the API' });
      // The dead receiver was tried and logged, the write stood.
      expect(log.warnings.map((w) => w.details.url)).toEqual([deadUrl]);
      expect(await server.project.knex('articles').where('id', id).first()).toBeTruthy();

      // A write that fails (title is required by the column) rolls back and sends nothing.
      receiver.reset();
      const failed = await server.inject({
        method: 'POST',
        url: '/test/items/articles',
        headers,
        payload: [{ title: 'first of two' }, { title: null }],
      });
      expect(failed.statusCode).toBeGreaterThanOrEqual(400);
      await server.app.webhooks.idle();
      expect(receiver.received).toEqual([]);
      expect(await server.project.knex('articles').where('title', 'first of two').first()).toBeUndefined();
    });
  });

  describe('the target address policy (OCTAVO_WEBHOOK_ALLOW)', () => {
    /** A stand-in DNS: each name answers the given address. */
    const dns = (names: Record<string, string>) => async (hostname: string) => {
      const address = names[hostname];
      if (!address) throw Object.assign(new Error(`${hostname} unknown`), { code: 'ENOTFOUND' });
      return [{ address, family: address.includes(':') ? 6 : 4 }];
    };
    const port = () => new URL(receiver.base).port;
    const deliveriesOf = (id: number) =>
      server.project.knex('octavo_webhook_deliveries').where('webhook', id).orderBy('id');

    it('refuses loopback, private, link-local and mapped addresses, recorded in the delivery log', async () => {
      server.app.webhooks.options.allow = [];
      const targets = [
        receiver.base,
        `http://[::1]:${port()}`,
        `http://[::ffff:127.0.0.1]:${port()}`,
        `http://10.1.2.3:${port()}`,
        `http://192.168.1.20:${port()}`,
        'http://169.254.169.254',
        `http://2130706433:${port()}`,
      ];
      for (const target of targets) {
        const id = await addHook({ url: `${target}/hook` });
        await emit({ action: 'create', collection: 'articles', keys: [7], payload: { title: 'x' } });
        const [row] = await deliveriesOf(id);
        expect(row, target).toMatchObject({ attempts: 1, status: null });
        expect(Boolean(row.ok), target).toBe(false);
        expect(row.error, target).toMatch(/^refused: .* is not a public address \(OCTAVO_WEBHOOK_ALLOW\)$/);
      }
      expect(receiver.received).toEqual([]);
    });

    it('checks the address a name resolves to, and every redirect', async () => {
      Object.assign(server.app.webhooks.options, {
        allow: ['allowed.test'],
        resolve: dns({ 'allowed.test': '127.0.0.1', 'inside.test': '127.0.0.1' }),
      });
      const inside = await addHook({ url: `http://inside.test:${port()}/hook` });
      await emit({ action: 'create', collection: 'articles', keys: [8], payload: { title: 'x' } });
      const [refused] = await deliveriesOf(inside);
      expect(refused.error).toBe(
        'refused: inside.test resolves to 127.0.0.1, which is not public (OCTAVO_WEBHOOK_ALLOW)',
      );
      expect(receiver.received).toEqual([]);
      // Allowed by name; its redirect to a name that is not allowed is refused.
      await server.project.knex('directus_webhooks').delete();
      const allowed = await addHook({ url: `http://allowed.test:${port()}/start` });
      receiver.state.respond = (req, res) => {
        if (req.url === '/start') res.writeHead(307, { location: `http://inside.test:${port()}/next` }).end();
        else res.end();
      };
      await emit({ action: 'create', collection: 'articles', keys: [8], payload: { title: 'x' } });
      expect(receiver.received.map((r) => r.url)).toEqual(['/start']);
      const [redirected] = await deliveriesOf(allowed);
      expect(Boolean(redirected.ok)).toBe(false);
      expect(redirected.error).toMatch(/^refused: inside\.test resolves to 127\.0\.0\.1/);
    });

    it('delivers to targets the allow-list names: host names, addresses and CIDR ranges', async () => {
      for (const allow of [['127.0.0.1'], ['127.0.0.0/8'], ['hooks.internal'], ['*']]) {
        receiver.reset();
        Object.assign(server.app.webhooks.options, {
          allow,
          resolve: dns({ 'hooks.internal': '127.0.0.1' }),
        });
        await server.project.knex('directus_webhooks').delete();
        const base = allow[0] === 'hooks.internal' ? `http://hooks.internal:${port()}` : receiver.base;
        const id = await addHook({ url: `${base}/hook` });
        await emit({ action: 'create', collection: 'articles', keys: [9], payload: { title: 'x' } });
        expect(receiver.received, allow[0]).toHaveLength(1);
        const [row] = await deliveriesOf(id);
        expect(Boolean(row.ok), allow[0]).toBe(true);
      }
    });

    it('applies to the test send too', async () => {
      server.app.webhooks.options.allow = [];
      const token = await server.login();
      const id = await addHook({ url: `${receiver.base}/tested`, status: 'inactive' });
      const res = await server.inject({
        method: 'POST',
        url: `/test/webhooks/${id}/test`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ ok: false, error: expect.stringMatching(/^refused: /) });
      expect(receiver.received).toEqual([]);
    });
  });
});

describe('parseWebhookRows', () => {
  it('keeps usable rows and reports the others with the failing column', () => {
    const { hooks, invalid } = parseWebhookRows([
      {
        id: 1,
        http_action: 'post',
        url: 'https://example.com/h',
        collection: 'a',
        directus_action: 'create',
      },
      {
        id: 2,
        http_action: 'GET',
        url: 'http://example.com/h',
        collection: 'a',
        directus_action: 'item.delete:after',
      },
      { id: 3, http_action: 'put', url: 'https://example.com/h', collection: 'a', directus_action: 'create' },
      { id: 4, http_action: 'post', url: 'ftp://example.com/h', collection: 'a', directus_action: 'create' },
      {
        id: 5,
        http_action: 'post',
        url: 'https://example.com/h',
        collection: 'a',
        directus_action: 'item.read',
      },
      { id: 6, http_action: 'post', url: 'https://example.com/h', collection: '', directus_action: 'create' },
    ]);
    expect(hooks.map((h) => [h.id, h.method, h.action])).toEqual([
      [1, 'POST', 'create'],
      [2, 'GET', 'delete'],
    ]);
    expect(invalid).toEqual([
      { id: 3, reason: 'http_action' },
      { id: 4, reason: 'url' },
      { id: 5, reason: 'directus_action' },
      { id: 6, reason: 'collection' },
    ]);
  });
});

describe('normaliseDate (a delivery’s time as the API gives it)', () => {
  it('gives UTC without a zone whatever the vendor returned', () => {
    // PostgreSQL's timestamptz text carries an offset; the app reads the value as UTC without one.
    expect(normaliseDate('2026-11-25 17:22:58+00')).toBe('2026-11-25 17:22:58');
    expect(normaliseDate('2026-11-25 19:22:58+02')).toBe('2026-11-25 17:22:58');
    expect(normaliseDate('2026-11-25 12:52:58-04:30')).toBe('2026-11-25 17:22:58');
    expect(normaliseDate('2026-11-25 17:22:58')).toBe('2026-11-25 17:22:58');
    expect(normaliseDate(new Date('2026-11-25T17:22:58Z'))).toBe('2026-11-25 17:22:58');
  });
});
