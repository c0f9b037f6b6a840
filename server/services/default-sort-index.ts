import type { ProjectContext } from '../context';
import { indexableDatatype } from '../database/datatype-catalogue';
import { schemaCache } from '../schema/cache';
import type { PrimaryKey } from './items';

/**
 * The first sort field of a preset: `view_query[view_type].sort` (`-published_on` or a
 * comma-separated list, v8's tabular layout; a list of fields for other layouts).
 */
function sortOf(preset: Record<string, unknown>): string | null {
  let query = preset.view_query;
  if (typeof query === 'string') {
    try {
      query = JSON.parse(query);
    } catch {
      return null;
    }
  }
  if (!query || typeof query !== 'object' || typeof preset.view_type !== 'string') return null;
  const sort = (query as Record<string, { sort?: unknown } | undefined>)[preset.view_type]?.sort;
  const first = Array.isArray(sort) ? sort[0] : typeof sort === 'string' ? sort.split(',')[0] : null;
  return typeof first === 'string' && first.trim() !== '' ? first.trim() : null;
}

/**
 * The field a collection-wide preset (no user, no role, no bookmark title) sorts its collection by,
 * when it is a column that can carry an index; null otherwise.
 */
export async function defaultSortField(
  project: ProjectContext,
  key: PrimaryKey,
): Promise<{ collection: string; field: string } | null> {
  const preset = (await project.knex('directus_collection_presets').where('id', key).first()) as
    Record<string, unknown> | undefined;
  if (!preset || preset.user != null || preset.role != null || preset.title != null) return null;
  const sort = sortOf(preset);
  if (!sort || typeof preset.collection !== 'string') return null;
  const first = sort.replace(/^-/, '');
  const info = (await schemaCache.get(project)).collections.get(preset.collection);
  const field = info?.fields.get(first);
  if (!info || info.system || !field || field.alias || field.primaryKey) return null;
  if (!indexableDatatype(field.datatype)) return null;
  return { collection: info.collection, field: field.field };
}

/**
 * Indexes the default sort field of the collection-wide preset `key` (after its write has
 * committed; idempotent: a column with its index already is left alone). Returns whether an index
 * was made.
 */
export async function indexDefaultSort(project: ProjectContext, key: PrimaryKey): Promise<boolean> {
  const target = await defaultSortField(project, key);
  if (!target) return false;
  return project.dialect.addIndex(project.knex, target.collection, target.field);
}
