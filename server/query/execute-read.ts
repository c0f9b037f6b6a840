import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Vendor } from '../config';
import { dialectOf, type Dialect } from '../database/dialects';
import { ApiError } from '../errors';
import type { CollectionInfo, FieldInfo, SchemaModel } from '../schema/types';
import { castValue } from './cast-value';
import { coerceFilterValue } from './coerce-value';
import {
  DEFAULT_PLAN_LIMITS,
  buildFieldsPlan,
  type FieldsPlan,
  type PlanLimits,
  type PlanWarning,
  type RelationPlan,
} from './fields-plan';
import {
  applyFilter,
  applyOwnSearch,
  applyRowConstraints,
  applySearch,
  applyStatus,
  collectionOf,
  hasTrigramIndex,
  nextAlias,
  searchedChildren,
  searchScanForced,
  type SqlScope,
} from './filter-to-sql';
import { quote } from './parse-query';
import { counterTotal } from '../services/row-counts';
import { ftsCover, ftsPhrase, termLength, TRIGRAM } from '../schema/search-index';
import { termCover } from '../schema/search-index-mysql';
import {
  canQueryField,
  canReadField,
  fullAccess,
  type FilterValue,
  type Query,
  type ReadGuard,
} from './types';

export type Item = Record<string, unknown>;

export interface ReadContext {
  knex: Knex;
  vendor: Vendor;
  schema: SchemaModel;
  /** Limit when the query names none (setting `default_limit`; v8 falls back to 20). */
  defaultLimit?: number;
  /** Setting `sort_null_last` (default true). */
  nullsLast?: boolean;
  planLimits?: PlanLimits;
  /** The clock for `now` in filters; tests pin it. */
  now?: () => Date;
  /**
   * Most item objects the answer may hold across all nesting levels, counted as often as they
   * appear (ServerConfig.maxQueryRows); also the most rows loaded per read. Over → 422 code 1010.
   */
  maxRows?: number;
  /** Most related items a nested o2m / m2m / translation level gives each parent (the `limit` cap). */
  maxRelatedPerParent?: number;
  /**
   * Most milliseconds one statement of the read may run (ServerConfig.queryTimeoutMs); past it the
   * database cancels it and the read answers 503 code 1012. Per vendor: Dialect.limitReadTime.
   */
  timeoutMs?: number;
  /**
   * The value of a computed alias (fields-plan.ts COMPUTED_ALIASES, the file `data` block) for a
   * row, by collection and field; without it such aliases are left out.
   */
  computed?: (collection: string, field: string) => Promise<((row: Item) => unknown) | null>;
}

/**
 * PostgreSQL: the search statements given a name, per schema model (a schema change starts a new
 * set, as the names carry its version), at most SEARCH_STATEMENTS each.
 */
const searchStatements = new WeakMap<SchemaModel, Set<string>>();
const SEARCH_STATEMENTS = 100;

/**
 * PostgreSQL: a search read as a named (prepared) statement. Its text is the same for every term
 * (the term is a binding), and planning it costs more than running it on an index: after a few
 * runs, the server keeps one plan for it. Past SEARCH_STATEMENTS texts, reads go unnamed.
 */
function named<T extends Knex.QueryBuilder>(ctx: ReadContext, qb: T): T {
  if (ctx.vendor !== 'postgres') return qb;
  const name = `octavo_q${ctx.schema.version}_${createHash('sha1').update(qb.toSQL().sql).digest('hex').slice(0, 24)}`;
  let names = searchStatements.get(ctx.schema);
  if (!names) searchStatements.set(ctx.schema, (names = new Set()));
  if (!names.has(name)) {
    if (names.size >= SEARCH_STATEMENTS) return qb;
    names.add(name);
  }
  return qb.options({ name });
}

/** The statement time limit of the read on `qb`, where one is set. */
function timed<T extends Knex.QueryBuilder>(ctx: ReadContext, qb: T): T {
  if (ctx.timeoutMs && ctx.timeoutMs > 0) dialectOf(ctx.vendor).limitReadTime(qb, ctx.timeoutMs);
  return qb;
}

/**
 * The rows a read may still materialise. `loaded` counts rows fetched from the database, `answered`
 * counts item objects in the response tree (a related row shared by many parents counts once per
 * parent), so a `fields=*.*.*.*` path that multiplies through a junction stops as soon as a level
 * would pass the cap, before the next level is loaded.
 */
