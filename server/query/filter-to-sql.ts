import type { Knex } from 'knex';
import type { Dialect } from '../database/dialects';
import { ApiError } from '../errors';
import type { CollectionInfo, FieldInfo, SchemaModel } from '../schema/types';
import { coerceFilterValue, convertibleFilterValue, NO_MATCH } from './coerce-value';
import { quote } from './parse-query';
import { ftsCover, NUMBER_TEXT, searchable, termLength, TRIGRAM } from '../schema/search-index';
import { keysHolding } from '../schema/search-index-mysql';
import {
  canQueryField,
  type FilterCondition,
  type FilterNode,
  type FilterValue,
  type ReadGuard,
} from './types';

/** What compiling a filter needs; `aliases` numbers the table aliases of one statement. */
export interface SqlScope {
  knex: Knex;
  /** The project's dialect, resolved once per read. */
  dialect: Dialect;
  schema: SchemaModel;
  guard: ReadGuard;
  now: Date;
  aliases: { next: number };
  /**
   * MySQL / MariaDB with trigram indexes: the trigrams of the `q` term the prefilter asks for, in
   * each collation the indexes use (termCover), made before the read; null where none can be
   * indexed. Absent or empty: no prefilter.
   */
  searchCovers?: ReadonlyMap<string, string[] | null>;
}

export function nextAlias(scope: SqlScope): string {
  return `t${scope.aliases.next++}`;
}

export function collectionOf(scope: SqlScope, name: string): CollectionInfo {
  const info = scope.schema.collections.get(name);
  if (!info) throw new ApiError('COLLECTION_NOT_FOUND', `Collection ${quote(name)} not found`);
  return info;
}

export function invalidField(field: string, collection: string): ApiError {
  return new ApiError('INVALID_FIELD', `Invalid field ${quote(field)} in ${quote(collection)}`);
}

function forbiddenField(field: string, collection: string): ApiError {
  return new ApiError(
    'FORBIDDEN_FIELD_ACCESS',
    `Access to field ${quote(field)} of ${quote(collection)} is forbidden`,
  );
}

/**
 * Resolves a field named by the caller: it must exist (422 code 202) and, unless the filter is
 * trusted, the caller must be allowed to read it (403 code 215).
 */
function fieldFor(scope: SqlScope, info: CollectionInfo, name: string, trusted: boolean): FieldInfo {
  const field = info.fields.get(name);
  if (!field) throw invalidField(name, info.collection);
  if (
    !trusted &&
    (!scope.guard.canReadCollection(info.collection) || !canQueryField(scope.guard, info.collection, name))
  ) {
    throw forbiddenField(name, info.collection);
  }
  return field;
}

const column = (alias: string, field: string) => `${alias}.${field}`;

/** The column as an expression, cast to text where the dialect cannot compare it with text. */
function columnExpression(
  scope: SqlScope,
  alias: string,
  field: FieldInfo,
  asText: boolean,
): Knex.Raw | string {
  if (asText) return scope.knex.raw('CAST(?? AS TEXT)', [column(alias, field.field)]);
  return column(alias, field.field);
}

/** Escapes LIKE wildcards so `contains` matches the text literally (api-v8 §3.3). */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A case-insensitive LIKE on every vendor (Dialect.like). `raw` patterns (rlike) take the caller's
 * wildcards and no escape character.
 */
export function likeRaw(
  scope: SqlScope,
  alias: string,
  field: FieldInfo,
  pattern: string,
  negate: boolean,
  raw: boolean,
): Knex.Raw {
  return scope.dialect.like(scope.knex, column(alias, field.field), field.storage, pattern, negate, raw);
}

/** Rows the caller may see in a related collection: the guard's row filter and no soft-deleted rows. */
export function applyRowConstraints(
  qb: Knex.QueryBuilder,
  scope: SqlScope,
  info: CollectionInfo,
  alias: string,
  depth = 0,
): void {
  const rowFilter = scope.guard.rowFilter(info.collection);
  if (rowFilter) qb.where((inner) => compileNode(inner, scope, info, alias, rowFilter, true, depth));
  applyStatus(qb, scope, info, alias, null);
}

