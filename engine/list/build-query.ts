import type { FieldDefinition, LayoutDefinition } from '../types';
import { defaultValues, isOn } from '../form/rules';

/** A filter row of a preset: `{field, operator, value}` (spec §3). */
export interface ListFilter {
  field: string;
  operator: string;
  value?: unknown;
}

export interface ListQueryInput {
  layout: LayoutDefinition;
  /** The collection's fields. */
  fields: FieldDefinition[];
  /** The stored view query of this layout (preset.view_query[layout.id]). */
  viewQuery?: Record<string, unknown> | null;
  /** The stored view options of this layout: what cards draw and a layout's `listQuery` reads. */
  viewOptions?: Record<string, unknown> | null;
  search?: string | null;
  filters?: ListFilter[] | null;
  /** Page size: settings.default_limit. */
  limit: number;
  /** 0-based page. */
  page?: number;
  /** The days the layout shows now (a calendar's visible weeks), as it last reported them. */
  range?: ListRange | null;
  /** The layout component's own part of the request (see LayoutListQuery). */
  listQuery?: LayoutListQuery | null;
}

/** Days a layout shows, `YYYY-MM-DD`, both ends included. */
export interface ListRange {
  from: string;
  to: string;
}

/** What a layout's `listQuery` sees. */
export interface LayoutQueryContext {
  fields: FieldDefinition[];
  viewQuery: Record<string, unknown>;
  viewOptions: Record<string, unknown>;
  range: ListRange | null;
}

/**
 * A layout's own part of its list request: which fields it reads (the primary key is always added), its
 * sort, filters that narrow the user's (e.g. the visible days), and a page size. A layout component
 * carries it as a static `listQuery`; layouts without one list columns as the table does.
 */
export interface LayoutQueryPatch {
  fields?: string[];
  sort?: string;
  filter?: Record<string, Record<string, unknown>>;
  limit?: number;
}
export type LayoutListQuery = (context: LayoutQueryContext) => LayoutQueryPatch;

/** The parameters of `GET /items/{collection}`. */
export interface ListQueryParams {
  fields: string[];
  sort: string;
  filter: Record<string, Record<string, unknown>>;
  q?: string;
  limit: number;
  offset: number;
  page: number;
  meta: string;
}

/** Types whose value is a related item; the list asks for the related object (`field.*`). */
const RELATIONAL = new Set(['m2o', 'file', 'user', 'owner', 'user_updated']);
/** Interfaces that hold a related item whatever the column's type (directus_activity.action_by). */
const RELATIONAL_INTERFACES = new Set(['user', 'owner', 'user-updated', 'many-to-one', 'file']);
/** Types with no column: they cannot be sorted on. */
const ALIAS = new Set(['alias', 'o2m', 'group', 'translation']);
/** Operators that take no value: the API wants a value present, v8 sends 1. */
const VALUELESS = new Set(['null', 'nnull', 'empty', 'nempty']);

const type = (field: FieldDefinition) => String(field.type).toLowerCase();

export function primaryKeyOf(fields: FieldDefinition[]): string {
  return fields.find((field) => isOn(field.primary_key))?.field ?? 'id';
}

/** Fields a list can show: hidden_browse fields never reach a layout. */
export function browsableFields(fields: FieldDefinition[]): FieldDefinition[] {
  return fields.filter((field) => !isOn(field.hidden_browse));
}

/** A stored `fields` value: a CSV string or an array. */
function toNames(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  if (typeof value === 'string')
    return value
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
  return [];
}

/**
 * The columns of the list: the stored fields that still exist (and are browsable), in their order;
 * without any, the first four browsable fields that are not the primary key, in sort order.
 */
export function visibleFields(
  fields: FieldDefinition[],
  viewQuery?: Record<string, unknown> | null,
): string[] {
  const browsable = browsableFields(fields);
  const known = new Set(browsable.map((field) => field.field));
  const stored = toNames(viewQuery?.fields).filter((name) => known.has(name));
  if (stored.length > 0) return [...new Set(stored)];
  const primaryKey = primaryKeyOf(fields);
  return browsable
    .filter((field) => field.field !== primaryKey && type(field) !== 'alias')
    .map((field, index) => ({ field, index }))
    .sort((a, b) => (a.field.sort ?? Infinity) - (b.field.sort ?? Infinity) || a.index - b.index)
    .slice(0, 4)
    .map(({ field }) => field.field);
}

/** The stored sort when it names a sortable field, else the primary key (ascending). */
export function resolveSort(fields: FieldDefinition[], sort: unknown): string {
  const primaryKey = primaryKeyOf(fields);
  if (typeof sort !== 'string' || sort === '') return primaryKey;
  const name = sort.startsWith('-') ? sort.slice(1) : sort;
  const field = fields.find((candidate) => candidate.field === name);
  return field && !ALIAS.has(type(field)) ? sort : primaryKey;
}

