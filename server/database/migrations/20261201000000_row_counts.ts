import type { Knex } from 'knex';
import type { Migration } from './index';

/**
 * Octavo's own table: the row counters of user collections (services/row-counts.ts), shared by
 * every node. One row per collection and bucket: `%` the collection's write lock, `$<status field>`
 * the marker of a complete counter, `*` all rows (no status field), `=<value>` / `~` the rows of a
 * status value / a null status, `!` "count the table instead".
 */
export const ROW_COUNTS = 'octavo_row_counts';

export async function createRowCounts(knex: Knex): Promise<void> {
  if (await knex.schema.hasTable(ROW_COUNTS)) return;
  const mysql = knex.client.config.client === 'mysql2' || knex.client.config.client === 'mysql';
  await knex.schema.createTable(ROW_COUNTS, (table) => {
    const collection = table.string('collection', 64).notNullable();
    const bucket = table.string('bucket', 255).notNullable();
    // Keys compare byte for byte, as JavaScript does (MySQL's default collation folds case).
    if (mysql) {
      collection.collate('utf8mb4_bin');
      bucket.collate('utf8mb4_bin');
    }
    table.bigInteger('n').notNullable().defaultTo(0);
    table.primary(['collection', 'bucket']);
  });
}

export const rowCounts: Migration = {
  name: '20261201000000_row_counts',
  up: createRowCounts,
};
