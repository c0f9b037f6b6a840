import type { Knex } from 'knex';
import type { Vendor } from '../config';
import { constraintName } from '../database/dialects/base';
import {
  MYSQL_TEXT,
  columnCollations,
  createMysqlIndex,
  dropMysqlIndex,
  readMysqlIndexes,
  trigramTable,
} from './search-index-mysql';
import type { CollectionInfo, FieldInfo, SearchIndexInfo } from './types';

/**
 * The index behind `q` (substring search, `contains` semantics). It is only ever a prefilter or an
 * access path: the LIKE comparisons of the plain scan stay in every query, so results never depend
 * on it.
 *
 * - SQLite: an FTS5 table with the trigram tokenizer, external content (`content=<table>`, its rowid
 *   the table's), kept in step by AFTER INSERT/UPDATE/DELETE triggers. `q` adds
 *   `rowid IN (SELECT rowid FROM <fts> WHERE <fts> MATCH '"ter" AND "erm"')` (ftsCover) before the LIKEs.
 * - PostgreSQL: the `pg_trgm` extension and one GIN `gin_trgm_ops` index per searched column: on a
 *   text column itself, on a number column's `(column)::text`; each is what `ILIKE` compares, so the
 *   planner uses it for the same SQL.
 * - MySQL / MariaDB: a table of each row's trigrams, made by the database (collation weights) and
 *   kept in step by triggers: search-index-mysql.ts.
 *
 * System collections (`directus_*`) are not indexed: their writes stay as cheap as they were.
 */

/** Trigram length: shorter terms cannot use a trigram index and are searched by scan. */
export const TRIGRAM = 3;

/** The number of characters (code points, not UTF-16 units or bytes) of a search term. */
export function termLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Directus types `q` searches (api-v8 §3.4); untyped columns by their storage. */
export function searchable(field: FieldInfo): boolean {
  if (field.alias) return false;
  if (field.type) return ['string', 'integer', 'decimal'].includes(field.type);
  return ['string', 'integer', 'bigint', 'decimal'].includes(field.storage ?? '');
}

/** FTS5 reserves these column names; such a column is searched by scan. */
const FTS_RESERVED = new Set(['rank', 'rowid', '_rowid_', 'oid']);
/** PostgreSQL text columns that `gin_trgm_ops` indexes as they are (char(n) compares padded). */
const PG_TEXT = new Set(['varchar', 'character varying', 'text', 'citext']);
/** Integer and decimal datatypes whose text is only digits, sign, point, exponent, NaN/Infinity. */
export const NUMBER_TEXT: Partial<Record<string, Set<string>>> = {
  postgres: new Set([
    'smallint',
    'integer',
    'bigint',
    'int2',
    'int4',
    'int8',
    'numeric',
    'decimal',
    'real',
    'double precision',
    'float4',
    'float8',
  ]),
  mysql: new Set([
    'tinyint',
    'smallint',
    'mediumint',
    'int',
    'integer',
    'bigint',
    'decimal',
    'numeric',
    'float',
    'double',
    'real',
    'year',
  ]),
};

/**
 * PostgreSQL: whether a searched column is indexed on its text (`(column)::text`), not itself: a
 * number column, which `q` compares as `CAST(column AS TEXT)`.
 */
export function indexedAsText(field: FieldInfo): boolean {
  return field.storage !== 'string' && NUMBER_TEXT.postgres!.has(field.datatype ?? '');
}

/** The columns of a collection its search index should cover on this vendor (empty: none). */
export function wantedColumns(info: CollectionInfo, vendor: Vendor): string[] {
  if (info.system || info.collection.startsWith('octavo_')) return [];
  const fields = [...info.fields.values()].filter(searchable);
  if (vendor === 'sqlite') {
    // Every searched column, numbers too: FTS reads a number as the text LIKE compares.
    return fields.filter((f) => !FTS_RESERVED.has(f.field.toLowerCase())).map((f) => f.field);
  }
  if (vendor === 'postgres') {
    return fields
      .filter((f) => (f.storage === 'string' && PG_TEXT.has(f.datatype ?? '')) || indexedAsText(f))
      .map((f) => f.field);
  }
  return fields
    .filter(
      (f) =>
        (f.storage === 'string' && MYSQL_TEXT.has(f.datatype ?? '')) ||
        (f.storage !== 'string' && NUMBER_TEXT.mysql!.has(f.datatype ?? '')),
    )
    .map((f) => f.field);
}

