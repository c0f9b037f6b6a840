import { ApiError } from '../errors';
import type { FilterCondition, FilterNode, FilterValue, MetaKey, Operator, Query, SortSpec } from './types';

const OPERATORS: Record<string, Operator> = {
  '=': 'eq',
  eq: 'eq',
  '<>': 'neq',
  '!=': 'neq',
  neq: 'neq',
  '<': 'lt',
  lt: 'lt',
  '<=': 'lte',
  lte: 'lte',
  '>': 'gt',
  gt: 'gt',
  '>=': 'gte',
  gte: 'gte',
  in: 'in',
  nin: 'nin',
  null: 'null',
  nnull: 'nnull',
  empty: 'empty',
  nempty: 'nempty',
  contains: 'contains',
  like: 'contains',
  ncontains: 'ncontains',
  nlike: 'ncontains',
  rlike: 'rlike',
  nrlike: 'nrlike',
  between: 'between',
  nbetween: 'nbetween',
  has: 'has',
  nhas: 'nhas',
  all: 'all',
};

const LIST_OPERATORS = new Set<Operator>(['in', 'nin', 'between', 'nbetween', 'all']);
const VALUELESS_OPERATORS = new Set<Operator>(['null', 'nnull', 'empty', 'nempty']);
const LIKE_OPERATORS = new Set<Operator>(['contains', 'ncontains', 'rlike', 'nrlike']);
const META_KEYS: MetaKey[] = [
  'collection',
  'type',
  'result_count',
  'total_count',
  'filter_count',
  'status',
  'page',
];

/** Limits that keep a hostile query from costing more than a request should. */
export const QUERY_LIMITS = { filterDepth: 8, filterConditions: 200, listValues: 5000, valueLength: 10_000 };

export interface ParseOptions {
  /** The largest limit allowed; `-1` ("all") and larger limits become this. */
  maxLimit?: number;
}

function invalid(message: string): ApiError {
  return new ApiError('INVALID_REQUEST', message);
}

/** Quotes user input for an error message, shortened so messages stay readable. */
export function quote(text: string): string {
  return JSON.stringify(text.length > 64 ? `${text.slice(0, 64)}…` : text);
}

function checkText(text: string, what: string): string {
  if (text.includes('\u0000')) throw invalid(`${what} must not contain NUL characters`);
  if (text.length > QUERY_LIMITS.valueLength) throw invalid(`${what} is too long`);
  return text;
}

/** A CSV string or an array of strings → trimmed, non-empty entries. */
function list(value: unknown, what: string): string[] {
  const parts: string[] = [];
  const add = (item: unknown) => {
    if (typeof item === 'number') item = String(item);
    if (typeof item !== 'string')
      throw invalid(`${what} must be a comma-separated list or an array of strings`);
    for (const part of checkText(item, what).split(',')) if (part.trim()) parts.push(part.trim());
  };
  if (Array.isArray(value)) value.forEach(add);
  else add(value);
  return parts;
}

function present(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

function integer(value: unknown, what: string): number {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^[-+]?\d+$/.test(text.trim()))
    throw invalid(`${what} must be a whole number`);
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw invalid(`${what} is out of range`);
  return n;
}

function flag(value: unknown, what: string): boolean {
  if (value === undefined || value === null || value === '' || value === false || value === 0) return false;
  if (value === true || value === 1) return true;
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    if (text === '1' || text === 'true') return true;
    if (text === '0' || text === 'false') return false;
  }
  throw invalid(`${what} must be 1, 0, true or false`);
}

function scalar(value: unknown, what: string): FilterValue {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw invalid(`${what}: the value is not a finite number`);
    return value;
  }
  if (typeof value === 'string') return checkText(value, what);
  throw invalid(`${what}: expected a single value, got ${Array.isArray(value) ? 'a list' : 'an object'}`);
}

