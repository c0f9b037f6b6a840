import type { FastifyPluginAsync } from 'fastify';
import { registerSystemCrud } from './system-crud';

/**
 * `/{project}/webhooks` (api-v8 §2.18), administrators only (401 code 3 for everyone else).
 * Writes emit item events on `directus_webhooks`, which make delivery reload its list.
 */
export const webhooksRoutes: FastifyPluginAsync = async (app) => {
  registerSystemCrud(app, {
    collection: 'directus_webhooks',
    auth: 'admin',
    idPattern: '^[0-9,]+$',
    revisions: true,
  });
};
