import type { Knex } from 'knex';
import type { Vendor } from '../config';
import { dialectOf, type Dialect } from '../database/dialects';
import { ROW_COUNTS } from '../database/migrations/20261201000000_row_counts';
import type { FilterNode } from '../query/types';
import type { CollectionInfo, FieldInfo } from '../schema/types';

/*
 * Exact row counters of user collections, kept in the database (`octavo_row_counts`) so that every
 * node shares them, and served for `meta=total_count` instead of counting the table.
 *
 * Rows per collection (the `bucket` column):
 *   `%`              the collection's counter lock: every write transaction that adjusts the
 *                    counter, and every recompute, takes it first (an upsert: a row lock until
 *                    commit), so a recompute never interleaves with a write's adjustments;
 *   `$<status field>` the marker of a complete counter for that status field (`$` without one);
 *                    without it (never counted, or reset by a schema change) the next count
 *                    recomputes the counter from the table;
 *   `*`              the number of rows of a collection without a status field;
 *   `=<value>`, `~`  the number of rows with that status value, with a null status;
 *   `!`              the collection cannot be served from a counter (a foreign key deletes its rows
 *                    on cascade, or a status value too long to be a key): count the table.
 *
 * Writes of the items engine add their deltas (RowCountDeltas) and apply them at the end of their
 * transaction, in one order (collection, then bucket) under the lock, with `n = n + d` upserts.
 * A recompute deletes the buckets and counts the table under the same lock: a write that has not
 * reached its adjustments yet waits for the recompute and then adds its own rows, which the
 * recompute's count could not see; a write that has committed is in the count.
 */

const LOCK = '%';
const ALL = '*';
const NULL_STATUS = '~';
const UNCOUNTABLE = '!';
/** Longer status values do not fit the key: such a collection is counted from its table. */
const MAX_VALUE = 250;

/** Collections with a counter: user collections (system tables are written by other paths too). */
export function countable(info: CollectionInfo): boolean {
  return !info.system;
}

function markerOf(info: CollectionInfo): string {
  return `$${info.statusField ?? ''}`;
}

/** The bucket a stored row (or the values about to be stored) counts in. */
export function bucketOf(info: CollectionInfo, row: Record<string, unknown>): string {
  if (!info.statusField) return ALL;
  const value = row[info.statusField];
  if (value === null || value === undefined) return NULL_STATUS;
  const text = String(value);
  return text.length > MAX_VALUE ? UNCOUNTABLE : `=${text}`;
}

/** Byte order of the keys (the MySQL column is utf8mb4_bin), so every writer locks in one order. */
function byKey(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** `n = n + delta` on one bucket, inserting it when missing (an upsert on every vendor). */
async function bump(db: Knex, collection: string, bucket: string, delta: number): Promise<void> {
  await db(ROW_COUNTS)
    .insert({ collection, bucket, n: delta })
    .onConflict(['collection', 'bucket'])
    .merge({ n: db.raw('?? + ?', [`${ROW_COUNTS}.n`, delta]) });
}

/** The per-collection, per-bucket deltas of one write transaction. */
export class RowCountDeltas {
  private readonly deltas = new Map<string, Map<string, number>>();

  add(info: CollectionInfo, bucket: string, delta: number): void {
    if (!countable(info)) return;
    let buckets = this.deltas.get(info.collection);
    if (!buckets) this.deltas.set(info.collection, (buckets = new Map()));
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + delta);
  }

  /** Applies the deltas in `trx` (before it commits). */
  async apply(trx: Knex.Transaction): Promise<void> {
    for (const collection of [...this.deltas.keys()].sort(byKey)) {
      const buckets = this.deltas.get(collection)!;
      const changed = [...buckets.keys()].filter((bucket) => buckets.get(bucket) !== 0).sort(byKey);
      if (changed.length === 0) continue;
      await bump(trx, collection, LOCK, 0);
      for (const bucket of changed) await bump(trx, collection, bucket, buckets.get(bucket)!);
    }
    this.deltas.clear();
  }
}

type Buckets = Map<string, number>;

