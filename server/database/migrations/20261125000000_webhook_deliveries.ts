import type { Knex } from 'knex';
import type { Migration } from './index';

/** Octavo's own table: the last deliveries of each webhook (settings → webhooks shows them). */
export const WEBHOOK_DELIVERIES = 'octavo_webhook_deliveries';

export async function createWebhookDeliveries(knex: Knex): Promise<void> {
  if (await knex.schema.hasTable(WEBHOOK_DELIVERIES)) return;
  await knex.schema.createTable(WEBHOOK_DELIVERIES, (table) => {
    table.increments('id');
    table.integer('webhook').notNullable();
    /** `item.create`, `item.update`, `item.delete`, or `test` for "send test". */
    table.string('event', 32).notNullable();
    table.string('collection', 64).nullable();
    table.string('item', 255).nullable();
    table.boolean('ok').notNullable();
    /** The receiver's last HTTP status; null when no answer came. */
    table.integer('status').nullable();
    table.string('error', 255).nullable();
    table.integer('attempts').notNullable();
    /** From the first request to the last answer, retries and their pauses included. */
    table.integer('duration_ms').notNullable();
    table.dateTime('delivered_on').notNullable();
    table.index(['webhook', 'id'], 'ix_octavo_webhook_deliveries_webhook');
  });
}

export const webhookDeliveries: Migration = {
  name: '20261125000000_webhook_deliveries',
  up: createWebhookDeliveries,
};