// ---------------------------------------------------------------------------------------------
// Names

/** SQLite: the FTS table of a collection. Shadow tables end in _data, _idx…, never in _fts. */
export const ftsTable = (table: string) => `octavo_search_${table}_fts`;
const FTS_NAME = /^octavo_search_(.+)_fts$/;
const triggerNames = (table: string) => ({
  insert: `octavo_search_${table}_ai`,
  update: `octavo_search_${table}_au`,
  delete: `octavo_search_${table}_ad`,
});
/** PostgreSQL: the trigram index of one column. */
export const trigramIndex = (table: string, column: string) => constraintName('sx', table, column);

const quoteId = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteText = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The FTS5 query for a literal substring: one phrase, its double quotes doubled. */
export function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * The FTS5 prefilter for a substring: its trigrams side by side (at 0, 3, 6… and the last one),
 * ANDed. A row whose column holds the term holds each of them, so it matches; the LIKEs then do
 * the rest. It reads a few doclists, skipping through them, where the phrase of every trigram reads
 * each one's positions: ten times less work for a long term. A term of three characters is its one
 * trigram.
 */
export function ftsCover(text: string): string {
  const chars = [...text];
  const pieces = new Set<string>();
  for (let at = 0; at + TRIGRAM <= chars.length; at += TRIGRAM)
    pieces.add(chars.slice(at, at + TRIGRAM).join(''));
  pieces.add(chars.slice(chars.length - TRIGRAM).join(''));
  return [...pieces].map(ftsPhrase).join(' AND ');
}

// ---------------------------------------------------------------------------------------------
// Reading what exists

function vendorOf(db: Knex): Vendor {
  const client = String(db.client.config.client);
  if (client.includes('sqlite')) return 'sqlite';
  if (client === 'pg' || client.includes('postgres')) return 'postgres';
  return 'mysql';
}

function rowsOf(result: any, vendor: Vendor): any[] {
  if (vendor === 'postgres') return result.rows;
  if (vendor === 'mysql') return result[0];
  return result;
}

/**
 * The usable search indexes of the database, by table. SQLite: an FTS table counts only with its
 * three triggers (a table rebuilt by a schema change loses them). PostgreSQL: any valid
 * single-column GIN `gin_trgm_ops` index on a column or on `(column)::text`, ours or an operator's.
 */
export async function readSearchIndexes(db: Knex): Promise<Map<string, SearchIndexInfo>> {
  const vendor = vendorOf(db);
  const out = new Map<string, SearchIndexInfo>();
  if (vendor === 'sqlite') {
    const master: Array<{ type: string; name: string; tbl_name: string }> = await db('sqlite_master')
      .select('type', 'name', 'tbl_name')
      .whereRaw("name like 'octavo\\_search\\_%' escape '\\'");
    const names = new Set(master.map((m) => `${m.type}:${m.name}`));
    for (const row of master) {
      const match = row.type === 'table' ? FTS_NAME.exec(row.name) : null;
      if (!match) continue;
      const table = match[1];
      const triggers = triggerNames(table);
      if (!Object.values(triggers).every((t) => names.has(`trigger:${t}`))) continue;
      const columns: Array<{ name: string }> = await db.raw('select name from pragma_table_info(?)', [
        row.name,
      ]);
      out.set(table, { kind: 'fts5', table: row.name, columns: new Set(columns.map((c) => c.name)) });
    }
    return out;
  }
  if (vendor === 'postgres') {
    const result = await db.raw(
      `select t.relname as "table", a.attname as "column", pg_get_expr(i.indexprs, i.indrelid) as "expression"
         from pg_index i
         join pg_class t on t.oid = i.indrelid
         join pg_namespace n on n.oid = t.relnamespace and n.nspname = current_schema()
         join pg_opclass oc on oc.oid = i.indclass[0]
         left join pg_attribute a on a.attrelid = t.oid and a.attnum = i.indkey[0] and i.indkey[0] <> 0
        where oc.opcname = 'gin_trgm_ops' and i.indnatts = 1 and i.indisvalid and i.indpred is null`,
    );
    const rows = rowsOf(result, vendor) as Array<{
      table: string;
      column: string | null;
      expression: string | null;
    }>;
    for (const row of rows) {
      // An expression index counts for the column it casts to text, `(column)::text`.
      if (row.column === null) row.column = textCastOf(row.expression);
      if (row.column === null) continue;
      const entry = out.get(row.table) ?? {
        kind: 'pg_trgm' as const,
        table: null,
        columns: new Set<string>(),
      };
      (entry.columns as Set<string>).add(row.column!);
      out.set(row.table, entry);
    }
    return out;
  }
  return readMysqlIndexes(db);
}

