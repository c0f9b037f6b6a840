/**
 * Cache invalidation that follows the tables. The server keeps a few things in memory per project
 * (the schema model, resolved identities, permissions, read settings); each depends on some system
 * tables. Every project connection is watched: a statement that writes one of those tables (or
 * changes the database's structure) marks its connection, and when the connection goes back to
 * the pool — after the statement, or after the COMMIT or ROLLBACK of its transaction — the topics
 * it touched are announced. Announcing after the commit means no other request can reload the old
 * rows and keep them after the announcement.
 *
 * Announcements apply in this process at once and, when `OCTAVO_REDIS_URL` is set, are published
 * to every other node, which applies them on receipt. While a node is not subscribed (Redis down,
 * reconnecting) it cannot hear other nodes' changes: `live()` is false, the identity and
 * permission caches are bypassed, and everything is dropped once the subscription is back.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Knex } from 'knex';

export type Topic = 'schema' | 'identities' | 'permissions' | 'settings';
export const TOPICS: readonly Topic[] = ['schema', 'identities', 'permissions', 'settings'];

/** The system tables each cache is built from. */
const TABLE_TOPICS: Record<string, Topic[]> = {
  directus_collections: ['schema'],
  directus_fields: ['schema'],
  directus_relations: ['schema'],
  directus_users: ['identities', 'permissions'],
  directus_roles: ['identities', 'permissions'],
  directus_user_sessions: ['identities'],
  directus_permissions: ['permissions'],
  // The schema model carries the status mapping, which is a setting.
  directus_settings: ['schema', 'settings'],
};