/** Filters on fields that no longer exist are dropped; two on one field merge by operator. */
export function buildFilter(fields: FieldDefinition[], filters: ListFilter[] | null | undefined) {
  const known = new Set(fields.map((field) => field.field));
  const filter: Record<string, Record<string, unknown>> = {};
  for (const entry of filters ?? []) {
    if (!known.has(entry.field) || !entry.operator) continue;
    const value = VALUELESS.has(entry.operator) ? 1 : entry.value;
    filter[entry.field] = { ...(filter[entry.field] ?? {}), [entry.operator]: value };
  }
  return filter;
}

/** A layout's view options with their defaults (stored ones win). */
export function resolveViewOptions(layout: LayoutDefinition, stored?: Record<string, unknown> | null) {
  return { ...defaultValues(layout.view_options), ...(stored ?? {}) };
}

/**
 * Everything the list asks the API for: the layout's view query over the collection's fields, the
 * search, the filters and the page.
 */
export function buildListQuery(input: ListQueryInput): ListQueryParams {
  const viewQuery = { ...defaultValues(input.layout.view_query), ...(input.viewQuery ?? {}) };
  const primaryKey = primaryKeyOf(input.fields);
  const byName = new Map(input.fields.map((field) => [field.field, field]));
  const columns = visibleFields(input.fields, viewQuery);
  const requested = [primaryKey, ...columns.filter((name) => name !== primaryKey)].map((name) => {
    const field = byName.get(name);
    if (name.includes('.')) return name;
    return field && (RELATIONAL.has(type(field)) || type(field) === 'o2m') ? `${name}.*` : name;
  });
  const page = Math.max(0, input.page ?? 0);
  const query: ListQueryParams = {
    fields: requested,
    sort: resolveSort(input.fields, viewQuery.sort),
    filter: buildFilter(input.fields, input.filters),
    limit: input.limit,
    offset: input.limit * page,
    page,
    meta: 'total_count,result_count,filter_count',
  };
  const search = input.search?.trim();
  if (search) query.q = search;
  if (input.listQuery) {
    const patch = input.listQuery({
      fields: input.fields,
      viewQuery,
      viewOptions: resolveViewOptions(input.layout, input.viewOptions),
      range: input.range ?? null,
    });
    if (patch.fields) query.fields = [...new Set([primaryKey, ...patch.fields])];
    if (patch.sort) query.sort = patch.sort;
    if (patch.filter) query.filter = narrowFilter(query.filter, patch.filter);
    if (patch.limit !== undefined) {
      query.limit = patch.limit;
      query.offset = patch.limit > 0 ? patch.limit * page : 0;
    }
  }
  return query;
}

/**
 * The user's filter AND a layout's. A field that both filter, or that has several conditions, is sent in
 * the indexed form (`filter[f][0][gte]=…&filter[f][1][lt]=…`): the API applies only the first operator of
 * a plain `filter[f][op]` key (api-v8 §3.3), so every condition gets its own index.
 */
export function narrowFilter(
  filter: Record<string, Record<string, unknown>>,
  extra: Record<string, Record<string, unknown>>,
): Record<string, Record<string, unknown>> {
  const out = { ...filter };
  for (const [field, conditions] of Object.entries(extra)) {
    const list = [...conditionsOf(out[field]), ...conditionsOf(conditions)];
    out[field] =
      list.length === 1
        ? list[0]
        : Object.fromEntries(list.map((condition, index) => [String(index), condition]));
  }
  return out;
}

/** A field's conditions one by one, from either form. */
function conditionsOf(value: Record<string, unknown> | undefined): Record<string, unknown>[] {
  if (!value) return [];
  const keys = Object.keys(value);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key)))
    return keys.map((key) => value[key] as Record<string, unknown>);
  return keys.map((operator) => ({ [operator]: value[operator] }));
}

/**
 * What a list asks for to show a field or a template path: related objects whole (`author.*`), and for a
 * path two levels deep or more the object it ends in (`author.city.*`).
 */
export function requestedPaths(fields: FieldDefinition[], paths: string[]): string[] {
  const byName = new Map(fields.map((field) => [field.field, field]));
  const out: string[] = [];
  for (const path of paths) {
    const parts = path.split('.');
    const field = byName.get(parts[0]);
    if (!field) continue;
    const related =
      RELATIONAL.has(type(field)) ||
      type(field) === 'o2m' ||
      RELATIONAL_INTERFACES.has(String(field.interface));
    if (parts.length === 1) out.push(related ? `${parts[0]}.*` : parts[0]);
    else if (related) out.push(`${parts.slice(0, -1).join('.')}.*`);
    else out.push(parts[0]);
  }
  return [...new Set(out)];
}
