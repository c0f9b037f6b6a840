import type { ApiClient } from './client';

/** An entry of an item's activity, with the person who acted (api-v8 §2.1). */
export interface ActivityRow {
  id: number;
  action: string;
  action_on: string;
  comment: string | null;
  action_by: { id?: number; first_name?: string; last_name?: string } | number | null;
}

/** The latest activity of one item, newest first. */
export async function loadItemActivity(
  api: ApiClient,
  collection: string,
  primaryKey: string | number,
): Promise<ActivityRow[]> {
  const answer = await api.get<ActivityRow[]>('activity', {
    'filter[collection][eq]': collection,
    'filter[item][eq]': primaryKey,
    fields: 'id,action,action_on,comment,action_by.id,action_by.first_name,action_by.last_name',
    sort: '-action_on',
    limit: 100,
  });
  return Array.isArray(answer.data) ? answer.data : [];
}

export async function postComment(
  api: ApiClient,
  collection: string,
  primaryKey: string | number,
  comment: string,
): Promise<void> {
  await api.post('activity/comment', { collection, item: primaryKey, comment });
}
