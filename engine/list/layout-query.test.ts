import type { FieldDefinition } from '../types';
import { createCoreRegistry } from '../registry/core-registry';
import { buildListQuery, narrowFilter, requestedPaths } from './build-query';
import { calendarListQuery, CALENDAR_PAGE } from './CalendarLayout';
import { timelineListQuery } from './TimelineLayout';
import { dayOfValue, monthWeeks, rangeFilter, rangeOf } from './layout-dates';
import {
  chosenField,
  DATE_TYPES,
  USER_TYPES,
  valueColor,
  valueLabel,
  withFieldChoices,
} from './layout-fields';

const registry = createCoreRegistry();
const calendar = registry.resolveLayout('calendar').definition;
const timeline = registry.resolveLayout('timeline').definition;

const articles: FieldDefinition[] = [
  { field: 'id', type: 'integer', interface: 'primary-key', primary_key: true },
  { field: 'status', type: 'status', interface: 'status', sort: 1 },
  { field: 'title', type: 'string', interface: 'text-input', sort: 2 },
  { field: 'author', type: 'm2o', interface: 'many-to-one', sort: 3 },
  { field: 'created_on', type: 'datetime_created', interface: 'datetime-created', sort: 4 },
  { field: 'published_on', type: 'datetime', interface: 'datetime', sort: 5 },
  { field: 'body', type: 'text', interface: 'wysiwyg', sort: 6 },
];
const activity: FieldDefinition[] = [
  { field: 'id', type: 'integer', interface: 'primary-key', primary_key: true },
  { field: 'action', type: 'string', interface: 'text-input', sort: 1 },
  { field: 'collection', type: 'string', interface: 'collections', sort: 2 },
  { field: 'item', type: 'string', interface: 'text-input', sort: 3 },
  // As in the system tables: an integer column with the user interface.
  { field: 'action_by', type: 'integer', interface: 'user', sort: 4 },
  { field: 'action_on', type: 'datetime', interface: 'datetime', sort: 5 },
];

describe('calendar request', () => {
  it('asks only for the visible days, with the date, title and colour fields, sorted by date', () => {
    const query = buildListQuery({
      layout: calendar,
      fields: articles,
      limit: 200,
      viewOptions: { date: 'published_on', title: '{{ title }} ({{ author.name }})', color: 'status' },
      range: { from: '2023-04-30', to: '2023-06-03' },
      listQuery: calendarListQuery,
    });
    expect(query.fields).toEqual(['id', 'published_on', 'title', 'author.*', 'status']);
    expect(query.sort).toBe('published_on');
    // Each bound its own index: the API applies only the first operator of a plain key.
    expect(query.filter).toEqual({ published_on: { 0: { gte: '2023-04-30' }, 1: { lt: '2023-06-04' } } });
    expect(query.limit).toBe(CALENDAR_PAGE);
  });

  it('keeps the search and the user filters, ANDing its range with a filter on the same field', () => {
    const query = buildListQuery({
      layout: calendar,
      fields: articles,
      limit: 200,
      search: 'harbour',
      viewOptions: { date: 'published_on' },
      filters: [
        { field: 'published_on', operator: 'gte', value: '2023-05-10' },
        { field: 'status', operator: 'eq', value: 'published' },
      ],
      range: { from: '2023-04-30', to: '2023-06-03' },
      listQuery: calendarListQuery,
    });
    expect(query.q).toBe('harbour');
    expect(query.filter).toEqual({
      status: { eq: 'published' },
      published_on: { 0: { gte: '2023-05-10' }, 1: { gte: '2023-04-30' }, 2: { lt: '2023-06-04' } },
    });
  });

  it('falls back to the first date field, and before any report to the weeks around today', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 25, 12));
    try {
      const query = buildListQuery({
        layout: calendar,
        fields: articles,
        limit: 200,
        listQuery: calendarListQuery,
      });
      expect(query.sort).toBe('created_on');
      const bounds = Object.values(query.filter.created_on) as Record<string, string>[];
      // November 2026 starts on a Sunday and ends on a Monday: whatever the week start, the grid holds both.
      expect(bounds[0].gte <= '2026-11-01').toBe(true);
      expect(bounds[1].lt > '2026-11-30').toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for nothing of a collection without a date field', () => {
    const query = buildListQuery({
      layout: calendar,
      fields: articles.filter((field) => !String(field.type).startsWith('date')),
      limit: 200,
      listQuery: calendarListQuery,
    });
    expect(query.fields).toEqual(['id']);
    expect(query.limit).toBe(1);
  });
});