/** The column of a PostgreSQL index expression `(column)::text` (as pg_get_expr prints it), else null. */
export function textCastOf(expression: string | null): string | null {
  const match = /^\((?:(\w+)|"((?:[^"]|"")+)")\)::text$/.exec(expression ?? '');
  if (!match) return null;
  return match[1] ?? match[2].replace(/""/g, '"');
}

const saidOnce = new Set<string>();
/** Logs a line once per database (the same database behind several pools or nodes logs once each). */
function sayOnce(db: Knex, line: string): void {
  const c = (db.client.config.connection ?? {}) as Record<string, unknown>;
  const key = `${line}|${String(c.host ?? '')}:${String(c.port ?? '')}/${String(c.database ?? c.filename ?? '')}`;
  if (saidOnce.has(key)) return;
  saidOnce.add(key);
  console.warn(`[octavo] ${line}`);
}

// ---------------------------------------------------------------------------------------------
// Building and dropping

/**
 * PostgreSQL: makes sure `pg_trgm` is there, creating it when the role may (in a savepoint, so a
 * refusal leaves the caller's transaction usable). False, with one line in the log, when it cannot.
 */
export async function ensureTrigramExtension(db: Knex): Promise<boolean> {
  const present = rowsOf(await db.raw("select 1 from pg_extension where extname = 'pg_trgm'"), 'postgres');
  if (present.length > 0) return true;
  try {
    if (db.isTransaction) {
      await (db as Knex.Transaction).transaction(async (sp) => {
        await sp.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      });
    } else await db.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    return true;
  } catch (error) {
    sayOnce(
      db,
      `search (q): the pg_trgm extension could not be created (${(error as Error).message}); search scans the searched columns`,
    );
    return false;
  }
}

/** SQLite: whether the table has a rowid the FTS content can point at. */
async function hasRowid(db: Knex, table: string): Promise<boolean> {
  const row = await db('sqlite_master').where({ type: 'table', name: table }).first('sql');
  if (!row || /\bwithout\s+rowid\b/i.test(String(row.sql))) return false;
  const columns: Array<{ name: string }> = await db.raw('select name from pragma_table_info(?)', [table]);
  return !columns.some((c) => FTS_RESERVED.has(c.name.toLowerCase()));
}

async function dropFts(db: Knex, table: string): Promise<boolean> {
  const triggers = triggerNames(table);
  for (const name of Object.values(triggers)) await db.raw(`DROP TRIGGER IF EXISTS ${quoteId(name)}`);
  const exists = await db('sqlite_master')
    .where({ type: 'table', name: ftsTable(table) })
    .first('name');
  if (exists) await db.raw(`DROP TABLE ${quoteId(ftsTable(table))}`);
  return Boolean(exists);
}

