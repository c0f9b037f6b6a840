// @vitest-environment jsdom
import '../../shell/catalog'; // the signed-in app's messages, as PrivateApp registers them
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { FieldDefinition } from '../../../engine/types';
import { createCoreRegistry } from '../../../engine/registry/core-registry';
import { ItemPickerModal, PICKER_PAGE_SIZE, PICKER_SEARCH_DEBOUNCE } from './ItemPickerModal';
import { fakeApi, type Call } from './test-harness';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const fields: FieldDefinition[] = [
  { field: 'id', type: 'integer', interface: 'primary-key', primary_key: 1 },
  { field: 'name', type: 'string', interface: 'text-input' },
  { field: 'joined_on', type: 'date', interface: 'date' },
  { field: 'articles', type: 'o2m', interface: 'one-to-many' },
];

/** 450 authors; the fake API pages, sorts by id and searches names like the server would. */
const authors = Array.from({ length: 450 }, (_, index) => ({ id: index + 1, name: `Author ${index + 1}` }));

function answer(call: Call) {
  const params = call.params ?? {};
  let rows = authors;
  if (typeof params.q === 'string') rows = rows.filter((row) => row.name.includes(params.q as string));
  if (params.sort === '-id') rows = [...rows].reverse();
  const offset = Number(params.offset ?? 0);
  return rows.slice(offset, offset + Number(params.limit));
}

function setup() {
  const { api, calls } = fakeApi({ 'GET items/authors': answer });
  const onSelect = vi.fn();
  const onClose = vi.fn();
  render(
    <ItemPickerModal
      api={api}
      registry={createCoreRegistry()}
      collection="authors"
      fields={fields}
      primaryKey="id"
      template="{{name}}"
      onSelect={onSelect}
      onClose={onClose}
    />,
  );
  return { calls, onSelect, onClose };
}

const flush = () => act(async () => {});
const rowButtons = () => [...document.querySelectorAll('button.item-picker__choose')];

describe('ItemPickerModal', () => {
  it('loads 200 per page and offers more only while a page comes back full', async () => {
    const { calls } = setup();
    await flush();
    expect(calls[0].params).toMatchObject({ limit: PICKER_PAGE_SIZE, offset: 0, sort: 'id', fields: '*' });
    expect(rowButtons()).toHaveLength(200);
    fireEvent.click(screen.getByText('Load more'));
    await flush();
    expect(calls[1].params).toMatchObject({ offset: 200 });
    expect(rowButtons()).toHaveLength(400);
    fireEvent.click(screen.getByText('Load more'));
    await flush();
    expect(calls[2].params).toMatchObject({ offset: 400 });
    expect(rowButtons()).toHaveLength(450);
    // 50 came back, not 200: nothing more to load.
    expect(screen.queryByText('Load more')).toBeNull();
  });

  it('searches 850 ms after the last keystroke, from the first page', async () => {
    vi.useFakeTimers();
    const { calls } = setup();
    await flush();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'Author 4' } });
    await act(async () => vi.advanceTimersByTime(PICKER_SEARCH_DEBOUNCE - 100));
    fireEvent.change(search, { target: { value: 'Author 42' } });
    await act(async () => vi.advanceTimersByTime(PICKER_SEARCH_DEBOUNCE - 1));
    expect(calls).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(1));
    await flush();
    expect(calls).toHaveLength(2);
    expect(calls[1].params).toMatchObject({ q: 'Author 42', offset: 0 });
    // Author 42 and 420–429.
    expect(rowButtons()).toHaveLength(11);
    expect(screen.queryByText('Load more')).toBeNull();
  });

  it('sorts by the chosen field and direction', async () => {
    const { calls } = setup();
    await flush();
    const sortSelect = screen.getByRole('combobox', { name: 'Sort by' });
    // Only real columns can be sorted on (no o2m alias).
    expect([...(sortSelect as HTMLSelectElement).options].map((option) => option.value)).toEqual([
      'id',
      'name',
      'joined_on',
    ]);
    fireEvent.change(sortSelect, { target: { value: 'name' } });
    await flush();
    expect(calls.at(-1)?.params).toMatchObject({ sort: 'name', offset: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Ascending' }));
    await flush();
    expect(calls.at(-1)?.params).toMatchObject({ sort: '-name' });
  });

  it('chooses an item with a click and closes with Escape', async () => {
    const { onSelect, onClose } = setup();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Author 3' }));
    expect(onSelect).toHaveBeenCalledWith({ id: 3, name: 'Author 3' });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('says so when the items cannot be loaded, and load more asks again for a failed page', async () => {
    let failNext = false;
    const { api, calls } = fakeApi({
      'GET items/authors': (call) => {
        if (failNext) {
          failNext = false;
          throw new Error('down');
        }
        return answer(call);
      },
    });
    render(
      <ItemPickerModal
        api={api}
        registry={createCoreRegistry()}
        collection="authors"
        fields={fields}
        primaryKey="id"
        onSelect={() => {}}
        onClose={() => {}}
      />,
    );
    await flush();
    failNext = true;
    fireEvent.click(screen.getByText('Load more'));
    await flush();
    expect(screen.getByRole('alert').textContent).toBe("The items couldn't be loaded.");
    expect(rowButtons()).toHaveLength(200);
    fireEvent.click(screen.getByText('Load more'));
    await flush();
    expect(calls.map((call) => call.params?.offset)).toEqual([0, 200, 200]);
    expect(rowButtons()).toHaveLength(400);
  });
});