class RowBudget {
  loaded = 0;
  answered = 0;
  constructor(readonly max: number) {}
  /** Rows the next query may return (one more, to tell "exactly the cap" from "over"). */
  get room(): number | null {
    return this.max >= Number.MAX_SAFE_INTEGER ? null : this.max - this.loaded + 1;
  }
  load(count: number): void {
    this.loaded += count;
    if (this.loaded > this.max) this.fail();
  }
  answer(weights: number[]): void {
    for (const weight of weights) {
      this.answered += weight;
      if (this.answered > this.max) this.fail();
    }
  }
  private fail(): never {
    throw new ApiError(
      'READ_TOO_MANY_ROWS',
      `The response would hold more than ${this.max} rows; narrow \`fields\` or \`limit\``,
    );
  }
}

export interface ReadOptions {
  /** Read only these primary keys (`/items/c/1,2`); keys that cannot exist simply match nothing. */
  keys?: Array<string | number>;
  /** Search without the MySQL trigram tables (one was rebuilt under the read). */
  withoutSearchIndex?: boolean;
}

export interface ReadMeta {
  collection?: string;
  type?: 'collection' | 'item';
  result_count?: number;
  total_count?: number;
  filter_count?: number;
  status_count?: Record<string, number>;
  limit?: number;
  offset?: number;
  page?: number;
  page_count?: number;
}

export interface ReadResult {
  /** A list, or one item (or null) for `single`. */
  data: Item[] | Item | null;
  /** Present when the query asked for `meta`. */
  meta?: ReadMeta;
  /** Top-level `messages` warnings, e.g. code 18 for an unreadable related collection. */
  warnings: PlanWarning[];
}

/** Rows per `whereIn` batch of a related read: well under every vendor's parameter limit. */
const BATCH = 1000;

function scopeOf(ctx: ReadContext, guard: ReadGuard): SqlScope {
  return {
    knex: ctx.knex,
    dialect: dialectOf(ctx.vendor),
    schema: ctx.schema,
    guard,
    now: ctx.now?.() ?? new Date(),
    aliases: { next: 1 },
  };
}

/** Keys that can be stored in the field; others cannot match and are dropped before SQL. */
function usableKeys(scope: SqlScope, field: FieldInfo, keys: unknown[]): FilterValue[] {
  const result = new Map<string, FilterValue>();
  for (const key of keys) {
    if (key === null || key === undefined) continue;
    const value =
      typeof key === 'bigint' ? key.toString() : key instanceof Date ? null : (key as FilterValue);
    if (value === null || typeof value === 'object') continue;
    try {
      const coerced = coerceFilterValue(field, value, scope.dialect, scope.now);
      if (coerced !== null) result.set(String(coerced), coerced);
    } catch {
      // A key of the wrong shape (text in an integer column) cannot match anything.
    }
  }
  return [...result.values()];
}

function chunks<T>(values: T[]): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < values.length; i += BATCH) result.push(values.slice(i, i + BATCH));
  return result;
}

/**
 * ORDER BY one column, NULLs last when asked. Where the vendor already puts them last in this
 * direction (Dialect.nullsSortLast) nothing is added, because an expression in ORDER BY keeps the
 * database from reading an index in order. PostgreSQL says `DESC NULLS LAST`, which an index built
 * `NULLS FIRST` serves read backwards; elsewhere it is spelled out with an `IS NULL` term (rather
 * than with knex's `nulls` option, which drops the column itself on MySQL and SQLite).
 */
function orderBy(
  qb: Knex.QueryBuilder,
  dialect: Dialect,
  column: string,
  order: 'asc' | 'desc',
  nullsLast: boolean,
): void {
  if (nullsLast && !dialect.nullsSortLast(order)) {
    if (dialect.orderNullsLast) {
      qb.orderByRaw(`?? ${order === 'desc' ? 'DESC' : 'ASC'} NULLS LAST`, [column]);
      return;
    }
    qb.orderByRaw(`?? IS NULL`, [column]);
  }
  qb.orderBy(column, order);
}

