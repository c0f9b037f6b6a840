import { NEW_ITEM_KEY } from '../machines/keys';

/**
 * Where things live: the app's routes (spec §2, hash mode) and the API paths of collections and items
 * (api-v8 §2). Every screen builds its links and requests from here, so an alias or an encoding rule is
 * written once.
 */

/** The route key of a new item (the item-edit machine's own key for one). */
export { NEW_ITEM_KEY };

export const SYSTEM_PREFIX = 'directus_';

/** The system collections with routes of their own: /{project}/files, /users, /activity. */
export const SYSTEM_ALIASES: Readonly<Record<string, string>> = {
  files: 'directus_files',
  users: 'directus_users',
  activity: 'directus_activity',
};

/** System collections listed and edited inside the settings area (spec §2: /settings/webhooks). */
export const SETTINGS_ALIASES: Readonly<Record<string, string>> = {
  'settings/webhooks': 'directus_webhooks',
};

/** Whether a system collection lives inside the settings area (its pages get the settings crumb). */
export function isSettingsCollection(collection: string): boolean {
  return Object.values(SETTINGS_ALIASES).includes(collection);
}

const ALIAS_OF: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries({ ...SYSTEM_ALIASES, ...SETTINGS_ALIASES }).map(([alias, collection]) => [
    collection,
    alias,
  ]),
);

export const PUBLIC_PATHS = [
  '/login',
  '/reset-password',
  '/install',
  '/setup-2fa',
  '/logout',
  '/accept-invite',
] as const;

export function isPublicPath(path: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(path);
}

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

/** Encodes each key of a (comma-separated) key list, keeping the commas. */
function encodeKeys(keys: string | number | (string | number)[]): string {
  const list = Array.isArray(keys) ? keys.map(String) : String(keys).split(',');
  return list.map(encodeURIComponent).join(',');
}

// --- app routes ------------------------------------------------------------------------------------

export const collectionsHref = (project: string) => `/${project}/collections`;

/** A collection's listing: system collections at their alias, others under /collections. */
export function collectionHref(project: string, collection: string): string {
  const alias = ALIAS_OF[collection];
  return alias ? `/${project}/${alias}` : `/${project}/collections/${encodeURIComponent(collection)}`;
}

/** An item page; `+` is a new item and `a,b` a batch edit of several items. */
export function itemHref(
  project: string,
  collection: string,
  primaryKey: string | number | (string | number)[],
): string {
  const keys = primaryKey === NEW_ITEM_KEY ? NEW_ITEM_KEY : encodeKeys(primaryKey);
  return `${collectionHref(project, collection)}/${keys}`;
}

/**
 * A new item with values filled in (`+?published_on=2026-05-04`): the item page stages each one the user
 * may write, as if typed in (a calendar's "create on this day").
 */
export function newItemHref(project: string, collection: string, values: Record<string, string>): string {
  const query = new URLSearchParams(values).toString();
  return `${itemHref(project, collection, NEW_ITEM_KEY)}${query ? `?${query}` : ''}`;
}

/** The values a new item's route carries (see newItemHref). */
export function prefilledValues(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search).entries());
}

export const bookmarkHref = (project: string, collection: string, bookmark: number | string) =>
  `${collectionHref(project, collection)}?b=${bookmark}`;

export const settingsHref = (project: string) => `/${project}/settings`;
/** The signed-in user's own page, "My profile" (reached from the avatar in the module bar). */
export const profileHref = (project: string) => `/${project}/me`;

/** Settings → Interfaces: every interface of the registry, and the debugger of one. */
export const settingsInterfacesHref = (project: string) => `/${project}/settings/interfaces`;
export const settingsCollectionsHref = (project: string) => `/${project}/settings/collections`;
export const settingsCollectionHref = (project: string, collection: string) =>
  `${settingsCollectionsHref(project)}/${encodeURIComponent(collection)}`;
export const settingsInterfaceHref = (project: string, id: string) =>
  `${settingsInterfacesHref(project)}/${encodeURIComponent(id)}`;

/** Settings → Roles: every role, and one role with its permissions (spec §2). */
export const settingsRolesHref = (project: string) => `/${project}/settings/roles`;
export const settingsRoleHref = (project: string, id: number | string) =>
  `${settingsRolesHref(project)}/${encodeURIComponent(String(id))}`;

/** The activity log, optionally narrowed to one item (the info sidebar's "see all activity", spec §2). */
export function activityLogHref(project: string, collection?: string, item?: string | number): string {
  if (!collection) return `/${project}/activity`;
  const query = new URLSearchParams({ collection, ...(item !== undefined ? { item: String(item) } : {}) });
  return `/${project}/activity?${query.toString()}`;
}

/** One entry of the activity log. */
export const activityEntryHref = (project: string, id: number | string) =>
  `/${project}/activity/${encodeURIComponent(String(id))}`;

/** An extension module's page (spec §2). */
export const extensionModuleHref = (project: string, id: string) =>
  `/${project}/ext/${encodeURIComponent(id)}`;

/** Item detail pages (the info sidebar opens by itself there on wide windows). */
export function isItemDetailPath(path: string): boolean {
  const parts = path.split('/').filter(Boolean);
  if (parts.length === 4 && parts[1] === 'collections') return true;
  if (parts.length === 4 && `${parts[1]}/${parts[2]}` in SETTINGS_ALIASES) return true;
  return parts.length === 3 && parts[1] in SYSTEM_ALIASES;
}

export interface RouteKey {
  isNew: boolean;
  keys: string[];
  batch: boolean;
}

/**
 * The key segment of an item route: '+' is a new item; 'a,b' edits several items at once (spec §2). A
 * comma always separates keys (as in the API), whether or not the browser encoded it.
 */
export function parseRouteKey(raw: string): RouteKey {
  const decoded = safeDecode(raw);
  if (decoded === NEW_ITEM_KEY) return { isNew: true, keys: [], batch: false };
  const keys = decoded
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  return { isNew: false, keys, batch: keys.length > 1 };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

// --- API paths -------------------------------------------------------------------------------------

/** The API path of a collection's items: `items/{c}` for user collections, `{name}` for system ones. */
export function itemsPath(collection: string): string {
  return isSystemCollection(collection)
    ? collection.slice(SYSTEM_PREFIX.length)
    : `items/${encodeURIComponent(collection)}`;
}

/** The API path of one item, or of several (`1,2`). */
export function itemPath(collection: string, primaryKey: string | number | (string | number)[]): string {
  return `${itemsPath(collection)}/${encodeKeys(primaryKey)}`;
}

/** A file's asset address (api-v8 §2.9), optionally a thumbnail preset: `{root}{project}/assets/{hash}?key=…`. */
export function assetHref(root: string, project: string, privateHash: string, key?: string): string {
  const base = `${root}${encodeURIComponent(project)}/assets/${encodeURIComponent(privateHash)}`;
  return key ? `${base}?key=${encodeURIComponent(key)}` : base;
}

/** The file library, at its root or inside a folder (`/{project}/files?folder=3`). */
export function filesHref(project: string, folder?: number | null): string {
  return folder == null ? `/${project}/files` : `/${project}/files?folder=${encodeURIComponent(folder)}`;
}
