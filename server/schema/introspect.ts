import type { Knex } from 'knex';
import type { Vendor } from '../config';
import { dialectOf, type ColumnIntrospection } from '../database/dialects';

export type { ColumnIntrospection };

/** Tables that are Octavo's own bookkeeping, not content. */
const INTERNAL_TABLE = /^octavo_/;

/** Reads every table and column of the connected database (each vendor's query is its dialect's). */
export async function introspectDatabase(
  knex: Knex,
  vendor: Vendor,
): Promise<Map<string, ColumnIntrospection[]>> {
  const columns = await dialectOf(vendor).introspectColumns(knex);
  const tables = new Map<string, ColumnIntrospection[]>();
  for (const column of columns) {
    if (INTERNAL_TABLE.test(column.table)) continue;
    const list = tables.get(column.table) ?? [];
    list.push(column);
    tables.set(column.table, list);
  }
  return tables;
}
