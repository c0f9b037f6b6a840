// @vitest-environment jsdom
import './catalog'; // the signed-in app's messages, as PrivateApp registers them
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildPermissions } from '../permissions/rows';
import { fakeApi, makeHarness } from '../screens/listing/test-harness';
import type { Preset } from '../state/types';
import { bookmarkGroups } from './menus';
import { NavBookmarks } from './NavBookmarks';

afterEach(cleanup);
configure({ asyncUtilTimeout: 5000 });

function bookmark(id: number, title: string, user: number | null, role: number | null): Preset {
  return {
    id,
    title,
    user,
    role,
    collection: 'articles',
    search_query: null,
    filters: null,
    view_type: 'tabular',
    view_options: null,
    view_query: null,
  };
}

// The harness signs in user 7 of role 3 (Editor).
const saved = [
  bookmark(1, 'Zebra drafts', 7, null),
  bookmark(2, 'Everyone: latest', null, null),
  bookmark(3, 'Editors: to review', null, 3),
  bookmark(4, 'Reviewers only', null, 4),
  bookmark(5, 'Apple drafts', 7, null),
  { ...bookmark(6, 'Secret salaries', null, null), collection: 'salaries' },
];

describe('bookmark groups of the navigation', () => {
  it('puts the own first, then each role by id, then the global ones, each sorted by title', () => {
    const groups = bookmarkGroups(saved, 'en-US');
    expect(groups.map((group) => [group.kind, group.role, group.bookmarks.map((b) => b.id)])).toEqual([
      ['personal', null, [5, 1]],
      ['role', 3, [3]],
      ['role', 4, [4]],
      ['global', null, [2, 6]],
    ]);
  });

  it('leaves out empty groups', () => {
    expect(bookmarkGroups([saved[1]]).map((group) => group.kind)).toEqual(['global']);
    expect(bookmarkGroups([])).toEqual([]);
  });
});

function api() {
  return fakeApi((call) => {
    if (call.path === 'roles') {
      return {
        data: [
          { id: 3, name: 'Editor' },
          { id: 4, name: 'Reviewers' },
        ],
      };
    }
    if (call.method === 'patch')
      return { data: { id: Number(call.path.split('/')[1]), ...(call.body as object) } };
    if (call.method === 'delete') return { data: null };
    return undefined;
  });
}

function renderSidebar(admin: boolean, client = api()) {
  const harness = makeHarness({
    api: client,
    collections: [],
    fields: {},
    admin,
    permissions: admin
      ? null
      : buildPermissions([
          {
            collection: 'directus_collection_presets',
            status: null,
            create: 'full',
            read: 'full',
            update: 'mine',
            delete: 'mine',
          },
          { collection: 'articles', status: null, read: 'full' },
        ]),
    bookmarks: saved,
  });
  render(
    <harness.Provider>
      <NavBookmarks />
    </harness.Provider>,
  );
  return { harness, client };
}

const groupTitles = () =>
  Array.from(document.querySelectorAll('.nav-bookmarks__title')).map((node) => node.textContent);
const actionsOf = (title: string) => screen.queryByRole('button', { name: `Actions for “${title}”` });

describe('the navigation bookmarks', () => {
  it('shows an administrator every group with role names and lets them rename a global bookmark', async () => {
    const { harness, client } = renderSidebar(true);
    await waitFor(() =>
      expect(groupTitles()).toEqual(['My bookmarks', 'Role: Editor', 'Role: Reviewers', 'Everyone']),
    );
    const link = screen.getByRole('link', { name: 'Everyone: latest' });
    expect(link.getAttribute('href')).toContain('/demo/bookmarks/articles/2');
    for (const title of ['Zebra drafts', 'Everyone: latest', 'Editors: to review', 'Reviewers only']) {
      expect(actionsOf(title)).toBeTruthy();
    }

    const user = userEvent.setup();
    await user.click(actionsOf('Everyone: latest')!);
    await user.click(screen.getByRole('menuitem', { name: 'Rename' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename bookmark' });
    const input = within(dialog).getByLabelText('Name');
    expect((input as HTMLInputElement).value).toBe('Everyone: latest');
    // The unchanged name cannot be saved.
    expect(within(dialog).getByRole('button', { name: 'Rename' })).toHaveProperty('disabled', true);
    await user.clear(input);
    await user.type(input, 'Latest for all{Enter}');
    await waitFor(() => expect(client.callsTo('patch', 'collection_presets/2')).toHaveLength(1));
    expect(client.callsTo('patch', 'collection_presets/2')[0].body).toEqual({ title: 'Latest for all' });
    expect(await screen.findByRole('link', { name: 'Latest for all' })).toBeTruthy();
    expect(harness.data().bookmarks.find((b) => b.id === 2)?.title).toBe('Latest for all');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('deletes a role bookmark after saying who loses it', async () => {
    const { harness, client } = renderSidebar(true);
    await waitFor(() => expect(groupTitles()).toContain('Role: Reviewers'));
    const user = userEvent.setup();
    await user.click(actionsOf('Reviewers only')!);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'Delete “Reviewers only” for everyone in the role Reviewers? The items it shows are not affected.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(client.callsTo('delete', 'collection_presets/4')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Reviewers only' })).toBeNull());
    expect(groupTitles()).not.toContain('Role: Reviewers');
    expect(harness.data().bookmarks.map((b) => b.id)).toEqual([1, 2, 3, 5, 6]);
    expect(harness.notifications).toContainEqual({
      title: 'Bookmark “Reviewers only” deleted',
      color: 'success',
    });
  });

  it('offers a non-admin rename and delete of their own bookmarks only', async () => {
    const { client } = renderSidebar(false);
    // The role's name comes from the user's own role; no roles request.
    expect(groupTitles()).toEqual(['My bookmarks', 'Role: Editor', 'Role: #4', 'Everyone']);
    expect(client.callsTo('get', 'roles')).toHaveLength(0);
    expect(actionsOf('Zebra drafts')).toBeTruthy();
    expect(actionsOf('Apple drafts')).toBeTruthy();
    expect(actionsOf('Everyone: latest')).toBeNull();
    expect(actionsOf('Editors: to review')).toBeNull();
    expect(actionsOf('Reviewers only')).toBeNull();
    // A global bookmark of a collection the role cannot read is not listed.
    expect(screen.queryByRole('link', { name: 'Secret salaries' })).toBeNull();
    const user = userEvent.setup();
    await user.click(actionsOf('Zebra drafts')!);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Delete your bookmark “Zebra drafts”?');
  });

  it('keeps the dialog open and says so when the server refuses', async () => {
    const refusing = fakeApi((call) => {
      if (call.method === 'delete')
        throw new Error('Cannot delete collection presets that belongs to a role');
      return undefined;
    });
    const { harness } = renderSidebar(true, refusing);
    const user = userEvent.setup();
    await user.click(actionsOf('Editors: to review')!);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(harness.notifications).toContainEqual(
        expect.objectContaining({ title: 'The bookmark could not be deleted', color: 'danger' }),
      ),
    );
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(harness.data().bookmarks).toHaveLength(6);
  });
});