/** Reads the rows of one related level in batches and shapes them, loading their own relations. */
async function readRelated(
  ctx: ReadContext,
  scope: SqlScope,
  budget: RowBudget,
  plan: FieldsPlan,
  keyColumn: string,
  keys: FilterValue[],
  configure: (qb: Knex.QueryBuilder, alias: string) => void,
  select: (raw: Item[]) => { rows: Item[]; weights: number[] },
  nullsLast: boolean,
): Promise<{ raw: Item[]; shaped: Item[] }> {
  const info = collectionOf(scope, plan.collection);
  const loaded: Item[] = [];
  for (const batch of chunks(keys)) {
    const alias = nextAlias(scope);
    const qb = ctx.knex({ [alias]: info.collection }).select(plan.columns.map((c) => `${alias}.${c}`));
    qb.whereIn(`${alias}.${keyColumn}`, batch as any[]);
    applyRowConstraints(qb, scope, info, alias);
    configure(qb, alias);
    // Never fetch more than the cap allows: one row over is enough to answer 422.
    if (budget.room !== null) qb.limit(budget.room);
    const rows = (await timed(ctx, qb)) as Item[];
    budget.load(rows.length);
    loaded.push(...rows);
  }
  const { rows: raw, weights } = select(loaded);
  budget.answer(weights);
  return { raw, shaped: await shapeRows(ctx, scope, budget, plan, raw, weights, nullsLast, null) };
}

/**
 * Loads the relations of `rows` (one batched query per relation and level, never one per row)
 * and builds the output items in the plan's shape with values cast for the API.
 */
async function shapeRows(
  ctx: ReadContext,
  scope: SqlScope,
  budget: RowBudget,
  plan: FieldsPlan,
  rows: Item[],
  weights: number[],
  nullsLast: boolean,
  lang: string[] | '*' | null,
): Promise<Item[]> {
  const info = collectionOf(scope, plan.collection);
  const values = new Map<RelationPlan, (row: Item) => unknown>();
  for (const relation of plan.relations) {
    values.set(
      relation,
      await loadRelation(ctx, scope, budget, info, relation, rows, weights, nullsLast, lang),
    );
  }
  const computed = new Map<string, ((row: Item) => unknown) | null>();
  for (const entry of plan.output) {
    if (entry.computed && rows.length > 0) {
      computed.set(entry.field, (await ctx.computed?.(info.collection, entry.field)) ?? null);
    }
  }
  const items = rows.map((row) => {
    const item: Item = {};
    for (const entry of plan.output) {
      if (entry.computed) {
        const compute = computed.get(entry.field);
        if (compute) item[entry.field] = compute(row);
      } else if (entry.relation) {
        const value = values.get(entry.relation)!(row);
        if (value !== undefined) item[entry.field] = value;
      } else {
        item[entry.field] = castValue(info.fields.get(entry.field)!, row[entry.field]);
      }
    }
    return item;
  });
  if (scope.guard.redact && items.length > 0) await scope.guard.redact(scope, info.collection, rows, items);
  return items;
}

