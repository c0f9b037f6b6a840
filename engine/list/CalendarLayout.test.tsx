// @vitest-environment jsdom
import '../../app/shell/catalog'; // the signed-in app's messages, as PrivateApp registers them
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { FieldDefinition } from '../types';
import { createCoreRegistry } from '../registry/core-registry';
import { I18nProvider } from '../../app/i18n';
import { CalendarLayout } from './CalendarLayout';
import type { LayoutProps } from './TabularLayout';

const registry = createCoreRegistry();
const fields: FieldDefinition[] = [
  { field: 'id', type: 'integer', interface: 'primary-key', primary_key: true },
  { field: 'title', type: 'string', interface: 'text-input', sort: 1 },
  { field: 'published_on', type: 'datetime', interface: 'datetime', sort: 2 },
];
const item = (id: number, title: string, when: string) => ({ id, title, published_on: when });
// Today is Wednesday 13 May 2026 (English: weeks start on Sunday).
const items = [
  item(1, 'Harbour lights', '2026-05-13 09:30:00'),
  item(2, 'Night market', '2026-05-20 18:00:00'),
  item(3, 'One', '2026-05-21 08:00:00'),
  item(4, 'Two', '2026-05-21 09:00:00'),
  item(5, 'Three', '2026-05-21 10:00:00'),
  item(6, 'Four', '2026-05-21 11:00:00'),
  item(7, 'Five', '2026-05-21 12:00:00'),
];

function renderCalendar(props: Partial<LayoutProps> = {}) {
  const handlers = {
    onItemClick: vi.fn(),
    onRangeChange: vi.fn(),
    onCreateAt: vi.fn(),
    onEndReached: vi.fn(),
  };
  render(
    <CalendarLayout
      fields={fields}
      items={items}
      viewQuery={{}}
      viewOptions={{ date: 'published_on', title: '{{ title }}', view: 'month' }}
      registry={registry}
      {...handlers}
      {...props}
    />,
    { wrapper: I18nProvider },
  );
  return handlers;
}

const day = (key: string) => document.querySelector<HTMLElement>(`[data-day="${key}"]`)!;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 4, 13, 12));
  document.documentElement.lang = 'en-US';
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('calendar layout', () => {
  it('opens on this month, marks today and places items on their day with the title template', () => {
    const handlers = renderCalendar();
    expect(screen.getByRole('heading', { name: 'May 2026' })).toBeTruthy();
    expect(screen.getByRole('grid', { name: 'May 2026' })).toBeTruthy();
    expect(day('2026-05-13').getAttribute('aria-current')).toBe('date');
    expect(within(day('2026-05-13')).getByRole('button', { name: /Harbour lights/ }).textContent).toContain(
      '9:30',
    );
    expect(within(day('2026-05-20')).getByText('Night market')).toBeTruthy();
    // The whole weeks of May 2026, Sunday first, are reported as the range to ask for.
    expect(handlers.onRangeChange).toHaveBeenLastCalledWith({ from: '2026-04-26', to: '2026-06-06' });
    const heads = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(heads).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  });

  it('shows +N for a full day, which expands the day', () => {
    renderCalendar();
    const busy = day('2026-05-21');
    expect(within(busy).getAllByRole('listitem')).toHaveLength(3);
    const more = within(busy).getByRole('button', { name: '2 more items on Thursday, May 21, 2026' });
    expect(more.textContent).toBe('+2');
    fireEvent.click(more);
    expect(within(day('2026-05-21')).getAllByRole('listitem')).toHaveLength(5);
    fireEvent.click(within(day('2026-05-21')).getByRole('button', { name: 'Show less' }));
    expect(within(day('2026-05-21')).getAllByRole('listitem')).toHaveLength(3);
  });

  it('opens an item on click and creates on a day', () => {
    const handlers = renderCalendar();
    fireEvent.click(screen.getByRole('button', { name: /Night market/ }));
    expect(handlers.onItemClick).toHaveBeenCalledWith(items[1]);
    fireEvent.click(screen.getByRole('button', { name: 'Create an item on Friday, May 8, 2026' }));
    expect(handlers.onCreateAt).toHaveBeenCalledWith('published_on', '2026-05-08');
  });

  it('offers no create button without onCreateAt', () => {
    renderCalendar({ onCreateAt: undefined });
    expect(screen.queryByRole('button', { name: /Create an item/ })).toBeNull();
  });

  it('moves by month and back to today, reporting each range', () => {
    const handlers = renderCalendar();
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { name: 'June 2026' })).toBeTruthy();
    expect(handlers.onRangeChange).toHaveBeenLastCalledWith({ from: '2026-05-31', to: '2026-07-04' });
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('heading', { name: 'April 2026' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByRole('heading', { name: 'May 2026' })).toBeTruthy();
  });

  it('moves the focus by day and week with the arrow keys, across months', () => {
    renderCalendar();
    const today = day('2026-05-13');
    expect(today.tabIndex).toBe(0);
    today.focus();
    fireEvent.keyDown(today, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(day('2026-05-14'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(day('2026-05-21'));
    expect(day('2026-05-13').tabIndex).toBe(-1);
    fireEvent.keyDown(document.activeElement!, { key: 'PageDown' });
    expect(screen.getByRole('heading', { name: 'June 2026' })).toBeTruthy();
    expect(document.activeElement).toBe(day('2026-06-21'));
    // Enter goes into the day: its first button.
    fireEvent.keyDown(day('2026-06-21'), { key: 'Enter' });
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/Create an item on Sunday, June 21/);
  });

  it('shows a week with all its items', () => {
    renderCalendar({ viewOptions: { date: 'published_on', title: '{{ title }}', view: 'week' } });
    expect(screen.getAllByRole('gridcell')).toHaveLength(7);
    expect(within(day('2026-05-13')).getByText('Harbour lights')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(within(day('2026-05-21')).getAllByRole('listitem')).toHaveLength(5);
  });

  it('says when the days are empty, and why when searching', () => {
    renderCalendar({ items: [], searching: true });
    expect(screen.getByRole('status').textContent).toBe('No results on these days');
  });

  it('asks to add or choose a date field when the collection has none', () => {
    renderCalendar({ fields: fields.filter((field) => field.field !== 'published_on') });
    expect(screen.getByRole('heading', { name: 'No date field to place items on' })).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
  });
});