/** The `status` parameter (api-v8 §3.8): null → no soft-deleted rows; '*' → all; a list → those. */
export function applyStatus(
  qb: Knex.QueryBuilder,
  scope: SqlScope,
  info: CollectionInfo,
  alias: string,
  status: string[] | '*' | null,
): void {
  if (!info.statusField || status === '*') return;
  const field = info.fields.get(info.statusField)!;
  const ref = column(alias, field.field);
  if (status === null) {
    const softDeleted = Object.entries(info.statusMapping ?? {})
      .filter(([, entry]) => entry.soft_delete === true)
      .map(([value]) => value);
    const values = coerceList(field, softDeleted, scope, true);
    if (values.length > 0) qb.where((inner) => inner.whereNotIn(ref, values as any[]).orWhereNull(ref));
    return;
  }
  qb.whereIn(ref, coerceList(field, status, scope, false) as any[]);
}

/** Coerces values for a field; `lenient` drops values that cannot match instead of failing. */
function coerceList(
  field: FieldInfo,
  values: FilterValue[],
  scope: SqlScope,
  lenient: boolean,
): FilterValue[] {
  const result: FilterValue[] = [];
  for (const value of values) {
    try {
      result.push(coerceFilterValue(field, value, scope.dialect, scope.now));
    } catch (error) {
      if (!lenient) throw error;
    }
  }
  return result;
}

/** Applies a filter tree to a query whose collection is aliased `alias`. */
export function applyFilter(
  qb: Knex.QueryBuilder,
  scope: SqlScope,
  collection: string,
  alias: string,
  node: FilterNode,
  trusted = false,
): void {
  const info = collectionOf(scope, collection);
  qb.where((inner) => compileNode(inner, scope, info, alias, node, trusted, 0));
}

/** Relational hops one statement may take, row filters of related collections included. */
const MAX_FILTER_HOPS = 16;

function compileNode(
  qb: Knex.QueryBuilder,
  scope: SqlScope,
  info: CollectionInfo,
  alias: string,
  node: FilterNode,
  trusted: boolean,
  depth: number,
): void {
  if (node.kind === 'condition') {
    compileCondition(qb, scope, info, alias, node, trusted, depth);
    return;
  }
  for (const child of node.children) {
    const add = (inner: Knex.QueryBuilder) => compileNode(inner, scope, info, alias, child, trusted, depth);
    if (node.kind === 'or') qb.orWhere(add);
    else qb.andWhere(add);
  }
}

function compileCondition(
  qb: Knex.QueryBuilder,
  scope: SqlScope,
  info: CollectionInfo,
  alias: string,
  condition: FilterCondition,
  trusted: boolean,
  depth: number,
): void {
  if (depth > MAX_FILTER_HOPS)
    throw new ApiError('INVALID_REQUEST', 'The filter goes through too many relations');
  const [name, ...rest] = condition.path;
  const field = fieldFor(scope, info, name, trusted);
  const relation = field.relation;
  if (rest.length > 0) {
    if (!relation) throw invalidField(condition.path.join('.'), info.collection);
    const related = collectionOf(scope, relation.collection);
    if (!trusted && !scope.guard.canReadCollection(related.collection))
      throw forbiddenField(name, info.collection);
    const sub = nextAlias(scope);
    const nested: FilterCondition = { ...condition, path: rest };
    if (relation.kind === 'm2o') {
      const subquery = scope.knex({ [sub]: related.collection }).select(column(sub, related.primaryKey));
      applyRowConstraints(subquery, scope, related, sub, depth + 1);
      subquery.where((inner) => compileCondition(inner, scope, related, sub, nested, trusted, depth + 1));
      qb.whereIn(column(alias, field.field), subquery);
    } else {
      const subquery = scope.knex({ [sub]: related.collection }).select(column(sub, relation.field));
      applyRowConstraints(subquery, scope, related, sub, depth + 1);
      subquery.whereNotNull(column(sub, relation.field));
      subquery.where((inner) => compileCondition(inner, scope, related, sub, nested, trusted, depth + 1));
      qb.whereIn(column(alias, info.primaryKey), subquery);
    }
    return;
  }

  if (field.alias) {
    if (relation && relation.kind !== 'm2o') {
      compileToMany(qb, scope, info, alias, field, condition, depth);
      return;
    }
    throw new ApiError('UNPROCESSABLE_ENTITY', `Field ${quote(name)} has no value to filter on`);
  }
  if (['has', 'nhas', 'all'].includes(condition.operator)) {
    throw new ApiError(
      'UNPROCESSABLE_ENTITY',
      `Operator "${condition.operator}" only works for one-to-many fields`,
    );
  }
  compileScalar(qb, scope, alias, field, condition);
}

