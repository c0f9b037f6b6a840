import type { FastifyPluginAsync } from 'fastify';
import { registerSystemCrud } from './system-crud';

/** `/{project}/roles` (api-v8 §2.15): role 1 and 2 cannot be deleted; new roles get §6.6 permissions. */
export const rolesRoutes: FastifyPluginAsync = async (app) => {
  registerSystemCrud(app, { collection: 'directus_roles', idPattern: '^[0-9,]+$', revisions: true });
};
