import http from 'node:http';
import https from 'node:https';
import type { ProjectContext } from '../context';
import { schemaCache } from '../schema';
import { SECRET_USER_COLUMNS } from './auth-users';
import { events, type ItemEvent } from './events';
import type { ProjectRegistry } from './projects';
import { dbDateTime } from './sessions';
import type { Resolver } from './safe-fetch';
import { webhookTargets, type WebhookTargets } from './webhook-targets';
import { WEBHOOK_DELIVERIES } from '../database/migrations/20261125000000_webhook_deliveries';

/** Deliveries kept per webhook; older ones are removed as new ones are recorded. */
export const DELIVERIES_KEPT = 50;

/** One recorded delivery (`octavo_webhook_deliveries`), as `GET /webhooks/{id}/deliveries` answers it. */
export interface DeliveryRecord {
  id?: number;
  webhook: number;
  event: string;
  collection: string | null;
  item: string | null;
  ok: boolean;
  status: number | null;
  error: string | null;
  attempts: number;
  duration_ms: number;
  delivered_on: string;
}

/** One usable row of `directus_webhooks` (status `active`). */
export interface Webhook {
  id: number;
  method: 'GET' | 'POST';
  url: URL;
  collection: string;
  action: ItemEvent['action'];
}

export interface WebhookDeliveryOptions {
  /** How long one HTTP request may take before it counts as failed. */
  timeoutMs: number;
  /** Tries per request, the first one included. */
  attempts: number;
  /** Pause before the first retry; each further retry waits four times longer (1 s, 4 s, 16 s). */
  backoffMs: number;
  /** How long a project's list of active webhooks is reused (changes through the API clear it at once). */
  cacheTtlMs: number;
  /** Requests in flight at the same time, over all projects. */
  concurrency: number;
  maxRedirects: number;
  /**
   * Targets delivered to although not public (`OCTAVO_WEBHOOK_ALLOW`: host names, IPs, CIDR ranges,
   * `*`); every other target must resolve to public addresses only (services/webhook-targets.ts).
   */
  allow: string[];
  /** The DNS resolver targets are checked with; tests stand in for DNS. */
  resolve?: Resolver;
}

export const DEFAULT_WEBHOOK_OPTIONS: WebhookDeliveryOptions = {
  timeoutMs: 10_000,
  attempts: 4,
  backoffMs: 1_000,
  cacheTtlMs: 10_000,
  concurrency: 8,
  maxRedirects: 3,
  allow: [],
};

/** The part of a pino/Fastify logger delivery uses. */
export interface WebhookLogger {
  warn(details: object, message: string): void;
  debug(details: object, message: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the project's webhooks after committed item events (started by buildServer). */
    webhooks: WebhookDelivery;
  }
}

const ACTIONS: Record<string, ItemEvent['action']> = {
  create: 'create',
  update: 'update',
  delete: 'delete',
  'item.create:after': 'create',
  'item.update:after': 'update',
  'item.delete:after': 'delete',
};

