// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FieldDefinition } from '../../../engine/types';
import ImportDialog from './ImportDialog';
import { collectionMeta, fakeApi, makeHarness } from './test-harness';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const fields: FieldDefinition[] = [
  { field: 'id', type: 'integer', interface: 'primary-key', primary_key: 1 },
  { field: 'title', type: 'string', interface: 'text-input', required: 1 },
  { field: 'views', type: 'integer', interface: 'numeric' },
  { field: 'owner', type: 'owner', interface: 'owner' },
];

function renderDialog() {
  const harness = makeHarness({
    api: fakeApi(() => undefined),
    collections: [collectionMeta('articles')],
    fields: { articles: fields },
  });
  const onImported = vi.fn();
  const onClose = vi.fn();
  render(
    <harness.Provider>
      <ImportDialog
        collection="articles"
        collectionName="Articles"
        onClose={onClose}
        onImported={onImported}
      />
    </harness.Provider>,
  );
  return { harness, onImported, onClose };
}

async function choose(text: string) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([text], 'articles.csv', { type: 'text/csv' })] } });
  await screen.findByText('Columns and fields');
}

const reply = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

describe('the import dialog', () => {
  it('maps columns by name, checks their types and sends the converted rows', async () => {
    const fetch = reply(200, {
      data: { total: 2, imported: 2, valid: 2, keys: [5, 6], rejected: [], dry_run: false },
    });
    vi.stubGlobal('fetch', fetch);
    const { onImported, onClose, harness } = renderDialog();
    await choose('id,Title,views,owner,extra\n1,First,10,3,x\n2,,ten,4,y\n');
    const selects = screen.getAllByRole('combobox') as HTMLSelectElement[];
    // The numeric key, the server-filled owner and the unknown column are not imported.
    expect(selects.map((select) => select.value)).toEqual(['', 'title', 'views', '', '']);
    expect(screen.getByText('1 value is not a whole number (row 2).')).toBeTruthy();
    expect(screen.getByText('1 row has no value for this required field (row 2).')).toBeTruthy();
    expect(within(selects[3].parentElement!).queryByRole('option', { name: /owner/ })).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Import 2 rows' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/demo/items/articles/import');
    expect(JSON.parse(String(init.body))).toEqual({
      rows: [{ title: 'First', views: 10 }, { views: 'ten' }],
      dry_run: false,
      skip_rejected: false,
    });
    expect(onImported).toHaveBeenCalled();
    expect(harness.notifications).toEqual([{ title: '2 items imported', color: 'success' }]);
  });

  it('shows the report of a refused import, and after a partial import offers no second one', async () => {
    const rejected = [{ row: 2, field: 'title', code: 4, message: 'title: This value should not be blank.' }];
    vi.stubGlobal(
      'fetch',
      reply(422, {
        error: {
          code: 1102,
          message: '1 of 2 rows were rejected; nothing was imported',
          report: { total: 2, imported: 0, valid: 1, keys: [], rejected, dry_run: false },
        },
      }),
    );
    const user = userEvent.setup();
    const { onImported, onClose } = renderDialog();
    await choose('title,views\nFirst,1\n,2\n');
    await user.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    const report = await screen.findByRole('region', { name: 'Report' });
    expect(report.textContent).toContain('Nothing was imported: 1 of 2 rows was rejected.');
    expect(within(report).getAllByRole('row')[1].textContent).toBe(
      '2titletitle: This value should not be blank.',
    );
    expect(onImported).not.toHaveBeenCalled();

    vi.stubGlobal(
      'fetch',
      reply(200, { data: { total: 2, imported: 1, valid: 1, keys: [9], rejected, dry_run: false } }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Skip rejected rows' }));
    await user.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    await waitFor(() => expect(onImported).toHaveBeenCalled());
    expect((await screen.findByRole('region', { name: 'Report' })).textContent).toContain(
      '1 row imported; 1 row rejected.',
    );
    expect(screen.queryByRole('button', { name: 'Import 2 rows' })).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
