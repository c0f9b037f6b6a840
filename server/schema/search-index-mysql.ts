import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { CollectionInfo, SearchIndexInfo } from './types';

/**
 * MySQL / MariaDB: the trigram prefilter behind `q`. MariaDB has no n-gram full-text parser, and
 * InnoDB's own parser splits text into words, so the trigrams are made by the database itself:
 *
 * - a function per collation, `octavo_trigrams_v1_<collation>(text)`, gives each run of three
 *   characters as the hex of the run's collation weights (`WEIGHT_STRING`), as a JSON array. Two
 *   characters that LIKE takes as equal (it compares character by character in the column's
 *   collation) have the same weights, so a row that holds the term holds each of the term's
 *   trigrams;
 * - a table per collection, `octavo_search_<table>` (`gram`, `id`, primary key `(gram, id)`), one
 *   row per distinct trigram of a row's searched columns (in the column's collation; numbers in the
 *   connection's, as LIKE compares them), kept in step by AFTER INSERT / UPDATE / DELETE triggers;
 * - `q` adds `key IN (SELECT g0.id FROM … g0 JOIN … g1 ON g1.gram = ? AND g1.id = g0.id … WHERE
 *   g0.gram = ?)` before the LIKEs, with the term's trigrams at 0, 3, 6… and the last one. The
 *   optimizer starts from the rarest (a B-tree range it can estimate) and probes the others by key.
 *   The LIKEs stay and decide; the prefilter only narrows the rows they look at.
 *
 * InnoDB's FULLTEXT index was tried first for the trigram lists: reading one trigram found in 4,000
 * of 100,000 rows took 150–230 ms there, against 2 ms in this table, slower than the plain scan.
 *
 * The table's comment records the columns and their collations, so a change of either is seen and
 * the index rebuilt. Collations other than those listed in `usableCollation` are left to the scan:
 * their LIKE may compare otherwise than their weights (contractions, expansions).
 */

/** Collations whose LIKE compares single characters by the weights WEIGHT_STRING gives. */
const COLLATIONS = new Set([
  'utf8mb4_general_ci',
  'utf8mb4_unicode_ci',
  'utf8mb4_unicode_520_ci',
  'utf8mb4_uca1400_ai_ci',
  'utf8mb4_bin',
  'utf8mb3_general_ci',
  'utf8mb3_unicode_ci',
  'utf8mb3_unicode_520_ci',
  'utf8mb3_bin',
  'utf8_general_ci',
  'utf8_unicode_ci',
  'utf8_bin',
  'latin1_swedish_ci',
  'latin1_general_ci',
  'latin1_bin',
  'ascii_general_ci',
  'ascii_bin',
]);

export function usableCollation(collation: string | null | undefined): boolean {
  return COLLATIONS.has(String(collation ?? '').toLowerCase());
}

/** MySQL / MariaDB text datatypes whose LIKE the index serves. */
export const MYSQL_TEXT = new Set(['varchar', 'char', 'text', 'tinytext', 'mediumtext', 'longtext']);

// ---------------------------------------------------------------------------------------------
// Names (identifiers are at most 64 characters)

function bounded(prefix: string, table: string, suffix: string): string {
  const name = `${prefix}${table}${suffix}`;
  if (name.length <= 64) return name;
  const hash = createHash('sha1').update(table).digest('hex').slice(0, 10);
  return `${prefix}${table.slice(0, 64 - prefix.length - suffix.length - 11)}_${hash}${suffix}`;
}

export const trigramTable = (table: string) => bounded('octavo_search_', table, '');
const triggerNames = (table: string) => ({
  insert: bounded('octavo_sx_', table, '_ai'),
  update: bounded('octavo_sx_', table, '_au'),
  delete: bounded('octavo_sx_', table, '_ad'),
});
/**
 * The trigram function of a collation. Its name carries the version of its body: a database keeps
 * functions of an earlier body under their own names, and CREATE FUNCTION IF NOT EXISTS never
 * leaves an old body under a new meaning.
 */
export const trigramFunction = (collation: string) => `octavo_trigrams_v1_${collation.toLowerCase()}`;

const q = (name: string) => `\`${name.replace(/`/g, '``')}\``;
const rows = (result: any): any[] => result[0];

/** What the trigram table's comment records. */
interface Recorded {
  table: string;
  columns: Record<string, string>;
}