async function loadRelation(
  ctx: ReadContext,
  scope: SqlScope,
  budget: RowBudget,
  info: CollectionInfo,
  relation: RelationPlan,
  rows: Item[],
  weights: number[],
  nullsLast: boolean,
  lang: string[] | '*' | null,
): Promise<(row: Item) => unknown> {
  const related = collectionOf(scope, relation.collection);
  const relatedPk = related.fields.get(related.primaryKey)!;
  if (relation.kind === 'm2o') {
    const local = info.fields.get(relation.field)!;
    if (!relation.plan) {
      // Related collection unreadable: only the key the caller already sees (api-v8 §3.2).
      return (row) =>
        row[relation.field] === null ? null : { [related.primaryKey]: castValue(local, row[relation.field]) };
    }
    const keys = usableKeys(
      scope,
      relatedPk,
      rows.map((row) => row[relation.field]),
    );
    // A related row appears once under every parent that points at it.
    const parentWeight = new Map<string, number>();
    rows.forEach((row, index) => {
      const key = row[relation.field];
      if (key === null || key === undefined) return;
      parentWeight.set(String(key), (parentWeight.get(String(key)) ?? 0) + weights[index]);
    });
    const { raw, shaped } = await readRelated(
      ctx,
      scope,
      budget,
      relation.plan,
      related.primaryKey,
      keys,
      () => {},
      (loaded) => ({
        rows: loaded,
        weights: loaded.map((row) => parentWeight.get(String(row[related.primaryKey])) ?? 0),
      }),
      nullsLast,
    );
    const byKey = new Map<string, Item>();
    raw.forEach((row, index) => byKey.set(String(row[related.primaryKey]), shaped[index]));
    return (row) => {
      const key = row[relation.field];
      return key === null || key === undefined ? null : (byKey.get(String(key)) ?? null);
    };
  }
  if (!relation.plan) return () => undefined;
  const foreignKey = related.fields.get(relation.foreignKey)!;
  const keys = usableKeys(
    scope,
    foreignKey,
    rows.map((row) => row[info.primaryKey]),
  );
  if (relation.kind === 'translation' && lang !== null && lang !== '*' && !relation.langField) {
    throw new ApiError('FIELD_NOT_FOUND', `${quote(related.collection)} has no language field`);
  }
  const weightOf = new Map<string, number>();
  rows.forEach((row, index) => {
    const key = String(row[info.primaryKey]);
    weightOf.set(key, (weightOf.get(key) ?? 0) + weights[index]);
  });
  const perParent = ctx.maxRelatedPerParent ?? Number.MAX_SAFE_INTEGER;
  const { raw, shaped } = await readRelated(
    ctx,
    scope,
    budget,
    relation.plan,
    relation.foreignKey,
    keys,
    (qb, alias) => {
      if (relation.kind === 'translation' && relation.langField && Array.isArray(lang)) {
        qb.whereIn(`${alias}.${relation.langField}`, lang);
      }
      orderBy(
        qb,
        scope.dialect,
        `${alias}.${related.sortField ?? related.primaryKey}`,
        'asc',
        nullsLast && related.sortField !== null,
      );
      if (related.sortField) qb.orderBy(`${alias}.${related.primaryKey}`, 'asc');
    },
    (loaded) => {
      // Like a top-level `limit`: at most `perParent` related items under each parent, in order.
      const kept: Item[] = [];
      const counts = new Map<string, number>();
      for (const row of loaded) {
        const key = String(row[relation.foreignKey]);
        const seen = counts.get(key) ?? 0;
        if (seen >= perParent) continue;
        counts.set(key, seen + 1);
        kept.push(row);
      }
      return { rows: kept, weights: kept.map((row) => weightOf.get(String(row[relation.foreignKey])) ?? 0) };
    },
    nullsLast,
  );
  const byParent = new Map<string, Item[]>();
  raw.forEach((row, index) => {
    const key = String(row[relation.foreignKey]);
    const list = byParent.get(key) ?? [];
    list.push(shaped[index]);
    byParent.set(key, list);
  });
  return (row) => byParent.get(String(row[info.primaryKey])) ?? [];
}

/** Sort fields checked against the schema and guard; unknown ones fall back to the primary key. */
function applySort(
  qb: Knex.QueryBuilder,
  scope: SqlScope,
  info: CollectionInfo,
  query: Query,
  alias: string,
  nullsLast: boolean,
): void {
  const sorts = query.sort ?? [];
  let sortedByPk = false;
  let any = false;
  let direction: 'asc' | 'desc' = 'asc';
  for (const spec of sorts) {
    if ('random' in spec) {
      qb.orderByRaw(scope.dialect.randomOrder);
      any = true;
      continue;
    }
    const field = info.fields.get(spec.field);
    if (!field) continue;
    if (field.alias) {
      throw new ApiError(
        'UNPROCESSABLE_ENTITY',
        `Unable to sort by ${quote(spec.field)} field because it is an alias.`,
      );
    }
    if (!canQueryField(scope.guard, info.collection, field.field)) {
      throw new ApiError(
        'FORBIDDEN_FIELD_ACCESS',
        `Access to field ${quote(field.field)} of ${quote(info.collection)} is forbidden`,
      );
    }
    orderBy(qb, scope.dialect, `${alias}.${field.field}`, spec.order, nullsLast && field.nullable);
    if (field.field === info.primaryKey) sortedByPk = true;
    direction = spec.order;
    any = true;
  }
  if (
    !any &&
    sorts.length === 0 &&
    info.sortField &&
    canReadField(scope.guard, info.collection, info.sortField)
  ) {
    orderBy(qb, scope.dialect, `${alias}.${info.sortField}`, 'asc', nullsLast);
  }
  // The primary key last, so pages are stable; in the direction of the last sort, so that an index
  // on the sorted column (whose entries end with the key) gives the rows in order.
  if (!sortedByPk) qb.orderBy(`${alias}.${info.primaryKey}`, direction);
}