/** The URL as it may appear in logs: no credentials, no query string (it may carry tokens). */
export function loggableUrl(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

/** Turns stored rows into webhooks; rows that cannot be sent are returned separately. */
export function parseWebhookRows(rows: Array<Record<string, unknown>>): {
  hooks: Webhook[];
  invalid: Array<{ id: unknown; reason: string }>;
} {
  const hooks: Webhook[] = [];
  const invalid: Array<{ id: unknown; reason: string }> = [];
  for (const row of rows) {
    const method = String(row.http_action ?? '').toUpperCase();
    const action = ACTIONS[String(row.directus_action ?? '').trim()];
    let url: URL | undefined;
    try {
      url = new URL(String(row.url ?? ''));
    } catch {}
    if (method !== 'GET' && method !== 'POST') invalid.push({ id: row.id, reason: 'http_action' });
    else if (!action) invalid.push({ id: row.id, reason: 'directus_action' });
    else if (!url || !/^https?:$/.test(url.protocol)) invalid.push({ id: row.id, reason: 'url' });
    else if (!row.collection) invalid.push({ id: row.id, reason: 'collection' });
    else hooks.push({ id: Number(row.id), method, url, collection: String(row.collection), action });
  }
  return { hooks, invalid };
}

/** Deliveries started in this process (see stopWebhookDelivery). */
const deliveries = new Set<WebhookDelivery>();

type Outcome = { ok: true; status?: number } | { ok: false; retry: boolean; status?: number; error?: string };

/** The item a delivery was about, as text: the payload's `id` when it has one, else the event's only key. */
function itemKeyOf(event: ItemEvent, payload: Record<string, unknown>): string | null {
  const key = payload.id ?? (event.keys.length === 1 ? event.keys[0] : null);
  return key === null || key === undefined ? null : String(key);
}

/**
 * Delivers webhooks for one server's projects. Listens to the process's item events, which are
 * emitted after commit, so a rolled-back write sends nothing; delivery runs in the background and
 * its failures are logged, never reported to the writer.
 */
export class WebhookDelivery {
  readonly options: WebhookDeliveryOptions;
  private readonly cache = new Map<
    string,
    { project: ProjectContext; expires: number; hooks: Promise<Webhook[]> }
  >();
  private readonly pending = new Set<Promise<void>>();
  private readonly stopping = new AbortController();
  private readonly waiting: Array<() => void> = [];
  private running = 0;
  private readonly recording = new Map<string, Promise<void>>();
  private readonly listener = (event: ItemEvent) => this.handle(event);

  constructor(
    private readonly registry: ProjectRegistry,
    public logger: WebhookLogger,
    options: Partial<WebhookDeliveryOptions> = {},
  ) {
    this.options = { ...DEFAULT_WEBHOOK_OPTIONS, ...options };
  }

  start(): this {
    deliveries.add(this);
    events.on('item', this.listener);
    return this;
  }

  /** Stops listening, aborts requests in flight and pending retries, and waits for them to end. */
  async stop(): Promise<void> {
    deliveries.delete(this);
    events.off('item', this.listener);
    this.stopping.abort();
    this.waiting.splice(0).forEach((wake) => wake());
    await Promise.allSettled([...this.pending]);
    this.cache.clear();
  }

  /** Forgets the cached webhooks of a project (all projects without a key). */
  invalidate(projectKey?: string): void {
    if (projectKey === undefined) this.cache.clear();
    else this.cache.delete(projectKey);
  }

  /** Resolves once every delivery started so far (retries included) has finished. */
  async idle(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  private handle(event: ItemEvent): void {
    // The bus is shared by every server in the process; only this server's projects count.
    if (this.stopping.signal.aborted || event.project.server !== this.registry.server) return;
    if (event.collection === 'directus_webhooks') this.invalidate(event.project.key);
    const task = this.deliverEvent(event)
      .catch((error: unknown) =>
        this.logger.warn(
          { project: event.project.key, collection: event.collection, error: describe(error) },
          'webhooks: could not prepare delivery',
        ),
      )
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  private async deliverEvent(event: ItemEvent): Promise<void> {
    const hooks = (await this.hooksFor(event.project)).filter(
      (hook) => hook.collection === event.collection && hook.action === event.action,
    );
    if (!hooks.length || !event.keys.length) return;
    const payloads = await itemPayloads(event);
    await Promise.all(hooks.flatMap((hook) => payloads.map((payload) => this.send(hook, event, payload))));
  }

  private hooksFor(project: ProjectContext): Promise<Webhook[]> {
    const cached = this.cache.get(project.key);
    if (cached && cached.project === project && cached.expires > Date.now()) return cached.hooks;
    const hooks = project
      .knex('directus_webhooks')
      .where('status', 'active')
      .select('id', 'http_action', 'url', 'collection', 'directus_action')
      .then((rows: Array<Record<string, unknown>>) => {
        const parsed = parseWebhookRows(rows);
        for (const bad of parsed.invalid) {
          this.logger.warn(
            { project: project.key, webhook: bad.id, field: bad.reason },
            'webhooks: active webhook cannot be sent',
          );
        }
        return parsed.hooks;
      });
    const entry = { project, expires: Date.now() + this.options.cacheTtlMs, hooks };
    this.cache.set(project.key, entry);
    hooks.catch(() => {
      if (this.cache.get(project.key) === entry) this.cache.delete(project.key);
    });
    return hooks;
  }

  /**
   * Sends a test request to a webhook, active or not, once and at once, and records it like a delivery.
   * The body says it is a test: `{ "test": true, "webhook", "collection", "action", "sent_on" }`.
   */
  async sendTest(project: ProjectContext, row: Record<string, unknown>): Promise<DeliveryRecord> {
    const { hooks, invalid } = parseWebhookRows([row]);
    if (!hooks.length) throw new Error(invalid[0]?.reason ?? 'url');
    const hook = hooks[0];
    const payload = {
      test: true,
      webhook: hook.id,
      collection: hook.collection,
      action: hook.action,
      sent_on: new Date().toISOString(),
    };
    const started = Date.now();
    const outcome = await this.withSlot(() =>
      this.attempt(
        hook,
        hook.collection,
        'test',
        hook.method === 'POST' ? JSON.stringify(payload) : undefined,
      ),
    );
    return this.record(project, hook, 'test', null, null, outcome, 1, Date.now() - started);
  }

  /** Writes a delivery to the log and trims the webhook's log to the last DELIVERIES_KEPT. */
  private async record(
    project: ProjectContext,
    hook: Webhook,
    eventName: string,
    collection: string | null,
    item: string | null,
    outcome: Outcome,
    attempts: number,
    durationMs: number,
  ): Promise<DeliveryRecord> {
    const entry: DeliveryRecord = {
      webhook: hook.id,
      event: eventName,
      collection,
      item: item === null ? null : item.slice(0, 255),
      ok: outcome.ok,
      status: outcome.status ?? null,
      error: outcome.ok ? null : (outcome.error?.slice(0, 255) ?? null),
      attempts,
      duration_ms: Math.round(durationMs),
      delivered_on: dbDateTime(),
    };
    // One write at a time per webhook in this process, so the trim sees every row before it.
    const key = `${project.key}/${hook.id}`;
    const previous = this.recording.get(key) ?? Promise.resolve();
    const current = previous.then(() => this.write(project, hook, entry));
    this.recording.set(key, current);
    await current;
    if (this.recording.get(key) === current) this.recording.delete(key);
    return entry;
  }

  private async write(project: ProjectContext, hook: Webhook, entry: DeliveryRecord): Promise<void> {
    try {
      await project.knex.transaction(async (trx) => {
        await trx(WEBHOOK_DELIVERIES).insert(entry);
        const keep = await trx(WEBHOOK_DELIVERIES)
          .where('webhook', hook.id)
          .orderBy('id', 'desc')
          .offset(DELIVERIES_KEPT)
          .first('id');
        if (keep) await trx(WEBHOOK_DELIVERIES).where('webhook', hook.id).where('id', '<=', keep.id).delete();
      });
    } catch (error) {
      this.logger.warn(
        { project: project.key, webhook: hook.id, error: describe(error) },
        'webhooks: could not record a delivery',
      );
    }
  }

  /** Sends one request with retries, records the delivery, and logs a final failure with the webhook's id and URL. */
  private async send(hook: Webhook, event: ItemEvent, payload: Record<string, unknown>): Promise<void> {
    const body = hook.method === 'POST' ? JSON.stringify(payload) : undefined;
    let outcome: Outcome = { ok: false, retry: false };
    let attempt = 0;
    const started = Date.now();
    const item = itemKeyOf(event, payload);
    while (attempt < this.options.attempts && !this.stopping.signal.aborted) {
      attempt += 1;
      outcome = await this.withSlot(() => this.attempt(hook, event.collection, `item.${event.action}`, body));
      if (outcome.ok) {
        this.logger.debug({ project: event.project.key, webhook: hook.id, attempt }, 'webhooks: delivered');
        break;
      }
      if (!outcome.retry || attempt >= this.options.attempts) break;
      await this.pause(this.options.backoffMs * 4 ** (attempt - 1));
    }
    await this.record(
      event.project,
      hook,
      `item.${event.action}`,
      event.collection,
      item,
      outcome,
      attempt,
      Date.now() - started,
    );
    if (outcome.ok) return;
    this.logger.warn(
      {
        project: event.project.key,
        webhook: hook.id,
        url: loggableUrl(hook.url),
        attempts: attempt,
        status: outcome.status,
        error: outcome.error ?? (this.stopping.signal.aborted ? 'server stopping' : undefined),
      },
      'webhooks: delivery failed',
    );
  }

  private async attempt(
    hook: Webhook,
    collection: string,
    eventName: string,
    body: string | undefined,
  ): Promise<Outcome> {
    let url = new URL(hook.url);
    let method: string = hook.method;
    const targets = webhookTargets(this.options.allow, this.options.resolve);
    let payload = body;
    const origin = url.origin;
    for (let hop = 0; ; hop++) {
      const headers: Record<string, string> = {
        'user-agent': 'Octavo-Webhooks',
        'x-octavo-event': eventName,
        'x-octavo-collection': collection,
      };
      if (payload !== undefined) headers['content-type'] = 'application/json';
      // fetch refuses URLs with credentials; send them as Basic auth, and only to the first origin.
      if (url.username || url.password) {
        if (url.origin === origin) {
          const user = decodeURIComponent(url.username);
          const pass = decodeURIComponent(url.password);
          headers.authorization = `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
        }
        url.username = '';
        url.password = '';
      }
      // The address policy, before any connection: an IP literal here, a name in the lookup.
      const refusal = targets.refuseLiteral(url);
      if (refusal) return { ok: false, retry: false, error: refusal };
      let response: { status: number; location: string | null };
      try {
        response = await this.request(url, method, headers, payload, targets);
      } catch (error) {
        const refused = (error as NodeJS.ErrnoException).code === 'ENOTPUBLIC';
        return { ok: false, retry: !refused, error: refused ? (error as Error).message : describe(error) };
      }
      const status = response.status;
      if (status >= 200 && status < 300) return { ok: true, status };
      if (status >= 300 && status < 400 && response.location) {
        if (hop >= this.options.maxRedirects)
          return { ok: false, retry: false, status, error: 'too many redirects' };
        let next: URL;
        try {
          next = new URL(response.location, url);
        } catch {
          return { ok: false, retry: false, status, error: 'invalid redirect' };
        }
        if (!/^https?:$/.test(next.protocol)) {
          return { ok: false, retry: false, status, error: `redirect to ${next.protocol} refused` };
        }
        if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
          method = 'GET';
          payload = undefined;
        }
        url = next;
        continue;
      }
      // The receiver's own refusals (4xx) will not change on a retry, except "too busy" / "too slow".
      return { ok: false, retry: status >= 500 || status === 408 || status === 429, status };
    }
  }

  /** One HTTP request through the policy's lookup; the answer's body is discarded. */
  private request(
    url: URL,
    method: string,
    headers: Record<string, string>,
    body: string | undefined,
    targets: WebhookTargets,
  ): Promise<{ status: number; location: string | null }> {
    return new Promise((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const req = client.request(url, {
        method,
        headers:
          body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: false,
        lookup: targets.lookup as never,
        signal: AbortSignal.any([AbortSignal.timeout(this.options.timeoutMs), this.stopping.signal]),
      });
      req.on('response', (response) => {
        response.resume();
        const location = response.headers.location;
        resolve({ status: response.statusCode ?? 0, location: location ?? null });
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  private async withSlot<T>(work: () => Promise<T>): Promise<T> {
    while (this.running >= this.options.concurrency && !this.stopping.signal.aborted) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running += 1;
    try {
      return await work();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.stopping.signal.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        this.stopping.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.stopping.signal.addEventListener('abort', done);
    });
  }
}

/** A webhook's recorded deliveries, newest first. */
export async function listDeliveries(project: ProjectContext, webhook: number): Promise<DeliveryRecord[]> {
  const rows = (await project
    .knex(WEBHOOK_DELIVERIES)
    .where('webhook', webhook)
    .orderBy('id', 'desc')
    .limit(DELIVERIES_KEPT)) as Array<Record<string, unknown>>;
  return rows.map((row) => ({
    id: Number(row.id),
    webhook: Number(row.webhook),
    event: String(row.event),
    collection: (row.collection as string | null) ?? null,
    item: (row.item as string | null) ?? null,
    ok: row.ok === true || Number(row.ok) === 1,
    status: row.status === null || row.status === undefined ? null : Number(row.status),
    error: (row.error as string | null) ?? null,
    attempts: Number(row.attempts),
    duration_ms: Number(row.duration_ms),
    delivered_on: normaliseDate(row.delivered_on),
  }));
}

/**
 * A stored datetime as the API gives datetimes: `YYYY-MM-DD HH:MM:SS` in UTC, without a zone. The
 * column is `timestamptz` on PostgreSQL, whose text carries an offset (`2026-11-25 17:22:58+00`).
 */
export function normaliseDate(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 19).replace('T', ' ');
  const text = String(value);
  if (/(?:[+-]\d{2}(?::?\d{2})?|Z)$/.test(text) && /^\d{4}-\d{2}-\d{2}[ T]\d/.test(text)) {
    const zoned = text.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
    const date = new Date(zoned);
    if (!Number.isNaN(date.getTime())) return date.toISOString().slice(0, 19).replace('T', ' ');
  }
  return text.slice(0, 19);
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return 'timed out';
    if (error.name === 'AbortError' && (error.cause as Error | undefined)?.name === 'TimeoutError') {
      return 'timed out';
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code && code !== 'ABORT_ERR') return code;
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
}

/**
 * The bodies v8 sends, one per item: create → the row as stored (read back after commit),
 * update → the written values plus the primary key, delete → the deleted row when the writer
 * provided it, else the primary key.
 */
export async function itemPayloads(event: ItemEvent): Promise<Array<Record<string, unknown>>> {
  const { project, collection, keys } = event;
  let primaryKey = 'id';
  try {
    const schema = await schemaCache.get(project);
    primaryKey = schema.collections.get(collection)?.primaryKey ?? 'id';
  } catch {}
  const written = (index: number): Record<string, unknown> | undefined => {
    const payload = Array.isArray(event.payload) ? event.payload[index] : event.payload;
    return payload && typeof payload === 'object' ? payload : undefined;
  };
  let stored = new Map<string, Record<string, unknown>>();
  if (event.action === 'create') {
    const rows: Array<Record<string, unknown>> = await project
      .knex(collection)
      .whereIn(primaryKey, keys)
      .select('*')
      .catch(() => []);
    stored = new Map(rows.map((row) => [String(row[primaryKey]), row]));
  }
  const hidden = SECRET_COLUMNS[collection] ?? [];
  return keys.map((key, index) => {
    const payload = stored.get(String(key)) ?? { ...written(index), [primaryKey]: key };
    return hidden.length
      ? Object.fromEntries(Object.entries(payload).filter(([column]) => !hidden.includes(column)))
      : payload;
  });
}

/** Columns that never leave the server, in webhooks either (v8 sent them; hashes and tokens stay here). */
const SECRET_COLUMNS: Record<string, readonly string[]> = {
  directus_users: SECRET_USER_COLUMNS,
  directus_user_sessions: ['token'],
};

/** Starts delivering the webhooks of the registry's projects; stop it with `stopWebhookDelivery`. */
export function startWebhookDelivery(
  registry: ProjectRegistry,
  logger: WebhookLogger,
  options: Partial<WebhookDeliveryOptions> = {},
): WebhookDelivery {
  return new WebhookDelivery(registry, logger, options).start();
}

/** Stops one delivery, or every delivery started in this process. */
export async function stopWebhookDelivery(delivery?: WebhookDelivery): Promise<void> {
  const targets = delivery ? [delivery] : [...deliveries];
  await Promise.all(targets.map((target) => target.stop()));
}
