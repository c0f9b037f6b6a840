import { ApiError } from '../errors';
import type { CollectionInfo, FieldInfo, SchemaModel } from '../schema/types';
import { invalidField } from './filter-to-sql';
import { quote } from './parse-query';
import { canReadField, type ReadGuard } from './types';

/** One related read of a plan: which rows to load and what to select from them. */
export interface RelationPlan {
  field: string;
  kind: 'm2o' | 'o2m' | 'translation';
  collection: string;
  /** m2o: this level's column holding the related key; o2m: the related table's column holding ours. */
  foreignKey: string;
  /** The translations collection's language column, for the `lang` parameter. */
  langField: string | null;
  /** Null when the caller may not read the related collection. */
  plan: FieldsPlan | null;
}

export type OutputEntry =
  | { field: string; relation: null; computed?: false }
  | { field: string; relation: RelationPlan; computed?: false }
  /** An alias whose value the server computes from the row (ReadContext.computed). */
  | { field: string; relation: null; computed: true };

/**
 * Alias fields whose value the server computes from columns of the row, by collection: the file
 * `data` block (url, full_url, asset_url, thumbnails, embed; api-v8 §2.8), given wherever file rows
 * are read — `*`, `data`, nested files at any depth. The columns are read for it, shown only when
 * asked for.
 */
export const COMPUTED_ALIASES: Record<string, Record<string, string[]>> = {
  directus_files: { data: ['id', 'storage', 'private_hash', 'filename_download', 'type', 'embed'] },
};

function computedColumns(collection: string, field: string): string[] | null {
  return COMPUTED_ALIASES[collection]?.[field] ?? null;
}

/** What to read at one level: the columns to fetch and the shape of each output item. */
export interface FieldsPlan {
  collection: string;
  primaryKey: string;
  /** Columns to select: requested ones plus the keys the next level needs. */
  columns: string[];
  output: OutputEntry[];
  relations: RelationPlan[];
}

export interface PlanWarning {
  type: 'warning';
  code: 18;
  message: string;
  fields: string[];
}

export interface PlanLimits {
  /** Deepest relational nesting `fields` may ask for. */
  maxDepth: number;
  /** Most related reads one query may plan (guards against `*.*.*.*` explosions). */
  maxRelations: number;
}

export const DEFAULT_PLAN_LIMITS: PlanLimits = { maxDepth: 10, maxRelations: 100 };

interface BuildState {
  schema: SchemaModel;
  guard: ReadGuard;
  limits: PlanLimits;
  relations: number;
  warnings: PlanWarning[];
}

function langFieldOf(field: FieldInfo, related: CollectionInfo): string | null {
  const option = field.options?.languageField;
  if (typeof option === 'string' && related.fields.has(option)) return option;
  return related.langField;
}

