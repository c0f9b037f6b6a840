import { describe, expect, it } from 'vitest';
import { fakeApi } from '../screens/listing/test-harness';
import { saveListingPreset } from './presets';
import type { CurrentUser, Preset } from './types';

const ME: CurrentUser = {
  id: 7,
  email: 'me@example.com',
  first_name: 'Me',
  last_name: 'Myself',
  role: { id: 3, name: 'Editor' },
};

const globalPreset: Preset = {
  id: 2,
  title: null,
  user: null,
  role: null,
  collection: 'articles',
  search_query: null,
  filters: null,
  view_type: 'tabular',
  view_options: { tabular: { widths: { title: 360 } } },
  view_query: { tabular: { sort: '-published_on' } },
};

function api() {
  return fakeApi((call) => {
    if (call.method === 'post') return { data: { id: 41, ...(call.body as object) } };
    if (call.method === 'patch')
      return { data: { id: Number(call.path.split('/')[1]), ...(call.body as object) } };
    return undefined;
  });
}

describe("the user's own listing preset (spec §4 Preset)", () => {
  it('is created by the first change, starting from the global preset it showed, which stays untouched', async () => {
    const client = api();
    const saved = await saveListingPreset(client, ME, 'articles', globalPreset, { search_query: 'harbour' });
    expect(client.callsTo('patch', 'collection_presets')).toHaveLength(0);
    expect(client.callsTo('post', 'collection_presets')[0].body).toEqual({
      collection: 'articles',
      title: null,
      user: 7,
      role: null,
      search_query: 'harbour',
      filters: null,
      view_type: 'tabular',
      view_options: { tabular: { widths: { title: 360 } } },
      view_query: { tabular: { sort: '-published_on' } },
    });
    expect(saved).toMatchObject({ id: 41, user: 7, search_query: 'harbour' });
  });

  it('is created rather than a role preset being changed', async () => {
    const client = api();
    await saveListingPreset(
      client,
      ME,
      'articles',
      { ...globalPreset, id: 3, role: 3 },
      { view_type: 'cards' },
    );
    expect(client.callsTo('post', 'collection_presets')).toHaveLength(1);
    expect(client.callsTo('patch', 'collection_presets')).toHaveLength(0);
  });

  it('is updated by later changes', async () => {
    const client = api();
    const own = await saveListingPreset(client, ME, 'articles', null, { search_query: 'a' });
    const again = await saveListingPreset(client, ME, 'articles', own, { search_query: 'b' });
    expect(client.callsTo('post', 'collection_presets')).toHaveLength(1);
    expect(client.callsTo('patch', 'collection_presets/41')[0].body).toEqual({ search_query: 'b' });
    expect(again).toMatchObject({ id: 41, user: 7, search_query: 'b' });
  });
});
