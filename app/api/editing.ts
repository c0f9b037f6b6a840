import { isSystemCollection, itemPath } from '../paths';
import type { ApiClient } from './client';
import type { Item } from '../state/schema-info';
import { itemFieldsQuery, type PrimaryKey } from './items';

/*
 * Editing together (Octavo additions to the v8 API, docs/compatibility.md): an item's revision,
 * the save precondition, who else is on the item's page, and the stream of the item's saves.
 * They apply to one existing item of a user collection (system collections keep v8's calls).
 */

/** Someone else on the page, or who saved: names only. */
export interface Person {
  id: number;
  first_name: string | null;
  last_name: string | null;
}

/** One save of the item by someone, as the event stream (or the poll) tells it. */
export interface ItemSaved {
  revision: number;
  by: Person | null;
}

/** Whether edit-conflict checks apply to this item page (one existing item of a user collection). */
export function tracksConflicts(collection: string, primaryKey: PrimaryKey): boolean {
  return !isSystemCollection(collection) && primaryKey !== '+' && !String(primaryKey).includes(',');
}

/** The item and its revision (read before the item, so never newer than it). */
export async function loadItemWithRevision(
  api: ApiClient,
  collection: string,
  primaryKey: PrimaryKey,
): Promise<{ item: Item; revision: number | null }> {
  const answer = await api.get<Item>(itemPath(collection, primaryKey), {
    fields: itemFieldsQuery(collection),
    meta: 'revision',
  });
  const revision = answer.meta?.revision;
  return { item: answer.data ?? {}, revision: typeof revision === 'number' ? revision : null };
}

/** The save's precondition: refused with 1110 when the item is no longer at `revision`. */
export function basedOn(revision: number | null): Record<string, string> | undefined {
  return revision === null ? undefined : { base_revision: String(revision) };
}

/** The item's current revision alone (the poll when server-sent events are not available). */
export async function currentRevision(
  api: ApiClient,
  collection: string,
  primaryKey: PrimaryKey,
  primaryKeyField: string,
): Promise<number | null> {
  const answer = await api.get(itemPath(collection, primaryKey), {
    fields: primaryKeyField,
    meta: 'revision',
  });
  return typeof answer.meta?.revision === 'number' ? answer.meta.revision : null;
}

/** The other users on this item's page in the last five minutes (spec §7's edit-conflict warning). */
export async function othersOnPage(
  api: ApiClient,
  collection: string,
  primaryKey: PrimaryKey,
  page: string,
): Promise<Person[]> {
  const answer = await api.get<Person[]>('users/present', { collection, item: String(primaryKey), page });
  return Array.isArray(answer.data) ? answer.data : [];
}

/** The URL of the item's server-sent events, from the revision the page loaded. */
export function itemEventsUrl(
  api: ApiClient,
  collection: string,
  primaryKey: PrimaryKey,
  since: number | null,
): string {
  const query = since === null ? '' : `?since=${since}`;
  return `${api.root}${api.project}/${itemPath(collection, primaryKey)}/events${query}`;
}