function conditionValue(
  operator: Operator,
  raw: unknown,
  what: string,
): FilterValue | FilterValue[] | undefined {
  if (VALUELESS_OPERATORS.has(operator)) return null;
  if (LIST_OPERATORS.has(operator)) {
    const values: FilterValue[] = [];
    const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [raw];
    for (const item of items) {
      values.push(scalar(typeof item === 'string' ? item.trim() : item, what));
      if (values.length > QUERY_LIMITS.listValues) throw invalid(`${what}: too many values`);
    }
    if ((operator === 'between' || operator === 'nbetween') && values.length !== 2) {
      throw invalid(`${what}: "${operator}" takes two values, e.g. 1,10`);
    }
    return values;
  }
  const value = scalar(raw, what);
  // An empty search term means "no condition" (api-v8 §3.3).
  if (LIKE_OPERATORS.has(operator) && (value === '' || value === null)) return undefined;
  return value;
}

function isIndexed(value: Record<string, unknown>): boolean {
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => /^\d+$/.test(key));
}

type Logical = 'and' | 'or';

function logicalOf(raw: unknown, what: string): Logical {
  if (raw === undefined) return 'and';
  if (typeof raw === 'string' && /^(and|or)$/i.test(raw.trim())) return raw.trim().toLowerCase() as Logical;
  throw invalid(`${what}: "logical" must be "and" or "or"`);
}

interface Counter {
  conditions: number;
}

/** One `filter[field]…` entry → conditions, each with how it joins the ones before it. */
function fieldConditions(
  key: string,
  raw: unknown,
  counter: Counter,
): Array<{ logical: Logical; node: FilterNode }> {
  const path = key.split('.');
  if (path.some((segment) => segment === '')) throw invalid(`Invalid filter field ${quote(key)}`);
  checkText(key, 'A filter field');
  const what = `Filter on ${quote(key)}`;
  const make = (operator: Operator, value: FilterValue | FilterValue[]): FilterCondition => {
    if (++counter.conditions > QUERY_LIMITS.filterConditions)
      throw invalid('The filter has too many conditions');
    return { kind: 'condition', path, operator, value };
  };
  const one = (item: unknown): Array<{ logical: Logical; node: FilterNode }> => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      return [{ logical: 'and', node: make('eq', scalar(item, what)) }];
    }
    const object = item as Record<string, unknown>;
    const logical = logicalOf(object.logical, what);
    const keys = Object.keys(object).filter((k) => k !== 'logical');
    if (keys.length === 0) throw invalid(`${what} has no operator`);
    for (const name of keys) {
      if (!Object.hasOwn(OPERATORS, name))
        throw new ApiError('UNKNOWN_FILTER', `Unknown filter: ${quote(name)}`);
    }
    // Only the first operator of a field key applies (api-v8 §3.3); use the indexed form for more.
    const operator = OPERATORS[keys[0]];
    const value = conditionValue(operator, object[keys[0]], what);
    return value === undefined ? [] : [{ logical, node: make(operator, value) }];
  };
  if (Array.isArray(raw)) return raw.flatMap(one);
  if (raw && typeof raw === 'object' && isIndexed(raw as Record<string, unknown>)) {
    return Object.values(raw as Record<string, unknown>).flatMap(one);
  }
  return one(raw);
}

/** Flat v8 semantics: each condition is AND-ed unless it says `logical: or`; AND binds tighter. */
function combine(entries: Array<{ logical: Logical; node: FilterNode }>): FilterNode | null {
  if (entries.length === 0) return null;
  const groups: FilterNode[][] = [[]];
  for (const [index, entry] of entries.entries()) {
    if (index > 0 && entry.logical === 'or') groups.push([]);
    groups[groups.length - 1].push(entry.node);
  }
  const ands = groups.map((group): FilterNode =>
    group.length === 1 ? group[0] : { kind: 'and', children: group },
  );
  return ands.length === 1 ? ands[0] : { kind: 'or', children: ands };
}

/**
 * Parses a `filter` parameter: `{field: value}`, `{field: {op: value, logical?}}`, the indexed form
 * `{field: [{op: value}, …]}`, dot paths through relations, and `_and` / `_or` groups whose value
 * is a list of filters. Throws 422 code 4 for malformed input and 214 for an unknown operator.
 */
