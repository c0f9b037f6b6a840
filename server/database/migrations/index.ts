import type { Knex } from 'knex';
import { systemTables } from './20261121000000_system_tables';
import { userEmails } from './20261123000000_user_emails';
import { webhookDeliveries } from './20261125000000_webhook_deliveries';
import { rowCounts } from './20261201000000_row_counts';

export interface Migration {
  name: string;
  up: (knex: Knex) => Promise<void>;
}

/** Every migration, in the order they run. Names are dated and never change once released. */
export const migrations: Migration[] = [systemTables, userEmails, webhookDeliveries, rowCounts];