/** PostgreSQL: the rows sampled to tell a common term, and how far the scan may go for a page. */
const SAMPLE = 500;
const SAMPLE_REACH = 2000;
/** SQLite: terms up to this length are probed by their FTS phrase, longer ones by ftsCover. */
const SHORT_TERM = 6;
/** Matches of the FTS prefilter from which a page in key order is sooner found by the scan. */
let COMMON_TERM = 2000;
let everyTermCommon = false;
/**
 * Test seam: the number of matches from which a term counts as common (searchIsCommon); 1 makes
 * every term common on PostgreSQL too.
 */
export function commonSearchTermAt(matches: number): void {
  COMMON_TERM = matches;
  everyTermCommon = matches <= 1;
}

/**
 * Whether `q` is a common term of a collection with a search index, for a page in key order: the
 * index would gather many rows before the first page, while the scan meets a page's worth of
 * matches early. SQLite: bounded probes of the FTS tables (the collection's, then its children's)
 * reach COMMON_TERM matches. PostgreSQL: the first SAMPLE rows in key order hold enough matches
 * for the page to be full within about SAMPLE_REACH rows.
 */
async function searchIsCommon(
  ctx: ReadContext,
  scope: SqlScope,
  info: CollectionInfo,
  query: Query,
  limit: number,
  sample: () => Knex.QueryBuilder,
): Promise<boolean> {
  const index = info.searchIndex;
  if (!query.q || termLength(query.q) < TRIGRAM) return false;
  const sorts = query.sort ?? [];
  const keyOrder =
    sorts.length === 0
      ? !info.sortField
      : sorts.length === 1 && 'field' in sorts[0] && sorts[0].field === info.primaryKey;
  if (!keyOrder) return false;
  if (scope.dialect.vendor !== 'sqlite') {
    // A sample of the first rows in key order: matches among them tell how far the scan would go
    // for the page (at most about SAMPLE_REACH rows), against gathering every match by the indexes.
    if (!hasTrigramIndex(scope, info)) return false;
    if (everyTermCommon) return true;
    if (limit < 0) return false;
    const wanted = limit + query.offset;
    const rows = sample().select(`t0.*`).orderBy(`t0.${info.primaryKey}`).limit(SAMPLE).as('t0');
    const probe = ctx.knex.from(rows);
    applyOwnSearch(probe, scope, info.collection, 't0', query.q);
    const [row] = (await named(ctx, probe.count({ n: '*' }))) as Array<{ n: number | string }>;
    return Number(row?.n ?? 0) * (SAMPLE_REACH / SAMPLE) >= wanted;
  }
  if (index?.kind !== 'fts5' || !index.table) return false;
  // The collection's own matches, then its searched children's: many matching children make a
  // common term too (their parents match), which the prefilter would gather and sort in full.
  const tables = [index.table];
  for (const { related } of searchedChildren(scope, info)) {
    const child = related.searchIndex;
    if (child?.kind === 'fts5' && child.table && !tables.includes(child.table)) tables.push(child.table);
  }
  // A short term counts by its phrase: the AND of its few trigrams may hold many more rows than the
  // term (`str` and `tri` apart, for `stri`), which would make a rare term look common. A long
  // term's phrase costs more to read, and a long term is seldom common.
  const probe = termLength(query.q) <= SHORT_TERM ? ftsPhrase(query.q) : ftsCover(query.q);
  let found = 0;
  for (const table of tables) {
    const matches = ctx.knex
      .select(ctx.knex.raw('1'))
      .from(table)
      .whereRaw('?? MATCH ?', [table, probe])
      .limit(COMMON_TERM - found);
    const [row] = (await ctx.knex.from(matches.as('p')).count({ n: '*' })) as Array<{ n: number | string }>;
    found += Number(row?.n ?? 0);
    if (found >= COMMON_TERM) return true;
  }
  return false;
}

/**
 * MySQL / MariaDB: the term's trigrams the prefilter asks for, in each collation of the trigram indexes `q` may
 * use (the collection's and its searched children's), made by the database's own functions.
 */
async function searchCoversOf(
  ctx: ReadContext,
  scope: SqlScope,
  info: CollectionInfo,
  term: string,
): Promise<Map<string, string[] | null> | undefined> {
  if (scope.dialect.vendor !== 'mysql' || termLength(term) < TRIGRAM || searchScanForced()) return undefined;
  const collations = new Set<string>();
  const add = (c: CollectionInfo) => {
    if (c.searchIndex?.kind === 'grams')
      for (const v of c.searchIndex.collations?.values() ?? []) collations.add(v);
  };
  add(info);
  for (const { related } of searchedChildren(scope, info)) add(related);
  if (collations.size === 0) return undefined;
  const out = new Map<string, string[] | null>();
  for (const collation of collations) {
    // A function dropped outside Octavo leaves the term to the scan.
    out.set(collation, await termCover(ctx.knex, collation, term).catch(() => null));
  }
  return out;
}

