import { describe, expect, it } from 'vitest';
import { PermissionModel } from '../permissions/model';
import { buildPermissions } from '../permissions/rows';
import { fakeApi } from '../screens/listing/test-harness';
import {
  bookmarkKind,
  createBookmark,
  loadRoles,
  matchingBookmark,
  sameView,
  viewKey,
  withBookmark,
  withoutBookmark,
} from './bookmarks';
import { loadBookmarks } from './presets';
import type { CurrentUser, Preset } from './types';

const ME: CurrentUser = {
  id: 7,
  email: 'me@example.com',
  first_name: 'Me',
  last_name: 'Myself',
  role: { id: 3, name: 'Editor' },
};

function bookmark(id: number, extra: Partial<Preset> = {}): Preset {
  return {
    id,
    title: `Bookmark ${id}`,
    user: 7,
    role: null,
    collection: 'articles',
    search_query: null,
    filters: null,
    view_type: 'tabular',
    view_options: null,
    view_query: null,
    ...extra,
  };
}

describe('the bookmark equality rule (spec §4 Bookmark)', () => {
  const view = {
    view_type: 'tabular',
    view_query: { tabular: { sort: '-published_on', fields: 'title,status' } },
    view_options: { tabular: { widths: { title: 360 } } },
    search_query: 'harbour',
    filters: [{ field: 'status', operator: 'eq', value: 'draft' }],
  };

  it('equals the same view however its nothing is spelled', () => {
    expect(sameView(view, { ...view })).toBe(true);
    // Key order, null entries and empty layout objects do not make a view different.
    expect(
      sameView(view, {
        ...view,
        view_query: { cards: {}, tabular: { fields: 'title,status', sort: '-published_on', page: null } },
      }),
    ).toBe(true);
    expect(sameView({ view_type: null }, { view_type: 'tabular', view_query: {}, filters: [] })).toBe(true);
    expect(sameView({ search_query: '' }, { search_query: null })).toBe(true);
  });

  it('differs by layout, query, options, search or filters', () => {
    expect(sameView(view, { ...view, view_type: 'cards' })).toBe(false);
    expect(sameView(view, { ...view, view_query: { tabular: { sort: 'published_on' } } })).toBe(false);
    expect(sameView(view, { ...view, view_options: { tabular: { widths: { title: 200 } } } })).toBe(false);
    expect(sameView(view, { ...view, search_query: 'harbor' })).toBe(false);
    expect(sameView(view, { ...view, filters: [] })).toBe(false);
    expect(
      sameView(view, { ...view, filters: [{ field: 'status', operator: 'eq', value: 'published' }] }),
    ).toBe(false);
    expect(viewKey(view)).not.toBe(viewKey({ ...view, search_query: null }));
  });

  it('finds the matching bookmark of the same collection only, of any kind', () => {
    const saved = [
      bookmark(1, { collection: 'authors', ...view }),
      bookmark(2, { user: null, role: null, title: 'Everyone', ...view }),
      bookmark(3, { search_query: 'other' }),
    ];
    expect(matchingBookmark(view, saved, 'articles')?.id).toBe(2);
    expect(matchingBookmark(view, saved, 'topics')).toBeUndefined();
    expect(matchingBookmark({ ...view, search_query: 'nothing' }, saved, 'articles')).toBeUndefined();
  });
});

