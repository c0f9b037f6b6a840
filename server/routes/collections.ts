import type { FastifyPluginAsync } from 'fastify';
import { respond } from '../respond';
import {
  createCollection,
  deleteCollection,
  listCollections,
  readCollections,
  updateCollection,
} from '../services/collections';
import { asSqlError } from './fields';

/** `/collections`: tables with their metadata and fields (api-v8 §2.5). */
export const collectionsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    return respond(request, reply, {
      data: await listCollections(request.project, request.accountability, query),
    });
  });

  app.get('/:collection', async (request, reply) => {
    const names = (request.params as { collection: string }).collection.split(',').filter(Boolean);
    const data = await readCollections(request.project, request.accountability, names);
    return respond(request, reply, { data: names.length === 1 ? data[0] : data });
  });

  app.post('/', async (request, reply) => {
    const data = await asSqlError(() =>
      createCollection(request.project, request.accountability, request.body),
    );
    return respond(request, reply, { data });
  });

  app.patch('/:collection', async (request, reply) => {
    const { collection } = request.params as { collection: string };
    const data = await asSqlError(() =>
      updateCollection(request.project, request.accountability, collection, request.body),
    );
    return respond(request, reply, { data });
  });

  app.delete('/:collection', async (request, reply) => {
    const { collection } = request.params as { collection: string };
    await asSqlError(() => deleteCollection(request.project, request.accountability, collection));
    return reply.code(204).send();
  });
};
