export * from './types';
export { parseQuery, parseFilter, QUERY_LIMITS, type ParseOptions } from './parse-query';
export { applyFilter, applySearch, applyStatus, applyRowConstraints, type SqlScope } from './filter-to-sql';
export { buildFieldsPlan, DEFAULT_PLAN_LIMITS } from './fields-plan';
export type { FieldsPlan, RelationPlan, PlanWarning, PlanLimits } from './fields-plan';
export { castValue } from './cast-value';
export { coerceFilterValue } from './coerce-value';
export {
  readItems,
  type ReadContext,
  type ReadOptions,
  type ReadResult,
  type ReadMeta,
  type Item,
} from './execute-read';
