import type { FastifyPluginAsync } from 'fastify';
import { respond } from '../respond';
import { objectBody } from './body';
import { createComment, deleteComment, updateComment } from '../services/activity';
import { ItemsService } from '../services/items';
import { envelope, queryOf } from './items';
import { registerSystemCrud } from './system-crud';

/** `/{project}/activity`: the activity log, read through the items engine, and comments (api-v8 §2.11). */
export const activityRoutes: FastifyPluginAsync = async (app) => {
  const service = (request: Parameters<typeof queryOf>[0]) =>
    new ItemsService(request.project, request.accountability, { collection: 'directus_activity' });

  registerSystemCrud(app, { collection: 'directus_activity', readOnly: true });

  app.post('/comment', async (request, reply) => {
    await service(request).checkReadBack(queryOf(request));
    const id = await createComment(request.project, request.accountability, objectBody(request));
    return respond(
      request,
      reply,
      envelope(await service(request).readByKeys([id], queryOf(request), false)),
    );
  });

  app.patch<{ Params: { id: string } }>('/comment/:id', async (request, reply) => {
    await service(request).checkReadBack(queryOf(request));
    const id = await updateComment(
      request.project,
      request.accountability,
      request.params.id,
      objectBody(request),
    );
    return respond(
      request,
      reply,
      envelope(await service(request).readByKeys([id], queryOf(request), false)),
    );
  });

  app.delete<{ Params: { id: string } }>('/comment/:id', async (request, reply) => {
    await deleteComment(request.project, request.accountability, request.params.id);
    return respond(request, reply, {});
  });
};
