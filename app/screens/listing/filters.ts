import type { FieldDefinition } from '../../../engine/types';
import type { PresetFilter } from '../../state/types';

/** The filter operators of the app (spec §9), in the order the operator menu lists them. */
export const FILTER_OPERATORS = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'nin',
  'null',
  'nnull',
  'contains',
  'ncontains',
  'empty',
  'nempty',
  'has',
  'nhas',
] as const;

export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** Operators that take no value. */
export const VALUELESS_OPERATORS = new Set<string>(['null', 'nnull', 'empty', 'nempty']);
/** Operators that count related rows: one-to-many fields only (the API refuses them elsewhere). */
const RELATED_COUNT_OPERATORS = new Set<string>(['has', 'nhas']);
/** Types without a column that cannot be filtered on. */
const NOT_FILTERABLE = new Set(['alias', 'group', 'translation']);

const typeOf = (field: FieldDefinition) => String(field.type).toLowerCase();

/** The operators a field offers: every one for one-to-many fields, all but has/nhas for the others. */
export function operatorsFor(field: FieldDefinition | undefined): FilterOperator[] {
  if (field && typeOf(field) === 'o2m') return [...FILTER_OPERATORS];
  return FILTER_OPERATORS.filter((operator) => !RELATED_COUNT_OPERATORS.has(operator));
}

/** Fields the user can filter on: real columns (and one-to-many fields) that are not read-blacklisted. */
export function filterableFields(fields: FieldDefinition[], readBlacklist: string[] = []): FieldDefinition[] {
  const hidden = new Set(readBlacklist);
  return fields.filter((field) => !NOT_FILTERABLE.has(typeOf(field)) && !hidden.has(field.field));
}

/** A new filter: `contains` with an empty value (spec §9). */
export function newFilter(field: string): PresetFilter {
  return { field, operator: 'contains', value: '' };
}

/** Whether a filter changes the results (contains with an empty value does not, api-v8 §3.3). */
export function isActiveFilter(filter: PresetFilter): boolean {
  if (VALUELESS_OPERATORS.has(filter.operator)) return true;
  return filter.value !== '' && filter.value !== null && filter.value !== undefined;
}
