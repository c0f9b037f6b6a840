import { buildPermissions } from './rows';

describe('permissions from /permissions/me', () => {
  it('keeps $create apart and merges status rows', () => {
    const map = buildPermissions([
      {
        collection: 'articles',
        status: 'published',
        read: 'full',
        update: 'none',
        read_field_blacklist: 'a,b',
      },
      { collection: 'articles', status: 'draft', read: 'mine', update: 'mine', read_field_blacklist: ['b'] },
      { collection: 'articles', status: '$create', create: 'full', status_blacklist: 'published' },
    ]);
    expect(map.articles.read).toBe('full');
    expect(map.articles.update).toBe('mine');
    // A field unreadable in any readable status is unreadable, as the server hides it everywhere.
    expect(map.articles.read_field_blacklist).toEqual(['a', 'b']);
    expect(map.articles.$create?.status_blacklist).toEqual(['published']);
    expect(Object.keys(map.articles.statuses ?? {})).toEqual(['published', 'draft']);
  });
});
