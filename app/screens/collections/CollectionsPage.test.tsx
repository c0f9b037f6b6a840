// @vitest-environment jsdom
import '../../shell/catalog'; // the signed-in app's messages, as PrivateApp registers them
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PermissionRow } from '../../state/types';
import { collectionMeta, fakeApi, makeHarness } from '../listing/test-harness';
import { NO_PERMISSION } from '../../permissions/rows';
import CollectionsPage from './CollectionsPage';

afterEach(cleanup);

const none: PermissionRow = NO_PERMISSION;

const collections = [
  collectionMeta('site_settings', {
    single: true,
    note: 'One row',
    translation: [{ locale: 'de-DE', translation: 'X' }],
  }),
  collectionMeta('articles', { note: 'Stories, from first draft to archive.' }),
  collectionMeta('articles_topics', { hidden: true }),
  collectionMeta('directus_users'),
  collectionMeta('secrets'),
];

function renderPage(admin: boolean) {
  const harness = makeHarness({
    api: fakeApi(() => undefined),
    collections,
    fields: {},
    admin,
    permissions: {
      articles: { ...none, read: 'full' },
      site_settings: { ...none, read: 'mine' },
      secrets: none,
    },
  });
  render(
    <harness.Provider>
      <CollectionsPage />
    </harness.Provider>,
  );
  return harness;
}

describe('CollectionsPage', () => {
  it('lists readable, visible user collections with their notes, and opens one on click', async () => {
    const harness = renderPage(false);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'ArticlesStories, from first draft to archive.',
      'Site SettingsSingle itemOne row',
    ]);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Collection', 'Note']);
    await userEvent.setup().click(rows[1]);
    expect(harness.location.history.at(-1)).toBe('/demo/collections/site_settings');
  });

  it('shows every visible user collection to an admin, and the empty state when there are none', () => {
    renderPage(true);
    expect(screen.getAllByRole('row')).toHaveLength(4);
    cleanup();
    const harness = makeHarness({ api: fakeApi(() => undefined), collections: [], fields: {} });
    render(
      <harness.Provider>
        <CollectionsPage />
      </harness.Provider>,
    );
    expect(screen.getByText('No collections')).toBeTruthy();
  });
});
