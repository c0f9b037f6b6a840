// @vitest-environment jsdom
import '../../shell/catalog'; // the signed-in app's messages, as PrivateApp registers them
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FieldDefinition } from '../../../engine/types';
import { ApiRequestError } from '../../api/client';
import type { CollectionPermission, PermissionRow, Preset } from '../../state/types';
import { NO_PERMISSION } from '../../permissions/rows';
import ItemListingPage from './ItemListingPage';
import {
  collectionMeta,
  fakeApi,
  listAnswer,
  makeHarness,
  type Handler,
  type RecordedCall,
} from './test-harness';

afterEach(cleanup);
// Two cores shared with other suites: give slow renders time.
configure({ asyncUtilTimeout: 5000 });

const articleFields: FieldDefinition[] = [
  { field: 'id', type: 'integer', interface: 'primary-key', primary_key: 1, hidden_browse: 1 },
  { field: 'status', type: 'status', interface: 'status' },
  { field: 'title', type: 'string', interface: 'text-input' },
  { field: 'owner', type: 'owner', interface: 'owner', hidden_browse: 1 },
];
const categoryFields: FieldDefinition[] = [
  { field: 'id', type: 'integer', interface: 'primary-key', primary_key: 1 },
  { field: 'sort', type: 'sort', interface: 'sort', hidden_browse: 1 },
  { field: 'name', type: 'string', interface: 'text-input' },
];
const fields = { articles: articleFields, categories: categoryFields };
const collections = [collectionMeta('articles', { note: 'Stories' }), collectionMeta('categories')];

const articles = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: from + i,
    status: 'published',
    title: `Article ${from + i}`,
    owner: 7,
  }));

/** Answers presets with "none saved" and items through `items`. */
function api(items: (call: RecordedCall) => ReturnType<Handler>, presets: Preset[] = []) {
  let nextId = 40;
  return fakeApi((call) => {
    if (call.path === 'collection_presets' && call.method === 'get') return { data: presets };
    if (call.path === 'collection_presets' && call.method === 'post')
      return { data: { id: nextId++, ...(call.body as object) } };
    if (call.path.startsWith('collection_presets/') && call.method === 'patch')
      return { data: { id: Number(call.path.split('/')[1]), ...(call.body as object) } };
    return items(call);
  });
}

function renderListing(options: Parameters<typeof makeHarness>[0], collection = 'articles') {
  const harness = makeHarness({ path: `/demo/collections/${collection}`, ...options });
  render(
    <harness.Provider>
      <ItemListingPage collection={collection} />
    </harness.Provider>,
  );
  return harness;
}

const state = () => document.querySelector('[data-state]')?.getAttribute('data-state');

