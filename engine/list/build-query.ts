import type { FieldDefinition, LayoutDefinition } from '../types';
import { defaultValues, isOn } from '../form/rules';
import { cardsRequestFields } from './cards';

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
  /** The stored view options of this layout: layouts that draw fields named there (cards) ask for them. */
  viewOptions?: Record<string, unknown> | null;
  search?: string | null;
  filters?: ListFilter[] | null;
  /** Page size: settings.default_limit. */
  limit: number;
  /** 0-based page. */
  page?: number;
}

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
  const columns =
    input.layout.id === 'cards'
      ? cardsRequestFields(input.fields, resolveViewOptions(input.layout, input.viewOptions))
      : visibleFields(input.fields, viewQuery);
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
  return query;
}
