// @vitest-environment jsdom
import { cleanup, configure, render, waitFor } from '@testing-library/react';
import { fakeApi, makeHarness } from '../screens/listing/test-harness';
import type { Preset } from '../state/types';
import { BookmarkRedirect } from './BookmarkRedirect';

afterEach(cleanup);
configure({ asyncUtilTimeout: 5000 });

const bookmark: Preset = {
  id: 5,
  title: 'Drafts',
  user: null,
  role: null,
  collection: 'articles',
  search_query: 'harbour',
  filters: [{ field: 'status', operator: 'eq', value: 'draft' }],
  view_type: 'tabular',
  view_options: null,
  view_query: { tabular: { sort: 'title' } },
};

function client() {
  return fakeApi((call) => {
    if (call.method === 'get' && call.path === 'collection_presets') return { data: [] };
    if (call.method === 'get' && call.path === 'collection_presets/5') return { data: bookmark };
    if (call.method === 'post' && call.path === 'collection_presets')
      return { data: { id: 70, ...(call.body as object) } };
    return undefined;
  });
}

function renderRedirect(bookmarks: Preset[], collection = 'articles') {
  const api = client();
  const harness = makeHarness({
    api,
    collections: [],
    fields: {},
    bookmarks,
    path: '/demo/bookmarks/articles/5',
  });
  render(
    <harness.Provider>
      <BookmarkRedirect collection={collection} id="5" />
    </harness.Provider>,
  );
  return { api, harness };
}

describe('the /bookmarks route', () => {
  it("copies the bookmark's view into the user's own preset, then opens the collection with ?b=", async () => {
    const { api, harness } = renderRedirect([bookmark]);
    await waitFor(() => expect(harness.location.history.at(-1)).toBe('/demo/collections/articles?b=5'));
    expect(api.callsTo('post', 'collection_presets')[0].body).toMatchObject({
      collection: 'articles',
      title: null,
      user: 7,
      search_query: 'harbour',
      filters: bookmark.filters,
      view_query: { tabular: { sort: 'title' } },
    });
    expect(harness.data().presets.articles).toMatchObject({ id: 70, search_query: 'harbour' });
    expect(api.callsTo('get', 'collection_presets/5')).toHaveLength(0);
  });

  it('asks the server for a bookmark made since sign-in', async () => {
    const { api, harness } = renderRedirect([]);
    await waitFor(() => expect(harness.location.history.at(-1)).toBe('/demo/collections/articles?b=5'));
    expect(api.callsTo('get', 'collection_presets/5')).toHaveLength(1);
    expect(harness.data().presets.articles).toMatchObject({ search_query: 'harbour' });
  });

  it('copies nothing when the bookmark belongs to another collection', async () => {
    const { api, harness } = renderRedirect([bookmark], 'authors');
    await waitFor(() => expect(harness.location.history.at(-1)).toBe('/demo/collections/authors?b=5'));
    expect(api.callsTo('post', 'collection_presets')).toHaveLength(0);
  });
});
