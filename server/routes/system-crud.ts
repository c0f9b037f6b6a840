import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthClass } from '../http';
import { ApiError } from '../errors';
import type { ReadResult } from '../query/execute-read';
import type { Query } from '../query/types';
import { respond } from '../respond';
import { ItemsService, type ItemsServiceOptions, type PrimaryKey } from '../services/items';
import { itemRevisionAt, itemRevisions } from '../services/revisions';
import { writePreflight } from '../services/write-preflight';
import { envelope, keysOf, queryOf } from './items';

/** How one system collection is served over HTTP by the items engine. */
export interface SystemCrudOptions {
  collection: string;
  /** Extra ItemsService options (e.g. presets skip activity). */
  service?: Omit<ItemsServiceOptions, 'collection'>;
  /** The auth class of every route (default `auth`). */
  auth?: AuthClass;
  /** A pattern the `:id` segment must match, else the route does not exist (404 code 1). */
  idPattern?: string;
  /** Turns the `:id` segment into keys (default: comma-separated keys). */
  keys?(request: FastifyRequest, raw: string): PrimaryKey[];
  /** Adjusts the read query (e.g. a default limit). */
  readQuery?(request: FastifyRequest, query: Query): Query;
  /** Post-processes every read answer (typed values, per-row field removal). */
  transform?(request: FastifyRequest, result: ReadResult): Promise<ReadResult> | ReadResult;
  /** Runs before a DELETE, ahead of the permission checks (e.g. v8's preset rule). */
  beforeDelete?(request: FastifyRequest, keys: PrimaryKey[]): Promise<void>;
  /** Also serve `/{id}/revisions` and `/{id}/revisions/{offset}`. */
  revisions?: boolean;
  /** Serve only the reads (list and by key): the collection is written by the server itself. */
  readOnly?: boolean;
}

export function systemService(request: FastifyRequest, options: SystemCrudOptions): ItemsService {
  return new ItemsService(request.project, request.accountability, {
    ...options.service,
    collection: options.collection,
    log: request.log,
  });
}

/**
 * Registers list / one / create / update (one, several, batch) / delete for a system collection,
 * all through the items engine (permissions, hooks, activity, revisions, events).
 */
export function registerSystemCrud(app: FastifyInstance, options: SystemCrudOptions): void {
  const config = { auth: options.auth ?? 'auth' };
  const id = options.idPattern ? `:id(${options.idPattern})` : ':id';
  const keys = (request: FastifyRequest) => {
    const raw = (request.params as { id: string }).id;
    return options.keys ? options.keys(request, raw) : keysOf(raw);
  };
  const readQuery = (request: FastifyRequest) => {
    const query = queryOf(request);
    return options.readQuery ? options.readQuery(request, query) : query;
  };
  const answer = async (request: FastifyRequest, result: ReadResult | null) =>
    envelope(result && options.transform ? await options.transform(request, result) : result);

  app.get('/', { config }, async (request, reply) => {
    const service = systemService(request, options);
    return respond(request, reply, await answer(request, await service.readMany(readQuery(request))));
  });

  app.get(`/${id}`, { config }, async (request, reply) => {
    const service = systemService(request, options);
    const query = readQuery(request);
    const list = keys(request);
    if (list.length === 0) throw new ApiError('ITEM_NOT_FOUND', 'Item not found');
    const result =
      list.length === 1
        ? await service.readOne(list[0], query)
        : await service.readMany(
            { ...query, filter: null, q: null, status: null, single: false, limit: -1, offset: 0 },
            { keys: list },
          );
    return respond(request, reply, await answer(request, result));
  });

  if (options.readOnly) return;
  // Anonymous writes the public role cannot make at all are refused before the body is read
  // (signed-in callers keep the engine's own-record rules, e.g. `/users/me`).
  const preflight = writePreflight(() => options.collection, { anonymousOnly: true });
  const write = { config, preParsing: preflight };
  // By key: the key is resolved first (an anonymous `/users/me` stays 401 code 3).
  const writeByKey = {
    config,
    preParsing: async (request: FastifyRequest) => {
      keys(request);
      await preflight(request);
    },
  };

  app.post('/', write, async (request, reply) => {
    const service = systemService(request, options);
    const query = readQuery(request);
    await service.checkReadBack(query);
    const written = await service.create(request.body, query);
    const result = await service.readByKeys(written, query, Array.isArray(request.body));
    return respond(request, reply, await answer(request, result));
  });

  app.patch('/', write, async (request, reply) => {
    const service = systemService(request, options);
    const query = readQuery(request);
    await service.checkReadBack(query);
    const written = await service.updateBatch(request.body, query);
    return respond(request, reply, await answer(request, await service.readByKeys(written, query, true)));
  });

  app.patch(`/${id}`, writeByKey, async (request, reply) => {
    const service = systemService(request, options);
    const query = readQuery(request);
    const list = keys(request);
    if (list.length === 0) throw new ApiError('ITEM_NOT_FOUND', 'Item not found');
    if (Array.isArray(request.body)) throw new ApiError('INVALID_REQUEST', 'Expected one object of values');
    await service.checkReadBack(query);
    const written = await service.update(list, request.body, query);
    const result = await service.readByKeys(written, query, list.length > 1);
    return respond(request, reply, await answer(request, result));
  });

  app.delete(`/${id}`, writeByKey, async (request, reply) => {
    const service = systemService(request, options);
    const list = keys(request);
    if (list.length === 0) throw new ApiError('ITEM_NOT_FOUND', 'Item not found');
    await options.beforeDelete?.(request, list);
    await service.delete(list, queryOf(request));
    return respond(request, reply, {});
  });

  if (options.revisions) {
    registerItemRevisions(app, id, options.collection, (request) => keys(request)[0], config);
  }
}

/**
 * `GET {id}/revisions` and `{id}/revisions/{offset}` of a system collection (api-v8 §2.12): the
 * revisions of one item, read through the items engine with the caller's permissions.
 */
export function registerItemRevisions(
  app: FastifyInstance,
  id: string,
  collection: string,
  keyOf: (request: FastifyRequest) => PrimaryKey,
  config: { auth: AuthClass } = { auth: 'auth' },
): void {
  app.get(`/${id}/revisions`, { config }, async (request, reply) => {
    const result = await itemRevisions(
      request.project,
      request.accountability,
      collection,
      keyOf(request),
      queryOf(request),
    );
    return respond(request, reply, envelope(result));
  });
  app.get(`/${id}/revisions/:offset`, { config }, async (request, reply) => {
    const { offset } = request.params as { offset: string };
    const result = await itemRevisionAt(
      request.project,
      request.accountability,
      collection,
      keyOf(request),
      offset,
      queryOf(request),
    );
    return respond(request, reply, envelope(result));
  });
}
