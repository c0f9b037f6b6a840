import type { FieldDefinition } from '../../engine/types';
import type { ApiClient } from './client';

/** One `directus_settings` row (api-v8 §2.17): a key and its value, typed by the key's field. */
export interface SettingRow {
  id: number;
  key: string;
  value: unknown;
}

/** The settings' field definitions (`/settings/fields`), in form order. */
export async function loadSettingsFields(api: ApiClient): Promise<FieldDefinition[]> {
  const answer = await api.get<FieldDefinition[]>('settings/fields', { limit: -1 });
  return [...(answer.data ?? [])].sort((a, b) => Number(a.sort ?? 0) - Number(b.sort ?? 0));
}

export async function loadSettings(api: ApiClient): Promise<SettingRow[]> {
  const answer = await api.get<SettingRow[]>('settings', { limit: -1 });
  return answer.data ?? [];
}

/** What a setting stores: a file setting holds the file's id, whatever the form shows. */
export function storedValue(value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value) && 'id' in value) {
    return (value as { id: unknown }).id;
  }
  return value;
}

/**
 * Saves changed settings by key (spec §7: create or update by key and value): a key with a row is
 * patched, a key without one is created. Returns the rows as stored.
 */
export async function saveSettings(
  api: ApiClient,
  rows: SettingRow[],
  changes: Record<string, unknown>,
): Promise<SettingRow[]> {
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const saved: SettingRow[] = [];
  for (const [key, value] of Object.entries(changes)) {
    const existing = byKey.get(key);
    const answer = existing
      ? await api.patch<SettingRow>(`settings/${existing.id}`, { value: storedValue(value) })
      : await api.post<SettingRow>('settings', { key, value: storedValue(value) });
    saved.push(answer.data);
  }
  return saved;
}
