import type { FastifyPluginAsync } from 'fastify';
import { respond } from '../respond';
import { projectInfo } from '../services/project-info';
import { authRoutes } from './auth';
import { usersRoutes } from './users';

/** All routes below /{project}/. Each group lives in its own file. */
export const projectRoutes: FastifyPluginAsync = async (app) => {
  app.get('/', async (request, reply) => {
    return respond(request, reply, { data: await projectInfo(request.project, request.accountability) });
  });
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(usersRoutes, { prefix: '/users' });
};
