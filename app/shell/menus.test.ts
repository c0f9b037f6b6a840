import { describe, expect, it } from 'vitest';
import { buildPermissions } from '../permissions/rows';
import { permissionModelOf } from '../state/hooks';
import type { AppData, CollectionMeta } from '../state/types';
import { moduleBarLinks, navigationGroups } from './menus';

const meta = (collection: string, extra: Partial<CollectionMeta> = {}): CollectionMeta => ({
  collection,
  hidden: false,
  managed: true,
  single: false,
  note: null,
  icon: null,
  ...extra,
});

const row = (collection: string, read: string, status: string | null = null) => ({
  collection,
  status,
  create: 'none',
  read,
  update: 'none',
  delete: 'none',
});

function data(overrides: Partial<AppData> = {}): AppData {
  return {
    project: 'demo',
    user: { id: 5, email: 'e@example.com', first_name: 'E', last_name: 'D', role: { id: 3, name: 'Editor' } },
    admin: false,
    permissions: {},
    modules: [],
    schema: {
      collections: {
        zebras: meta('zebras'),
        articles: meta('articles'),
        secret: meta('secret', { hidden: true }),
        unmanaged: meta('unmanaged', { managed: false }),
        directus_users: meta('directus_users'),
        drafts: meta('drafts'),
      },
      fields: {},
      relations: [],
    },
    ...overrides,
  } as AppData;
}

describe('module bar', () => {
  it('hides the user directory and file library without read access, and admin settings for non-admins', () => {
    const d = data({
      permissions: buildPermissions([row('directus_files', 'full'), row('directus_users', 'none')]),
    });
    expect(moduleBarLinks(d, permissionModelOf(d)).map((l) => l.id)).toEqual([
      'collections',
      'files',
      'help',
    ]);
  });

  it('shows everything, settings last, to admins', () => {
    const d = data({ admin: true, permissions: null });
    expect(moduleBarLinks(d, permissionModelOf(d)).map((l) => l.id)).toEqual([
      'collections',
      'users',
      'files',
      'help',
      'settings',
    ]);
  });

  it("replaces the defaults with the role's module listing", () => {
    const d = data({
      admin: true,
      permissions: null,
      user: {
        id: 1,
        email: 'a@example.com',
        first_name: 'A',
        last_name: 'B',
        role: {
          id: 1,
          name: 'Admin',
          module_listing: [{ name: 'Reports', link: '/{{project}}/ext/reports', icon: 'box' }],
        },
      },
    });
    expect(moduleBarLinks(d, permissionModelOf(d)).map((l) => [l.label, l.href])).toEqual([
      ['Reports', '/demo/ext/reports'],
      ['modules.settings', '/demo/settings'],
    ]);
  });

  it('lists extension modules after the defaults', () => {
    const d = data({
      admin: true,
      permissions: null,
      modules: [{ id: 'reports', name: 'Reports', icon: 'box' }],
    });
    expect(moduleBarLinks(d, permissionModelOf(d)).map((l) => l.id)).toContain('ext-reports');
  });
});

describe('navigation', () => {
  it('lists the collections the permission model shows', () => {
    const d = data({
      permissions: buildPermissions([
        row('zebras', 'full'),
        row('articles', 'mine'),
        row('secret', 'full'),
        row('unmanaged', 'full'),
        row('directus_users', 'full'),
        // A workflow collection counts when any status can be read.
        row('drafts', 'none', 'published'),
        row('drafts', 'role', 'draft'),
      ]),
    });
    const [group] = navigationGroups(d, permissionModelOf(d), (m) => m.collection);
    expect(group.collections.map((c) => c.collection)).toEqual(['articles', 'drafts', 'zebras']);
  });

  it("groups links by the role's collection listing", () => {
    const d = data({
      admin: true,
      permissions: null,
      user: {
        id: 1,
        email: 'a@example.com',
        first_name: 'A',
        last_name: 'B',
        role: {
          id: 1,
          name: 'Admin',
          collection_listing: [
            // v8 stores `group_name` (schema-v8 §2.5.3), as Settings → Roles writes it.
            { group_name: 'Content', collections: [{ collection: 'zebras' }, { collection: 'secret' }] },
            { name: 'Empty', collections: [{ collection: 'missing' }] },
          ],
        },
      },
    });
    expect(
      navigationGroups(d, permissionModelOf(d), (m) => m.collection).map((g) => [
        g.name,
        g.collections.map((c) => c.collection),
      ]),
    ).toEqual([['Content', ['zebras']]]);
  });
});
