import { itemHref } from '../../paths';

/** The activity log's collection: its entries are about other items. */
export const ACTIVITY = 'directus_activity';
/** What an activity entry needs to lead to its item. */
export const ACTIVITY_TARGET_FIELDS = ['collection', 'item'];

/**
 * Where an activity entry leads: the item it records (its collection and key), not the activity row.
 * Null for other collections and for entries without an item or about a collection the app does not know.
 */
export function activityTargetHref(
  project: string,
  collection: string,
  entry: Record<string, unknown>,
  known: Record<string, unknown>,
): string | null {
  if (collection !== ACTIVITY) return null;
  const target = entry.collection;
  const key = entry.item;
  if (typeof target !== 'string' || !target || key === null || key === undefined || key === '') return null;
  if (!(target in known) && !target.startsWith('directus_')) return null;
  return itemHref(project, target, String(key));
}