function buildLevel(state: BuildState, info: CollectionInfo, paths: string[][], depth: number): FieldsPlan {
  if (depth > state.limits.maxDepth) throw new ApiError('INVALID_REQUEST', 'fields are nested too deeply');
  const readable = (field: FieldInfo) => canReadField(state.guard, info.collection, field.field);
  const requested = new Map<string, string[][]>();
  const excluded = new Set<string>();
  const request = (name: string, rest: string[]) => {
    const entry = requested.get(name) ?? [];
    entry.push(rest);
    requested.set(name, entry);
  };
  let pkRequested = false;
  for (const [head, ...rest] of paths) {
    if (head === '*') {
      pkRequested = true;
      for (const field of info.fields.values()) {
        if (!readable(field)) continue;
        if (!field.alias || computedColumns(info.collection, field.field)) request(field.field, []);
        if (rest.length > 0 && field.relation) request(field.field, rest);
      }
      continue;
    }
    if (head.startsWith('-') && rest.length === 0) {
      excluded.add(head.slice(1));
      continue;
    }
    const field = info.fields.get(head);
    if (!field) throw invalidField(head, info.collection);
    if (field.field === info.primaryKey) pkRequested = true;
    // Unreadable fields are left out, as v8 does for blacklisted ones.
    if (readable(field)) request(head, rest);
  }

  const plan: FieldsPlan = {
    collection: info.collection,
    primaryKey: info.primaryKey,
    columns: [info.primaryKey],
    output: [],
    relations: [],
  };
  const addColumn = (name: string) => {
    if (!plan.columns.includes(name)) plan.columns.push(name);
  };
  for (const [name, rests] of requested) {
    if (excluded.has(name)) continue;
    const field = info.fields.get(name)!;
    const nested = rests.filter((rest) => rest.length > 0);
    const relation = field.relation;
    if (relation && nested.length > 0) {
      const related = state.schema.collections.get(relation.collection);
      if (related) {
        if (++state.relations > state.limits.maxRelations) {
          throw new ApiError('INVALID_REQUEST', 'fields expand too many relations');
        }
        const readableRelated = state.guard.canReadCollection(related.collection);
        if (!readableRelated) {
          state.warnings.push({
            type: 'warning',
            code: 18,
            message: `Can't read ${quote(related.collection)}: read access to ${quote(related.collection)} collection denied`,
            fields: [name],
          });
        }
        const childPlan = readableRelated ? buildLevel(state, related, nested, depth + 1) : null;
        const entry: RelationPlan =
          relation.kind === 'm2o'
            ? {
                field: name,
                kind: 'm2o',
                collection: related.collection,
                foreignKey: name,
                langField: null,
                plan: childPlan,
              }
            : {
                field: name,
                kind: relation.kind,
                collection: related.collection,
                foreignKey: relation.field,
                langField: relation.kind === 'translation' ? langFieldOf(field, related) : null,
                plan: childPlan,
              };
        if (entry.kind === 'm2o') addColumn(name);
        else if (childPlan && !childPlan.columns.includes(entry.foreignKey))
          childPlan.columns.push(entry.foreignKey);
        plan.relations.push(entry);
        plan.output.push({ field: name, relation: entry });
        continue;
      }
    }
    // A computed alias (`data` of files) needs its columns, which the caller must be able to read.
    const computed = field.alias ? computedColumns(info.collection, name) : null;
    if (computed) {
      if (!computed.every((column) => info.fields.has(column) && readable(info.fields.get(column)!)))
        continue;
      for (const column of computed) addColumn(column);
      plan.output.push({ field: name, relation: null, computed: true });
      continue;
    }
    // Aliases without a sub-selection (or without a relation) have no value to show.
    if (field.alias) continue;
    // A sub-selection on a scalar (`title.*`) is accepted and ignored: the app sends one per column.
    addColumn(name);
    plan.output.push({ field: name, relation: null });
  }
  if (!pkRequested) {
    // The key is fetched for relations and counting but only shown when asked for.
    plan.output = plan.output.filter((entry) => entry.field !== info.primaryKey || entry.relation !== null);
  }
  return plan;
}

/**
 * Turns `fields` (default `*`) into a plan of per-level selections and relational reads.
 * Unknown fields are 422 code 202; fields the guard hides are left out; a related collection the
 * guard hides yields a warning and a placeholder (api-v8 §3.2).
 */
export function buildFieldsPlan(
  schema: SchemaModel,
  collection: string,
  fields: string[] | null,
  guard: ReadGuard,
  limits: PlanLimits = DEFAULT_PLAN_LIMITS,
): { plan: FieldsPlan; warnings: PlanWarning[] } {
  const info = schema.collections.get(collection);
  if (!info) throw new ApiError('COLLECTION_NOT_FOUND', `Collection ${quote(collection)} not found`);
  const paths = (fields ?? ['*']).map((path) => path.split('.').map((segment) => segment.trim()));
  if (paths.some((path) => path.some((segment) => segment === ''))) {
    const bad = (fields ?? []).find((path) => path.split('.').some((s) => s.trim() === '')) ?? '';
    throw invalidField(bad, collection);
  }
  const state: BuildState = { schema, guard, limits, relations: 0, warnings: [] };
  return { plan: buildLevel(state, info, paths, 0), warnings: state.warnings };
}
