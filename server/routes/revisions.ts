import type { FastifyPluginAsync } from 'fastify';
import { respond } from '../respond';
import { ItemsService } from '../services/items';
import { envelope, keysOf, queryOf } from './items';

/** `/{project}/revisions`: item revisions, read through the items engine (api-v8 §2.12). */
export const revisionsRoutes: FastifyPluginAsync = async (app) => {
  const service = (request: Parameters<typeof queryOf>[0]) =>
    new ItemsService(request.project, request.accountability, { collection: 'directus_revisions' });

  app.get('/', async (request, reply) =>
    respond(request, reply, envelope(await service(request).readMany(queryOf(request)))),
  );

  app.get<{ Params: { id: string } }>('/:id', async (request, reply) => {
    const items = service(request);
    const query = queryOf(request);
    const keys = keysOf(request.params.id);
    if (keys.length === 1) return respond(request, reply, envelope(await items.readOne(keys[0], query)));
    return respond(
      request,
      reply,
      envelope(await items.readMany({ ...query, filter: null, q: null, limit: -1 }, { keys })),
    );
  });
};