const WATCHED = new RegExp(`\\b(${Object.keys(TABLE_TOPICS).join('|')})\\b`, 'gi');
const STRUCTURE = /^(?:create|alter|drop|rename)\b/i;
const WRITES = /\b(?:insert|update|delete|replace|merge|upsert|truncate)\b/i;
/** Leading blanks, comments and parentheses, which say nothing about what a statement does. */
const LEAD = /^(?:\s+|\/\*[\s\S]*?\*\/|--[^\n]*\n|\()+/;

/**
 * Columns of `directus_users` that nothing cached depends on (identities keep id, status, role
 * and the 2FA secret; permissions the role). The app records the page a user is on at every
 * navigation; that must not empty every node's caches each time.
 */
const USER_BOOKKEEPING = new Set(['last_page', 'last_access_on']);
const USER_UPDATE =
  /^update\s+(?:[`"[]?\w+[`"\]]?\.)?[`"[]?directus_users[`"\]]?\s+set\s+([\s\S]*?)\s+where\s/i;
const ASSIGNED = /(?:^|,)\s*[`"[]?(\w+)[`"\]]?\s*=\s*(?:\?|\$\d+)/g;

/** An update of `directus_users` that assigns only bookkeeping columns, each to a bound value. */
function bookkeepingOnly(text: string): boolean {
  const match = USER_UPDATE.exec(text);
  if (!match) return false;
  const assignments = match[1];
  let covered = 0;
  for (const assigned of assignments.matchAll(ASSIGNED)) {
    if (!USER_BOOKKEEPING.has(assigned[1].toLowerCase())) return false;
    covered += assigned[0].length;
  }
  // Anything left unexplained in the SET list (an expression, a literal) counts as a real change.
  return covered > 0 && covered === assignments.length;
}

/**
 * The topics a statement touches, or null for reads and writes of other tables. It errs on the
 * side of announcing: any statement that is not a read and names a watched table counts.
 */
export function topicsOf(sql: string): readonly Topic[] | null {
  let text = sql;
  const first = text.charCodeAt(0) | 0x20;
  // Most statements are selects or transaction control: decided on the first letter.
  if (first === 0x73 /* s */ || first === 0x62 /* b */ || first === 0x63 /* c(ommit) */) {
    if (!/^c(?:reate)\b/i.test(text)) return null;
  }
  const lead = LEAD.exec(text);
  if (lead) text = text.slice(lead[0].length);
  if (STRUCTURE.test(text)) return ['schema'];
  if (/^(?:select|pragma|show|set|begin|commit|rollback|savepoint|release|explain)\b/i.test(text))
    return null;
  if (/^with\b/i.test(text) && !WRITES.test(text)) return null;
  if (bookkeepingOnly(text)) return null;
  const topics = new Set<Topic>();
  for (const match of text.matchAll(WATCHED)) {
    for (const topic of TABLE_TOPICS[match[1].toLowerCase()]) topics.add(topic);
  }
  return topics.size > 0 ? [...topics] : null;
}

type Listener = (projectKey: string) => void;

const CHANNEL = 'octavo:invalidate';
const node = randomUUID();
const listeners = new Map<Topic, Set<Listener>>(TOPICS.map((topic) => [topic, new Set()]));
const generations = new Map<string, number>();

/** Registers what a topic's announcement does to a cache (called once, at module load). */
export function onInvalidate(topic: Topic, listener: Listener): void {
  listeners.get(topic)!.add(listener);
}

/**
 * A number that changes whenever anything of the project is invalidated: a cache fill that began
 * under one generation and ends under another must not be kept.
 */
export function generation(projectKey: string): number {
  return generations.get(projectKey) ?? 0;
}

function apply(projectKey: string, topics: Iterable<Topic>): void {
  generations.set(projectKey, generation(projectKey) + 1);
  for (const topic of topics) for (const listener of listeners.get(topic) ?? []) listener(projectKey);
}

/* ------------------------------------------------------------------ the Redis link */

interface Link {
  url: string;
  users: number;
  publisher: Redis;
  subscriber: Redis;
  subscribed: boolean;
}

let link: Link | undefined;
/** Projects known here, to drop everything of each after a lost subscription. */
const knownProjects = new Set<string>();

/** Whether this node hears every change: no Redis configured (one node), or subscribed. */
export function live(): boolean {
  return !link || link.subscribed;
}

/** Announces a change of the project's topics: here at once, and to the other nodes. */
export function announce(projectKey: string, topics: Iterable<Topic>): void {
  const list = [...new Set(topics)];
  if (list.length === 0) return;
  knownProjects.add(projectKey);
  apply(projectKey, list);
  if (link) {
    link.publisher.publish(CHANNEL, JSON.stringify({ node, project: projectKey, topics: list })).catch(() => {
      // Not delivered: the other nodes' subscriptions are down too or will be, and they drop
      // everything when they come back. Nothing better can be done from here.
    });
  }
}

/**
 * Joins the nodes sharing `redisUrl` (reference-counted: several servers in one process share
 * one link). Resolves once subscribed, or after `waitMs` with the link still trying.
 */
export async function connectInvalidation(
  redisUrl: string | undefined,
  waitMs = 3000,
): Promise<() => Promise<void>> {
  if (!redisUrl) return async () => {};
  if (link && link.url !== redisUrl) throw new Error('one process can join only one Redis for invalidation');
  if (!link) {
    const options = { maxRetriesPerRequest: 2, lazyConnect: false };
    const current: Link = {
      url: redisUrl,
      users: 0,
      publisher: new Redis(redisUrl, options),
      subscriber: new Redis(redisUrl, options),
      subscribed: false,
    };
    current.publisher.on('error', () => {});
    current.subscriber.on('error', () => {});
    current.subscriber.on('message', (channel, text) => {
      if (channel === RELAY_CHANNEL) {
        receiveRelay(text);
        return;
      }
      if (channel !== CHANNEL) return;
      try {
        const message = JSON.parse(text) as { node: string; project: string; topics: Topic[] };
        if (message.node === node || typeof message.project !== 'string') return;
        knownProjects.add(message.project);
        apply(
          message.project,
          (Array.isArray(message.topics) ? message.topics : []).filter((t) => TOPICS.includes(t)),
        );
      } catch {
        // Not one of ours.
      }
    });
    const lost = () => {
      current.subscribed = false;
    };
    current.subscriber.on('close', lost);
    current.subscriber.on('end', lost);
    current.subscriber.on('ready', () => {
      current.subscriber.subscribe(CHANNEL, RELAY_CHANNEL).then(
        () => {
          // Whatever was announced while unsubscribed is unknown: drop everything.
          for (const project of knownProjects) apply(project, TOPICS);
          current.subscribed = true;
        },
        () => {},
      );
    });
    link = current;
  }
  const current = link;
  current.users++;
  const deadline = Date.now() + waitMs;
  while (!current.subscribed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return async () => {
    if (--current.users > 0) return;
    if (link === current) link = undefined;
    await Promise.all(
      [current.publisher, current.subscriber].map((client) => client.quit().catch(() => client.disconnect())),
    );
  };
}

/* ------------------------------------------------------------------ relayed messages */

/*
 * The same link carries a few other messages between nodes (e.g. "this item was saved", for the
 * item event streams of services/item-changes.ts). A relayed message is delivered on this node
 * at once and on the others on receipt; delivery is best effort (nothing is replayed after a lost
 * subscription), so what depends on it must stay correct without it.
 */

const RELAY_CHANNEL = 'octavo:relay';
type RelayHandler = (payload: unknown) => void;
const relays = new Map<string, Set<RelayHandler>>();

/** Listens to relayed messages of one kind, from this node and the others; returns the unsubscribe. */
export function onRelay(kind: string, handler: RelayHandler): () => void {
  let set = relays.get(kind);
  if (!set) relays.set(kind, (set = new Set()));
  set.add(handler);
  return () => set.delete(handler);
}

function deliver(kind: string, payload: unknown): void {
  for (const handler of relays.get(kind) ?? []) {
    try {
      handler(payload);
    } catch {
      // A listener's failure is its own; the others still hear the message.
    }
  }
}

/** Sends a message of `kind` to every node's listeners, this one included. */
export function relay(kind: string, payload: unknown): void {
  setImmediate(() => deliver(kind, payload));
  if (link) {
    link.publisher.publish(RELAY_CHANNEL, JSON.stringify({ node, kind, payload })).catch(() => {});
  }
}

function receiveRelay(text: string): void {
  try {
    const message = JSON.parse(text) as { node: string; kind: string; payload: unknown };
    if (message.node === node || typeof message.kind !== 'string') return;
    deliver(message.kind, message.payload);
  } catch {
    // Not one of ours.
  }
}

/* ------------------------------------------------------------------ watching a connection */

/**
 * Watches a project's connection pool: writes to the tables above, and structure changes, are
 * announced once their connection is released (after the statement, or after the transaction).
 */
export function watchWrites(knex: Knex, projectKey: string): void {
  knownProjects.add(projectKey);
  const touched = new Map<string, Set<Topic>>();
  knex.on('query', (data: { sql?: string; __knexUid?: string }) => {
    if (typeof data.sql !== 'string' || !data.__knexUid) return;
    const topics = topicsOf(data.sql);
    if (!topics) return;
    let set = touched.get(data.__knexUid);
    if (!set) touched.set(data.__knexUid, (set = new Set()));
    for (const topic of topics) set.add(topic);
  });
  const pool = (knex.client as { pool?: { on(event: string, fn: (resource: any) => void): void } }).pool;
  pool?.on('release', (connection: { __knexUid?: string }) => {
    const uid = connection?.__knexUid;
    if (!uid) return;
    const topics = touched.get(uid);
    if (!topics) return;
    touched.delete(uid);
    announce(projectKey, topics);
  });
}
