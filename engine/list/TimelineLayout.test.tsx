// @vitest-environment jsdom
import '../../app/shell/catalog'; // the signed-in app's messages, as PrivateApp registers them
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { FieldDefinition } from '../types';
import { createCoreRegistry } from '../registry/core-registry';
import { resolveViewOptions } from './build-query';
import { I18nProvider } from '../../app/i18n';
import { relativeTime, TimelineLayout } from './TimelineLayout';
import type { LayoutProps } from './TabularLayout';

const registry = createCoreRegistry();
const timeline = registry.resolveLayout('timeline').definition;
const fields: FieldDefinition[] = [
  { field: 'id', type: 'integer', interface: 'primary-key', primary_key: true },
  { field: 'action', type: 'string', interface: 'text-input', sort: 1 },
  { field: 'collection', type: 'string', interface: 'collections', sort: 2 },
  { field: 'item', type: 'string', interface: 'text-input', sort: 3 },
  { field: 'action_by', type: 'integer', interface: 'user', sort: 4 },
  { field: 'action_on', type: 'datetime', interface: 'datetime', sort: 5 },
];
const ada = { id: 1, first_name: 'Ada', last_name: 'Lovelace', avatar: null };
const grace = {
  id: 2,
  first_name: 'Grace',
  last_name: 'Hopper',
  avatar: { data: { thumbnails: [{ key: 'directus-small-crop', relative_url: '/thumb/grace.jpg' }] } },
};
// Now: 13 May 2026, 12:00 UTC. Stored datetimes are UTC.
const items = [
  {
    id: 3,
    action: 'update',
    collection: 'articles',
    item: '7',
    action_by: ada,
    action_on: '2026-05-13 11:55:00',
  },
  {
    id: 2,
    action: 'create',
    collection: 'articles',
    item: '7',
    action_by: grace,
    action_on: '2026-05-13 09:00:00',
  },
  {
    id: 1,
    action: 'delete',
    collection: 'topics',
    item: '2',
    action_by: ada,
    action_on: '2026-05-10 08:00:00',
  },
];
const options = resolveViewOptions(timeline, {
  date: 'action_on',
  title: '{{ action_by.first_name }} {{ action_by.last_name }}',
  content: '{{ collection }} #{{ item }}',
  color: 'action',
});

function renderTimeline(props: Partial<LayoutProps> = {}) {
  const handlers = { onItemClick: vi.fn(), onEndReached: vi.fn() };
  render(
    <TimelineLayout
      fields={fields}
      items={items}
      viewQuery={{}}
      viewOptions={options}
      registry={registry}
      total={3}
      {...handlers}
      {...props}
    />,
    { wrapper: I18nProvider },
  );
  return handlers;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(Date.UTC(2026, 4, 13, 12)));
  document.documentElement.lang = 'en-US';
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('timeline layout', () => {
  it('groups entries by day, newest first, with who, what, which item and when', () => {
    renderTimeline();
    const days = screen.getAllByRole('region');
    expect(days).toHaveLength(2);
    expect(days[0].getAttribute('aria-labelledby')).toContain('2026-05-1');
    const first = within(days[0]).getAllByRole('listitem')[0];
    expect(first.textContent).toContain('Ada Lovelace');
    expect(first.textContent).toContain('update');
    expect(first.textContent).toContain('articles #7');
    expect(within(first).getByText('5 minutes ago').getAttribute('datetime')).toBe(
      '2026-05-13T11:55:00.000Z',
    );
    // Initials without a picture, the thumbnail with one.
    expect(first.textContent).toContain('AL');
    const second = within(days[0]).getAllByRole('listitem')[1];
    expect(second.querySelector('img')?.getAttribute('src')).toBe('/thumb/grace.jpg');
    expect(within(days[1]).getByText('3 days ago')).toBeTruthy();
  });

  it('colours entries by the mapped value', () => {
    renderTimeline();
    const entry = screen.getAllByRole('listitem')[2];
    expect(entry.getAttribute('style')).toContain('--timeline-color');
    expect(entry.getAttribute('style')).toContain('red');
  });

  it('opens an entry on click', () => {
    const handlers = renderTimeline();
    fireEvent.click(screen.getAllByRole('button', { name: /Grace Hopper/ })[0]);
    expect(handlers.onItemClick).toHaveBeenCalledWith(items[1]);
  });

  it('offers the next page while fewer than filter_count are loaded', () => {
    const handlers = renderTimeline({ total: 10 });
    expect(screen.getByText('3 of 10')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(handlers.onEndReached).toHaveBeenCalled();
    cleanup();
    renderTimeline({ total: 3 });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('asks to add or choose a date field when the collection has none', () => {
    renderTimeline({ fields: fields.filter((field) => field.field !== 'action_on') });
    expect(screen.getByRole('heading', { name: 'No date field to order entries by' })).toBeTruthy();
  });

  it('speaks relative times in the locale', () => {
    const now = new Date(Date.UTC(2026, 4, 13, 12));
    expect(relativeTime(new Date(Date.UTC(2026, 4, 13, 11, 59, 50)), now, 'en-US')).toBe('now');
    expect(relativeTime(new Date(Date.UTC(2026, 4, 13, 9)), now, 'en-US')).toBe('3 hours ago');
    expect(relativeTime(new Date(Date.UTC(2026, 4, 13, 9)), now, 'de-DE')).toBe('vor 3 Stunden');
  });
});
