import type { ApiClient } from '../api/client';
import type { CurrentUser, Preset } from './types';

export function roleIdOf(user: CurrentUser): number | null {
  if (user.role && typeof user.role === 'object') return Number(user.role.id);
  return user.role == null ? null : Number(user.role);
}

function parseJson<T>(value: unknown, fallback: T): T {
  if (typeof value !== 'string') return (value as T) ?? fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

/** Normalises a preset row (JSON columns may arrive as text). */
export function normalizePreset(row: Record<string, any>): Preset {
  return {
    ...row,
    id: row.id == null ? undefined : Number(row.id),
    title: row.title ?? null,
    user: row.user == null ? null : Number(typeof row.user === 'object' ? row.user.id : row.user),
    role: row.role == null ? null : Number(typeof row.role === 'object' ? row.role.id : row.role),
    collection: row.collection,
    search_query: row.search_query ?? null,
    filters: parseJson(row.filters, null),
    view_type: row.view_type || 'tabular',
    view_options: parseJson(row.view_options, null),
    view_query: parseJson(row.view_query, null),
  };
}

/** Listing preferences: the user's untitled preset, else the role's, else the global one (api-v8 §2.13). */
export async function loadListingPreset(
  api: ApiClient,
  user: CurrentUser,
  collection: string,
): Promise<Preset | null> {
  const role = roleIdOf(user);
  const base = { 'filter[collection][eq]': collection, 'filter[title][null]': 1, limit: 1, sort: '-id' };
  const attempts: Record<string, unknown>[] = [
    { ...base, 'filter[user][eq]': user.id },
    ...(role != null ? [{ ...base, 'filter[role][eq]': role, 'filter[user][null]': 1 }] : []),
    { ...base, 'filter[role][null]': 1, 'filter[user][null]': 1 },
  ];
  for (const params of attempts) {
    const response = await api.get<Record<string, any>[]>('collection_presets', params);
    const row = Array.isArray(response.data) ? response.data[0] : undefined;
    if (row) return normalizePreset(row);
  }
  return null;
}

/**
 * Saves a change to the user's listing preferences: the first change creates the user's own row (starting
 * from the role or global preset it was showing), later ones update it (spec §4 Preset).
 */
export async function saveListingPreset(
  api: ApiClient,
  user: CurrentUser,
  collection: string,
  current: Preset | null,
  patch: Partial<Preset>,
): Promise<Preset> {
  if (current?.id != null && current.user === Number(user.id)) {
    const response = await api.patch<Record<string, any>>(`collection_presets/${current.id}`, patch);
    return normalizePreset({ ...current, ...(response.data ?? patch) });
  }
  const body = {
    collection,
    title: null,
    user: Number(user.id),
    role: null,
    search_query: current?.search_query ?? null,
    filters: current?.filters ?? null,
    view_type: current?.view_type ?? 'tabular',
    view_options: current?.view_options ?? null,
    view_query: current?.view_query ?? null,
    ...patch,
  };
  const response = await api.post<Record<string, any>>('collection_presets', body);
  return normalizePreset({ ...body, ...(response.data ?? {}) });
}

/**
 * The bookmarks of the user: personal, the role's and global ones (titled presets). Administrators get
 * the bookmarks of every role, since they may rename and delete any (spec §6).
 */
export async function loadBookmarks(api: ApiClient, user: CurrentUser, admin = false): Promise<Preset[]> {
  const role = roleIdOf(user);
  const roleFilter = admin
    ? { 'filter[role][nnull]': 1 }
    : role != null
      ? { 'filter[role][eq]': role }
      : null;
  const queries: Record<string, unknown>[] = [
    { 'filter[title][nnull]': 1, 'filter[user][eq]': user.id },
    ...(roleFilter ? [{ ...roleFilter, 'filter[title][nnull]': 1, 'filter[user][null]': 1 }] : []),
    { 'filter[role][null]': 1, 'filter[title][nnull]': 1, 'filter[user][null]': 1 },
  ];
  const answers = await Promise.all(
    queries.map((q) => api.get<Record<string, any>[]>('collection_presets', { ...q, limit: -1 })),
  );
  const seen = new Set<number>();
  return answers
    .flatMap((a) => (Array.isArray(a.data) ? a.data : []))
    .map(normalizePreset)
    .filter((p) => (p.id == null || seen.has(p.id) ? false : (seen.add(p.id), true)));
}
