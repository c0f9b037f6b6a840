import type {
  FieldDefinition,
  InterfaceDefinition,
  LayoutDefinition,
  ModuleDefinition,
} from '../../engine/types';
import { createCoreRegistry } from '../../engine/registry/core-registry';
import { loadExtensionModules, type RegistryProblem } from '../../engine/registry/registry';
import { ApiRequestError, type ApiClient } from '../api/client';
import { buildPermissions } from '../permissions/rows';
import { loadBookmarks } from './presets';
import type { AppData, CollectionMeta, CurrentUser, RelationRow, Schema } from './types';

/** The fields the app reads of the current user (api-v8 §2.25). */
export const ME_FIELDS = [
  'id',
  'avatar.*',
  'email',
  'first_name',
  'last_name',
  'locale',
  'timezone',
  'role.*',
  'last_page',
  'theme',
];

/**
 * A load the app can live without (an endpoint not every server has, or one the role may not read): a 404
 * or 403 counts as empty. Anything else is a real failure of start-up.
 */
export async function optional<T>(load: Promise<T>, empty: T): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 403)) return empty;
    throw error;
  }
}

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

export function normalizeUser(raw: Record<string, any>): CurrentUser {
  const role =
    raw.role && typeof raw.role === 'object'
      ? {
          ...raw.role,
          id: Number(raw.role.id),
          module_listing: parseJson(raw.role.module_listing) as any,
          collection_listing: parseJson(raw.role.collection_listing) as any,
        }
      : Number(raw.role);
  return { ...raw, id: Number(raw.id), role } as CurrentUser;
}

export function isAdminUser(user: CurrentUser): boolean {
  const role = typeof user.role === 'object' && user.role ? user.role.id : user.role;
  return Number(role) === 1;
}

export async function loadCurrentUser(api: ApiClient): Promise<CurrentUser> {
  const response = await api.get<Record<string, any>>('users/me', { fields: ME_FIELDS });
  return normalizeUser(response.data);
}

const flag = (value: unknown) => value === true || value === 1 || value === '1';

/** GET /fields grouped per collection and sorted by `sort` (unsorted fields last, by id). */
export function groupFields(rows: FieldDefinition[]): Record<string, FieldDefinition[]> {
  const out: Record<string, FieldDefinition[]> = {};
  for (const row of rows) {
    const collection = String(row.collection ?? '');
    (out[collection] ??= []).push({ ...row, options: (parseJson(row.options) as any) ?? null });
  }
  for (const list of Object.values(out)) {
    list.sort((a, b) => {
      const sa = a.sort ?? Number.MAX_SAFE_INTEGER;
      const sb = b.sort ?? Number.MAX_SAFE_INTEGER;
      return sa - sb || Number(a.id ?? 0) - Number(b.id ?? 0);
    });
  }
  return out;
}

export function keyCollections(rows: Record<string, any>[]): Record<string, CollectionMeta> {
  const out: Record<string, CollectionMeta> = {};
  for (const row of rows) {
    out[row.collection] = {
      ...row,
      collection: row.collection,
      hidden: flag(row.hidden),
      // `managed` is true unless the row says otherwise (a missing or null value counts as managed).
      managed: row.managed === undefined || row.managed === null ? true : flag(row.managed),
      single: flag(row.single),
      note: row.note ?? null,
      icon: row.icon ?? null,
      status_mapping: (parseJson(row.status_mapping) as CollectionMeta['status_mapping']) ?? null,
    };
  }
  return out;
}

export async function loadSchema(api: ApiClient): Promise<Schema> {
  const [collections, fields, relations] = await Promise.all([
    api.get<Record<string, any>[]>('collections', { limit: -1 }),
    api.get<FieldDefinition[]>('fields', { limit: -1 }),
    api.get<RelationRow[]>('relations', { limit: -1 }),
  ]);
  return {
    collections: keyCollections(Array.isArray(collections.data) ? collections.data : []),
    fields: groupFields(Array.isArray(fields.data) ? fields.data : []),
    relations: Array.isArray(relations.data) ? relations.data : [],
  };
}

export function keySettings(rows: { key: string; value: unknown }[]): Record<string, any> {
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

export interface LatencySample {
  at: number;
  /** Milliseconds, or -1 when the ping failed. */
  latency: number;
}

/** GET /server/ping, timed. A server error (code -2) still counts as latency; other failures give -1. */
export async function ping(api: ApiClient): Promise<LatencySample> {
  const start = performance.now();
  try {
    await api.get('/server/ping');
    return { at: Date.now(), latency: Math.round(performance.now() - start) };
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === -2) {
      return { at: Date.now(), latency: Math.round(performance.now() - start) };
    }
    return { at: Date.now(), latency: -1 };
  }
}

