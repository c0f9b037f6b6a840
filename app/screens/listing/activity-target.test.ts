import { newItemHref, prefilledValues } from '../../paths';
import { prefillValue } from '../item/use-prefill';
import { activityTargetHref } from './activity-target';

const known = { articles: {}, topics: {} };

describe('where an activity entry leads', () => {
  it('opens the recorded item, not the activity row', () => {
    expect(
      activityTargetHref('demo', 'directus_activity', { collection: 'articles', item: '7' }, known),
    ).toBe('/demo/collections/articles/7');
    expect(
      activityTargetHref('demo', 'directus_activity', { collection: 'directus_users', item: 1 }, known),
    ).toBe('/demo/users/1');
  });

  it('leaves other collections and entries without an item to the default', () => {
    expect(activityTargetHref('demo', 'articles', { collection: 'topics', item: '1' }, known)).toBeNull();
    expect(
      activityTargetHref('demo', 'directus_activity', { collection: 'topics', item: null }, known),
    ).toBeNull();
    expect(
      activityTargetHref('demo', 'directus_activity', { collection: 'gone', item: '1' }, known),
    ).toBeNull();
  });
});

describe('a new item with values', () => {
  it('carries them in the route query and reads them back', () => {
    const href = newItemHref('demo', 'articles', { published_on: '2026-05-04' });
    expect(href).toBe('/demo/collections/articles/+?published_on=2026-05-04');
    expect(prefilledValues(href.split('?')[1])).toEqual({ published_on: '2026-05-04' });
    expect(newItemHref('demo', 'articles', {})).toBe('/demo/collections/articles/+');
  });

  it('types each value for its field: a day on a datetime is its midnight', () => {
    expect(prefillValue({ field: 'a', type: 'datetime' }, '2026-05-04')).toBe('2026-05-04 00:00:00');
    expect(prefillValue({ field: 'a', type: 'date' }, '2026-05-04')).toBe('2026-05-04');
    expect(prefillValue({ field: 'a', type: 'integer' }, '12')).toBe(12);
    expect(prefillValue({ field: 'a', type: 'boolean' }, 'true')).toBe(true);
    expect(prefillValue({ field: 'a', type: 'string' }, 'x')).toBe('x');
  });
});