/** Operators on an o2m / translation alias: compare the number of (visible) related rows. */
function compileToMany(
  qb: Knex.QueryBuilder,
  scope: SqlScope,
  info: CollectionInfo,
  alias: string,
  field: FieldInfo,
  condition: FilterCondition,
  depth: number,
): void {
  const relation = field.relation as Extract<FieldInfo['relation'], { kind: 'o2m' | 'translation' }>;
  const related = collectionOf(scope, relation.collection);
  const sub = nextAlias(scope);
  const count = scope
    .knex({ [sub]: related.collection })
    .where(column(sub, relation.field), scope.knex.ref(column(alias, info.primaryKey)));
  applyRowConstraints(count, scope, related, sub, depth + 1);
  const countOf = (builder: Knex.QueryBuilder) => scope.knex.raw('(?)', [builder]);
  const wholeNumber = (value: FilterValue): number => {
    const text = String(value).trim();
    if (!/^\d{1,9}$/.test(text)) {
      throw new ApiError('INVALID_REQUEST', `${field.field}: ${quote(text)} is not a whole number`);
    }
    return Number(text);
  };
  switch (condition.operator) {
    case 'has': {
      const n = wholeNumber(condition.value as FilterValue);
      count.count({ n: '*' });
      // has=0 means "has no related rows" in v8.
      qb.where(countOf(count), n === 0 ? '=' : '>=', n);
      return;
    }
    case 'nhas':
      count.count({ n: '*' });
      qb.where(countOf(count), '<', wholeNumber(condition.value as FilterValue));
      return;
    case 'null':
    case 'empty':
      count.count({ n: '*' });
      qb.where(countOf(count), '=', 0);
      return;
    case 'nnull':
    case 'nempty':
      count.count({ n: '*' });
      qb.where(countOf(count), '>=', 1);
      return;
    case 'all': {
      // For a many-to-many the ids are those of the far side (the junction's other column).
      const target = relation.junction
        ? related.fields.get(relation.junction.field)
        : related.fields.get(related.primaryKey);
      if (!target) throw invalidField(field.field, info.collection);
      const converted = (condition.value as FilterValue[]).map((v) =>
        convertibleFilterValue(target, v, scope.dialect, scope.now),
      );
      // A key no related row can have is never among an item's related rows.
      if (converted.includes(NO_MATCH)) {
        qb.whereRaw('1 = 0');
        return;
      }
      const ids = [...new Set(converted as FilterValue[])];
      if (ids.length === 0) return;
      count.countDistinct({ n: column(sub, target.field) }).whereIn(column(sub, target.field), ids as any[]);
      qb.where(countOf(count), '>=', ids.length);
      return;
    }
    default:
      throw new ApiError(
        'UNPROCESSABLE_ENTITY',
        `Operator "${condition.operator}" does not work on the one-to-many field ${quote(field.field)}; filter on one of its fields`,
      );
  }
}

