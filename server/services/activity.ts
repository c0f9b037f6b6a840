import type { Knex } from 'knex';
import type { Accountability, ProjectContext } from '../context';
import { dialectFor, type Dialect } from '../database/dialects';
import { ApiError } from '../errors';
import { formatUtcDateTime } from '../query/coerce-value';
import { schemaCache } from '../schema/cache';
import { ItemsService } from './items';
import { isSoftDeleted, permissionsFor } from './permissions';

/** Activity actions of api-v8 §2.11. */
export type ActivityAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'soft-delete'
  | 'revert'
  | 'comment'
  | 'upload'
  | 'authenticate'
  | 'invalid-credentials'
  | 'status-update';

export interface ActivityEntry {
  action: ActivityAction;
  accountability: Pick<Accountability, 'user' | 'ip' | 'userAgent'>;
  collection: string;
  item: string | number;
  comment?: string | null;
  now?: Date;
  /** Who the row names as actor; default the caller (0 for anonymous). */
  actionBy?: number;
}

/** Records one `directus_activity` row (in the caller's transaction) and returns its id. */
export async function recordActivity(knex: Knex, entry: ActivityEntry): Promise<number> {
  const who = entry.accountability;
  // Callers pass only their transaction: the dialect is that of the connection it runs on.
  const id = await dialectFor(knex).insertReturningId(
    knex,
    'directus_activity',
    {
      action: entry.action,
      action_by: entry.actionBy ?? who.user ?? 0,
      action_on: formatUtcDateTime(entry.now ?? new Date()),
      ip: (who.ip ?? '').slice(0, 50),
      user_agent: (who.userAgent ?? '').slice(0, 255),
      collection: entry.collection,
      item: String(entry.item),
      comment: entry.comment ?? null,
    },
    'id',
  );
  return Number(id);
}

export interface RevisionEntry {
  activity: number;
  collection: string;
  item: string | number;
  data: Record<string, unknown>;
  delta: Record<string, unknown> | null;
  parent?: { collection: string; item: string | number | null; changed: boolean } | null;
}

/** Records one `directus_revisions` row: the full item after the change and what changed. */
export async function recordRevision(knex: Knex, entry: RevisionEntry, dialect: Dialect): Promise<void> {
  const parentChanged = entry.parent ? entry.parent.changed : null;
  await knex('directus_revisions').insert({
    activity: entry.activity,
    collection: entry.collection,
    item: String(entry.item),
    data: JSON.stringify(entry.data),
    delta: entry.delta === null ? null : JSON.stringify(entry.delta),
    parent_collection: entry.parent?.collection ?? null,
    parent_item:
      entry.parent?.item === null || entry.parent?.item === undefined ? null : String(entry.parent.item),
    parent_changed: parentChanged === null ? null : dialect.boolean(parentChanged),
  });
}

/* ---------------------------------------------------------------- comments (api-v8 §2.11) */

async function commentRow(project: ProjectContext, id: string): Promise<Record<string, unknown>> {
  const row = /^\d{1,15}$/.test(id)
    ? await project.knex('directus_activity').where('id', Number(id)).where('action', 'comment').first()
    : undefined;
  if (!row || row.comment_deleted_on) throw new ApiError('ITEM_NOT_FOUND', `Comment "${id}" not found`);
  return row;
}

