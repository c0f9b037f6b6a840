// @vitest-environment jsdom
import '../../shell/catalog'; // the signed-in app's messages, as PrivateApp registers them
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { FieldDefinition } from '../../../engine/types';
import { collectionMeta, fakeApi, listAnswer, makeHarness, type RecordedCall } from '../listing/test-harness';
import ActivityPage from './ActivityPage';

const articleFields: FieldDefinition[] = [
  { field: 'id', type: 'integer', interface: 'primary-key', primary_key: true } as FieldDefinition,
  { field: 'title', type: 'string', interface: 'text-input' } as FieldDefinition,
];

const entries = [
  {
    id: 12,
    action: 'comment',
    action_on: '2026-11-26 10:00:00',
    collection: 'articles',
    item: '4',
    comment: 'Nice one',
    action_by: { id: 1, first_name: 'Ada', last_name: 'Admin' },
  },
  {
    id: 11,
    action: 'delete',
    action_on: '2026-11-26 09:00:00',
    collection: 'articles',
    item: '5',
    comment: null,
    action_by: { id: 1, first_name: 'Ada', last_name: 'Admin' },
  },
  {
    id: 10,
    action: 'create',
    action_on: '2026-11-20 09:00:00',
    collection: 'articles',
    item: '4',
    comment: null,
    action_by: { id: 2, first_name: 'Elena', last_name: 'Marsh' },
  },
];

function setup(path: string) {
  const api = fakeApi((call: RecordedCall) => {
    if (call.method === 'get' && call.path === 'activity') return listAnswer(entries);
    if (call.method === 'get' && call.path === 'items/articles')
      return { data: [{ id: 4, title: 'Hello world' }] };
    if (call.method === 'get' && call.path === 'users')
      return {
        data: [
          { id: 1, first_name: 'Ada', last_name: 'Admin' },
          { id: 2, first_name: 'Elena', last_name: 'Marsh' },
        ],
      };
    if (call.method === 'post' && call.path === 'collection_presets')
      return { data: { id: 99, ...(call.body as object) } };
    return undefined;
  });
  const harness = makeHarness({
    api,
    collections: [collectionMeta('articles', { display_template: '{{ title }}' } as never)],
    fields: { articles: articleFields, directus_activity: [] },
    presets: { directus_activity: null },
    path,
  });
  const location = memoryLocation({ path, record: true });
  render(
    <harness.Provider>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <ActivityPage />
      </Router>
    </harness.Provider>,
  );
  return { api, location };
}

afterEach(cleanup);

describe('the activity page', () => {
  it('lists entries by day with who, what, the titled item or "deleted item", and the comment', async () => {
    const { api } = setup('/demo/activity');
    const link = await screen.findAllByRole('link', { name: 'Hello world' });
    expect(link[0].getAttribute('href')).toBe('/demo/collections/articles/4');
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(2);
    const removed = document.querySelector('[data-entry="11"]') as HTMLElement;
    expect(within(removed).getByText('deleted item')).toBeTruthy();
    expect(within(removed).getByText('deleted')).toBeTruthy();
    expect(screen.getByText('Nice one')).toBeTruthy();
    expect(screen.getAllByText('Ada Admin', { selector: '.user-ref__name' })).toHaveLength(2);
    // The titles of one collection come in one request, for each item once.
    const lookups = api.callsTo('get', 'items/articles');
    expect(lookups).toHaveLength(1);
    expect(lookups[0].params).toMatchObject({ 'filter[id][in]': '4,5' });
    // Read-only: no New button, no selection.
    expect(screen.queryByRole('button', { name: /new|create|delete/i })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it("takes its filters from the address and shows the item's filter", async () => {
    const { api } = setup('/demo/activity?collection=articles&item=4');
    await screen.findAllByRole('link', { name: 'Hello world' });
    const request = api.callsTo('get', 'activity')[0];
    expect(request.params).toMatchObject({
      sort: '-action_on,-id',
      filter: { collection: { eq: 'articles' }, item: { eq: '4' } },
    });
    await waitFor(() => expect(screen.getByText('Only Articles Hello world')).toBeTruthy());
  });

  it('narrows by action at once, into the address and the preset', async () => {
    const { api, location } = setup('/demo/activity');
    await screen.findAllByRole('link', { name: 'Hello world' });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'comment' } });
    await waitFor(() =>
      expect(api.callsTo('get', 'activity').at(-1)?.params).toMatchObject({
        filter: { action: { in: 'comment' } },
      }),
    );
    expect(location.history?.at(-1)).toBe('/demo/activity?action=comment');
    await waitFor(() => expect(api.callsTo('post', 'collection_presets')).toHaveLength(1));
    expect(api.callsTo('post', 'collection_presets')[0].body).toMatchObject({
      collection: 'directus_activity',
      filters: [{ field: 'action', operator: 'in', value: 'comment' }],
    });
  });
});
