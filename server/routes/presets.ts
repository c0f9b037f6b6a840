import type { FastifyPluginAsync } from 'fastify';
import { registerSystemCrud } from './system-crud';

/**
 * `/{project}/collection_presets` (api-v8 §2.13): never logged in activity. Non-admins write only
 * their own presets; role and global presets are written by administrators (system-hooks.ts).
 */
export const presetsRoutes: FastifyPluginAsync = async (app) => {
  registerSystemCrud(app, {
    collection: 'directus_collection_presets',
    idPattern: '^[0-9,]+$',
    service: { activity: false },
  });
};