export interface LoadedData {
  schema: Schema;
  settings: Record<string, any>;
  interfaces: InterfaceDefinition[];
  layouts: LayoutDefinition[];
  modules: ModuleDefinition[];
  /** The server's reasons for skipping custom definitions (`messages` of the listings). */
  extensionWarnings?: string[];
  bookmarks: AppData['bookmarks'];
  serverInfo: AppData['serverInfo'];
  latency: LatencySample;
}

/** The map tile server from project info (`server.map`), checked: a URL template and its credit. */
function mapTilesOf(map: unknown): AppData['serverInfo']['mapTiles'] {
  if (!map || typeof map !== 'object') return null;
  const { tile_url, attribution } = map as Record<string, unknown>;
  if (typeof tile_url !== 'string' || !tile_url) return null;
  return { url: tile_url, attribution: typeof attribution === 'string' ? attribution : '' };
}

/** Step 3 of start-up: everything at once (spec §4 Start-up). */
export async function loadProjectData(api: ApiClient, user: CurrentUser): Promise<LoadedData> {
  // Extension listings (spec §1): when one fails, whatever the reason, it counts as empty; when all
  // three are empty the extensions-missing page is shown instead of a failed start-up.
  const extensionWarnings: string[] = [];
  const list = <T>(path: string) =>
    api
      .get<T[]>(path)
      .then((r) => {
        for (const entry of r.messages ?? []) {
          const message = (entry as { message?: unknown })?.message;
          if (typeof message === 'string') extensionWarnings.push(message);
        }
        return Array.isArray(r.data) ? r.data : [];
      })
      .catch((error: unknown) => {
        console.warn(`[extensions] ${path} failed to load`, error);
        return [] as T[];
      });
  const [latency, interfaces, layouts, modules, schema, settings, bookmarks, info] = await Promise.all([
    ping(api),
    list<InterfaceDefinition>('/interfaces'),
    list<LayoutDefinition>('/layouts'),
    list<ModuleDefinition>('/modules'),
    loadSchema(api),
    optional(
      api
        .get<{ key: string; value: unknown }[]>('settings', { limit: -1 })
        .then((r) => keySettings(r.data ?? [])),
      {},
    ),
    optional(loadBookmarks(api, user, isAdminUser(user)), []),
    api.get<{ api?: Record<string, any>; server?: Record<string, any> }>(''),
  ]);
  return {
    latency,
    interfaces,
    layouts,
    modules,
    extensionWarnings,
    schema,
    settings,
    bookmarks,
    serverInfo: {
      maxUploadSize: info.data?.server?.max_upload_size ?? null,
      version: info.data?.api?.version ?? null,
      database: info.data?.api?.database ?? null,
      mapTiles: mapTilesOf(info.data?.server?.map),
    },
  };
}

export async function loadPermissions(api: ApiClient, admin: boolean): Promise<AppData['permissions']> {
  if (admin) return null;
  const rows = await optional(
    api.get<Record<string, unknown>[]>('permissions/me').then((r) => (Array.isArray(r.data) ? r.data : [])),
    [],
  );
  return buildPermissions(rows);
}

/** The registry: bundled core definitions, the server's list on top, custom modules imported. */
export async function buildRegistry(
  loaded: Pick<LoadedData, 'interfaces' | 'layouts' | 'extensionWarnings'>,
  root: string,
): Promise<{ registry: AppData['registry']; problems: RegistryProblem[] }> {
  const registry = createCoreRegistry();
  const problems = [
    ...registry.addDefinitions(
      'interface',
      loaded.interfaces.filter((d) => !d.core),
    ),
    ...registry.addDefinitions(
      'layout',
      loaded.layouts.filter((d) => !d.core),
    ),
  ];
  // A definition the server skipped (not JSON, invalid) is broken, not missing: a field using it
  // shows the server's reason, which names the file. Core ids are never touched.
  for (const warning of loaded.extensionWarnings ?? []) {
    const [, kind, id] = /^extensions\/(interfaces|layouts)\/([^/]+)\//.exec(warning) ?? [];
    if (!kind || !id) continue;
    const known =
      kind === 'interfaces' ? registry.getInterface(id) : registry.layouts().some((l) => l.id === id);
    if (known) continue;
    problems.push(
      registry.markBroken(
        kind === 'interfaces' ? 'interface' : 'layout',
        id,
        `The extension "${id}" failed to load: ${warning}`,
      ),
    );
  }
  // The runtime (React for extension modules) is a chunk of its own, loaded only when a module is.
  const importModule = async (url: string) =>
    (await import('../extensions/runtime')).importExtension(root, url);
  problems.push(...(await loadExtensionModules(registry, importModule)));
  return { registry, problems };
}
