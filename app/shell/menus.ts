import { activityLogHref, collectionHref, collectionsHref, settingsHref } from '../paths';
import type { PermissionModel } from '../permissions/model';
import { bookmarkKind, type BookmarkKind } from '../state/bookmarks';
import type { AppData, CollectionGroup, CollectionMeta, ModuleLink, Preset } from '../state/types';

export const HELP_URL = 'https://github.com/directus/v8-archive';

export interface ModuleBarLink {
  id: string;
  /** A message id for core links, or a literal name for role and extension links. */
  label: string;
  translate: boolean;
  href: string;
  icon: string;
  external?: boolean;
}

/**
 * The module bar's links (spec §2 Shell, §6): the defaults — collections, user directory (hidden without
 * user read), file library (hidden without file read), help and docs, extension modules — or the role's
 * module_listing in their place; admin settings appended for admins.
 */
export function moduleBarLinks(
  data: Pick<AppData, 'project' | 'user' | 'admin' | 'modules'>,
  permissions: PermissionModel,
): ModuleBarLink[] {
  const p = data.project;
  const role = typeof data.user.role === 'object' ? data.user.role : null;
  const listing = Array.isArray(role?.module_listing) ? (role!.module_listing as ModuleLink[]) : null;
  let links: ModuleBarLink[];
  if (listing && listing.length) {
    links = listing
      .filter((entry) => entry && entry.enabled !== false && entry.link)
      .map((entry, index) => ({
        id: `role-${index}`,
        label: entry.name,
        translate: false,
        href: entry.link.replace('{{project}}', p),
        icon: entry.icon || 'extension',
        external: /^https?:\/\//.test(entry.link),
      }));
  } else {
    links = [
      {
        id: 'collections',
        label: 'modules.collections',
        translate: true,
        href: collectionsHref(p),
        icon: 'inventory_2',
      },
      ...(permissions.mayBrowse('directus_users')
        ? [
            {
              id: 'users',
              label: 'modules.users',
              translate: true,
              href: collectionHref(p, 'directus_users'),
              icon: 'group',
            },
          ]
        : []),
      ...(permissions.mayBrowse('directus_files')
        ? [
            {
              id: 'files',
              label: 'modules.files',
              translate: true,
              href: collectionHref(p, 'directus_files'),
              icon: 'folder',
            },
          ]
        : []),
      { id: 'help', label: 'modules.help', translate: true, href: HELP_URL, icon: 'help', external: true },
      ...data.modules
        .filter((module) => !module.core)
        .map((module) => ({
          id: `ext-${module.id}`,
          label: module.name,
          translate: false,
          href: `/${p}/ext/${module.id}`,
          icon: 'extension',
        })),
    ];
  }
  if (data.admin) {
    links.push({
      id: 'settings',
      label: 'modules.settings',
      translate: true,
      href: settingsHref(p),
      icon: 'settings',
    });
  }
  return links;
}

export interface NavGroup {
  name: string | null;
  collections: CollectionMeta[];
}

/** The role's collection_listing groups (only visible collections), or one sorted flat group. */
export function navigationGroups(
  data: Pick<AppData, 'user'>,
  permissions: PermissionModel,
  nameOf: (meta: CollectionMeta) => string,
): NavGroup[] {
  const visible = permissions.visibleCollections(nameOf);
  const role = typeof data.user.role === 'object' ? data.user.role : null;
  const listing = Array.isArray(role?.collection_listing)
    ? (role!.collection_listing as CollectionGroup[])
    : null;
  if (!listing || !listing.length) return [{ name: null, collections: visible }];
  const byName = new Map(visible.map((c) => [c.collection, c]));
  return listing
    .map((group) => ({
      // v8 stores `group_name` (schema-v8 §2.5.3); `name` is accepted too.
      name: group.group_name ?? group.name ?? null,
      collections: (group.collections ?? [])
        .map((entry) => byName.get(typeof entry === 'string' ? entry : entry.collection))
        .filter((c): c is CollectionMeta => Boolean(c)),
    }))
    .filter((group) => group.collections.length > 0);
}

export interface BookmarkGroup {
  kind: BookmarkKind;
  /** The role of a role group; null for personal and global. */
  role: number | null;
  bookmarks: Preset[];
}

/**
 * The navigation's bookmarks (spec §2 Shell): the user's own first, then each role's (by role id), then
 * the global ones; each group sorted by title.
 */
export function bookmarkGroups(bookmarks: Preset[], locale?: string): BookmarkGroup[] {
  const byTitle = (a: Preset, b: Preset) => (a.title ?? '').localeCompare(b.title ?? '', locale);
  const of = (kind: BookmarkKind) => bookmarks.filter((bookmark) => bookmarkKind(bookmark) === kind);
  const groups: BookmarkGroup[] = [{ kind: 'personal', role: null, bookmarks: of('personal') }];
  const roles = [...new Set(of('role').map((bookmark) => bookmark.role as number))].sort((a, b) => a - b);
  for (const role of roles) {
    groups.push({ kind: 'role', role, bookmarks: of('role').filter((bookmark) => bookmark.role === role) });
  }
  groups.push({ kind: 'global', role: null, bookmarks: of('global') });
  return groups
    .filter((group) => group.bookmarks.length > 0)
    .map((group) => ({ ...group, bookmarks: [...group.bookmarks].sort(byTitle) }));
}

/**
 * Where the info sidebar's activity link goes (spec §2 "a notifications link to activity when activity
 * read is not none"), or null when the role cannot read the activity log.
 */
export function activityLinkHref(project: string, permissions: PermissionModel): string | null {
  return permissions.mayBrowse('directus_activity') ? activityLogHref(project) : null;
}