/** Posts a comment on an item: needs the `comment` permission of the item's collection (210). */
export async function createComment(
  project: ProjectContext,
  accountability: Accountability,
  body: Record<string, unknown>,
): Promise<number> {
  const { collection, item, comment } = body;
  // Text or a number only: an object would not even turn into text (`{"toString":1}`).
  for (const [name, value] of [
    ['collection', collection],
    ['item', item],
    ['comment', comment],
  ] as const) {
    if (value !== undefined && value !== null && typeof value !== 'string' && typeof value !== 'number') {
      throw new ApiError('INVALID_REQUEST', `${name}: expected text or a number`);
    }
  }
  const missing = [
    ['collection', collection],
    ['item', item],
    ['comment', comment],
  ].filter(([, value]) => value === undefined || value === null || String(value).trim() === '');
  if (missing.length > 0) {
    throw new ApiError('INVALID_REQUEST', `${missing[0][0]}: This value should not be blank.`);
  }
  if (typeof comment !== 'string') throw new ApiError('INVALID_REQUEST', 'comment: expected text');
  const schema = await schemaCache.get(project);
  const info = schema.collections.get(String(collection));
  if (!info) throw new ApiError('COLLECTION_NOT_FOUND', `Collection "${String(collection)}" not found`);
  const permissions = await permissionsFor(project, schema, accountability);
  const level = permissions.commentLevel(info.collection);
  if (level === 'none') throw new ApiError('FORBIDDEN_COMMENT_CREATE');
  const key = await readableItem(project, accountability, info.collection, item);
  if (key === null) throw new ApiError('ITEM_NOT_FOUND', 'Item not found');
  return recordActivity(project.knex, {
    action: 'comment',
    accountability,
    collection: info.collection,
    item: String(key),
    comment,
  });
}

/**
 * The key of an item the caller may read, or null: comments are posted on, and changed on, items
 * the caller reads, so that they never tell whether an unreadable item exists.
 */
async function readableItem(
  project: ProjectContext,
  accountability: Accountability,
  collection: string,
  item: unknown,
): Promise<string | number | null> {
  if (typeof item !== 'string' && typeof item !== 'number') return null;
  const items = new ItemsService(project, accountability, { collection });
  const info = await items.info();
  const row = await items.readable(item);
  if (!row) return null;
  if (!accountability.admin && info.statusField && isSoftDeleted(info, row[info.statusField])) return null;
  return row[info.primaryKey] as string | number;
}

/** Who may change a comment: `update` for one's own, `full` for anyone's; admins always. */
async function assertCommentChange(
  project: ProjectContext,
  accountability: Accountability,
  row: Record<string, unknown>,
  denied: 'FORBIDDEN_COMMENT_UPDATE' | 'FORBIDDEN_COMMENT_DELETE',
): Promise<void> {
  if (accountability.admin) return;
  const schema = await schemaCache.get(project);
  if (!schema.collections.has(String(row.collection))) throw new ApiError(denied);
  if ((await readableItem(project, accountability, String(row.collection), String(row.item))) === null) {
    throw new ApiError('ITEM_NOT_FOUND', `Comment "${String(row.id)}" not found`);
  }
  const permissions = await permissionsFor(project, schema, accountability);
  const level = permissions.commentLevel(String(row.collection));
  const own = accountability.user != null && Number(row.action_by) === accountability.user;
  if (level === 'full' || (level === 'update' && own)) return;
  throw new ApiError(denied);
}

export async function updateComment(
  project: ProjectContext,
  accountability: Accountability,
  id: string,
  body: Record<string, unknown>,
): Promise<number> {
  const comment = body.comment;
  if (typeof comment !== 'string' || comment.trim() === '') {
    throw new ApiError('INVALID_REQUEST', 'comment: This value should not be blank.');
  }
  const row = await commentRow(project, id);
  await assertCommentChange(project, accountability, row, 'FORBIDDEN_COMMENT_UPDATE');
  await project
    .knex('directus_activity')
    .where('id', row.id as number)
    .update({ comment, edited_on: formatUtcDateTime(new Date()) });
  return Number(row.id);
}

/** Comments are soft-deleted: `comment_deleted_on` is set and the row stays. */
export async function deleteComment(
  project: ProjectContext,
  accountability: Accountability,
  id: string,
): Promise<void> {
  const row = await commentRow(project, id);
  await assertCommentChange(project, accountability, row, 'FORBIDDEN_COMMENT_DELETE');
  await project
    .knex('directus_activity')
    .where('id', row.id as number)
    .update({ comment_deleted_on: formatUtcDateTime(new Date()) });
}
