import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../errors';
import { respond } from '../respond';
import {
  createRelations,
  deleteRelations,
  listRelations,
  readRelations,
  updateRelations,
} from '../services/relations';
import { asSqlError } from './fields';

function ids(csv: string): number[] {
  const list = csv.split(',').filter(Boolean).map(Number);
  if (!list.length || list.some((n) => !Number.isInteger(n) || n < 1)) {
    throw new ApiError('ITEM_NOT_FOUND', `Relation ${csv} not found`);
  }
  return list;
}

/** `/relations`: the rows of `directus_relations`, with foreign keys kept in step (api-v8 §2.7). */
export const relationsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/', async (request, reply) => {
    const result = await listRelations(
      request.project,
      request.accountability,
      request.query as Record<string, unknown>,
    );
    return respond(request, reply, {
      data: result.data ?? [],
      meta: result.meta as Record<string, unknown> | undefined,
    });
  });

  app.get('/:id', async (request, reply) => {
    const list = ids((request.params as { id: string }).id);
    const data = await readRelations(request.project, request.accountability, list);
    return respond(request, reply, { data: list.length === 1 ? data[0] : data });
  });

  app.post('/', async (request, reply) => {
    const data = await asSqlError(() =>
      createRelations(request.project, request.accountability, request.body),
    );
    return respond(request, reply, { data: Array.isArray(request.body) ? data : data[0] });
  });

  app.patch('/:id', async (request, reply) => {
    const list = ids((request.params as { id: string }).id);
    const data = await asSqlError(() =>
      updateRelations(request.project, request.accountability, list, request.body),
    );
    return respond(request, reply, { data: list.length === 1 ? data[0] : data });
  });

  app.delete('/:id', async (request, reply) => {
    const list = ids((request.params as { id: string }).id);
    await asSqlError(() => deleteRelations(request.project, request.accountability, list));
    return respond(request, reply);
  });
};
