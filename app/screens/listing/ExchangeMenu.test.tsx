// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCoreRegistry } from '../../../engine/registry/core-registry';
import type { FieldDefinition } from '../../../engine/types';
import { NO_PERMISSION } from '../../permissions/rows';
import type { PermissionRow } from '../../state/types';
import { ExchangeMenu } from './ExchangeMenu';
import { collectionMeta, fakeApi, makeHarness } from './test-harness';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const fields: FieldDefinition[] = [
  { field: 'id', type: 'integer', interface: 'primary-key', primary_key: 1, hidden_browse: 1 },
  { field: 'status', type: 'status', interface: 'status' },
  { field: 'title', type: 'string', interface: 'text-input' },
];
const layout = createCoreRegistry().resolveLayout('tabular').definition;
const view = { viewType: 'tabular', viewQuery: {}, viewOptions: {}, search: 'rain', filters: [] };

function renderMenu(permission: PermissionRow | null) {
  const harness = makeHarness({
    api: fakeApi(() => undefined),
    collections: [collectionMeta('articles')],
    fields: { articles: fields },
    admin: permission === null,
    permissions: permission ? { articles: permission } : null,
  });
  render(
    <harness.Provider>
      <ExchangeMenu
        collection="articles"
        collectionName="Articles"
        fields={fields}
        layout={layout}
        layoutQuery={{ sort: 'title' }}
        view={view}
        onImported={() => {}}
      />
    </harness.Provider>,
  );
  return harness;
}

const entries = () => screen.getAllByRole('menuitem').map((item) => item.textContent);

describe('the export and import menu', () => {
  it('offers export to readers and import only to those who may create', async () => {
    const user = userEvent.setup();
    renderMenu({ ...NO_PERMISSION, read: 'full' });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(entries()).toEqual(['Export as CSV', 'Export as JSON']);
    cleanup();
    renderMenu({ ...NO_PERMISSION, read: 'full', create: 'full' });
    await user.click(screen.getByRole('button', { name: 'Export / import' }));
    expect(entries()).toEqual(['Export as CSV', 'Export as JSON', 'Import from CSV…']);
  });

  it('downloads the view through the export endpoint with the project header', async () => {
    const fetch = vi.fn(
      async () =>
        new Response('id,title\r\n1,Rain\r\n', {
          status: 200,
          headers: { 'Content-Disposition': 'attachment; filename="articles-2026-01-02.csv"' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const createObjectURL = vi.fn(() => 'blob:test');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    const user = userEvent.setup();
    renderMenu(null);
    await user.click(screen.getByRole('button', { name: 'Export / import' }));
    await user.click(screen.getByRole('menuitem', { name: 'Export as CSV' }));
    await waitFor(() => expect(clicked).toEqual(['articles-2026-01-02.csv']));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const query = new URLSearchParams(url.split('?')[1]);
    expect(url.startsWith('/demo/items/articles/export?')).toBe(true);
    expect(query.get('format')).toBe('csv');
    expect(query.get('q')).toBe('rain');
    expect(query.get('sort')).toBe('title');
    expect([query.get('fields[0]'), query.get('fields[1]'), query.get('fields[2]')]).toEqual([
      'id',
      'status',
      'title',
    ]);
    expect(query.has('limit')).toBe(false);
    expect(init.headers).toEqual({ 'X-Directus-Project': 'demo' });
    click.mockRestore();
  });
});
