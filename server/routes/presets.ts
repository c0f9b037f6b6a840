import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import type { Item } from '../query/execute-read';
import { parseQuery } from '../query/parse-query';
import { indexDefaultSort } from '../services/default-sort-index';
import { events, type ItemEvent } from '../services/events';
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

  // A collection-wide preset's sort is the collection's default order: its field gets an index,
  // after the preset's write has committed. A failure is logged; the preset stays saved.
  const pending = new Set<Promise<void>>();
  const listener = (event: ItemEvent) => {
    if (event.collection !== 'directus_collection_presets' || event.action === 'delete') return;
    if (event.project.server !== app.registry.server) return;
    for (const key of event.keys) {
      const task = indexDefaultSort(event.project, key)
        .then(() => undefined)
        .catch((error: unknown) =>
          app.log.warn(
            { project: event.project.key, preset: key, error: (error as Error).message },
            'presets: could not index the default sort field',
          ),
        )
        .finally(() => pending.delete(task));
      pending.add(task);
    }
  };
  events.on('item', listener);
  app.addHook('onClose', async () => {
    events.off('item', listener);
    await Promise.allSettled([...pending]);
  });
};
