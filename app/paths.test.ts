import {
  collectionHref,
  isItemDetailPath,
  isSettingsCollection,
  itemHref,
  itemPath,
  itemsPath,
  parseRouteKey,
  resolveCollection,
} from './paths';

describe('paths', () => {
  it('maps collections to API paths, system collections to their own endpoints', () => {
    expect(itemsPath('articles')).toBe('items/articles');
    expect(itemPath('articles', '1,2')).toBe('items/articles/1,2');
    expect(itemPath('articles', ['a/b', 'c d'])).toBe('items/articles/a%2Fb,c%20d');
    expect(itemPath('directus_users', 3)).toBe('users/3');
  });

  it('builds app routes, system collections through their aliases, keys encoded', () => {
    expect(collectionHref('demo', 'directus_files')).toBe('/demo/files');
    expect(collectionHref('demo', 'articles')).toBe('/demo/collections/articles');
    expect(itemHref('demo', 'articles', '+')).toBe('/demo/collections/articles/+');
    expect(itemHref('demo', 'directus_users', 7)).toBe('/demo/users/7');
    expect(itemHref('demo', 'pages', 'about/team')).toBe('/demo/collections/pages/about%2Fteam');
  });

  it('lists and edits webhooks inside the settings area', () => {
    expect(collectionHref('demo', 'directus_webhooks')).toBe('/demo/settings/webhooks');
    expect(itemHref('demo', 'directus_webhooks', '+')).toBe('/demo/settings/webhooks/+');
    expect(itemPath('directus_webhooks', 4)).toBe('webhooks/4');
    expect(isItemDetailPath('/demo/settings/webhooks/4')).toBe(true);
    expect(isItemDetailPath('/demo/settings/webhooks')).toBe(false);
    expect(isSettingsCollection('directus_webhooks')).toBe(true);
    expect(isSettingsCollection('directus_users')).toBe(false);
  });

  it('reads the route key: new, single, batch', () => {
    expect(parseRouteKey('+')).toEqual({ isNew: true, keys: [], batch: false });
    expect(parseRouteKey('7')).toEqual({ isNew: false, keys: ['7'], batch: false });
    expect(parseRouteKey('1%2C2')).toEqual({ isNew: false, keys: ['1', '2'], batch: true });
    expect(parseRouteKey('about%2Fteam')).toEqual({ isNew: false, keys: ['about/team'], batch: false });
  });

  it('lets a user collection named like an alias win over the system collection', () => {
    expect(resolveCollection('files', {})).toBe('directus_files');
    expect(resolveCollection('files', { files: {} })).toBe('files');
  });
});
