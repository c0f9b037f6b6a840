import type { Item } from './execute-read';
import type { SqlScope } from './filter-to-sql';

/** The filter operators of api-v8 §3.3, with their symbolic spellings folded in. */
export type Operator =
  | 'eq'
  | 'neq'
  | 'lt'
  | 'lte'
  | 'gt'
  | 'gte'
  | 'in'
  | 'nin'
  | 'null'
  | 'nnull'
  | 'empty'
  | 'nempty'
  | 'contains'
  | 'ncontains'
  | 'rlike'
  | 'nrlike'
  | 'between'
  | 'nbetween'
  | 'has'
  | 'nhas'
  | 'all';

export type FilterValue = string | number | boolean | null;

export interface FilterCondition {
  kind: 'condition';
  /** The field, or a dot path through relations (`author.name` → ['author', 'name']). */
  path: string[];
  operator: Operator;
  /** A scalar, or a list for in / nin / between / nbetween / all; null for the value-less operators. */
  value: FilterValue | FilterValue[];
}

export interface FilterGroup {
  kind: 'and' | 'or';
  children: FilterNode[];
}

export type FilterNode = FilterCondition | FilterGroup;

export type SortSpec = { field: string; order: 'asc' | 'desc' } | { random: true };

export type MetaKey =
  'collection' | 'type' | 'result_count' | 'total_count' | 'filter_count' | 'status' | 'page';

/** A read query after parsing (api-v8 §3); values are checked against the schema when it runs. */
export interface Query {
  /** Field paths as requested (`['id', 'author.*']`); null = the default `*`. */
  fields: string[] | null;
  filter: FilterNode | null;
  q: string | null;
  /** null = the collection's default (its sort field, else the primary key). */
  sort: SortSpec[] | null;
  /** null = the caller's default limit; already capped by the configured maximum. */
  limit: number | null;
  offset: number;
  page: number | null;
  single: boolean;
  meta: MetaKey[];
  /** null = every status that is not a soft-delete status; '*' = all. */
  status: string[] | '*' | null;
  lang: string[] | '*' | null;
  activitySkip: boolean;
  comment: string | null;
}

/**
 * What the caller may read; the permissions service implements it. Every selection, filter, sort,
 * search and nested read of the query engine asks it, so an unreadable field can never be
 * selected, filtered, sorted or searched and never changes a count.
 */
export interface ReadGuard {
  canReadCollection(collection: string): boolean;
  /** The fields the caller may read in the collection, or '*' for all of them. */
  readableFields(collection: string): ReadonlySet<string> | '*';
  /**
   * Conditions every row the caller sees must meet (owner, role, status permissions), or null.
   * Applied as given, without field checks, to the root query, to every related read and to
   * every subquery of relational filters and searches.
   */
  rowFilter(collection: string): FilterNode | null;
  /**
   * Fields the caller reads only after `redact` has filtered each value (recorded payloads such
   * as revision snapshots): they may be selected, never filtered, sorted or searched on.
   */
  opaqueField?(collection: string, field: string): boolean;
  /**
   * Removes from read items what the caller may not see inside their values; `rows` are the
   * stored rows (primary key included) the items were shaped from, index for index.
   */
  redact?(scope: SqlScope, collection: string, rows: Item[], items: Item[]): Promise<void>;
}

/** Everything readable: for trusted internal reads and administrators. */
export const fullAccess: ReadGuard = {
  canReadCollection: () => true,
  readableFields: () => '*',
  rowFilter: () => null,
};

export function canReadField(guard: ReadGuard, collection: string, field: string): boolean {
  const fields = guard.readableFields(collection);
  return fields === '*' || fields.has(field);
}

/** Whether a field may be filtered, sorted or searched on: readable and not opaque. */
export function canQueryField(guard: ReadGuard, collection: string, field: string): boolean {
  return canReadField(guard, collection, field) && guard.opaqueField?.(collection, field) !== true;
}