describe('bookmark kinds and writes', () => {
  it('names the kind from user and role', () => {
    expect(bookmarkKind({ user: 7, role: null })).toBe('personal');
    expect(bookmarkKind({ user: null, role: 3 })).toBe('role');
    expect(bookmarkKind({ user: null, role: null })).toBe('global');
  });

  it('writes the preset row for each audience', async () => {
    const api = fakeApi((call) => ({ data: { id: 90, ...(call.body as object) } }));
    const view = { view_type: 'tabular', view_query: { tabular: { sort: 'title' } }, search_query: 'x' };
    const personal = await createBookmark(api, ME, 'articles', view, 'Mine', { kind: 'personal' });
    await createBookmark(api, ME, 'articles', view, 'All', { kind: 'global' });
    await createBookmark(api, ME, 'articles', view, 'Team', { kind: 'role', role: 4 });
    const bodies = api.callsTo('post', 'collection_presets').map((call) => call.body as Preset);
    expect(bodies.map((body) => [body.title, body.user, body.role])).toEqual([
      ['Mine', 7, null],
      ['All', null, null],
      ['Team', null, 4],
    ]);
    expect(bodies[0]).toMatchObject({
      collection: 'articles',
      view_type: 'tabular',
      view_query: { tabular: { sort: 'title' } },
      view_options: null,
      search_query: 'x',
      filters: null,
    });
    expect(personal).toMatchObject({ id: 90, title: 'Mine', user: 7, role: null });
  });

  it('offers every role but the public one, which has no app users', async () => {
    const api = fakeApi(() => ({
      data: [
        { id: 1, name: 'Administrator' },
        { id: 2, name: 'Public' },
        { id: 3, name: 'Editor' },
      ],
    }));
    expect(await loadRoles(api)).toEqual([
      { id: 1, name: 'Administrator' },
      { id: 3, name: 'Editor' },
    ]);
    // Asked once per client.
    await loadRoles(api);
    expect(api.callsTo('get', 'roles')).toHaveLength(1);
  });

  it('replaces a saved row in place and removes a deleted one', () => {
    const list = [bookmark(1), bookmark(2)];
    expect(withBookmark(list, bookmark(2, { title: 'Renamed' })).map((b) => b.title)).toEqual([
      'Bookmark 1',
      'Renamed',
    ]);
    expect(withBookmark(list, bookmark(3)).map((b) => b.id)).toEqual([1, 2, 3]);
    expect(withoutBookmark(list, 1).map((b) => b.id)).toEqual([2]);
  });

  it('loads every role bookmark for an administrator, the own role only for others', async () => {
    const api = fakeApi(() => ({ data: [] }));
    await loadBookmarks(api, ME);
    await loadBookmarks(api, { ...ME, role: { id: 1, name: 'Administrator' } }, true);
    const roleQueries = api.calls
      .map((call) => call.params ?? {})
      .filter((params) => 'filter[role][eq]' in params || 'filter[role][nnull]' in params);
    expect(roleQueries).toEqual([
      expect.objectContaining({ 'filter[role][eq]': 3, 'filter[user][null]': 1 }),
      expect.objectContaining({ 'filter[role][nnull]': 1, 'filter[user][null]': 1 }),
    ]);
  });
});

describe('who may rename and delete a bookmark (spec §6)', () => {
  const schema = { collections: {}, fields: {} };
  const presetRow = (update: string, del: string) =>
    buildPermissions([
      {
        collection: 'directus_collection_presets',
        status: null,
        create: 'full',
        read: 'full',
        update,
        delete: del,
      },
    ]);
  const editor = new PermissionModel(presetRow('mine', 'mine'), { id: 7, role: 3, admin: false }, schema);
  const admin = new PermissionModel(null, { id: 1, role: 1, admin: true }, schema);

  it('lets a user change their own bookmarks only', () => {
    for (const action of ['update', 'delete'] as const) {
      expect(editor.mayChangeBookmark(action, { user: 7, role: null })).toBe(true);
      expect(editor.mayChangeBookmark(action, { user: 8, role: null })).toBe(false);
      expect(editor.mayChangeBookmark(action, { user: null, role: 3 })).toBe(false);
      expect(editor.mayChangeBookmark(action, { user: null, role: null })).toBe(false);
    }
  });

  it('follows the role rows and never offers a shared bookmark, even with full rights', () => {
    const none = new PermissionModel(presetRow('none', 'none'), { id: 7, role: 3, admin: false }, schema);
    expect(none.mayChangeBookmark('update', { user: 7, role: null })).toBe(false);
    const full = new PermissionModel(presetRow('full', 'full'), { id: 7, role: 3, admin: false }, schema);
    expect(full.mayChangeBookmark('delete', { user: null, role: null })).toBe(false);
    expect(full.mayChangeBookmark('delete', { user: null, role: 3 })).toBe(false);
  });

  it('lets an administrator change any', () => {
    expect(admin.mayChangeBookmark('update', { user: null, role: null })).toBe(true);
    expect(admin.mayChangeBookmark('delete', { user: null, role: 3 })).toBe(true);
    expect(admin.mayChangeBookmark('delete', { user: 8, role: null })).toBe(true);
  });
});
