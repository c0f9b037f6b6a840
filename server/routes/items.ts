import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { parseQuery } from '../query/parse-query';
import type { Query } from '../query/types';
import type { ReadResult } from '../query/execute-read';
import { respond } from '../respond';
import { ItemsService, type PrimaryKey } from '../services/items';
import { latestRevision, parseBaseRevision } from '../services/item-changes';
import { itemRevisionAt, itemRevisions, revertItem } from '../services/revisions';
import { writePreflight } from '../services/write-preflight';

interface Params {
  collection: string;
  key?: string;
  offset?: string;
  revision?: string;
}

export function queryOf(request: FastifyRequest): Query {
  return parseQuery((request.query ?? {}) as Record<string, unknown>, {
    maxLimit: request.server.config?.maxQueryLimit,
  });
}

/** `1,2,3` → keys; a single key stays single. */
export function keysOf(raw: string): PrimaryKey[] {
  return raw
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '');
}

/** The envelope of a read: data, meta when asked, and code-18 warnings as `messages`. */
export function envelope(result: ReadResult | null) {
  if (!result) return {};
  return {
    data: result.data,
    ...(result.meta ? { meta: result.meta as Record<string, unknown> } : {}),
    ...(result.warnings.length ? { messages: result.warnings } : {}),
  };
}

/** `meta=revision` (Octavo): the item's revision beside it, for an edit-conflict precondition. */
function wantsRevision(request: FastifyRequest): boolean {
  const raw = (request.query as Record<string, unknown> | undefined)?.meta;
  const keys = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
  return keys.some((key) => String(key).trim() === 'revision');
}

/** The answer of one item with `meta.revision` when asked; read before the item, so never newer. */
async function withRevision(
  request: FastifyRequest<{ Params: Params }>,
  key: PrimaryKey,
  read: () => Promise<ReadResult | null>,
) {
  if (!wantsRevision(request)) return envelope(await read());
  const revision = await latestRevision(request.project.knex, request.params.collection, key);
  const answer: { meta?: Record<string, unknown> } = envelope(await read());
  return { ...answer, meta: { ...answer.meta, revision } };
}

function serviceFor(request: FastifyRequest<{ Params: Params }>): ItemsService {
  const { collection } = request.params;
  // System collections have their own endpoints (api-v8 §2.4).
  if (collection.startsWith('directus_')) throw new ApiError('FORBIDDEN_SYSTEM_TABLE_ACCESS');
  return new ItemsService(request.project, request.accountability, { collection, log: request.log });
}

/** `/{project}/items/{collection}`: the items engine over HTTP (api-v8 §2.4). */
export const itemsRoutes: FastifyPluginAsync = async (app) => {
  // Writes by a caller who may write nothing in the collection are refused before the body is read.
  app.addHook(
    'preParsing',
    writePreflight((request) => {
      const { collection } = request.params as Params;
      if (collection.startsWith('directus_')) throw new ApiError('FORBIDDEN_SYSTEM_TABLE_ACCESS');
      return collection;
    }),
  );
  app.get<{ Params: Params }>('/:collection', async (request, reply) => {
    const service = serviceFor(request);
    const query = queryOf(request);
    const info = await service.info();
    if (info.single && !query.single) {
      // A single collection answers with its one item as an object.
      try {
        return respond(request, reply, envelope(await service.readMany({ ...query, single: true })));
      } catch (error) {
        if (error instanceof ApiError && error.code === 203) return respond(request, reply, { data: {} });
        throw error;
      }
    }
    return respond(request, reply, envelope(await service.readMany(query)));
  });

  app.get<{ Params: Params }>('/:collection/:key', async (request, reply) => {
    const service = serviceFor(request);
    const query = queryOf(request);
    const keys = keysOf(request.params.key!);
    if (keys.length === 1) {
      return respond(
        request,
        reply,
        await withRevision(request, keys[0], () => service.readOne(keys[0], query)),
      );
    }
    const result = await service.readMany(
      { ...query, filter: null, q: null, status: null, single: false, limit: -1, offset: 0 },
      { keys },
    );
    return respond(request, reply, envelope(result));
  });

  app.post<{ Params: Params }>('/:collection', async (request, reply) => {
    const service = serviceFor(request);
    const query = queryOf(request);
    await service.checkReadBack(query);
    const keys = await service.create(request.body, query);
    return respond(
      request,
      reply,
      envelope(await service.readByKeys(keys, query, Array.isArray(request.body))),
    );
  });

  app.patch<{ Params: Params }>('/:collection', async (request, reply) => {
    const service = serviceFor(request);
    const query = queryOf(request);
    await service.checkReadBack(query);
    const keys = await service.updateBatch(request.body, query);
    return respond(request, reply, envelope(await service.readByKeys(keys, query, true)));
  });

  app.patch<{ Params: Params }>('/:collection/:key', async (request, reply) => {
    const service = serviceFor(request);
    const query = queryOf(request);
    const keys = keysOf(request.params.key!);
    if (Array.isArray(request.body)) throw new ApiError('INVALID_REQUEST', 'Expected one object of values');
    // Octavo's edit-conflict precondition; without it, v8's last write wins.
    const base = parseBaseRevision((request.query as Record<string, unknown>).base_revision);
    await service.checkReadBack(query);
    const written = await service.update(keys, request.body, query, 'update', base);
    if (keys.length > 1)
      return respond(request, reply, envelope(await service.readByKeys(written, query, true)));
    return respond(
      request,
      reply,
      await withRevision(request, written[0], () => service.readByKeys(written, query, false)),
    );
  });

  app.delete<{ Params: Params }>('/:collection/:key', async (request, reply) => {
    const service = serviceFor(request);
    await service.delete(keysOf(request.params.key!), queryOf(request));
    return respond(request, reply, {});
  });

  app.get<{ Params: Params }>('/:collection/:key/revisions', async (request, reply) => {
    serviceFor(request);
    const { collection, key } = request.params;
    const result = await itemRevisions(
      request.project,
      request.accountability,
      collection,
      key!,
      queryOf(request),
    );
    return respond(request, reply, envelope(result));
  });

  app.get<{ Params: Params }>('/:collection/:key/revisions/:offset', async (request, reply) => {
    serviceFor(request);
    const { collection, key, offset } = request.params;
    const result = await itemRevisionAt(
      request.project,
      request.accountability,
      collection,
      key!,
      offset!,
      queryOf(request),
    );
    return respond(request, reply, envelope(result));
  });

  app.patch<{ Params: Params }>('/:collection/:key/revert/:revision', async (request, reply) => {
    const service = serviceFor(request);
    const { collection, key, revision } = request.params;
    const query = queryOf(request);
    const written = await revertItem(
      request.project,
      request.accountability,
      collection,
      key!,
      revision!,
      query,
    );
    return respond(request, reply, envelope(await service.readByKeys([written], query, false)));
  });
};
