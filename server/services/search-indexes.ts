import type { Knex } from 'knex';
import type { Vendor } from '../config';
import type { SchemaUnit } from '../database/schema-change';
import { loadSchema } from '../schema/load-schema';
import { orphanedTrigramTables, readMysqlIndexes, restoreMysqlIndex } from '../schema/search-index-mysql';
import {
  dropSearchIndex,
  ftsTable,
  orphanedSearchTables,
  readSearchIndexes,
  syncSearchIndex,
  wantedColumns,
  type SyncResult,
} from '../schema/search-index';

/**
 * The search index follows the schema: schema changes made through the API (fields, collections,
 * relations) keep each collection's index in step inside the same unit. Steps that change a column
 * first drop what the change would break (SQLite: triggers naming the column, and a rebuilt table
 * keeps no triggers; PostgreSQL: a trigram index cannot survive a change to a number type; MySQL:
 * triggers naming a dropped column would fail every write); the unit's last step rebuilds the index
 * of every collection it touched. On MySQL, where DDL commits at once, each of these steps is undone
 * by bringing the index back to what it was, for the columns the table then has.
 */

const touched = new WeakMap<SchemaUnit, Set<string>>();

/** Marks a collection whose search index the unit's last step brings up to date. */
export function touchSearchIndex(unit: SchemaUnit, collection: string): void {
  let set = touched.get(unit);
  if (!set) touched.set(unit, (set = new Set()));
  set.add(collection);
}

/** Before a column of `collection` is changed or dropped: drops the index parts it would break. */
export async function beforeColumnChange(
  unit: SchemaUnit,
  collection: string,
  column: string,
): Promise<void> {
  touchSearchIndex(unit, collection);
  if (unit.dialect.vendor === 'mysql') {
    const before = (await readMysqlIndexes(unit.db)).get(collection);
    if (!before) return;
    await unit.step(
      `drop search index ${collection}`,
      (db) => dropSearchIndex(db, collection),
      (db) => undoMysql(db, collection, before.collations ?? null),
    );
    return;
  }
  await unit.step(`drop search index ${collection}.${column}`, (db) =>
    dropSearchIndex(db, collection, unit.dialect.vendor === 'sqlite' ? undefined : column),
  );
}

/** The undo of a MySQL index step: the index as it was (`collations`), or none. */
async function undoMysql(db: Knex, collection: string, collations: ReadonlyMap<string, string> | null) {
  const model = await loadSchema(db, 'mysql');
  const info = model.collections.get(collection);
  if (!info) return;
  await restoreMysqlIndex(db, collection, info.primaryKey, collations);
}

/** Before a collection's table is dropped (MySQL: its triggers go with it, its trigram table after). */
export async function beforeTableDrop(unit: SchemaUnit, collection: string): Promise<void> {
  if (unit.dialect.vendor === 'mysql') return;
  await unit.step(`drop search index ${collection}`, (db) => dropSearchIndex(db, collection));
}

/**
 * The unit's last step: the touched collections' indexes as their fields now ask, SQLite FTS tables
 * that lost their triggers (a table rebuilt by any change) rebuilt, those of gone tables dropped.
 */
export async function syncSearchIndexSteps(unit: SchemaUnit): Promise<void> {
  const vendor = unit.dialect.vendor;
  const set = touched.get(unit) ?? new Set<string>();
  const stale = new Set<string>();
  if (vendor === 'mysql') {
    await settleMysql(unit, set);
    return;
  }
  if (vendor === 'sqlite') {
    const usable = await readSearchIndexes(unit.db);
    for (const table of await ftsTables(unit.db)) if (!usable.has(table)) stale.add(table);
    for (const table of await orphanedSearchTables(unit.db)) {
      stale.delete(table);
      await unit.step(`drop search index ${table}`, (db) => dropSearchIndex(db, table));
    }
  }
  if (set.size === 0 && stale.size === 0) return;
  const model = await loadSchema(unit.db, vendor);
  for (const name of [...new Set([...set, ...stale])].sort()) {
    const info = model.collections.get(name);
    if (!info) continue;
    await unit.step(`search index ${name}`, (db) => syncSearchIndex(db, info));
  }
}

/**
 * MySQL: the touched collections' indexes brought in step, and the trigram tables of dropped
 * collections dropped, after the unit's steps. A column or table dropped there cannot be brought
 * back, so this runs as `settle` (no failure is injected after such a step) and never fails the
 * change: an index that cannot be made is dropped and said in the log (syncSearchIndex), and
 * search scans. Each collection's part is undone, if the unit fails later, by bringing its index
 * back to what it was for the columns the table then has.
 */