describe('the listing states', () => {
  it('shows loading, then the rows and the item count', async () => {
    let release: (value: unknown) => void = () => {};
    const gate = new Promise((resolve) => (release = resolve));
    renderListing({
      api: api(async () => {
        await gate;
        return listAnswer(articles(1, 3));
      }),
      collections,
      fields,
    });
    expect(await screen.findByText('Loading items')).toBeTruthy();
    expect(screen.getByText('One moment while the items arrive.')).toBeTruthy();
    await act(async () => release(null));
    await waitFor(() => expect(state()).toBe('loaded'));
    expect(screen.getByText('Article 2')).toBeTruthy();
    expect(screen.getByText('3 items')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Articles');
  });

  it('shows the server error with the message, and retries', async () => {
    let fail = true;
    const client = api(() => {
      if (fail) throw new ApiRequestError(11, 500, 'Database connection failed');
      return listAnswer(articles(1, 1));
    });
    renderListing({ api: client, collections, fields });
    expect(await screen.findByText('Server error')).toBeTruthy();
    // The error catalogue's words for code 11 (loaded after the first render).
    expect(await screen.findByText('The items could not be loaded: Database connection failed')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(state()).toBe('loaded'));
  });

  it('tells an empty collection from a search without results', async () => {
    renderListing({ api: api(() => listAnswer([], 0)), collections, fields });
    expect(await screen.findByText('No items yet')).toBeTruthy();
    expect(screen.getByText('Articles has no items. Create the first one to get started.')).toBeTruthy();
    cleanup();
    const preset: Preset = {
      id: 3,
      title: null,
      user: 7,
      role: null,
      collection: 'articles',
      search_query: 'zebra',
      filters: null,
      view_type: 'tabular',
      view_query: null,
      view_options: null,
    };
    const client = api(() => listAnswer([], 0), [preset]);
    renderListing({ api: client, collections, fields });
    expect(await screen.findByText('No results')).toBeTruthy();
    expect(client.callsTo('get', 'items/articles')[0].params).toMatchObject({ q: 'zebra' });
  });

  it('is not found for an unknown collection, and opens the item of a single collection', async () => {
    const client = api((call) => (call.path === 'items/settings' ? listAnswer([{ id: 4 }]) : undefined));
    const harness = renderListing(
      { api: client, collections: [...collections, collectionMeta('settings', { single: true })], fields },
      'nothing',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page Not Found');
    expect(client.calls).toHaveLength(0);
    cleanup();
    const single = makeHarness({
      api: client,
      collections: [collectionMeta('settings', { single: true })],
      fields: { settings: categoryFields },
      path: '/demo/collections/settings',
    });
    render(
      <single.Provider>
        <ItemListingPage collection="settings" />
      </single.Provider>,
    );
    await waitFor(() => expect(single.location.history.at(-1)).toBe('/demo/collections/settings/4'));
    expect(client.callsTo('get', 'items/settings')[0].params).toEqual({ fields: 'id', limit: 1 });
    expect(harness.location.history).toEqual(['/demo/collections/nothing']);
  });
});

describe('lazy loading', () => {
  it('loads default_limit pages near the end and stops at filter_count', async () => {
    const client = api((call) => {
      const offset = Number(call.params?.offset);
      return listAnswer(articles(offset + 1, Math.min(2, 5 - offset)), 5);
    });
    renderListing({ api: client, collections, fields, settings: { default_limit: 2 } });
    // Five rows of 48 px end well within 500 px of an 800 px viewport: every page is fetched at once.
    await waitFor(() => expect(screen.getByText('Article 5')).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 50));
    const pages = client.callsTo('get', 'items/articles');
    expect(pages.map((c) => [c.params?.limit, c.params?.offset])).toEqual([
      [2, 0],
      [2, 2],
      [2, 4],
    ]);
    expect(pages[0].params?.meta).toBe('total_count,result_count,filter_count');
    // filter_count (5) is above the page size (2), so the count text uses it.
    expect(screen.getByText('5 items')).toBeTruthy();
  });

  it('waits for the scroll to come near the end of a long list', async () => {
    const client = api((call) => listAnswer(articles(Number(call.params?.offset) + 1, 200), 100_000));
    renderListing({ api: client, collections, fields });
    await waitFor(() => expect(state()).toBe('loaded'));
    expect(screen.getByText('100,000 items')).toBeTruthy();
    // Only the rows near the viewport are in the document.
    expect(screen.getAllByRole('row').length).toBeLessThan(40);
    expect(client.callsTo('get', 'items/articles')).toHaveLength(1);
    const scroller = document.querySelector('.octavo-vtable__scroll') as HTMLElement;
    scroller.scrollTop = 200 * 48 + 48 - 800 - 600;
    fireEvent.scroll(scroller);
    expect(client.callsTo('get', 'items/articles')).toHaveLength(1);
    scroller.scrollTop = 200 * 48 + 48 - 800 - 400;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(client.callsTo('get', 'items/articles')).toHaveLength(2));
    expect(client.callsTo('get', 'items/articles')[1].params?.offset).toBe(200);
    await waitFor(() => expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('401'));
  });
});