export function parseFilter(
  raw: unknown,
  depth = 0,
  counter: Counter = { conditions: 0 },
): FilterNode | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (depth > QUERY_LIMITS.filterDepth) throw invalid('The filter is nested too deeply');
  if (Array.isArray(raw)) {
    return combine(
      raw
        .map((item) => ({ logical: 'and' as Logical, node: parseFilter(item, depth + 1, counter) }))
        .filter((entry): entry is { logical: Logical; node: FilterNode } => entry.node !== null),
    );
  }
  if (typeof raw !== 'object') throw invalid('filter must be an object, e.g. filter[field][eq]=value');
  const entries: Array<{ logical: Logical; node: FilterNode }> = [];
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (key === '_and' || key === '_or') {
      const items = Array.isArray(value)
        ? value
        : value && typeof value === 'object'
          ? Object.values(value as Record<string, unknown>)
          : null;
      if (!items) throw invalid(`${key} must be a list of filters`);
      const children = items
        .map((item) => parseFilter(item, depth + 1, counter))
        .filter((node): node is FilterNode => node !== null);
      if (children.length > 0) {
        entries.push({
          logical: 'and',
          node: children.length === 1 ? children[0] : { kind: key === '_and' ? 'and' : 'or', children },
        });
      }
      continue;
    }
    entries.push(...fieldConditions(key, value, counter));
  }
  return combine(entries);
}

function parseSort(raw: unknown): SortSpec[] | null {
  if (!present(raw)) return null;
  const specs: SortSpec[] = [];
  for (const entry of list(raw, 'sort')) {
    if (entry === '?') specs.push({ random: true });
    else if (entry.startsWith('-')) specs.push({ field: entry.slice(1), order: 'desc' });
    else specs.push({ field: entry.startsWith('+') ? entry.slice(1) : entry, order: 'asc' });
  }
  return specs.length > 0 ? specs : null;
}

function statusList(raw: unknown, what: string): string[] | '*' | null {
  if (!present(raw)) return null;
  const values = list(raw, what);
  if (values.includes('*')) return '*';
  return values.length > 0 ? values : null;
}

/** Turns the request's query parameters (as `qs` parses them) into a Query (api-v8 §3). */
export function parseQuery(raw: Record<string, unknown>, options: ParseOptions = {}): Query {
  const maxLimit = options.maxLimit ?? Number.MAX_SAFE_INTEGER;

  const fields = present(raw.fields) ? list(raw.fields, 'fields') : [];

  let limit: number | null = null;
  if (present(raw.limit)) {
    limit = integer(raw.limit, 'limit');
    if (limit < 0 || limit > maxLimit) limit = maxLimit;
  }
  let offset = 0;
  const hasOffset = present(raw.offset);
  if (hasOffset) {
    offset = integer(raw.offset, 'offset');
    if (offset < 0) throw invalid('offset must not be negative');
  }
  let page: number | null = null;
  if (present(raw.page)) {
    page = integer(raw.page, 'page');
    if (page < 1) throw invalid('page must be 1 or more');
    // page only moves the window when limit is given and offset is not (api-v8 §3.6).
    if (limit !== null && !hasOffset) {
      offset = limit * (page - 1);
      if (!Number.isSafeInteger(offset)) throw invalid('page is out of range');
    }
  }

  let meta: MetaKey[] = [];
  if (present(raw.meta)) {
    const keys = list(raw.meta, 'meta');
    meta = keys.includes('*') ? [...META_KEYS] : META_KEYS.filter((key) => keys.includes(key));
  }

  let q: string | null = null;
  const search = present(raw.q) ? raw.q : raw.search;
  if (present(search)) {
    if (typeof search !== 'string' && typeof search !== 'number')
      throw invalid('q must be a single search term');
    q = checkText(String(search), 'q').trim() || null;
  }

  let comment: string | null = null;
  if (present(raw.comment)) {
    if (typeof raw.comment !== 'string') throw invalid('comment must be text');
    comment = checkText(raw.comment, 'comment');
  }

  return {
    fields: fields.length > 0 ? fields : null,
    filter: parseFilter(raw.filter),
    q,
    sort: parseSort(raw.sort),
    limit,
    offset,
    page,
    single: flag(raw.single, 'single'),
    meta,
    status: statusList(raw.status, 'status'),
    lang: statusList(raw.lang, 'lang'),
    activitySkip: raw.activity_skip === '1' || raw.activity_skip === 1 || raw.activity_skip === true,
    comment,
  };
}