async function readBuckets(db: Knex, collection: string): Promise<Buckets> {
  const rows = (await db(ROW_COUNTS).where('collection', collection).select('bucket', 'n')) as Array<{
    bucket: string;
    n: number | string;
  }>;
  return new Map(rows.map((row) => [row.bucket, Number(row.n)]));
}

/**
 * Counts the table into a fresh counter (under the lock, in one transaction) and returns its
 * buckets. Without `force`, a counter another node completed meanwhile is taken as it is.
 */
export async function recomputeCounter(
  knex: Knex,
  dialect: Dialect,
  info: CollectionInfo,
  force = false,
): Promise<Buckets> {
  const collection = info.collection;
  return knex.transaction(async (trx) => {
    await bump(trx, collection, LOCK, 0);
    if (!force) {
      const current = await readBuckets(trx, collection);
      if (current.has(markerOf(info))) return current;
    }
    await trx(ROW_COUNTS).where('collection', collection).whereNot('bucket', LOCK).delete();
    const counts: Buckets = new Map();
    if (info.statusField) {
      const rows = (await trx(collection)
        .select({ s: info.statusField })
        .count({ n: '*' })
        .groupBy(info.statusField)) as Array<{ s: unknown; n: number | string }>;
      for (const row of rows) {
        const bucket = bucketOf(info, { [info.statusField]: row.s });
        counts.set(bucket, (counts.get(bucket) ?? 0) + Number(row.n));
      }
    } else {
      const [row] = (await trx(collection).count({ n: '*' })) as Array<{ n: number | string }>;
      counts.set(ALL, Number(row?.n ?? 0));
    }
    // A cascading foreign key deletes rows without the items engine: no counter can follow it.
    const keys = await dialect.foreignKeys(trx, collection);
    if (keys.some((key) => /cascade/i.test(key.onDelete))) counts.set(UNCOUNTABLE, 0);
    counts.set(markerOf(info), 0);
    const rows = [...counts.entries()]
      .sort(([a], [b]) => byKey(a, b))
      .map(([bucket, n]) => ({ collection, bucket, n }));
    for (const row of rows) await trx(ROW_COUNTS).insert(row);
    return counts;
  });
}

/**
 * Forgets the counters of these collections (all when omitted): the next count recomputes them.
 * Only the markers go; the buckets stay for the recompute to replace under the lock.
 */
export async function resetCounters(knex: Knex, collections?: string[]): Promise<void> {
  const qb = knex(ROW_COUNTS).where('bucket', 'like', '$%');
  if (collections) qb.whereIn('collection', collections);
  await qb.delete();
}

/** How the database compares status values: MySQL folds case and trailing blanks, CHAR pads. */
function comparer(vendor: Vendor, field: FieldInfo): (value: string) => string {
  const padded = /^(char|character|bpchar|nchar)$/.test(field.datatype ?? '');
  if (vendor === 'mysql') return (value) => value.replace(/ +$/, '').toLowerCase();
  if (padded) return (value) => value.replace(/ +$/, '');
  return (value) => value;
}

type StatusTest = (status: string | null) => boolean;

/**
 * A row filter that tests only the status field (a role's status rows and status blacklist) as a
 * test of the status value; null when it looks at anything else (owner, parent, other fields).
 */
function statusTest(
  node: FilterNode,
  info: CollectionInfo,
  norm: (value: string) => string,
): StatusTest | null {
  if (node.kind !== 'condition') {
    const tests = node.children.map((child) => statusTest(child, info, norm));
    if (tests.some((test) => test === null)) return null;
    const all = tests as StatusTest[];
    return node.kind === 'and'
      ? (status) => all.every((test) => test(status))
      : (status) => all.some((test) => test(status));
  }
  if (node.path.length !== 1) return null;
  const [field] = node.path;
  if (field === info.primaryKey) {
    // `nothing()` of the permissions: a key is never null.
    if (node.operator === 'null') return () => false;
    if (node.operator === 'nnull') return () => true;
    return null;
  }
  if (field !== info.statusField) return null;
  const value = node.value;
  const one = (v: unknown) => norm(String(v));
  switch (node.operator) {
    case 'null':
      return (status) => status === null;
    case 'nnull':
      return (status) => status !== null;
    case 'eq':
    case 'neq': {
      if (value === null) return node.operator === 'eq' ? (s) => s === null : (s) => s !== null;
      if (Array.isArray(value) || value === '') return null;
      const wanted = one(value);
      return node.operator === 'eq'
        ? (status) => status !== null && norm(status) === wanted
        : (status) => status !== null && norm(status) !== wanted;
    }
    case 'in':
    case 'nin': {
      if (!Array.isArray(value)) return null;
      const values = new Set(value.filter((v) => v !== null && v !== '').map(one));
      if (node.operator === 'in') return (status) => status !== null && values.has(norm(status));
      if (values.size === 0) return () => true;
      return (status) => status !== null && !values.has(norm(status));
    }
    default:
      return null;
  }
}

