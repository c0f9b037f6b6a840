import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../errors';
import { respond } from '../respond';
import { listDeliveries } from '../services/webhooks';
import { registerSystemCrud } from './system-crud';

/** The stored webhook row, or 404 code 203 like any missing item. */
async function webhookRow(knex: import('knex').Knex, id: string): Promise<Record<string, unknown>> {
  // Past the largest integer key the row cannot exist (and PostgreSQL refuses the comparison).
  const row =
    /^\d{1,10}$/.test(id) && Number(id) <= 2147483647
      ? ((await knex('directus_webhooks').where('id', Number(id)).first()) as
          Record<string, unknown> | undefined)
      : undefined;
  if (!row) throw new ApiError('ITEM_NOT_FOUND', 'Webhook not found');
  return row;
}

/**
 * `/{project}/webhooks` (api-v8 §2.18), administrators only (401 code 3 for everyone else).
 * Writes emit item events on `directus_webhooks`, which make delivery reload its list.
 * Octavo adds each webhook's delivery log and a test send (docs/compatibility.md).
 */
export const webhooksRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { id: string } }>(
    '/:id/deliveries',
    { config: { auth: 'admin' } },
    async (request, reply) => {
      const row = await webhookRow(request.project.knex, request.params.id);
      const data = await listDeliveries(request.project, Number(row.id));
      return respond(request, reply, { data });
    },
  );

  app.post<{ Params: { id: string } }>('/:id/test', { config: { auth: 'admin' } }, async (request, reply) => {
    const row = await webhookRow(request.project.knex, request.params.id);
    let data;
    try {
      data = await app.webhooks.sendTest(request.project, row);
    } catch (error) {
      throw new ApiError(
        'INVALID_PAYLOAD',
        `The webhook cannot be sent: its ${error instanceof Error ? error.message : 'settings'} is not valid`,
      );
    }
    return respond(request, reply, { data });
  });

  registerSystemCrud(app, {
    collection: 'directus_webhooks',
    auth: 'admin',
    idPattern: '^[0-9,]+$',
    revisions: true,
  });
};
