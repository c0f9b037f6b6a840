import type { FastifyPluginAsync } from 'fastify';
import { registerSystemCrud } from './system-crud';

/** `/{project}/folders` (api-v8 §2.10); non-numeric ids are not routes (404 code 1). */
export const foldersRoutes: FastifyPluginAsync = async (app) => {
  registerSystemCrud(app, { collection: 'directus_folders', idPattern: '^[0-9,]+$' });
};