export interface CounterContext {
  knex: Knex;
  vendor: Vendor;
}

/**
 * `total_count` from the collection's counter: its rows that are not soft-deleted and that the row
 * filter lets through, when that filter tests only the status. Null when the counter cannot answer
 * (inside a transaction, a system collection, an owner or parent restriction, a status field that
 * is not text, a collection marked `!`): the caller counts the table.
 */
export async function counterTotal(
  ctx: CounterContext,
  info: CollectionInfo,
  rowFilter: FilterNode | null,
): Promise<number | null> {
  if (ctx.knex.isTransaction || !countable(info)) return null;
  const statusField = info.statusField ? info.fields.get(info.statusField)! : null;
  if (statusField && statusField.storage !== 'string') return null;
  const norm = statusField ? comparer(ctx.vendor, statusField) : (value: string) => value;
  const allowed = rowFilter ? statusTest(rowFilter, info, norm) : () => true;
  if (!allowed) return null;
  let buckets = await readBuckets(ctx.knex, info.collection);
  if (!buckets.has(markerOf(info))) {
    buckets = await recomputeCounter(ctx.knex, dialectOf(ctx.vendor), info);
  }
  if (buckets.has(UNCOUNTABLE)) return null;
  const softDeleted = new Set(
    Object.entries(info.statusMapping ?? {})
      .filter(([, entry]) => entry.soft_delete === true)
      .map(([value]) => norm(value)),
  );
  let total = 0;
  for (const [bucket, n] of buckets) {
    if (bucket === ALL) {
      if (!statusField && allowed(null)) total += n;
    } else if (bucket === NULL_STATUS) {
      if (statusField && allowed(null)) total += n;
    } else if (bucket.startsWith('=')) {
      const status = bucket.slice(1);
      if (statusField && !softDeleted.has(norm(status)) && allowed(status)) total += n;
    }
  }
  return total;
}

export interface CounterCheck {
  collection: string;
  /** What the counter holds (null: none yet, or reset), and what the table holds. */
  stored: number | null;
  actual: number;
}

/** Every row of the collection, from the counter (null without a complete one). */
function storedTotal(info: CollectionInfo, buckets: Buckets): number | null {
  if (!buckets.has(markerOf(info)) || buckets.has(UNCOUNTABLE)) return null;
  let total = 0;
  for (const [bucket, n] of buckets)
    if (bucket === ALL || bucket === NULL_STATUS || bucket.startsWith('=')) total += n;
  return total;
}

/**
 * Compares the counter with the table (`recompute` false) or recomputes it (true); for the command
 * line (`octavo counts check|recompute`), which finds and repairs writes made outside the API.
 */
export async function checkCounter(
  knex: Knex,
  dialect: Dialect,
  info: CollectionInfo,
  recompute: boolean,
): Promise<CounterCheck> {
  const stored = storedTotal(info, await readBuckets(knex, info.collection));
  let actual: number;
  if (recompute) {
    const buckets = await recomputeCounter(knex, dialect, info, true);
    actual = [...buckets.entries()]
      .filter(([bucket]) => bucket === ALL || bucket === NULL_STATUS || bucket.startsWith('='))
      .reduce((sum, [, n]) => sum + n, 0);
  } else {
    const [row] = (await knex(info.collection).count({ n: '*' })) as Array<{ n: number | string }>;
    actual = Number(row?.n ?? 0);
  }
  return { collection: info.collection, stored, actual };
}
