import { afterEach, describe, expect, it, vi } from 'vitest';
import { enUS, loadLocale, localeInEffect } from './index';

afterEach(() => vi.restoreAllMocks());

describe('the locale in effect follows the user’s locale (My profile)', () => {
  it('keeps a variant of English without a catalogue, for its dates and its lang', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const messages = await loadLocale('en-GB');
    expect(messages).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"en-GB"'));
    expect(localeInEffect('en-GB', messages)).toEqual({ locale: 'en-GB', messages: enUS });
  });

  it('falls back to en-US for another language without a catalogue, with a warning only', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const messages = await loadLocale('eo');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(localeInEffect('eo', messages)).toEqual({ locale: 'en-US', messages: enUS });
    expect(localeInEffect('not a locale', null).locale).toBe('en-US');
  });

  it('loads a translated locale’s catalogue', async () => {
    const french = await loadLocale('fr-FR');
    expect(french?.['profile.title']).toBe('Mon profil');
    expect(Object.keys(french ?? {}).length).toBeGreaterThan(1000);
  });

  it('uses a locale’s own catalogue when there is one', () => {
    const own = { 'app.loading': 'Chargement…' };
    expect(localeInEffect('fr-FR', own)).toEqual({ locale: 'fr-FR', messages: own });
  });
});
