import { SYSTEM_ALIASES } from '../../routes';

export const SYSTEM_PREFIX = 'directus_';

export function isSystemCollection(collection: string): boolean {
  return collection.startsWith(SYSTEM_PREFIX);
}

/**
 * The collection a listing route names: the aliases (files, users, activity) stand for their system
 * collections unless a user collection has that name.
 */
export function resolveCollection(name: string, known: Record<string, unknown>): string {
  if (name in known) return name;
  return SYSTEM_ALIASES[name] ?? name;
}

/** Where the API keeps a collection's items: system collections have their own endpoints (api-v8 §2.4). */
export function itemsPath(collection: string): string {
  return isSystemCollection(collection)
    ? collection.slice(SYSTEM_PREFIX.length)
    : `items/${encodeURIComponent(collection)}`;
}
