import { itemPath, itemsPath } from '../paths';
import type { ApiClient } from './client';
import { USER_CARD_FIELDS, type UserRecord } from './users';

/** An entry of an item's activity, with the person who acted (api-v8 §2.1). */
export interface ActivityRow {
  id: number;
  action: string;
  action_on: string;
  comment: string | null;
  /** The user as far as the caller may read them: an object, only an id, or null (public, unknown). */
  action_by: UserRecord | number | null;
}

/** The revision an activity entry recorded (api-v8 §2.12), without its payloads. */
export interface RevisionRef {
  id: number;
  activity: number;
}

/** A revision's payloads: the whole item after the change and the fields it changed. */
export interface Revision extends RevisionRef {
  data: Record<string, unknown> | null;
  delta: Record<string, unknown> | null;
}

/** The latest activity of one item, newest first, with the people who acted. */
export async function loadItemActivity(
  api: ApiClient,
  collection: string,
  primaryKey: string | number,
): Promise<ActivityRow[]> {
  const answer = await api.get<ActivityRow[]>('activity', {
    'filter[collection][eq]': collection,
    'filter[item][eq]': primaryKey,
    fields: ['id', 'action', 'action_on', 'comment', ...USER_CARD_FIELDS.map((f) => `action_by.${f}`)].join(
      ',',
    ),
    sort: '-action_on,-id',
    limit: 100,
  });
  return Array.isArray(answer.data) ? answer.data : [];
}

/**
 * Which of these activity entries recorded a revision (comments and deletes do not). Read through
 * `/revisions`, which serves user and system collections alike, without the payloads.
 */
export async function loadRevisionRefs(
  api: ApiClient,
  collection: string,
  primaryKey: string | number,
  activityIds: number[],
): Promise<Map<number, number>> {
  const byActivity = new Map<number, number>();
  if (activityIds.length === 0) return byActivity;
  const answer = await api.get<RevisionRef[]>('revisions', {
    'filter[collection][eq]': collection,
    'filter[item][eq]': primaryKey,
    'filter[activity][in]': activityIds.join(','),
    fields: 'id,activity',
    limit: -1,
  });
  for (const row of Array.isArray(answer.data) ? answer.data : []) {
    const activity =
      typeof row.activity === 'object' && row.activity ? (row.activity as { id: number }).id : row.activity;
    byActivity.set(Number(activity), Number(row.id));
  }
  return byActivity;
}

/** One revision with its snapshot (redacted by the server to the fields the caller may read). */
export async function loadRevision(api: ApiClient, id: number): Promise<Revision> {
  const answer = await api.get<Revision>(`revisions/${id}`, { fields: 'id,activity,data,delta' });
  return answer.data;
}

/** Restores an item from one of its revisions (api-v8 §7.3); answers the item as it now is. */
export async function revertItem(
  api: ApiClient,
  collection: string,
  primaryKey: string | number,
  revision: number,
): Promise<Record<string, unknown>> {
  const answer = await api.patch<Record<string, unknown>>(
    `${itemPath(collection, primaryKey)}/revert/${revision}`,
    {},
  );
  return answer.data ?? {};
}

export async function postComment(
  api: ApiClient,
  collection: string,
  primaryKey: string | number,
  comment: string,
): Promise<void> {
  await api.post('activity/comment', { collection, item: primaryKey, comment });
}

// --- the activity log (spec §2 /activity) -----------------------------------------------------------

/** One entry of the log with everything the detail page shows (where from: ip, user agent). */
export async function loadActivityEntry(
  api: ApiClient,
  id: string | number,
): Promise<Record<string, unknown>> {
  const answer = await api.get<Record<string, unknown>>(`activity/${encodeURIComponent(String(id))}`, {
    fields: [
      'id',
      'action',
      'action_on',
      'collection',
      'item',
      'comment',
      'comment_deleted_on',
      'edited_on',
      'ip',
      'user_agent',
      ...USER_CARD_FIELDS.map((f) => `action_by.${f}`),
    ].join(','),
  });
  return answer.data ?? {};
}

/** A revision with what it is about, for the activity detail's changes. */
export interface ActivityRevision extends Revision {
  collection: string;
  item: string;
}

/** The revision an activity entry recorded, or null (comments, deletes and sign-ins record none). */
export async function loadRevisionOfActivity(
  api: ApiClient,
  activity: string | number,
): Promise<ActivityRevision | null> {
  const answer = await api.get<ActivityRevision[]>('revisions', {
    'filter[activity][eq]': activity,
    fields: 'id,activity,collection,item,data,delta',
    sort: '-id',
    limit: 1,
  });
  return (Array.isArray(answer.data) ? answer.data[0] : null) ?? null;
}

/** The revision of the same item just before this one: what the changed fields were before. */
export async function loadPreviousRevision(
  api: ApiClient,
  revision: Pick<ActivityRevision, 'id' | 'collection' | 'item'>,
): Promise<Revision | null> {
  const answer = await api.get<Revision[]>('revisions', {
    'filter[collection][eq]': revision.collection,
    'filter[item][eq]': revision.item,
    'filter[id][lt]': revision.id,
    fields: 'id,activity,data,delta',
    sort: '-id',
    limit: 1,
  });
  return (Array.isArray(answer.data) ? answer.data[0] : null) ?? null;
}

/**
 * The items with these keys, with the fields their titles need. Keys the answer lacks are items the
 * caller does not see (gone, or outside their permissions).
 */
export async function loadItemsByKeys(
  api: ApiClient,
  collection: string,
  primaryKey: string,
  keys: string[],
  fields: string[],
): Promise<Record<string, unknown>[]> {
  const answer = await api.get<Record<string, unknown>[]>(itemsPath(collection), {
    [`filter[${primaryKey}][in]`]: keys.join(','),
    fields: [...new Set([primaryKey, ...fields])].join(','),
    limit: -1,
  });
  return Array.isArray(answer.data) ? answer.data : [];
}

/** The people the log can be narrowed to (those the caller may read). */
export async function loadActivityPeople(api: ApiClient): Promise<UserRecord[]> {
  const answer = await api.get<UserRecord[]>('users', {
    fields: 'id,first_name,last_name,email',
    sort: 'first_name,last_name,id',
    limit: -1,
  });
  return Array.isArray(answer.data) ? answer.data : [];
}
