import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import type { Item } from '../query/execute-read';
import { parseQuery } from '../query/parse-query';
import { ItemsService, type PrimaryKey } from '../services/items';
import { registerSystemCrud } from './system-crud';

/** v8: a non-admin deleting a role's preset gets 403 code 10, whatever their permission rows say. */
async function refuseRolePresets(request: FastifyRequest, keys: PrimaryKey[]): Promise<void> {
  if (request.accountability.admin) return;
  const numeric = keys.filter((key) => /^\d+$/.test(String(key))).map(Number);
  if (numeric.length === 0) return;
  const service = new ItemsService(request.project, request.accountability, {
    collection: 'directus_collection_presets',
    trusted: true,
  });
  const { data } = await service.readMany({
    ...parseQuery({}),
    fields: ['id'],
    filter: {
      kind: 'and',
      children: [
        { kind: 'condition', path: ['id'], operator: 'in', value: numeric },
        { kind: 'condition', path: ['role'], operator: 'nnull', value: null },
      ],
    },
    limit: 1,
  });
  if ((data as Item[]).length > 0) {
    throw new ApiError('FORBIDDEN', 'Cannot delete collection presets that belongs to a role');
  }
}

/**
 * `/{project}/collection_presets` (api-v8 §2.13): never logged in activity. Non-admins write only
 * their own presets; role and global presets are written by administrators (system-hooks.ts).
 */
export const presetsRoutes: FastifyPluginAsync = async (app) => {
  registerSystemCrud(app, {
    collection: 'directus_collection_presets',
    idPattern: '^[0-9,]+$',
    service: { activity: false },
    beforeDelete: refuseRolePresets,
  });
};