async function count(ctx: ReadContext, qb: Knex.QueryBuilder): Promise<number> {
  const [row] = (await timed(ctx, qb.count({ count: '*' }))) as Array<{ count: number | string }>;
  return Number(row?.count ?? 0);
}

/*
 * Reads without a filter or search — a list page, one item by key — have a fixed SQL text for a
 * given caller and query: it is built once with knex and kept, with the keys as the only bindings
 * that vary. The cache hangs off the schema model and the caller's (shared) permissions, so a
 * schema or permission change leaves it behind. Reads with filters are built every time: their
 * values (and relative dates such as `now`) are part of the query.
 */
interface Compiled {
  sql: string;
  bindings: unknown[];
  keyAt: Array<[binding: number, key: number]>;
  /** The SQL with the driver's placeholders (`$1` on PostgreSQL), made on first direct use. */
  driverSql?: string;
  /** The statement's name (schema version and a digest of the SQL), for prepared statements. */
  name: string;
}
const COMPILED_MAX = 1000;
const compiledReads = new WeakMap<SchemaModel, WeakMap<ReadGuard, Map<string, Compiled>>>();
const plans = new WeakMap<
  SchemaModel,
  WeakMap<ReadGuard, Map<string, { plan: FieldsPlan; warnings: PlanWarning[] }>>
>();

function cacheOf<T>(
  store: WeakMap<SchemaModel, WeakMap<ReadGuard, Map<string, T>>>,
  schema: SchemaModel,
  guard: ReadGuard,
): Map<string, T> {
  let byGuard = store.get(schema);
  if (!byGuard) store.set(schema, (byGuard = new WeakMap()));
  let entries = byGuard.get(guard);
  if (!entries) byGuard.set(guard, (entries = new Map()));
  if (entries.size >= COMPILED_MAX) entries.clear();
  return entries;
}

/** The fields plan of a read, kept per schema, caller and `fields` parameter. */
function fieldsPlanOf(ctx: ReadContext, collection: string, fields: string[] | null, guard: ReadGuard) {
  if (ctx.planLimits) return buildFieldsPlan(ctx.schema, collection, fields, guard, ctx.planLimits);
  const entries = cacheOf(plans, ctx.schema, guard);
  const key = `${collection}\u0000${fields?.join('\u0000') ?? '*'}`;
  let entry = entries.get(key);
  if (!entry) {
    entry = buildFieldsPlan(ctx.schema, collection, fields, guard, DEFAULT_PLAN_LIMITS);
    entries.set(key, entry);
  }
  // Warnings are answered to the caller, who may change the list: a copy each time.
  return { plan: entry.plan, warnings: [...entry.warnings] };
}

function compiledKey(
  vendor: Vendor,
  collection: string,
  query: Query,
  limit: number,
  nullsLast: boolean,
  keys: FilterValue[] | null,
): string {
  return [
    vendor,
    collection,
    query.fields?.join(',') ?? '*',
    query.status === null ? '' : query.status === '*' ? '*' : JSON.stringify(query.status),
    query.sort ? JSON.stringify(query.sort) : '',
    limit,
    query.offset,
    nullsLast,
    keys ? keys.length : '-',
  ].join('\u0000');
}

const SENTINEL = '\u0000octavo-key\u0000';

async function runCompiled(
  ctx: ReadContext,
  dialect: Dialect,
  guard: ReadGuard,
  key: string,
  build: (keys: FilterValue[] | null) => Knex.QueryBuilder,
  keys: FilterValue[] | null,
): Promise<Item[]> {
  const entries = cacheOf(compiledReads, ctx.schema, guard);
  let compiled = entries.get(key);
  if (!compiled) {
    const sentinels = keys ? keys.map((_, i) => `${SENTINEL}${i}`) : null;
    const { sql, bindings } = build(sentinels).toSQL();
    const keyAt: Compiled['keyAt'] = [];
    bindings.forEach((binding, index) => {
      if (typeof binding === 'string' && binding.startsWith(SENTINEL)) {
        keyAt.push([index, Number(binding.slice(SENTINEL.length))]);
      }
    });
    compiled = {
      sql,
      bindings: [...bindings],
      keyAt,
      name: `octavo_${ctx.schema.version}_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`,
    };
    entries.set(key, compiled);
  }
  let bindings = compiled.bindings;
  if (compiled.keyAt.length > 0) {
    bindings = [...bindings];
    for (const [index, at] of compiled.keyAt) bindings[index] = keys![at];
  }
  if (ctx.knex.isTransaction) {
    return dialect.rowsOf(await ctx.knex.raw(compiled.sql, bindings as Knex.RawBinding[]));
  }
  return runOnDriver(ctx.knex, dialect, compiled, bindings);
}

