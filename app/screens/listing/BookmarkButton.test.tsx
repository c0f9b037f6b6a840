// @vitest-environment jsdom
import '../../shell/catalog'; // the signed-in app's messages, as PrivateApp registers them
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FieldDefinition } from '../../../engine/types';
import { buildPermissions } from '../../permissions/rows';
import type { Preset } from '../../state/types';
import ItemListingPage from './ItemListingPage';
import { collectionMeta, fakeApi, listAnswer, makeHarness } from './test-harness';

afterEach(cleanup);
configure({ asyncUtilTimeout: 5000 });

const fields: FieldDefinition[] = [
  { field: 'id', type: 'integer', interface: 'primary-key', primary_key: 1, hidden_browse: 1 },
  { field: 'title', type: 'string', interface: 'text-input' },
];
const rows = [
  { id: 1, title: 'First' },
  { id: 2, title: 'Second' },
];

/** The user's listing preset: sorted by title. */
const preset: Preset = {
  id: 30,
  title: null,
  user: 7,
  role: null,
  collection: 'articles',
  search_query: null,
  filters: null,
  view_type: 'tabular',
  view_options: null,
  view_query: { tabular: { sort: 'title' } },
};

function api() {
  let nextId = 60;
  return fakeApi((call) => {
    if (call.path === 'roles')
      return {
        data: [
          { id: 1, name: 'Administrator' },
          { id: 4, name: 'Reviewers' },
        ],
      };
    if (call.path === 'collection_presets' && call.method === 'post')
      return { data: { id: nextId++, ...(call.body as object) } };
    if (call.path.startsWith('collection_presets/') && call.method === 'patch')
      return { data: { id: Number(call.path.split('/')[1]), ...(call.body as object) } };
    if (call.path.startsWith('items/articles')) return listAnswer(rows);
    return undefined;
  });
}

function renderListing(options: Partial<Parameters<typeof makeHarness>[0]> = {}) {
  const client = api();
  const harness = makeHarness({
    api: client,
    collections: [collectionMeta('articles')],
    fields: { articles: fields },
    presets: { articles: preset },
    path: '/demo/collections/articles',
    ...options,
  });
  render(
    <harness.Provider>
      <ItemListingPage collection="articles" />
    </harness.Provider>,
  );
  return { harness, client };
}

const loaded = () =>
  waitFor(() => expect(document.querySelector('[data-state]')?.getAttribute('data-state')).toBe('loaded'));

describe('the bookmark button', () => {
  it('saves the view for a role an administrator chooses, then is disabled on that view', async () => {
    const { harness, client } = renderListing();
    await loaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Bookmark this view' }));
    const dialog = screen.getByRole('dialog', { name: 'Bookmark this view' });
    const save = within(dialog).getByRole('button', { name: 'Save bookmark' });
    expect(save).toHaveProperty('disabled', true);
    // Personal is the default; the roles come from GET /roles.
    const audience = within(dialog).getByRole('radiogroup', { name: 'Who sees it' });
    expect(within(audience).getByRole('radio', { name: 'Only me (personal)' })).toHaveProperty(
      'checked',
      true,
    );
    await user.click(await within(audience).findByRole('radio', { name: 'Role: Reviewers' }));
    await user.type(within(dialog).getByLabelText('Name'), '  By title  ');
    await user.click(save);

    await waitFor(() => expect(client.callsTo('post', 'collection_presets')).toHaveLength(1));
    expect(client.callsTo('post', 'collection_presets')[0].body).toEqual({
      collection: 'articles',
      title: 'By title',
      user: null,
      role: 4,
      view_type: 'tabular',
      view_query: { tabular: { sort: 'title' } },
      view_options: {},
      search_query: null,
      filters: null,
    });
    const done = await screen.findByRole('button', { name: 'This view is bookmarked as “By title”' });
    expect(done).toHaveProperty('disabled', true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(harness.data().bookmarks).toEqual([
      expect.objectContaining({ id: 60, title: 'By title', role: 4 }),
    ]);
    expect(harness.notifications).toContainEqual({ title: 'Bookmark “By title” saved', color: 'success' });

    // Another sort is another view: the button is enabled again.
    await user.click(screen.getByRole('button', { name: /Title/ }));
    expect(await screen.findByRole('button', { name: 'Bookmark this view' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('is disabled when the view equals a saved bookmark, even spelled differently', async () => {
    const saved: Preset = {
      ...preset,
      id: 12,
      title: 'Alphabetical',
      user: null,
      view_query: { tabular: { sort: 'title', page: null } },
      view_options: {},
      filters: [],
    };
    renderListing({ bookmarks: [saved, { ...saved, id: 13, collection: 'authors', title: 'Elsewhere' }] });
    await loaded();
    expect(screen.getByRole('button', { name: 'This view is bookmarked as “Alphabetical”' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('saves a personal bookmark for a non-admin, who is not asked for the audience', async () => {
    const { client } = renderListing({
      admin: false,
      permissions: buildPermissions([
        { collection: 'articles', status: null, read: 'full' },
        {
          collection: 'directus_collection_presets',
          status: null,
          create: 'full',
          read: 'full',
          update: 'mine',
        },
      ]),
    });
    await loaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Bookmark this view' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByRole('radiogroup')).toBeNull();
    await user.type(within(dialog).getByLabelText('Name'), 'Mine{Enter}');
    await waitFor(() => expect(client.callsTo('post', 'collection_presets')).toHaveLength(1));
    expect(client.callsTo('post', 'collection_presets')[0].body).toMatchObject({
      title: 'Mine',
      user: 7,
      role: null,
    });
    expect(client.callsTo('get', 'roles')).toHaveLength(0);
  });

  it('is not offered to a role that cannot create presets', async () => {
    renderListing({
      admin: false,
      permissions: buildPermissions([{ collection: 'articles', status: null, read: 'full' }]),
    });
    await loaded();
    expect(screen.queryByRole('button', { name: 'Bookmark this view' })).toBeNull();
  });
});