describe('timeline request', () => {
  it('reads the stored activity preset: people with their avatar, newest first', () => {
    const query = buildListQuery({
      layout: timeline,
      fields: activity,
      limit: 100,
      viewQuery: { sort: '-action_on' },
      viewOptions: {
        date: 'action_on',
        title: '{{ action }} by {{ action_by.first_name }} {{ action_by.last_name }} (#{{ item }})',
        content: 'collection',
        color: 'action',
      },
      listQuery: timelineListQuery,
    });
    expect(query.fields).toEqual([
      'id',
      'action_on',
      'action',
      'action_by.*',
      'item',
      'collection',
      'action_by.avatar.*',
    ]);
    expect(query.sort).toBe('-action_on');
    expect(query.limit).toBe(100);
  });

  it('orders oldest first when asked, by the order or a stored ascending sort', () => {
    const base = { layout: timeline, fields: activity, limit: 100, listQuery: timelineListQuery };
    expect(buildListQuery({ ...base, viewQuery: { order: 'oldest' } }).sort).toBe('action_on');
    expect(buildListQuery({ ...base, viewQuery: { sort: 'action_on' } }).sort).toBe('action_on');
    expect(buildListQuery({ ...base, viewQuery: { order: 'newest', sort: 'action_on' } }).sort).toBe(
      '-action_on',
    );
  });
});

describe('layout fields and dates', () => {
  it('requests related objects whole and deep paths by their parent', () => {
    expect(requestedPaths(articles, ['title', 'author.name', 'author.city.name', 'gone'])).toEqual([
      'title',
      'author.*',
      'author.city.*',
    ]);
  });

  it('merges filters into the indexed form only where a field has several conditions', () => {
    expect(narrowFilter({ a: { eq: 1 } }, { b: { gte: 2 } })).toEqual({ a: { eq: 1 }, b: { gte: 2 } });
    expect(narrowFilter({ a: { 0: { gt: 1 }, 1: { lt: 9 } } }, { a: { neq: 5 } })).toEqual({
      a: { 0: { gt: 1 }, 1: { lt: 9 }, 2: { neq: 5 } },
    });
  });

  it('places values on the day they are written on', () => {
    expect(dayOfValue('2023-05-09 23:30:00')).toBe('2023-05-09');
    expect(dayOfValue('2023-05-09')).toBe('2023-05-09');
    expect(dayOfValue('2023-02-30')).toBeNull();
    expect(dayOfValue(null)).toBeNull();
    expect(rangeFilter('d', { from: '2023-04-30', to: '2023-06-03' })).toEqual({
      d: { gte: '2023-04-30', lt: '2023-06-04' },
    });
  });

  it('draws whole weeks from the locale week start', () => {
    const sunday = monthWeeks(new Date(2023, 4, 1), 0);
    expect(rangeOf(sunday)).toEqual({ from: '2023-04-30', to: '2023-06-03' });
    const monday = monthWeeks(new Date(2023, 4, 1), 1);
    expect(rangeOf(monday)).toEqual({ from: '2023-05-01', to: '2023-06-04' });
    expect(monday.every((week) => week.length === 7)).toBe(true);
  });

  it('chooses fields by type (people also by interface) and lists them as option choices', () => {
    expect(chosenField(articles, 'published_on', DATE_TYPES)?.field).toBe('published_on');
    expect(chosenField(articles, 'title', DATE_TYPES)?.field).toBe('created_on');
    expect(chosenField(activity, null, USER_TYPES)?.field).toBe('action_by');
    const [date] = withFieldChoices(calendar.view_options, articles);
    expect(date.options?.choices).toEqual({ created_on: 'Created On', published_on: 'Published On' });
  });

  it('colours a value by the mapping, a status colour, else a stable hue', () => {
    const status: FieldDefinition = {
      field: 'status',
      type: 'status',
      options: { status_mapping: { draft: { background_color: 'blue-grey' } } },
    };
    expect(valueColor(status, 'update', { update: 'blue' })).toBe('blue');
    expect(valueColor(status, 'draft')).toBe('blue-grey');
    expect(valueColor(status, 'other')).toBe(valueColor(status, 'other'));
    expect(valueColor(null, 'x')).toBeNull();
  });

  it('names a value by its status or choice', () => {
    const status: FieldDefinition = {
      field: 'status',
      type: 'status',
      options: { status_mapping: { in_review: { name: 'In review' } } },
    };
    expect(valueLabel(status, 'in_review')).toBe('In review');
    expect(valueLabel({ field: 'kind', type: 'string', options: { choices: { a: 'Alpha' } } }, 'a')).toBe(
      'Alpha',
    );
    expect(valueLabel(null, 'update')).toBe('update');
    expect(valueLabel(status, null)).toBe('');
  });
});