describe('sorting', () => {
  it('sorts by a column, then the other way, and saves the preset (created on the first change)', async () => {
    const client = api(() => listAnswer(articles(1, 2)));
    const harness = renderListing({ api: client, collections, fields });
    await waitFor(() => expect(state()).toBe('loaded'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(client.callsTo('get', 'items/articles').at(-1)!.params?.sort).toBe('title'));
    await waitFor(() => expect(client.callsTo('post', 'collection_presets')).toHaveLength(1));
    expect(client.callsTo('post', 'collection_presets')[0].body).toMatchObject({
      collection: 'articles',
      user: 7,
      title: null,
      view_query: { tabular: { sort: 'title' } },
    });
    await user.click(await screen.findByRole('button', { name: /Title/ }));
    await waitFor(() => expect(client.callsTo('get', 'items/articles').at(-1)!.params?.sort).toBe('-title'));
    // The second change updates the row the first one created.
    await waitFor(() => expect(client.callsTo('patch', 'collection_presets/40')).toHaveLength(1));
    expect(client.callsTo('post', 'collection_presets')).toHaveLength(1);
    expect(harness.data().presets.articles?.view_query).toEqual({ tabular: { sort: '-title' } });
  });

  it('turns manual sorting on by the sort field, off by another sort, and writes dragged positions', async () => {
    const rows = [
      { id: 1, sort: 1, name: 'News' },
      { id: 2, sort: 2, name: 'Culture' },
      { id: 3, sort: 3, name: 'Science' },
    ];
    const client = api((call) => (call.method === 'patch' ? { data: [] } : listAnswer(rows)));
    renderListing({ api: client, collections, fields }, 'categories');
    await waitFor(() => expect(state()).toBe('loaded'));
    // No stored sort: the sort field orders the list, so manual sorting is on.
    expect(client.callsTo('get', 'items/categories')[0].params?.sort).toBe('sort');
    const manual = screen.getByRole('button', { name: /Manual sorting/ });
    expect(manual.getAttribute('aria-pressed')).toBe('true');
    const handles = screen.getAllByRole('button', { name: /Drag to reorder/ });
    expect(handles[0]).not.toHaveProperty('disabled', true);

    fireEvent.keyDown(handles[0], { key: 'ArrowDown', altKey: true });
    await waitFor(() => expect(client.callsTo('patch', 'items/categories')).toHaveLength(1));
    expect(client.callsTo('patch', 'items/categories')[0].body).toEqual([
      { id: 2, sort: 1 },
      { id: 1, sort: 2 },
    ]);
    const names = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).queryByText(/News|Culture|Science/)?.textContent);
    expect(names).toEqual(['Culture', 'News', 'Science']);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Manual sorting/ }).getAttribute('aria-pressed')).toBe(
        'false',
      ),
    );
    expect(screen.getAllByRole('button', { name: /Drag to reorder/ })[0]).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: /Manual sorting/ }));
    await waitFor(() => expect(client.callsTo('get', 'items/categories').at(-1)!.params?.sort).toBe('sort'));
    expect(screen.getByRole('button', { name: /Manual sorting/ }).getAttribute('aria-pressed')).toBe('true');
  });
});

/** A role that reads the collection, with more where a test says so. */
const reader = (extra: Partial<PermissionRow> = {}): PermissionRow => ({
  ...NO_PERMISSION,
  read: 'full',
  ...extra,
});

