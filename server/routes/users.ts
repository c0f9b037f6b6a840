import type { FastifyPluginAsync } from 'fastify';

export const usersRoutes: FastifyPluginAsync = async () => {};
