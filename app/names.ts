import type { CollectionMeta } from './state/types';
import { SYSTEM_PREFIX } from './paths';

/** `site_settings` → `Site Settings`; system collections lose their prefix. */
export function formatName(name: string): string {
  return name
    .replace(new RegExp(`^${SYSTEM_PREFIX}`), '')
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');
}

/** The collection's name in the user's locale (its translation), else its formatted name. */
export function collectionName(collection: string, meta: CollectionMeta | undefined, locale: string): string {
  const translations = Array.isArray(meta?.translation) ? (meta!.translation as unknown[]) : [];
  for (const entry of translations) {
    const row = entry as { locale?: unknown; translation?: unknown };
    if (row?.locale === locale && typeof row.translation === 'string' && row.translation)
      return row.translation;
  }
  return formatName(collection);
}
