// @vitest-environment jsdom
import '../../shell/catalog'; // the signed-in app's messages, as PrivateApp registers them
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { FieldDefinition } from '../../../engine/types';
import type { CollectionPermission, Preset } from '../../state/types';
import { NO_PERMISSION } from '../../permissions/rows';
import { I18nProvider } from '../../i18n';
import ItemListingPage from './ItemListingPage';
import { collectionMeta, fakeApi, listAnswer, makeHarness, type RecordedCall } from './test-harness';

configure({ asyncUtilTimeout: 5000 });

const articleFields: FieldDefinition[] = [
  { field: 'id', type: 'integer', interface: 'primary-key', primary_key: 1, hidden_browse: 1 },
  { field: 'title', type: 'string', interface: 'text-input', sort: 1 },
  { field: 'published_on', type: 'datetime', interface: 'datetime', sort: 2 },
];
const activityFields: FieldDefinition[] = [
  { field: 'id', type: 'integer', interface: 'primary-key', primary_key: 1 },
  { field: 'action', type: 'string', interface: 'text-input', sort: 1 },
  { field: 'collection', type: 'string', interface: 'collections', sort: 2 },
  { field: 'item', type: 'string', interface: 'text-input', sort: 3 },
  { field: 'action_by', type: 'integer', interface: 'user', sort: 4 },
  { field: 'action_on', type: 'datetime', interface: 'datetime', sort: 5 },
];

const preset = (collection: string, viewType: string, options: Record<string, unknown>): Preset => ({
  id: 3,
  title: null,
  user: 7,
  role: null,
  collection,
  search_query: null,
  filters: null,
  view_type: viewType,
  view_query: null,
  view_options: { [viewType]: options },
});

function api(presets: Preset[], items: (call: RecordedCall) => Record<string, unknown>[]) {
  return fakeApi((call) => {
    if (call.path === 'collection_presets' && call.method === 'get') return { data: presets };
    if (call.path === 'collection_presets' && call.method === 'post')
      return { data: { id: 40, ...(call.body as object) } };
    if (call.path.startsWith('collection_presets/')) return { data: { id: 3, ...(call.body as object) } };
    return listAnswer(items(call));
  });
}

function renderListing(
  client: ReturnType<typeof fakeApi>,
  collection: string,
  path: string,
  permission: CollectionPermission | null = null,
) {
  const harness = makeHarness({
    api: client,
    admin: permission === null,
    permissions: permission ? { articles: permission } : null,
    collections: [collectionMeta('articles')],
    fields: { articles: articleFields, directus_activity: activityFields },
    path,
  });
  render(
    <I18nProvider>
      <harness.Provider>
        <ItemListingPage collection={collection} />
      </harness.Provider>
    </I18nProvider>,
  );
  return harness;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 4, 13, 12));
  document.documentElement.lang = 'en-US';
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the listing with the calendar', () => {
  it('asks for the visible days only, follows navigation, and draws an empty month', async () => {
    const client = api([preset('articles', 'calendar', { date: 'published_on' })], (call) => {
      const filter = JSON.stringify(call.params?.filter);
      return filter.includes('2026-04-26')
        ? [{ id: 1, title: 'Harbour lights', published_on: '2026-05-13 09:30:00' }]
        : [];
    });
    const harness = renderListing(client, 'articles', '/demo/collections/articles');
    await screen.findByRole('button', { name: /Harbour lights/ });
    const first = client.callsTo('get', 'items/articles')[0].params!;
    expect(first.filter).toEqual({ published_on: { 0: { gte: '2026-04-26' }, 1: { lt: '2026-06-07' } } });
    expect(first.sort).toBe('published_on');
    expect(first.fields).toEqual(['id', 'published_on', 'title']);
    // The report of the same days asks nothing again.
    expect(client.callsTo('get', 'items/articles')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(client.callsTo('get', 'items/articles')).toHaveLength(2));
    expect(client.callsTo('get', 'items/articles')[1].params!.filter).toEqual({
      published_on: { 0: { gte: '2026-05-31' }, 1: { lt: '2026-07-05' } },
    });
    // An empty month is still a calendar (not the "no items" state), saying it is empty.
    expect(await screen.findByText('Nothing on these days')).toBeTruthy();
    expect(screen.getByRole('grid', { name: 'June 2026' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create an item on Monday, June 15, 2026' }));
    expect(harness.location.history.at(-1)).toBe('/demo/collections/articles/+?published_on=2026-06-15');
  });

  it('offers no create on a day to a role that may not create, or may not write the date', async () => {
    const client = api([preset('articles', 'calendar', {})], () => []);
    renderListing(client, 'articles', '/demo/collections/articles', { ...NO_PERMISSION, read: 'full' });
    await screen.findByRole('grid');
    expect(screen.queryByRole('button', { name: /Create an item/ })).toBeNull();
    cleanup();
    renderListing(client, 'articles', '/demo/collections/articles', {
      ...NO_PERMISSION,
      read: 'full',
      create: 'full',
      write_field_blacklist: ['published_on'],
    });
    await screen.findByRole('grid');
    expect(screen.getByRole('button', { name: 'New' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Create an item/ })).toBeNull();
    cleanup();
    renderListing(client, 'articles', '/demo/collections/articles', {
      ...NO_PERMISSION,
      read: 'full',
      create: 'full',
    });
    await screen.findByRole('grid');
    expect(screen.getAllByRole('button', { name: /Create an item/ }).length).toBeGreaterThan(27);
  });
});

describe('the activity as a timeline', () => {
  it('opens the item an entry is about', async () => {
    const client = api(
      [preset('directus_activity', 'timeline', { date: 'action_on', title: '{{ action_by.first_name }}' })],
      () => [
        {
          id: 9,
          action: 'update',
          collection: 'articles',
          item: '4',
          action_by: { id: 1, first_name: 'Ada' },
          action_on: '2026-05-13 11:00:00',
        },
      ],
    );
    const harness = renderListing(client, 'directus_activity', '/demo/activity');
    fireEvent.click(await screen.findByRole('button', { name: /Ada/ }));
    expect(harness.location.history.at(-1)).toBe('/demo/collections/articles/4');
    // What the entry leads to is asked for even when the templates do not read it.
    const fields = client.callsTo('get', 'activity')[0].params!.fields as string[];
    expect(fields).toEqual(
      expect.arrayContaining(['collection', 'item', 'action_by.*', 'action_by.avatar.*']),
    );
  });
});