/**
 * Runs a compiled read on a pooled connection straight through the driver: the same pool,
 * connection settings and SQL as knex's own path, without re-parsing the SQL and the per-query
 * bookkeeping, which cost more than a read by key.
 */
async function runOnDriver(
  knex: Knex,
  dialect: Dialect,
  compiled: Compiled,
  bindings: unknown[],
): Promise<Item[]> {
  const client = knex.client as {
    acquireConnection(): Promise<any>;
    releaseConnection(connection: unknown): Promise<unknown>;
    positionBindings(sql: string): string;
  };
  compiled.driverSql ??= client.positionBindings(compiled.sql);
  const connection = await client.acquireConnection();
  try {
    return await dialect.queryDriver(connection, { sql: compiled.driverSql, name: compiled.name }, bindings);
  } finally {
    await client.releaseConnection(connection);
  }
}

/**
 * Reads items of a collection per the query language (api-v8 §3). The guard decides what the
 * caller may see at every level; the root collection unreadable → 403 code 300. `single` with
 * no match → 404 code 203.
 */
export async function readItems(
  ctx: ReadContext,
  collection: string,
  query: Query,
  guard: ReadGuard | null = null,
  options: ReadOptions = {},
): Promise<ReadResult> {
  try {
    return await read(ctx, collection, query, guard, options);
  } catch (error) {
    // MySQL: a schema change rebuilds a trigram table at once (DDL is not transactional), under reads
    // that planned with it: such a search is answered again by scan.
    if (
      query.q &&
      ctx.vendor === 'mysql' &&
      !options.withoutSearchIndex &&
      (error as { code?: string }).code === 'ER_NO_SUCH_TABLE' &&
      /octavo_search_/.test((error as Error).message)
    )
      return readItems(ctx, collection, query, guard, { ...options, withoutSearchIndex: true });
    if (error instanceof Error && error.name === 'KnexTimeoutError') {
      throw new ApiError(
        'QUERY_TIMEOUT',
        `The query took longer than ${ctx.timeoutMs} ms; narrow \`filter\`, \`fields\` or \`limit\``,
      );
    }
    throw error;
  }
}

