// @vitest-environment jsdom
import '../../shell/catalog'; // the signed-in app's messages, as PrivateApp registers them
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { FieldDefinition } from '../../../engine/types';
import { FILTER_OPERATORS } from './filters';
import { SearchFilter, SEARCH_DEBOUNCE_MS } from './SearchFilter';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const fields: FieldDefinition[] = [
  { field: 'title', type: 'string', interface: 'text-input' },
  { field: 'reviews', type: 'o2m', interface: 'one-to-many' },
];

function setup() {
  vi.useFakeTimers();
  const onChange = vi.fn();
  render(<SearchFilter fields={fields} value={{ search: '', filters: [] }} onChange={onChange} />);
  return onChange;
}

describe('SearchFilter', () => {
  it('reports the search 300 ms after the last keystroke, once', () => {
    const onChange = setup();
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'ti' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(box, { target: { value: 'tide' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({ search: 'tide', filters: [] });
  });

  it('adds a filter as contains with an empty value, offering every operator', () => {
    const onChange = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Field to filter on' }), {
      target: { value: 'title' },
    });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onChange).toHaveBeenLastCalledWith({
      search: '',
      filters: [{ field: 'title', operator: 'contains', value: '' }],
    });
    const operator = screen.getByRole('combobox', { name: 'Operator for Title' }) as HTMLSelectElement;
    expect(operator.value).toBe('contains');
    // has / nhas count related rows: only one-to-many fields offer them.
    expect([...operator.options].map((o) => o.value)).toEqual(
      FILTER_OPERATORS.filter((o) => o !== 'has' && o !== 'nhas'),
    );
    expect([...operator.options].map((o) => o.textContent)).toContain("doesn't contain");

    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Field to filter on' }), {
      target: { value: 'reviews' },
    });
    const related = screen.getByRole('combobox', { name: 'Operator for Reviews' }) as HTMLSelectElement;
    expect([...related.options].map((o) => o.value)).toEqual([...FILTER_OPERATORS]);

    // Operators without a value hide the value input.
    fireEvent.change(operator, { target: { value: 'null' } });
    expect(screen.queryByRole('textbox', { name: 'Value for Title' })).toBeNull();
    fireEvent.change(operator, { target: { value: 'eq' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Value for Title' }), { target: { value: 'Moon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove the filter on Reviews' }));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onChange).toHaveBeenLastCalledWith({
      search: '',
      filters: [{ field: 'title', operator: 'eq', value: 'Moon' }],
    });
  });
});