async function createFts(db: Knex, table: string, columns: string[]): Promise<void> {
  const fts = quoteId(ftsTable(table));
  const t = quoteId(table);
  const list = columns.map(quoteId).join(', ');
  const of = (row: 'new' | 'old') => columns.map((c) => `${row}.${quoteId(c)}`).join(', ');
  const triggers = triggerNames(table);
  await db.raw(
    `CREATE VIRTUAL TABLE ${fts} USING fts5(${list}, content=${quoteText(table)}, content_rowid='rowid', tokenize='trigram')`,
  );
  await db.raw(
    `CREATE TRIGGER ${quoteId(triggers.insert)} AFTER INSERT ON ${t} BEGIN ` +
      `INSERT INTO ${fts}(rowid, ${list}) VALUES (new.rowid, ${of('new')}); END`,
  );
  await db.raw(
    `CREATE TRIGGER ${quoteId(triggers.delete)} AFTER DELETE ON ${t} BEGIN ` +
      `INSERT INTO ${fts}(${fts}, rowid, ${list}) VALUES ('delete', old.rowid, ${of('old')}); END`,
  );
  await db.raw(
    `CREATE TRIGGER ${quoteId(triggers.update)} AFTER UPDATE ON ${t} BEGIN ` +
      `INSERT INTO ${fts}(${fts}, rowid, ${list}) VALUES ('delete', old.rowid, ${of('old')}); ` +
      `INSERT INTO ${fts}(rowid, ${list}) VALUES (new.rowid, ${of('new')}); END`,
  );
  await db.raw(`INSERT INTO ${fts}(${fts}) VALUES ('rebuild')`);
}

/** PostgreSQL: our `sx_` indexes of a table; with `invalid`, only those a failed CONCURRENTLY build left. */
async function pgIndexes(db: Knex, table: string, invalid = false): Promise<string[]> {
  const result = await db.raw(
    `select ic.relname as name from pg_index i
       join pg_class ic on ic.oid = i.indexrelid
       join pg_class t on t.oid = i.indrelid
       join pg_namespace n on n.oid = t.relnamespace and n.nspname = current_schema()
      where t.relname = ? and ic.relname like 'sx\\_%' and (? = false or not i.indisvalid)`,
    [table, invalid],
  );
  return (rowsOf(result, 'postgres') as Array<{ name: string }>).map((r) => r.name);
}

export interface SyncOptions {
  /** PostgreSQL: CREATE INDEX CONCURRENTLY (outside a transaction: the online build). */
  concurrently?: boolean;
}

/** What a sync did to one collection. */
export interface SyncResult {
  created: string[];
  dropped: string[];
  /** Why the collection has no index, when it has none. */
  skipped?: string;
}

/**
 * Brings the search index of one collection to what `wantedColumns` asks: created, rebuilt with
 * other columns, or dropped. Runs on `db` (a schema change's transaction, or the pool).
 */