function recordedOf(comment: string): Recorded | null {
  try {
    const value = JSON.parse(comment);
    if (value && typeof value.table === 'string' && value.columns && typeof value.columns === 'object')
      return value as Recorded;
  } catch {
    // not ours
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Reading what exists

/**
 * The usable indexes, by table: a trigram table whose comment names its collection, with the three
 * triggers on that collection.
 */
export async function readMysqlIndexes(db: Knex): Promise<Map<string, SearchIndexInfo>> {
  const out = new Map<string, SearchIndexInfo>();
  const tables = await recordedTables(db);
  if (tables.length === 0) return out;
  const triggers = new Set(
    (
      rows(
        await db.raw(
          `select TRIGGER_NAME as name, EVENT_OBJECT_TABLE as tbl from information_schema.TRIGGERS
            where TRIGGER_SCHEMA = database() and TRIGGER_NAME like 'octavo\\_sx\\_%'`,
        ),
      ) as Array<{ name: string; tbl: string }>
    ).map((t) => `${t.tbl}:${t.name}`),
  );
  for (const { name, recorded } of tables) {
    const names = Object.values(triggerNames(recorded.table));
    if (!names.every((n) => triggers.has(`${recorded.table}:${n}`))) continue;
    out.set(recorded.table, {
      kind: 'grams',
      table: name,
      columns: new Set(Object.keys(recorded.columns)),
      collations: new Map(Object.entries(recorded.columns)),
    });
  }
  return out;
}

/** The trigram tables whose collection is gone (dropped by a schema change or outside one). */
export async function orphanedTrigramTables(db: Knex): Promise<string[]> {
  const tables = new Set(
    (
      rows(
        await db.raw(
          'select TABLE_NAME as name from information_schema.TABLES where TABLE_SCHEMA = database()',
        ),
      ) as Array<{ name: string }>
    ).map((t) => t.name),
  );
  return (await recordedTables(db)).filter((t) => !tables.has(t.recorded.table)).map((t) => t.name);
}

/** Octavo's trigram tables, each with what its comment records. */
async function recordedTables(db: Knex): Promise<Array<{ name: string; recorded: Recorded }>> {
  const found = rows(
    await db.raw(
      `select TABLE_NAME as name, TABLE_COMMENT as comment from information_schema.TABLES
        where TABLE_SCHEMA = database() and TABLE_NAME like 'octavo\\_search\\_%'`,
    ),
  ) as Array<{ name: string; comment: string }>;
  return found.flatMap(({ name, comment }) => {
    const recorded = recordedOf(comment);
    return recorded && trigramTable(recorded.table) === name ? [{ name, recorded }] : [];
  });
}

// ---------------------------------------------------------------------------------------------
// Building and dropping

/**
 * The trigram function of one collation: the text in chunks of 200 characters (SUBSTRING walks a
 * multi-byte string from its start, so a long text is cut once per chunk, not once per
 * character), each run of three characters one JSON string, chunks joined once each.
 */
function functionSql(collation: string, charset: string): string {
  const type = `CHARACTER SET ${charset} COLLATE ${collation}`;
  return `CREATE FUNCTION IF NOT EXISTS ${q(trigramFunction(collation))}(s LONGTEXT ${type})
RETURNS LONGTEXT CHARACTER SET ascii DETERMINISTIC NO SQL
BEGIN
  DECLARE n INT;
  DECLARE p INT DEFAULT 1;
  DECLARE i INT;
  DECLARE m INT;
  DECLARE c VARCHAR(202) ${type};
  DECLARE b TEXT CHARACTER SET ascii;
  DECLARE o LONGTEXT CHARACTER SET ascii DEFAULT '';
  IF s IS NULL THEN RETURN '[]'; END IF;
  SET n = CHAR_LENGTH(s);
  WHILE p <= n - 2 DO
    SET c = SUBSTRING(s, p, 202);
    SET m = LEAST(200, n - p - 1);
    SET i = 1;
    SET b = '';
    WHILE i <= m DO
      SET b = CONCAT(b, ',"', HEX(WEIGHT_STRING(SUBSTRING(c, i, 3))), '"');
      SET i = i + 1;
    END WHILE;
    SET o = CONCAT(o, b);
    SET p = p + 200;
  END WHILE;
  RETURN CONCAT('[', SUBSTRING(o, 2), ']');
END`;
}

/** Columns' collations (numbers: the connection's, as LIKE compares them), those the index serves. */
export async function columnCollations(
  db: Knex,
  info: CollectionInfo,
  wanted: string[],
): Promise<Map<string, string>> {
  const found = rows(
    await db.raw(
      `select COLUMN_NAME as name, COLLATION_NAME as collation
         from information_schema.COLUMNS where TABLE_SCHEMA = database() and TABLE_NAME = ?`,
      [info.collection],
    ),
  ) as Array<{ name: string; collation: string | null }>;
  const [[connection]] = await db.raw('select @@collation_connection as collation');
  const byName = new Map(found.map((c) => [c.name, c.collation ?? connection.collation]));
  const out = new Map<string, string>();
  for (const column of wanted) {
    const collation = byName.get(column);
    if (collation && usableCollation(collation)) out.set(column, collation);
  }
  return out;
}

/** Longest trigram kept, in hex digits (the `gram` column holds 255 bytes); longer ones are in no row. */
const LONGEST = 510;

/**
 * The trigrams of one row's searched columns as rows `j.g` (hex), each column by its collation's
 * function: `row` is NEW or OLD in a trigger, or the table in a refill. With the condition that
 * leaves out empty and over-long ones.
 */
function trigramRows(row: string, columns: Map<string, string>): string {
  const arrays = [...columns].map(
    ([column, collation]) => `${q(trigramFunction(collation))}(${row}.${q(column)})`,
  );
  const merged = arrays.length === 1 ? arrays[0] : `JSON_MERGE_PRESERVE(${arrays.join(', ')})`;
  return `JSON_TABLE(${merged}, '$[*]' COLUMNS (g VARCHAR(${LONGEST + 2}) CHARACTER SET ascii PATH '$')) j`;
}
const KEPT = `j.g <> '' AND CHAR_LENGTH(j.g) <= ${LONGEST}`;

/** The SQL that inserts the distinct trigrams of one row as `(gram, id)` rows (`from`: a refill's table). */
function insertGrams(
  table: string,
  key: string,
  row: string,
  columns: Map<string, string>,
  from = '',
): string {
  return (
    `INSERT IGNORE INTO ${q(table)} (gram, id) SELECT DISTINCT UNHEX(j.g), ${row}.${key} ` +
    `FROM ${from}${trigramRows(row, columns)} WHERE ${KEPT}`
  );
}

/**
 * The SQL that deletes the trigrams of one row as it was (OLD), through the primary key: made again
 * from the old values, so the table needs no second index on `id`. A join, not `gram IN
 * (subquery)`: MariaDB runs a single-table DELETE's subquery as a filter over the whole table
 * (55 ms a row on 350,000 trigrams), a join's rows by the primary key.
 */
function deleteGrams(table: string, key: string, columns: Map<string, string>): string {
  return (
    `DELETE s FROM ${q(table)} s JOIN ${trigramRows('OLD', columns)} ` +
    `ON s.gram = UNHEX(j.g) AND s.id = OLD.${key} WHERE ${KEPT}`
  );
}

async function dropTriggers(db: Knex, table: string): Promise<void> {
  for (const name of Object.values(triggerNames(table))) await db.raw(`DROP TRIGGER IF EXISTS ${q(name)}`);
}

/** Drops a collection's triggers and trigram table. Returns the names dropped. */
export async function dropMysqlIndex(db: Knex, table: string): Promise<string[]> {
  await dropTriggers(db, table);
  const exists = rows(
    await db.raw(
      'select 1 from information_schema.TABLES where TABLE_SCHEMA = database() and TABLE_NAME = ?',
      [trigramTable(table)],
    ),
  );
  if (exists.length === 0) return [];
  await db.raw(`DROP TABLE IF EXISTS ${q(trigramTable(table))}`);
  return [trigramTable(table)];
}

const REFILL_BATCH = 1000;

/**
 * Creates (or rebuilds for other columns) a collection's index: the functions of its collations,
 * the trigram table, the triggers, then every row's trigrams in batches of keys, each batch one
 * statement. The triggers come first, so writes made meanwhile are not missed.
 */
export async function createMysqlIndex(
  db: Knex,
  table: string,
  primaryKey: string,
  columns: Map<string, string>,
): Promise<void> {
  const wanted = [...new Set(columns.values())];
  const charsets = rows(
    await db.raw(
      `select COLLATION_NAME as collation, CHARACTER_SET_NAME as charset from information_schema.COLLATIONS
        where COLLATION_NAME in (${wanted.map(() => '?').join(', ')})`,
      wanted,
    ),
  ) as Array<{ collation: string; charset: string }>;
  for (const { collation, charset } of charsets) await db.raw(functionSql(collation, charset));
  const [key] = rows(
    await db.raw(
      `select COLUMN_TYPE as type, CHARACTER_SET_NAME as charset, COLLATION_NAME as collation
         from information_schema.COLUMNS where TABLE_SCHEMA = database() and TABLE_NAME = ? and COLUMN_NAME = ?`,
      [table, primaryKey],
    ),
  ) as Array<{ type: string; charset: string | null; collation: string | null }>;
  const keyType = `${key.type}${key.collation ? ` CHARACTER SET ${key.charset} COLLATE ${key.collation}` : ''}`;
  const grams = trigramTable(table);
  const recorded: Recorded = { table, columns: Object.fromEntries(columns) };
  const comment = JSON.stringify(recorded);
  await dropTriggers(db, table);
  await db.raw(`DROP TABLE IF EXISTS ${q(grams)}`);
  await db.raw(
    `CREATE TABLE ${q(grams)} (gram VARBINARY(255) NOT NULL, id ${keyType} NOT NULL, PRIMARY KEY (gram, id)) ENGINE=InnoDB COMMENT=?`,
    [comment],
  );

  const names = triggerNames(table);
  const t = q(table);
  const pk = q(primaryKey);
  await db.raw(
    `CREATE TRIGGER ${q(names.insert)} AFTER INSERT ON ${t} FOR EACH ROW ${insertGrams(grams, pk, 'NEW', columns)}`,
  );
  // Compared as bytes: a change a collation calls equal (case, trailing spaces) changes the trigrams.
  const same = [...columns.keys()].map((c) => `BINARY NEW.${q(c)} <=> BINARY OLD.${q(c)}`).join(' AND ');
  await db.raw(
    `CREATE TRIGGER ${q(names.update)} AFTER UPDATE ON ${t} FOR EACH ROW BEGIN ` +
      `IF NOT (BINARY NEW.${pk} <=> BINARY OLD.${pk} AND ${same}) THEN ` +
      `${deleteGrams(grams, pk, columns)}; ${insertGrams(grams, pk, 'NEW', columns)}; END IF; END`,
  );
  await db.raw(
    `CREATE TRIGGER ${q(names.delete)} AFTER DELETE ON ${t} FOR EACH ROW ${deleteGrams(grams, pk, columns)}`,
  );
  // Every row's trigrams, a batch of keys a statement (the triggers already serve writes).
  let after: unknown = undefined;
  for (;;) {
    const page = db(table).select(primaryKey).orderBy(primaryKey).limit(REFILL_BATCH);
    if (after !== undefined) page.where(primaryKey, '>', after as any);
    const keys = (await page).map((r: Record<string, unknown>) => r[primaryKey]);
    if (keys.length === 0) break;
    await db.raw(`${insertGrams(grams, pk, t, columns, `${t}, `)} AND ${t}.${pk} >= ? AND ${t}.${pk} <= ?`, [
      keys[0] as any,
      keys[keys.length - 1] as any,
    ]);
    after = keys[keys.length - 1];
    if (keys.length < REFILL_BATCH) break;
  }
}

/**
 * Brings a collection's index back to what `collations` (a snapshot) had, for the columns the table
 * still has: the undo of a schema change's index step.
 */
export async function restoreMysqlIndex(
  db: Knex,
  table: string,
  primaryKey: string,
  collations: ReadonlyMap<string, string> | null,
): Promise<void> {
  const present = new Set(
    (
      rows(
        await db.raw(
          'select COLUMN_NAME as name from information_schema.COLUMNS where TABLE_SCHEMA = database() and TABLE_NAME = ?',
          [table],
        ),
      ) as Array<{ name: string }>
    ).map((c) => c.name),
  );
  const kept = new Map([...(collations ?? [])].filter(([c]) => present.has(c)));
  if (kept.size === 0 || !present.has(primaryKey)) await dropMysqlIndex(db, table);
  else await createMysqlIndex(db, table, primaryKey, kept);
}

// ---------------------------------------------------------------------------------------------
// Querying

const CACHE = 2000;
const covers = new WeakMap<Knex, Map<string, string[] | null>>();

/**
 * The trigrams of a term in one collation that the prefilter asks for (hex): those at 0, 3, 6…
 * and the last one; null when none can be in the index (the term is then left to the scan).
 */
export async function termCover(knex: Knex, collation: string, term: string): Promise<string[] | null> {
  let cache = covers.get(knex);
  if (!cache) covers.set(knex, (cache = new Map()));
  const key = `${collation}\u0000${term}`;
  if (cache.has(key)) return cache.get(key)!;
  const [[row]] = await knex.raw(`select ${q(trigramFunction(collation))}(?) as t`, [term]);
  const grams = JSON.parse(String(row?.t ?? '[]')) as string[];
  const picked = new Set<string>();
  for (let at = 0; at < grams.length; at += 3) picked.add(grams[at]);
  if (grams.length > 0) picked.add(grams[grams.length - 1]);
  const usable = [...picked].filter((g) => g !== '' && g.length <= LONGEST);
  const cover = usable.length > 0 ? usable : null;
  if (cache.size >= CACHE) cache.delete(cache.keys().next().value!);
  cache.set(key, cover);
  return cover;
}

/**
 * The keys whose rows hold every trigram of `grams` (one collation's cover): a join of the table
 * with itself, one alias per trigram.
 */
export function keysHolding(knex: Knex, table: string, grams: string[]): Knex.QueryBuilder {
  const qb = knex({ g0: table }).select('g0.id').where('g0.gram', Buffer.from(grams[0], 'hex'));
  grams.slice(1).forEach((gram, i) => {
    const alias = `g${i + 1}`;
    qb.join({ [alias]: table }, (on) => {
      on.on(`${alias}.id`, '=', 'g0.id').andOnVal(`${alias}.gram`, '=', Buffer.from(gram, 'hex') as any);
    });
  });
  return qb;
}