describe('buttons by permission', () => {
  const row = reader;

  it('hides add and delete without the rights, and enables batch edit for more than one item', async () => {
    const permission: CollectionPermission = row({ update: 'full' });
    const client = api(() => listAnswer(articles(1, 3)));
    const harness = renderListing({
      api: client,
      collections,
      fields,
      admin: false,
      permissions: { articles: permission },
    });
    await waitFor(() => expect(state()).toBe('loaded'));
    expect(screen.queryByRole('button', { name: 'New' })).toBeNull();
    // Non-admins fetch the owner and the status the buttons judge items by.
    expect(client.callsTo('get', 'items/articles')[0].params?.fields).toEqual([
      'id',
      'status',
      'title',
      'owner.*',
    ]);
    const user = userEvent.setup();
    const boxes = screen.getAllByRole('checkbox', { name: 'Select item' });
    await user.click(boxes[0]);
    expect(screen.getByText('1 selected')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Batch edit' })).toHaveProperty('disabled', true);
    await user.click(boxes[2]);
    const batch = screen.getByRole('button', { name: 'Batch edit' });
    expect(batch).toHaveProperty('disabled', false);
    await user.click(batch);
    expect(harness.location.history.at(-1)).toBe('/demo/collections/articles/1,3');
  });

  it('allows delete of own items under "mine", confirms, deletes and reloads; add needs full create', async () => {
    const permission: CollectionPermission = row({ create: 'full', delete: 'mine' });
    const items = [...articles(1, 2), { id: 3, status: 'draft', title: 'Not mine', owner: 9 }];
    const client = api((call) => (call.method === 'delete' ? { data: null } : listAnswer(items)));
    const harness = renderListing({
      api: client,
      collections,
      fields,
      admin: false,
      permissions: { articles: permission },
    });
    await waitFor(() => expect(state()).toBe('loaded'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New' }));
    expect(harness.location.history.at(-1)).toBe('/demo/collections/articles/+');
    const boxes = screen.getAllByRole('checkbox', { name: 'Select item' });
    await user.click(boxes[2]);
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', true);
    await user.click(boxes[2]);
    await user.click(boxes[0]);
    await user.click(boxes[1]);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog');
    expect(
      within(dialog).getByText('2 items will be removed permanently. This cannot be undone.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(client.callsTo('delete', 'items/articles/1,2')).toHaveLength(1));
    await waitFor(() => expect(client.callsTo('get', 'items/articles')).toHaveLength(2));
    expect(harness.notifications).toContainEqual({ title: '2 items deleted', color: 'success' });
  });
});

describe('defects fixed by one permission model and one delete rule', () => {
  const softDeleting = collectionMeta('articles', {
    status_mapping: {
      published: { name: 'Published', value: 'published' },
      deleted: { name: 'Deleted', value: 'deleted', soft_delete: true },
    },
  });

  it('deleting from a soft-delete collection sets the status instead of removing the items', async () => {
    const client = api((call) => (call.method === 'patch' ? { data: [] } : listAnswer(articles(1, 3))));
    renderListing({ api: client, collections: [softDeleting, collections[1]], fields });
    await waitFor(() => expect(state()).toBe('loaded'));
    const user = userEvent.setup();
    const boxes = screen.getAllByRole('checkbox', { name: 'Select item' });
    await user.click(boxes[0]);
    await user.click(boxes[1]);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).queryByText(/cannot be undone/)).toBeNull();
    expect(within(dialog).getByText(/^2 items will be marked deleted \(status “Deleted”\)\./)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(client.callsTo('patch', 'items/articles/1,2')).toHaveLength(1));
    expect(client.callsTo('patch', 'items/articles/1,2')[0].body).toEqual({ status: 'deleted' });
    expect(client.callsTo('delete', 'items')).toHaveLength(0);
  });

  it('shows no drag handles to a role that cannot update the sort field', async () => {
    const items = [
      { id: 1, sort: 1, name: 'A' },
      { id: 2, sort: 2, name: 'B' },
    ];
    renderListing(
      {
        api: api(() => listAnswer(items)),
        collections,
        fields,
        admin: false,
        permissions: { categories: reader() },
      },
      'categories',
    );
    await waitFor(() => expect(state()).toBe('loaded'));
    expect(screen.queryAllByRole('button', { name: /drag/i })).toHaveLength(0);
    expect(document.querySelector('[draggable="true"]')).toBeNull();
  });

  it('judges role-level rights by the owner role: a role mate item yes, another role no', async () => {
    const items = [
      { id: 1, status: 'published', title: 'Mate', owner: { id: 8, role: 3 } },
      { id: 2, status: 'published', title: 'Stranger', owner: { id: 9, role: 4 } },
    ];
    renderListing({
      api: api(() => listAnswer(items)),
      collections,
      fields,
      admin: false,
      permissions: { articles: reader({ delete: 'role' }) },
    });
    await waitFor(() => expect(state()).toBe('loaded'));
    const user = userEvent.setup();
    const boxes = screen.getAllByRole('checkbox', { name: 'Select item' });
    await user.click(boxes[0]);
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', false);
    await user.click(boxes[1]);
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', true);
  });
});

describe('search and filters', () => {
  it('sends the search and filters 300 ms after typing and keeps them in the preset', async () => {
    const client = api(() => listAnswer(articles(1, 2)));
    renderListing({ api: client, collections, fields });
    await waitFor(() => expect(state()).toBe('loaded'));
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'tide');
    expect(client.callsTo('get', 'items/articles')).toHaveLength(1);
    await waitFor(() => expect(client.callsTo('get', 'items/articles')).toHaveLength(2));
    expect(client.callsTo('get', 'items/articles')[1].params?.q).toBe('tide');

    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Field to filter on' }), 'title');
    await user.type(screen.getByRole('textbox', { name: 'Value for Title' }), 'moon');
    await waitFor(() =>
      expect(client.callsTo('get', 'items/articles').at(-1)!.params?.filter).toEqual({
        title: { contains: 'moon' },
      }),
    );
    await waitFor(() => expect(client.callsTo('patch', 'collection_presets/')).not.toHaveLength(0));
    const saved = [
      ...client.callsTo('post', 'collection_presets'),
      ...client.callsTo('patch', 'collection_presets/'),
    ];
    expect(saved.at(-1)!.body).toMatchObject({
      search_query: 'tide',
      filters: [{ field: 'title', operator: 'contains', value: 'moon' }],
    });
  });
});