async function settleMysql(unit: SchemaUnit, set: Set<string>): Promise<void> {
  try {
    for (const orphan of await orphanedTrigramTables(unit.db))
      await unit.settle(
        `drop search index ${orphan}`,
        (db) => db.raw(`DROP TABLE IF EXISTS \`${orphan}\``),
        async () => {},
      );
    if (set.size === 0) return;
    const existing = await readMysqlIndexes(unit.db);
    const model = await loadSchema(unit.db, 'mysql');
    for (const name of [...set].sort()) {
      const info = model.collections.get(name);
      if (!info) continue;
      const before = existing.get(name)?.collations ?? null;
      await unit.settle(
        `search index ${name}`,
        (db) => syncSearchIndex(db, info),
        (db) => undoMysql(db, name, before),
      );
    }
  } catch (error) {
    console.warn(
      `[octavo] search (q): the search indexes could not be brought in step (${(error as Error).message})`,
    );
  }
}

/** SQLite: the collections that have an FTS table, usable or not. */
async function ftsTables(db: Knex): Promise<string[]> {
  const rows: Array<{ name: string }> = await db('sqlite_master')
    .select('name')
    .where('type', 'table')
    .andWhereRaw("name like 'octavo\\_search\\_%\\_fts' escape '\\'");
  return rows.map((r) => r.name.slice('octavo_search_'.length, -'_fts'.length));
}

// ---------------------------------------------------------------------------------------------
// The operator's migration step (`octavo search-index build | status | drop`)

export interface IndexStatus {
  collection: string;
  /** The columns the index should cover on this vendor. */
  wanted: string[];
  /** The columns a usable index covers now. */
  indexed: string[];
  state: 'ready' | 'missing' | 'partial' | 'none';
}

/** Each user collection: which of its searched columns have a usable index. */
export async function searchIndexStatus(knex: Knex, vendor: Vendor): Promise<IndexStatus[]> {
  const model = await loadSchema(knex, vendor);
  const out: IndexStatus[] = [];
  for (const info of model.collections.values()) {
    if (info.system) continue;
    const wanted = wantedColumns(info, vendor);
    const indexed = [...(info.searchIndex?.columns ?? [])].sort();
    const covered = wanted.filter((c) => info.searchIndex?.columns.has(c));
    const state =
      wanted.length === 0
        ? 'none'
        : covered.length === wanted.length && indexed.length === wanted.length
          ? 'ready'
          : covered.length === 0
            ? 'missing'
            : 'partial';
    out.push({ collection: info.collection, wanted, indexed, state });
  }
  return out;
}

/**
 * Builds the missing indexes of every user collection (or of `only`), online: PostgreSQL with
 * CREATE INDEX CONCURRENTLY outside any transaction (writes go on meanwhile); SQLite creates the
 * FTS table and its triggers and fills it ('rebuild') in one transaction per collection; MySQL
 * creates the triggers first, then fills the trigram table 1,000 rows a statement.
 */
export async function buildSearchIndexes(
  knex: Knex,
  vendor: Vendor,
  only?: string[],
): Promise<Array<{ collection: string } & SyncResult>> {
  const model = await loadSchema(knex, vendor);
  const out: Array<{ collection: string } & SyncResult> = [];
  for (const info of model.collections.values()) {
    if (info.system || (only && !only.includes(info.collection))) continue;
    const result =
      vendor === 'sqlite'
        ? await knex.transaction((trx) => syncSearchIndex(trx, info))
        : await syncSearchIndex(knex, info, { concurrently: vendor === 'postgres' });
    out.push({ collection: info.collection, ...result });
  }
  return out;
}

/** Drops the search indexes of every user collection (or of `only`). */
export async function dropSearchIndexes(
  knex: Knex,
  vendor: Vendor,
  only?: string[],
): Promise<Array<{ collection: string; dropped: string[] }>> {
  const model = await loadSchema(knex, vendor);
  const out: Array<{ collection: string; dropped: string[] }> = [];
  for (const info of model.collections.values()) {
    if (info.system || (only && !only.includes(info.collection))) continue;
    const dropped =
      vendor === 'sqlite'
        ? await knex.transaction((trx) => dropSearchIndex(trx, info.collection))
        : await dropSearchIndex(knex, info.collection, undefined, { concurrently: vendor === 'postgres' });
    out.push({ collection: info.collection, dropped });
  }
  if (vendor === 'sqlite') {
    for (const table of await orphanedSearchTables(knex)) {
      await dropSearchIndex(knex, table);
      out.push({ collection: table, dropped: [ftsTable(table)] });
    }
  }
  if (vendor === 'mysql' && !only) {
    for (const orphan of await orphanedTrigramTables(knex)) {
      await knex.raw(`DROP TABLE IF EXISTS \`${orphan}\``);
      out.push({ collection: orphan, dropped: [orphan] });
    }
  }
  return out;
}
