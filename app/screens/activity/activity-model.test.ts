import { describe, expect, it } from 'vitest';
import catalog from '../../i18n/locales/en-US/activity.json';
import {
  ACTIONS,
  activityListParams,
  activityTarget,
  actionIcon,
  actionMessage,
  actionNameMessage,
  apiFilterOf,
  dayBounds,
  filtersFromPreset,
  filtersFromSearch,
  groupByDay,
  itemsToTitle,
  NO_FILTERS,
  presetFiltersOf,
  searchOfFilters,
} from './activity-model';
import { readsAll, titleTemplateOf } from './use-item-titles';
import { PermissionModel } from '../../permissions/model';
import type { Schema } from '../../state/types';

const messages = catalog as Record<string, string>;
const known = { articles: {} };

describe('activity actions', () => {
  it('names and draws every action Directus 8 records', () => {
    const recorded = [
      'create',
      'update',
      'delete',
      'soft-delete',
      'revert',
      'comment',
      'upload',
      'authenticate',
      'invalid-credentials',
      'status-update',
    ];
    for (const action of recorded) {
      expect(ACTIONS.some((entry) => entry.action === action)).toBe(true);
      expect(messages[actionMessage(action).id]).toBeTruthy();
      expect(messages[actionNameMessage(action).id]).toBeTruthy();
      expect(actionIcon(action)).not.toBe('radio_button_checked');
    }
    expect(actionMessage('upload')).toEqual({ id: 'activity.action.upload' });
  });

  it('shows an action it does not know by its raw name, with a neutral icon', () => {
    expect(actionMessage('publish')).toEqual({ id: 'activity.action.other', values: { action: 'publish' } });
    expect(actionNameMessage('publish').values).toEqual({ action: 'publish' });
    expect(actionIcon('publish')).toBe('radio_button_checked');
  });
});

describe('where an entry leads', () => {
  it('links the recorded item, of user and system collections', () => {
    expect(activityTarget('demo', { action: 'update', collection: 'articles', item: '7' }, known)).toEqual({
      key: '7',
      deleted: false,
      href: '/demo/collections/articles/7',
    });
    expect(
      activityTarget('demo', { action: 'upload', collection: 'directus_files', item: 3 }, known).href,
    ).toBe('/demo/files/3');
  });

  it('says "deleted item" for a delete and for an item that is gone', () => {
    const removed = activityTarget('demo', { action: 'delete', collection: 'articles', item: '7' }, known);
    expect(removed).toEqual({ key: '7', deleted: true, href: null });
    const created = activityTarget(
      'demo',
      { action: 'create', collection: 'articles', item: '7' },
      known,
      new Set(['articles/7']),
    );
    expect(created.deleted).toBe(true);
    expect(created.href).toBeNull();
    // A soft delete keeps the item: it stays reachable.
    expect(
      activityTarget('demo', { action: 'soft-delete', collection: 'articles', item: '7' }, known).href,
    ).toBe('/demo/collections/articles/7');
  });

  it('leads nowhere for unknown collections and entries without an item', () => {
    expect(
      activityTarget('demo', { action: 'update', collection: 'gone', item: '1' }, known).href,
    ).toBeNull();
    expect(
      activityTarget('demo', { action: 'update', collection: 'articles', item: null }, known).href,
    ).toBeNull();
  });
});

