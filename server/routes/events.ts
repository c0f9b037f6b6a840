import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ProjectContext } from '../context';
import { ApiError } from '../errors';
import { respond } from '../respond';
import { resolveAccountability } from '../services/authentication';
import { ItemsService } from '../services/items';
import { latestRevision, onItemChange, revisionAuthor, type ItemChange } from '../services/item-changes';
import { userName, usersOnPage } from '../services/users';

/*
 * Octavo additions for editing together (docs/compatibility.md, spec §4 and §7):
 *   GET /{project}/users/present?collection=&item=&page=   who else is on this item's page
 *   GET /{project}/items/{collection}/{key}/events          server-sent events: the item was saved
 * Both need a signed-in caller who can read the item; neither reveals anything about an item the
 * caller cannot read.
 */

/** The app routes of an item page, by which `page` must name the item (app/paths.ts). */
const ALIASES: Record<string, string> = {
  users: 'directus_users',
  files: 'directus_files',
  activity: 'directus_activity',
};

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Whether an app path is the page of this item: /{project}/collections/{c}/{key} or /{project}/{alias}/{key}. */
export function pageOfItem(page: string, project: string, collection: string, key: string): boolean {
  const parts = page.split('?')[0].split('/').filter(Boolean).map(decode);
  if (parts[0] !== project) return false;
  if (parts.length === 4) return parts[1] === 'collections' && parts[2] === collection && parts[3] === key;
  return parts.length === 3 && ALIASES[parts[1]] === collection && parts[2] === key;
}

function text(value: unknown, what: string, max = 255): string {
  if (typeof value !== 'string' || value === '' || value.length > max) {
    throw new ApiError('INVALID_REQUEST', `${what}: must be a text of 1 to ${max} characters`);
  }
  return value;
}

/** The item the caller names, if it exists and the caller may read it (else 404 code 203). */
async function readableItem(request: FastifyRequest, collection: string, key: string) {
  const service = new ItemsService(request.project, request.accountability, { collection });
  const info = await service.info();
  const row = await service.readable(key);
  if (!row) throw new ApiError('ITEM_NOT_FOUND', 'Item not found');
  return String(row[info.primaryKey]);
}

/** A whole number from a query parameter or header, or undefined. */
function revisionOf(raw: unknown): number | undefined {
  return typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
}

/** Streams stay open at most this long; the browser's EventSource reconnects (signed in again). */
const STREAM_LIFETIME_MS = 10 * 60_000;
const HEARTBEAT_MS = 25_000;

export const editingRoutes: FastifyPluginAsync = async (app) => {
  const open = new Set<() => void>();
  // Open streams would keep the server from closing.
  app.addHook('preClose', (done) => {
    for (const close of [...open]) close();
    done();
  });

  app.get('/users/present', { config: { auth: 'user' } }, async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const collection = text(query.collection, 'collection', 64);
    const item = text(query.item, 'item');
    const page = text(query.page, 'page', 192);
    await readableItem(request, collection, item);
    if (!pageOfItem(page, request.project.key, collection, item)) {
      throw new ApiError('INVALID_REQUEST', 'page: must be the app page of this item');
    }
    const users = await usersOnPage(request.project, page, request.accountability.user!);
    return respond(request, reply, { data: users });
  });

  app.get<{ Params: { collection: string; key: string } }>(
    '/items/:collection/:key/events',
    // A stream has no HEAD: it would be held open with nothing to send.
    { config: { auth: 'user' }, exposeHeadRoute: false },
    async (request, reply) => {
      const { collection } = request.params;
      const key = await readableItem(request, collection, request.params.key);
      const project: ProjectContext = request.project;
      const caller = request.accountability.user;
      /**
       * Whether the caller may read the item now: still signed in as the same user (the session may
       * have ended, the user been suspended), and still allowed to read it.
       */
      const mayRead = async (): Promise<boolean | 'signed out'> => {
        // A token or session that no longer holds is refused (thrown) or answers anonymous.
        const who = await resolveAccountability(project, request).catch(() => null);
        if (who?.user == null || who.user !== caller) return 'signed out';
        return (await new ItemsService(project, who, { collection }).readable(key)) !== null;
      };
      // What the client has seen: the revision it loaded, or the last event before a reconnect.
      const seen = Math.max(
        revisionOf((request.query as Record<string, unknown>)?.since) ?? -1,
        revisionOf(request.headers['last-event-id']) ?? -1,
      );

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      res.write('retry: 3000\n\n');

      let closed = false;
      let queue = Promise.resolve();
      /** One change at a time, in order; each checked against the caller's read access now. */
      const send = (change: Pick<ItemChange, 'revision' | 'user'>) => {
        queue = queue
          .then(async () => {
            if (closed) return;
            const access = await mayRead();
            if (access === 'signed out') return close();
            if (!access) return;
            const by = await userName(project, change.user);
            if (closed) return;
            const data = JSON.stringify({ collection, item: key, revision: change.revision, by });
            res.write(`id: ${change.revision}\nevent: saved\ndata: ${data}\n\n`);
          })
          .catch((error) => request.log.warn({ err: error }, 'item event not sent'));
      };

      const stop = onItemChange((change) => {
        if (change.project === project.key && change.collection === collection && change.item === key) {
          send(change);
        }
      });
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const lifetime = setTimeout(() => close(), STREAM_LIFETIME_MS);
      function close() {
        if (closed) return;
        closed = true;
        stop();
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        open.delete(close);
        res.end();
      }
      open.add(close);
      request.raw.on('close', close);

      // Saved between the client's load (or its last event) and this subscription.
      if (seen >= 0) {
        const current = await latestRevision(project.knex, collection, key);
        if (current > seen) send({ revision: current, user: await revisionAuthor(project.knex, current) });
      }
    },
  );
};
