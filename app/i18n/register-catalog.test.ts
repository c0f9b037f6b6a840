import { describe, expect, it } from 'vitest';
import { enUS, makeIntl, registerCatalog } from './index';

describe('catalogues registered by lazy chunks', () => {
  it('reach intl instances made before, without overriding a locale’s own translation', () => {
    const english = makeIntl('en-US', enUS);
    const german = makeIntl('de-DE', { 'lazy_test.greeting': 'Hallo' });
    expect('lazy_test.title' in english.messages).toBe(false);
    registerCatalog({ 'lazy_test.title': 'Designer', 'lazy_test.greeting': 'Hello' });
    expect(english.formatMessage({ id: 'lazy_test.title' })).toBe('Designer');
    expect(german.formatMessage({ id: 'lazy_test.title' })).toBe('Designer');
    expect(german.formatMessage({ id: 'lazy_test.greeting' })).toBe('Hallo');
    expect(makeIntl('en-US', enUS).formatMessage({ id: 'lazy_test.greeting' })).toBe('Hello');
  });

  it('leaves the designer’s catalogue out of the entry’s bundled messages', () => {
    // Registered by the designer's modules only; none of them is imported here.
    expect(Object.keys(enUS).some((id) => id.startsWith('settings_collections.'))).toBe(false);
  });

  it('leaves the signed-in app’s catalogues (listing, item page, interfaces, layouts) to its lazy chunk', () => {
    // Registered by app/shell/catalog.ts, which PrivateApp imports; the login page never needs them.
    const lazy = /^(browse|edit|sidebar|bookmarks|conflicts|file_preview|interfaces|layouts)\./;
    expect(Object.keys(enUS).filter((id) => lazy.test(id))).toEqual([]);
    expect(Object.keys(enUS).some((id) => id.startsWith('login.'))).toBe(true);
  });
});