function compileScalar(
  qb: Knex.QueryBuilder,
  scope: SqlScope,
  alias: string,
  field: FieldInfo,
  condition: FilterCondition,
): void {
  const ref = column(alias, field.field);
  const asText = scope.dialect.comparesAsText(field.storage);
  // A value the column cannot hold (`abc`, `null` or ` ` for a number, an impossible date) is not
  // an error: it equals no row (v8 answers an empty list to a new item's related lists, which ask
  // for `filter[parent]=+` and `filter[parent][eq]=null`). Only the filter's syntax is checked.
  const coerce = (value: FilterValue) =>
    asText ? String(value) : convertibleFilterValue(field, value, scope.dialect, scope.now);
  const nothing = () => qb.whereRaw('1 = 0');
  const target = columnExpression(scope, alias, field, asText);
  const value = condition.value;
  switch (condition.operator) {
    case 'eq':
    case 'neq': {
      const negate = condition.operator === 'neq';
      if (value === null) {
        if (negate) qb.whereNotNull(ref);
        else qb.whereNull(ref);
        return;
      }
      const converted = coerce(value as FilterValue);
      // Equal to no row; unequal to none, so it restricts nothing.
      if (converted === NO_MATCH) {
        if (!negate) nothing();
        return;
      }
      qb.where(target as any, negate ? '!=' : '=', converted as any);
      return;
    }
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      const sign = { lt: '<', lte: '<=', gt: '>', gte: '>=' }[condition.operator];
      if (value === null)
        throw new ApiError('INVALID_REQUEST', `${field.field}: "${condition.operator}" needs a value`);
      const converted = coerce(value as FilterValue);
      if (converted === NO_MATCH) nothing();
      else qb.where(target as any, sign, converted as any);
      return;
    }
    case 'in':
    case 'nin': {
      // Values no row can hold are left out: `in` of only those matches nothing (knex's whereIn
      // of an empty list), `nin` of only those restricts nothing.
      const values = (value as FilterValue[])
        .filter((v) => v !== null && v !== '')
        .map(coerce)
        .filter((v): v is FilterValue => v !== NO_MATCH);
      if (condition.operator === 'in') qb.whereIn(target as any, values as any[]);
      else if (values.length > 0) qb.whereNotIn(target as any, values as any[]);
      return;
    }
    case 'null':
      qb.whereNull(ref);
      return;
    case 'nnull':
      qb.whereNotNull(ref);
      return;
    case 'empty':
    case 'nempty': {
      const stringLike = field.storage === 'string' || asText;
      if (condition.operator === 'empty') {
        qb.where((inner) => {
          inner.whereNull(ref);
          if (stringLike) inner.orWhere(target as any, '=', '');
        });
      } else {
        qb.whereNotNull(ref);
        if (stringLike) qb.where(target as any, '!=', '');
      }
      return;
    }
    case 'contains':
    case 'ncontains':
      qb.where(
        likeRaw(
          scope,
          alias,
          field,
          `%${escapeLike(String(value))}%`,
          condition.operator === 'ncontains',
          false,
        ),
      );
      return;
    case 'rlike':
    case 'nrlike':
      qb.where(likeRaw(scope, alias, field, String(value), condition.operator === 'nrlike', true));
      return;
    case 'between':
    case 'nbetween': {
      const [low, high] = (value as FilterValue[]).map((v) => {
        if (v === null || v === '')
          throw new ApiError('INVALID_REQUEST', `${field.field}: "between" needs two values`);
        return coerce(v);
      });
      // A bound no row can hold: between nothing, so `nbetween` restricts nothing.
      if (low === NO_MATCH || high === NO_MATCH) {
        if (condition.operator === 'between') nothing();
        return;
      }
      if (condition.operator === 'between') qb.whereBetween(target as any, [low as any, high as any]);
      else qb.whereNotBetween(target as any, [low as any, high as any]);
      return;
    }
    default:
      throw new ApiError('UNKNOWN_FILTER', `Unknown filter: ${quote(String(condition.operator))}`);
  }
}

/** Test seam and operator switch: true makes `q` the plain scan (no index prefilter, no skipping). */
let scanOnly = process.env.OCTAVO_SEARCH_INDEX === 'off';
export function forceSearchScan(on: boolean): void {
  scanOnly = on;
}
export const searchScanForced = () => scanOnly;

/**
 * Whether a number column's text can never contain `text`, so its LIKE can be left out of `q`.
 * Only where columns are strictly typed (not SQLite, whose columns may hold any text). PostgreSQL
 * writes numbers with digits, `-`, `+`, `.`, `e` and the words NaN and Infinity (ILIKE folds case):
 * an ASCII character outside those proves no match. MySQL compares by collation, where only
 * ASCII letters are known to differ from every character of a number (`e` stays: 1e+20).
 */
function numberCannotContain(scope: SqlScope, field: FieldInfo, text: string): boolean {
  if (field.storage !== 'integer' && field.storage !== 'bigint' && field.storage !== 'decimal') return false;
  if (!NUMBER_TEXT[scope.dialect.vendor]?.has(field.datatype ?? '')) return false;
  if (scope.dialect.vendor === 'postgres') return /[^\u0080-\u{10FFFF}0-9+\-.eEnNaAiIfFtTyY]/u.test(text);
  return /[a-df-zA-DF-Z]/.test(text);
}

/**
 * The OR-arms of `q` over some searched fields of one collection aliased `alias`: each field's
 * LIKE, as the plain scan has them. Where the collection has an index and the term is long
 * enough, the LIKEs of the indexed fields are ANDed with the index prefilter: SQLite
 * `alias.rowid IN (SELECT rowid FROM fts WHERE fts MATCH <ftsCover(term)>)`, MySQL / MariaDB
 * `alias.key IN (keysHolding …)`. Either folds as much as LIKE does or more, never less, so the
 * prefilter keeps every row the LIKEs accept.
 */