describe('the filters', () => {
  const chosen = {
    ...NO_FILTERS,
    user: '2',
    collection: 'articles',
    item: '7',
    actions: ['comment'],
    from: '2026-11-01',
    to: '2026-11-26',
    search: 'hello',
  };

  it('round-trip through the address and the preset', () => {
    const query = searchOfFilters(chosen);
    expect(query).toBe(
      'user=2&collection=articles&item=7&action=comment&from=2026-11-01&to=2026-11-26&q=hello',
    );
    expect(filtersFromSearch(query)).toEqual(chosen);
    expect(filtersFromPreset(presetFiltersOf(chosen), 'hello')).toEqual(chosen);
    expect(filtersFromSearch('')).toBeNull();
    expect(filtersFromSearch('b=3')).toBeNull();
  });

  it('drop an item without its collection and days that are not days', () => {
    expect(filtersFromSearch('item=7&from=yesterday&user=1')).toEqual({ ...NO_FILTERS, user: '1' });
  });

  it('become the API filter, the date range in the indexed form over whole local days', () => {
    const filter = apiFilterOf(chosen);
    expect(filter.action_by).toEqual({ eq: '2' });
    expect(filter.collection).toEqual({ eq: 'articles' });
    expect(filter.item).toEqual({ eq: '7' });
    expect(filter.action).toEqual({ in: 'comment' });
    expect(filter.action_on).toEqual({
      0: { gte: dayBounds('2026-11-01').start },
      1: { lte: dayBounds('2026-11-26').end },
    });
    const { start, end } = dayBounds('2026-11-01');
    const local = new Date(2026, 10, 1);
    expect(start).toBe(local.toISOString().slice(0, 19).replace('T', ' '));
    expect(
      new Date(`${end.replace(' ', 'T')}Z`).getTime() - new Date(`${start.replace(' ', 'T')}Z`).getTime(),
    ).toBe(86_399_000);
    expect(apiFilterOf({ ...NO_FILTERS, from: '2026-11-01' }).action_on).toEqual({
      gte: dayBounds('2026-11-01').start,
    });
  });

  it('ask for the newest entries first with the search as q', () => {
    const params = activityListParams(chosen, ['id', 'first_name']);
    expect(params.sort).toBe('-action_on,-id');
    expect(params.q).toBe('hello');
    expect(params.fields).toEqual(expect.arrayContaining(['action_by.id', 'action_by.first_name', 'item']));
    expect('q' in activityListParams(NO_FILTERS, [])).toBe(false);
  });
});

describe('the timeline', () => {
  it('groups entries by the local day they happened on', () => {
    const entries = [
      { id: 3, action_on: '2026-11-26 10:00:00' },
      { id: 2, action_on: '2026-11-26 08:00:00' },
      { id: 1, action_on: '2026-11-20 08:00:00' },
      { id: 0, action_on: 'not a date' },
    ];
    const groups = groupByDay(entries);
    expect(groups.map((group) => group.entries.map((entry) => entry.id))).toEqual([[3, 2], [1]]);
  });

  it('looks each item up once per collection', () => {
    const lookups = itemsToTitle([
      { collection: 'articles', item: '1' },
      { collection: 'articles', item: 1 },
      { collection: 'topics', item: '4' },
      { collection: 'directus_users', item: null },
    ]);
    expect([...lookups]).toEqual([
      ['articles', ['1']],
      ['topics', ['4']],
    ]);
  });

  it('titles items by the collection template, a many-to-one template or the system one', () => {
    const schema = {
      collections: {
        articles: { collection: 'articles', display_template: '{{ title }}' },
        topics: { collection: 'topics' },
      },
      fields: {
        articles: [{ field: 'topic', type: 'm2o', options: { template: '{{ name }}' } }],
      },
      relations: [
        { collection_many: 'articles', field_many: 'topic', collection_one: 'topics', field_one: null },
      ],
    } as unknown as Schema;
    expect(titleTemplateOf(schema, 'articles')).toBe('{{ title }}');
    expect(titleTemplateOf(schema, 'topics')).toBe('{{ name }}');
    expect(titleTemplateOf(schema, 'directus_users')).toBe('{{ first_name }} {{ last_name }}');
    expect(titleTemplateOf(schema, 'other')).toBeNull();
  });

  it('calls an item gone only where the caller reads every item', () => {
    const schema = { collections: {}, fields: {} } as unknown as Schema;
    const admin = new PermissionModel(null, { id: 1, role: 1, admin: true } as never, schema);
    expect(readsAll(admin, 'articles')).toBe(true);
    const mine = new PermissionModel(
      { articles: { collection: 'articles', read: 'mine' } } as never,
      { id: 2, role: 3, admin: false } as never,
      schema,
    );
    expect(readsAll(mine, 'articles')).toBe(false);
  });
});