async function read(
  ctx: ReadContext,
  collection: string,
  query: Query,
  guard: ReadGuard | null,
  options: ReadOptions,
): Promise<ReadResult> {
  const access = guard ?? fullAccess;
  const scope = scopeOf(ctx, access);
  const info = collectionOf(scope, collection);
  if (!access.canReadCollection(collection)) {
    throw new ApiError('FORBIDDEN_COLLECTION_READ', `Reading items from ${quote(collection)} was denied`);
  }
  const nullsLast = ctx.nullsLast ?? true;
  const { plan, warnings } = fieldsPlanOf(ctx, collection, query.fields, access);
  if (query.q)
    scope.searchCovers = options.withoutSearchIndex
      ? new Map()
      : await searchCoversOf(ctx, scope, info, query.q);

  const keys = options.keys ? usableKeys(scope, info.fields.get(info.primaryKey)!, options.keys) : null;
  // One key: `=` and no ORDER BY / LIMIT, which cost more than the read itself on SQLite.
  const oneKey = keys?.length === 1 && query.offset === 0;
  /** The rows the caller may see, before the query's own status / filter / search. */
  const visible = (keyValues = keys) => {
    const qb = ctx.knex({ t0: collection });
    const rowFilter = access.rowFilter(collection);
    if (rowFilter) applyFilter(qb, scope, collection, 't0', rowFilter, true);
    if (keyValues && oneKey) qb.where(`t0.${info.primaryKey}`, keyValues[0] as any);
    else if (keyValues) qb.whereIn(`t0.${info.primaryKey}`, keyValues as any[]);
    return qb;
  };
  const matching = (keyValues = keys, prefilter = true) => {
    const qb = visible(keyValues);
    applyStatus(qb, scope, info, 't0', query.status);
    if (query.filter) applyFilter(qb, scope, collection, 't0', query.filter);
    if (query.q) applySearch(qb, scope, collection, 't0', query.q, { prefilter });
    return qb;
  };
  // A page of a common term in key order comes sooner from the scan, which stops at the page's
  // last row, than from the FTS prefilter, which gathers every match first (counts keep it).
  let limit = query.single ? 1 : (query.limit ?? ctx.defaultLimit ?? 20);
  const sample = () => {
    const qb = visible(keys);
    applyStatus(qb, scope, info, 't0', query.status);
    if (query.filter) applyFilter(qb, scope, collection, 't0', query.filter);
    return qb;
  };
  const scanPage =
    query.q && !keys && limit !== 0 ? await searchIsCommon(ctx, scope, info, query, limit, sample) : false;
  if (limit < 0) limit = Number.MAX_SAFE_INTEGER;
  const rootQuery = (keyValues = keys) => {
    const root = matching(keyValues, !scanPage).select(plan.columns.map((c) => `t0.${c}`));
    if (oneKey) return root;
    applySort(root, scope, info, query, 't0', nullsLast);
    return root.limit(limit).offset(query.offset);
  };
  const rows: Item[] =
    limit === 0
      ? []
      : query.filter || query.q
        ? ((await timed(ctx, query.q ? named(ctx, rootQuery()) : rootQuery())) as Item[])
        : await runCompiled(
            ctx,
            scope.dialect,
            access,
            compiledKey(ctx.vendor, collection, query, limit, nullsLast, keys),
            rootQuery,
            keys,
          );
  const budget = new RowBudget(ctx.maxRows ?? Number.MAX_SAFE_INTEGER);
  budget.load(rows.length);
  budget.answer(rows.map(() => 1));
  const items = await shapeRows(
    ctx,
    scope,
    budget,
    plan,
    rows,
    rows.map(() => 1),
    nullsLast,
    query.lang,
  );

  const singleItem = query.single || options.keys?.length === 1;
  if (singleItem && items.length === 0) throw new ApiError('ITEM_NOT_FOUND', 'Item not found');

  let meta: ReadMeta | undefined;
  if (query.meta.length > 0) {
    meta = {};
    const wants = (key: string) => query.meta.includes(key as any);
    if (wants('collection')) meta.collection = collection;
    if (wants('type')) meta.type = singleItem ? 'item' : 'collection';
    if (wants('result_count')) meta.result_count = items.length;
    let total: number | undefined;
    const totalCount = async () => {
      if (total === undefined) {
        // From the collection's row counter where the caller's row filter tests only the status
        // (services/row-counts.ts); otherwise the rows the caller may see are counted.
        const counted = await counterTotal(ctx, info, access.rowFilter(collection));
        if (counted !== null) total = counted;
        else {
          const qb = visible();
          applyStatus(qb, scope, info, 't0', null);
          total = await count(ctx, qb);
        }
      }
      return total;
    };
    if (wants('total_count')) meta.total_count = await totalCount();
    if (wants('filter_count') || wants('page')) {
      meta.filter_count = query.filter || query.q ? await count(ctx, matching()) : await totalCount();
    }
    if (wants('status') && info.statusField && canReadField(access, collection, info.statusField)) {
      const statusColumn = `t0.${info.statusField}`;
      const grouped = (await timed(
        ctx,
        visible().select(statusColumn).count({ count: '*' }).groupBy(statusColumn),
      )) as Item[];
      const statusCount: Record<string, number> = Object.fromEntries(
        Object.keys(info.statusMapping ?? {}).map((key) => [key, 0]),
      );
      for (const row of grouped) statusCount[String(row[info.statusField])] = Number(row.count);
      meta.status_count = statusCount;
    }
    if (wants('page')) {
      meta.limit = limit;
      meta.offset = query.offset;
      meta.page = limit > 0 ? Math.floor(query.offset / limit) + 1 : 1;
      meta.page_count = limit > 0 ? Math.ceil((meta.filter_count ?? 0) / limit) : 0;
      if (!wants('filter_count')) delete meta.filter_count;
    }
  }

  const data = singleItem ? (items[0] ?? null) : items;
  return { data, ...(meta ? { meta } : {}), warnings };
}
