import type { ApiClient } from '../api/client';
import { normalizePreset } from './presets';
import type { CurrentUser, Preset } from './types';

/**
 * Bookmarks are titled rows of directus_collection_presets (spec §3, §4): personal (`user` set), for a
 * role (`role` set, no user) or global (neither). This module holds their rules and their writes; the
 * hydrated list lives in the app data (`bookmarks`) and callers update it after each write.
 */

export type BookmarkKind = 'personal' | 'role' | 'global';

/** Who a new bookmark is for: the caller, a role, or everyone (the last two for admins only, spec §6). */
export type BookmarkAudience = { kind: 'personal' } | { kind: 'global' } | { kind: 'role'; role: number };

/** The preset columns that make up a view of a listing. */
export interface ViewColumns {
  view_type?: string | null;
  view_query?: Record<string, unknown> | null;
  view_options?: Record<string, unknown> | null;
  search_query?: string | null;
  filters?: unknown[] | null;
}

export function bookmarkKind(preset: Pick<Preset, 'user' | 'role'>): BookmarkKind {
  if (preset.user != null) return 'personal';
  if (preset.role != null) return 'role';
  return 'global';
}

/**
 * A value in a form where "nothing" has one spelling: object keys sorted, null and undefined entries and
 * empty objects dropped (a layout without options equals no entry for it). Arrays keep their order.
 */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const entry = canonical((value as Record<string, unknown>)[key]);
      if (entry === null || entry === undefined) continue;
      if (typeof entry === 'object' && !Array.isArray(entry) && Object.keys(entry).length === 0) continue;
      out[key] = entry;
    }
    return out;
  }
  return value;
}

/** One string per distinct view: layout (tabular by default), its query and options, search, filters. */
export function viewKey(view: ViewColumns): string {
  return JSON.stringify([
    view.view_type || 'tabular',
    canonical(view.view_query ?? {}),
    canonical(view.view_options ?? {}),
    view.search_query || '',
    canonical(view.filters ?? []),
  ]);
}

/** Whether two views show the same thing (spec §4 Bookmark). */
export function sameView(a: ViewColumns, b: ViewColumns): boolean {
  return viewKey(a) === viewKey(b);
}

/**
 * The saved bookmark of this collection the current view equals, if any: the bookmark button is then
 * disabled (spec §4 Bookmark). Every bookmark the user sees counts: personal, the role's and global.
 */
export function matchingBookmark(
  view: ViewColumns,
  bookmarks: Preset[],
  collection: string,
): Preset | undefined {
  const key = viewKey(view);
  return bookmarks.find((bookmark) => bookmark.collection === collection && viewKey(bookmark) === key);
}

/** Saves the view as a bookmark for the audience; answers the stored row. */
export async function createBookmark(
  api: ApiClient,
  user: CurrentUser,
  collection: string,
  view: ViewColumns,
  title: string,
  audience: BookmarkAudience,
): Promise<Preset> {
  const body = {
    collection,
    title,
    user: audience.kind === 'personal' ? Number(user.id) : null,
    role: audience.kind === 'role' ? audience.role : null,
    view_type: view.view_type || 'tabular',
    view_query: view.view_query ?? null,
    view_options: view.view_options ?? null,
    search_query: view.search_query || null,
    filters: view.filters?.length ? view.filters : null,
  };
  const response = await api.post<Record<string, any>>('collection_presets', body);
  return normalizePreset({ ...body, ...(response.data ?? {}) });
}

export async function renameBookmark(api: ApiClient, bookmark: Preset, title: string): Promise<Preset> {
  const response = await api.patch<Record<string, any>>(`collection_presets/${bookmark.id}`, { title });
  return normalizePreset({ ...bookmark, ...(response.data ?? {}), title });
}

export async function deleteBookmark(api: ApiClient, bookmark: Preset): Promise<void> {
  await api.delete(`collection_presets/${bookmark.id}`);
}

/** A bookmark the hydrated list does not hold yet (made by someone else since sign-in). */
export async function loadBookmark(api: ApiClient, id: string): Promise<Preset | null> {
  const response = await api.get<Record<string, any>>(`collection_presets/${encodeURIComponent(id)}`);
  const row = response.data;
  return row && row.title != null ? normalizePreset(row) : null;
}

export interface RoleChoice {
  id: number;
  name: string;
}

/** The role of unauthenticated callers (schema-v8: id 2). */
const PUBLIC_ROLE = 2;

const rolesByClient = new WeakMap<ApiClient, Promise<RoleChoice[]>>();

/** The roles a bookmark can be given to (GET /roles), loaded once per client; admins only. */
export function loadRoles(api: ApiClient): Promise<RoleChoice[]> {
  let roles = rolesByClient.get(api);
  if (!roles) {
    roles = api
      .get<Record<string, any>[]>('roles', { fields: 'id,name', limit: -1, sort: 'name' })
      .then((response) =>
        (Array.isArray(response.data) ? response.data : [])
          .map((row) => ({ id: Number(row.id), name: String(row.name ?? row.id) }))
          // The public role has no users who sign in to the app: a bookmark for it would reach nobody.
          .filter((role) => role.id !== PUBLIC_ROLE),
      );
    // A failure is not remembered: the next dialog asks again.
    roles.catch(() => rolesByClient.delete(api));
    rolesByClient.set(api, roles);
  }
  return roles;
}

/** The store's list after a write: the saved row in place of (or after) its old self, or without it. */
export function withBookmark(bookmarks: Preset[], saved: Preset): Preset[] {
  const at = bookmarks.findIndex((bookmark) => bookmark.id === saved.id);
  if (at === -1) return [...bookmarks, saved];
  return bookmarks.map((bookmark, index) => (index === at ? saved : bookmark));
}

export function withoutBookmark(bookmarks: Preset[], id: number | undefined): Preset[] {
  return bookmarks.filter((bookmark) => bookmark.id !== id);
}
