import type { CollectionMeta, CollectionPermission } from '../../state/types';

const isOn = (value: unknown) => value === true || value === 1 || value === '1';

/**
 * The collections a user browses (spec §6): not hidden, managed, not a system collection, and with some
 * read access (a workflow collection's merged permission reads as its most permissive status).
 */
export function visibleCollections(
  collections: Record<string, CollectionMeta>,
  permissionOf: (collection: string) => CollectionPermission,
): CollectionMeta[] {
  return (
    Object.values(collections)
      .filter((meta) => !meta.collection.startsWith('directus_'))
      .filter((meta) => !isOn(meta.hidden))
      // `managed` defaults to true for rows that do not say otherwise.
      .filter((meta) => meta.managed === undefined || meta.managed === null || isOn(meta.managed))
      .filter((meta) => permissionOf(meta.collection).read !== 'none')
      .sort((a, b) => a.collection.localeCompare(b.collection))
  );
}
