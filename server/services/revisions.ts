import type { Accountability, ProjectContext } from '../context';
import { ApiError } from '../errors';
import { decodeJson } from '../schema/load-schema';
import type { FilterNode, Query } from '../query/types';
import { ItemsService, type PrimaryKey } from './items';
import { isServerFilled } from './payload';
import { isSecretField } from './permissions';
import type { ReadResult } from '../query/execute-read';

function itemFilter(collection: string, key: PrimaryKey): FilterNode {
  return {
    kind: 'and',
    children: [
      { kind: 'condition', path: ['collection'], operator: 'eq', value: collection },
      { kind: 'condition', path: ['item'], operator: 'eq', value: String(key) },
    ],
  };
}

function withFilter(query: Query, extra: FilterNode): Query {
  return { ...query, filter: query.filter ? { kind: 'and', children: [extra, query.filter] } : extra };
}

/**
 * The revisions of one item (`/items/{c}/{id}/revisions`), read through the items engine on
 * `directus_revisions` with the caller's permissions. The item itself must be readable (else 203).
 */
export async function itemRevisions(
  project: ProjectContext,
  accountability: Accountability,
  collection: string,
  key: PrimaryKey,
  query: Query,
): Promise<ReadResult> {
  const items = new ItemsService(project, accountability, { collection });
  await items.info();
  if (!(await items.readable(key))) throw new ApiError('ITEM_NOT_FOUND', 'Item not found');
  const revisions = new ItemsService(project, accountability, { collection: 'directus_revisions' });
  return revisions.readMany(withFilter(query, itemFilter(collection, key)));
}

/** The `offset`-th revision of an item, oldest first (api-v8 §2.4). */
export async function itemRevisionAt(
  project: ProjectContext,
  accountability: Accountability,
  collection: string,
  key: PrimaryKey,
  offset: string,
  query: Query,
): Promise<ReadResult> {
  if (!/^\d{1,9}$/.test(offset)) throw new ApiError('INVALID_REQUEST', 'offset: must be a whole number');
  return itemRevisions(project, accountability, collection, key, {
    ...query,
    sort: [{ field: 'id', order: 'asc' }],
    offset: Number(offset),
    limit: 1,
    single: true,
    page: null,
  });
}

/**
 * Restores an item from one of its revisions (api-v8 §7.3): the revision must belong to the item
 * (207) and hold data (208); the snapshot is written back as an update, subject to the caller's
 * update permission, and logged as `revert` with a new revision.
 */
export async function revertItem(
  project: ProjectContext,
  accountability: Accountability,
  collection: string,
  key: PrimaryKey,
  revisionId: string,
  query: Query,
): Promise<PrimaryKey> {
  if (collection.startsWith('directus_')) throw new ApiError('FORBIDDEN_SYSTEM_TABLE_ACCESS');
  const items = new ItemsService(project, accountability, { collection });
  const info = await items.info();
  const existing = await items.readable(key);
  if (!existing) throw new ApiError('ITEM_NOT_FOUND', 'Item not found');
  const revision = /^\d{1,15}$/.test(revisionId)
    ? await project.knex('directus_revisions').where('id', Number(revisionId)).first()
    : undefined;
  if (
    !revision ||
    revision.collection !== collection ||
    String(revision.item) !== String(existing[info.primaryKey])
  ) {
    throw new ApiError('REVISION_NOT_FOUND', `Revision "${revisionId}" not found for this item`);
  }
  const data = decodeJson(revision.data);
  if (!data || typeof data !== 'object' || Array.isArray(data) || Object.keys(data).length === 0) {
    throw new ApiError('REVISION_INVALID_DELTA');
  }
  const schema = await items.schema();
  // Only what the caller can read is restored: a revert never writes a value the caller was not
  // shown (a read-blacklisted field keeps its current value).
  const readable = (await items.permissions()).readableFields(collection);
  const patch: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data as Record<string, unknown>)) {
    const field = info.fields.get(name);
    if (!field || field.alias || field.primaryKey || isServerFilled(field)) continue;
    if (isSecretField(schema, collection, name)) continue;
    if (readable !== '*' && !readable.has(name)) continue;
    patch[name] = value;
  }
  if (Object.keys(patch).length === 0) throw new ApiError('REVISION_INVALID_DELTA');
  const [result] = await items.update([existing[info.primaryKey] as PrimaryKey], patch, query, 'revert');
  return result;
}