function searchArms(
  scope: SqlScope,
  info: CollectionInfo,
  alias: string,
  fields: FieldInfo[],
  text: string,
  prefilter = true,
): Array<(inner: Knex.QueryBuilder) => void> {
  const pattern = `%${escapeLike(text)}%`;
  const like = (f: FieldInfo) => (inner: Knex.QueryBuilder) =>
    inner.orWhere(likeRaw(scope, alias, f, pattern, false, false));
  if (scanOnly) return fields.map(like);
  const kept = fields.filter((f) => !numberCannotContain(scope, f, text));
  const index = info.searchIndex;
  if (!prefilter || !index || termLength(text) < TRIGRAM) return kept.map(like);
  const indexed = kept.filter((f) => index.columns.has(f.field));
  if (indexed.length === 0) return kept.map(like);
  // The prefilter: the rows the index says may hold the term in an indexed column.
  let prefilterOf: (qb: Knex.QueryBuilder) => void;
  if (index.kind === 'grams') {
    // The rows holding the term's trigrams in each indexed column's collation.
    const covers = [...new Set(indexed.map((f) => index.collations?.get(f.field) ?? ''))].map(
      (collation) => scope.searchCovers?.get(collation) ?? null,
    );
    if (covers.some((c) => c === null)) return kept.map(like);
    prefilterOf = (qb) =>
      qb.where((any) => {
        for (const grams of covers)
          any.orWhereIn(column(alias, info.primaryKey), keysHolding(scope.knex, index.table!, grams!));
      });
  } else if (index.kind === 'fts5') {
    const fts = index.table!;
    prefilterOf = (qb) =>
      qb.whereRaw('?? IN (SELECT rowid FROM ?? WHERE ?? MATCH ?)', [
        `${alias}.rowid`,
        fts,
        fts,
        ftsCover(text),
      ]);
  } else return kept.map(like);
  const arms = kept.filter((f) => !index.columns.has(f.field)).map(like);
  arms.unshift((inner) =>
    inner.orWhere((both) => {
      prefilterOf(both);
      both.andWhere((any) => {
        for (const f of indexed) any.orWhere(likeRaw(scope, alias, f, pattern, false, false));
      });
    }),
  );
  return arms;
}

/**
 * `q`: one OR group over the readable string/number fields, plus the o2m / translation children's
 * readable string/number fields through a subquery. Nothing searchable → nothing matches. The
 * result is the plain scan's; an index only narrows the rows the LIKEs look at (searchArms).
 * `prefilter: false` leaves the collection's own FTS prefilter out (the answer is the same): the
 * reader does so for a term so common that the scan finds a page sooner (execute-read.ts).
 */
