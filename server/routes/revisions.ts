import type { FastifyPluginAsync } from 'fastify';
import { registerSystemCrud } from './system-crud';

/** `/{project}/revisions`: item revisions, read through the items engine (api-v8 §2.12). */
export const revisionsRoutes: FastifyPluginAsync = async (app) => {
  registerSystemCrud(app, { collection: 'directus_revisions', readOnly: true });
};
