import type { Knex } from 'knex';

export type Settings = Record<string, string | null>;

/** The project's `directus_settings` as key → value. */
export async function readSettings(knex: Knex): Promise<Settings> {
  const rows = await knex('directus_settings').select('key', 'value');
  return Object.fromEntries(rows.map((row: { key: string; value: string | null }) => [row.key, row.value]));
}

/** A numeric setting, or the fallback when it is empty or not a number. */
export function numberSetting(settings: Settings, key: string, fallback: number): number {
  const raw = settings[key];
  if (raw === null || raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  return Number.isFinite(value) ? value : fallback;
}