export function applySearch(
  qb: Knex.QueryBuilder,
  scope: SqlScope,
  collection: string,
  alias: string,
  text: string,
  options: { prefilter?: boolean } = {},
): void {
  const info = collectionOf(scope, collection);
  const terms: Array<(inner: Knex.QueryBuilder) => void> = [];
  const own = searchedFields(scope, info);
  // PostgreSQL with trigram indexes: the keys of matching rows are gathered by a UNION (own rows,
  // then each child collection's parents), each part free to use its indexes. An OR of a subquery
  // and column tests cannot: the planner scans the whole table and tests every row.
  const parts: Knex.QueryBuilder[] = [];
  // MySQL / MariaDB likewise: there an OR of `IN (subquery)` arms is a walk of the whole table with
  // a lookup per row, where the UNION is read from the trigram tables and joined by key.
  const union =
    scope.dialect.vendor !== 'sqlite' &&
    (options.prefilter ?? true) &&
    !scanOnly &&
    termLength(text) >= TRIGRAM &&
    hasTrigramIndex(scope, info);
  if (union) {
    const self = nextAlias(scope);
    const arms = searchArms(scope, info, self, own, text);
    if (arms.length > 0) {
      parts.push(
        scope
          .knex({ [self]: collection })
          .select({ k: column(self, info.primaryKey) })
          .where((any) => {
            for (const arm of arms) arm(any);
          }),
      );
    }
  } else terms.push(...searchArms(scope, info, alias, own, text, options.prefilter ?? true));
  for (const { relation, related } of searchedChildren(scope, info)) {
    const sub = nextAlias(scope);
    // No child field can contain the term (a word searched in numbers only): no arm.
    const prefilter = options.prefilter ?? true;
    const arms = searchArms(scope, related, sub, searchedFields(scope, related), text, prefilter);
    if (arms.length === 0) continue;
    const children = () => {
      const subquery = scope.knex({ [sub]: related.collection }).select({ k: column(sub, relation.field) });
      applyRowConstraints(subquery, scope, related, sub);
      subquery.whereNotNull(column(sub, relation.field));
      subquery.where((any) => {
        for (const arm of arms) arm(any);
      });
      return subquery;
    };
    if (union) {
      parts.push(children());
      continue;
    }
    terms.push((inner) => {
      const subquery = children();
      // Scanning for a page (a common term): each parent row asks for its own children, through the
      // foreign key's index, and only when its own fields did not match; otherwise the matching
      // children are gathered once.
      if (!prefilter) {
        subquery.whereRaw('?? = ??', [column(sub, relation.field), column(alias, info.primaryKey)]);
        // PostgreSQL would hash an EXISTS (gathering every matching child first); OFFSET 0 keeps
        // it a per-row probe.
        if (scope.dialect.vendor === 'postgres') inner.orWhereRaw('EXISTS (? OFFSET 0)', [subquery]);
        else inner.orWhereExists(subquery);
        return;
      }
      inner.orWhereIn(column(alias, info.primaryKey), subquery);
    });
  }
  if (union) {
    if (parts.length === 0) qb.whereRaw('1 = 0');
    // `= ANY(ARRAY(…))`: the keys are gathered first, then read through the primary key. As `IN`,
    // the planner may walk the primary key and merge, past many rows, to find a few.
    else {
      const keys = parts.length === 1 ? parts[0] : parts[0].unionAll(parts.slice(1));
      if (scope.dialect.vendor === 'postgres')
        qb.whereRaw('?? = ANY(ARRAY(?))', [column(alias, info.primaryKey), keys]);
      // MariaDB joins a derived table's keys (a semi-join); `IN (… UNION …)` itself it would test
      // row by row.
      else qb.whereIn(column(alias, info.primaryKey), scope.knex.select('k.k').from(keys.as('k')));
    }
    return;
  }
  if (terms.length === 0) {
    qb.whereRaw('1 = 0');
    return;
  }
  qb.where((inner) => {
    for (const term of terms) term(inner);
  });
}

/** The fields of a collection `q` compares that the caller may read and query. */
function searchedFields(scope: SqlScope, info: CollectionInfo): FieldInfo[] {
  if (!scope.guard.canReadCollection(info.collection)) return [];
  return [...info.fields.values()].filter(
    (f) => searchable(f) && canQueryField(scope.guard, info.collection, f.field),
  );
}

/**
 * The one-to-many (and translation) children `q` searches: through an alias field the caller may
 * query, into a collection the caller may read.
 */
export function* searchedChildren(
  scope: SqlScope,
  info: CollectionInfo,
): Generator<{
  relation: Exclude<NonNullable<FieldInfo['relation']>, { kind: 'm2o' }>;
  related: CollectionInfo;
}> {
  if (!scope.guard.canReadCollection(info.collection)) return;
  for (const field of info.fields.values()) {
    const relation = field.relation;
    if (!field.alias || !relation || relation.kind === 'm2o') continue;
    if (!canQueryField(scope.guard, info.collection, field.field)) continue;
    const related = scope.schema.collections.get(relation.collection);
    if (related && scope.guard.canReadCollection(related.collection)) yield { relation, related };
  }
}

/**
 * `q` over a collection's own fields only (no children, no index): the test a sample of rows takes
 * to tell a common term (execute-read.ts).
 */
export function applyOwnSearch(
  qb: Knex.QueryBuilder,
  scope: SqlScope,
  collection: string,
  alias: string,
  text: string,
): void {
  const info = collectionOf(scope, collection);
  const arms = searchArms(scope, info, alias, searchedFields(scope, info), text, false);
  if (arms.length === 0) qb.whereRaw('1 = 0');
  else
    qb.where((any) => {
      for (const arm of arms) arm(any);
    });
}

/**
 * Whether a collection, or a child collection `q` searches, has a trigram index `q` reaches through
 * a UNION of keys (PostgreSQL pg_trgm, MySQL / MariaDB trigram tables).
 */
export function hasTrigramIndex(scope: SqlScope, info: CollectionInfo): boolean {
  const union = (c: CollectionInfo) => c.searchIndex?.kind === 'pg_trgm' || c.searchIndex?.kind === 'grams';
  if (union(info)) return true;
  for (const { related } of searchedChildren(scope, info)) if (union(related)) return true;
  return false;
}