export async function syncSearchIndex(
  db: Knex,
  info: CollectionInfo,
  options: SyncOptions = {},
): Promise<SyncResult> {
  const vendor = vendorOf(db);
  const table = info.collection;
  const wanted = wantedColumns(info, vendor);
  const result: SyncResult = { created: [], dropped: [] };
  if (vendor === 'sqlite') {
    const existing = (await readSearchIndexes(db)).get(table);
    const same =
      existing && existing.columns.size === wanted.length && wanted.every((c) => existing.columns.has(c));
    if (same) return result;
    if (await dropFts(db, table)) result.dropped.push(ftsTable(table));
    if (wanted.length === 0) return { ...result, skipped: 'no searched column to index' };
    if (!(await hasRowid(db, table))) return { ...result, skipped: 'the table has no rowid' };
    await createFts(db, table, wanted);
    result.created.push(ftsTable(table));
    return result;
  }
  if (vendor === 'postgres') {
    const concurrently = options.concurrently ? 'CONCURRENTLY ' : '';
    for (const name of await pgIndexes(db, table, true)) {
      await db.raw(`DROP INDEX ${concurrently}IF EXISTS ${quoteId(name)}`);
      result.dropped.push(name);
    }
    const ours = new Set(await pgIndexes(db, table));
    const want = new Map(wanted.map((c) => [trigramIndex(table, c), c]));
    const asText = new Set(wanted.filter((c) => indexedAsText(info.fields.get(c)!)));
    for (const name of ours) {
      if (want.has(name)) continue;
      await db.raw(`DROP INDEX ${options.concurrently ? 'CONCURRENTLY ' : ''}IF EXISTS ${quoteId(name)}`);
      result.dropped.push(name);
    }
    const missing = [...want].filter(([name]) => !ours.has(name));
    if (missing.length === 0) return result;
    if (!(await ensureTrigramExtension(db))) return { ...result, skipped: 'pg_trgm is not available' };
    for (const [name, column] of missing) {
      await db.raw(
        `CREATE INDEX ${options.concurrently ? 'CONCURRENTLY ' : ''}${quoteId(name)} ON ${quoteId(table)} USING gin (${asText.has(column) ? `(${quoteId(column)}::text)` : quoteId(column)} gin_trgm_ops)`,
      );
      result.created.push(name);
    }
    return result;
  }
  const primary = info.fields.get(info.primaryKey);
  const existing = (await readMysqlIndexes(db)).get(table);
  const columns =
    wanted.length > 0 && primary && !primary.alias ? await columnCollations(db, info, wanted) : new Map();
  if (columns.size === 0) {
    result.dropped.push(...(await dropMysqlIndex(db, table)));
    return {
      ...result,
      skipped:
        wanted.length === 0
          ? 'no searched column to index'
          : 'no searched column in a collation the index serves',
    };
  }
  const same =
    existing &&
    existing.columns.size === columns.size &&
    [...columns].every(([c, v]) => existing.collations?.get(c) === v);
  if (same) return result;
  try {
    await createMysqlIndex(db, table, info.primaryKey, columns);
  } catch (error) {
    // Creating functions or triggers needs privileges (CREATE ROUTINE, TRIGGER; with binary logging,
    // log_bin_trust_function_creators): without them, the scan, said once.
    await dropMysqlIndex(db, table).catch(() => undefined);
    sayOnce(
      db,
      `search (q): the trigram index of ${table} could not be created (${(error as Error).message}); search scans the searched columns`,
    );
    return { ...result, skipped: 'the trigram functions or triggers could not be created' };
  }
  if (!existing) result.created.push(trigramTable(table));
  else result.created.push(`${trigramTable(table)} (rebuilt)`);
  return result;
}

/**
 * Drops the search index of a collection (`column`: PostgreSQL only that column's; SQLite always
 * the whole FTS table, which covers every column). Returns the names dropped.
 */
export async function dropSearchIndex(
  db: Knex,
  table: string,
  column?: string,
  options: SyncOptions = {},
): Promise<string[]> {
  const vendor = vendorOf(db);
  if (vendor === 'sqlite') return (await dropFts(db, table)) ? [ftsTable(table)] : [];
  if (vendor === 'postgres') {
    const names = column ? [trigramIndex(table, column)] : await pgIndexes(db, table);
    const ours = new Set(await pgIndexes(db, table));
    const dropped: string[] = [];
    for (const name of names) {
      if (!ours.has(name)) continue;
      await db.raw(`DROP INDEX ${options.concurrently ? 'CONCURRENTLY ' : ''}IF EXISTS ${quoteId(name)}`);
      dropped.push(name);
    }
    return dropped;
  }
  return dropMysqlIndex(db, table);
}

/** SQLite: FTS tables whose content table is gone (a collection dropped outside a schema change). */
export async function orphanedSearchTables(db: Knex): Promise<string[]> {
  if (vendorOf(db) !== 'sqlite') return [];
  const rows: Array<{ name: string }> = await db('sqlite_master')
    .select('name')
    .where('type', 'table')
    .andWhereRaw("name like 'octavo\\_search\\_%\\_fts' escape '\\'");
  const orphans: string[] = [];
  for (const { name } of rows) {
    const table = FTS_NAME.exec(name)?.[1];
    if (table && !(await db('sqlite_master').where({ type: 'table', name: table }).first('name')))
      orphans.push(table);
  }
  return orphans;
}
