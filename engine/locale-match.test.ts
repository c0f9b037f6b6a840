import { describe, expect, it } from 'vitest';
import { matchAppLocale, pickAppLocale } from './locale-match';

describe('matchAppLocale', () => {
  it('keeps a locale that has a catalog', () => {
    expect(matchAppLocale('de-DE')).toBe('de-DE');
    expect(matchAppLocale('fr-fr')).toBe('fr-FR');
    expect(matchAppLocale('es-419')).toBe('es-419');
  });

  it('maps a bare language to its first locale', () => {
    expect(matchAppLocale('de')).toBe('de-DE');
    expect(matchAppLocale('pt')).toBe('pt-BR');
    expect(matchAppLocale('ja')).toBe('ja-JP');
    expect(matchAppLocale('de-AT')).toBe('de-DE');
    expect(matchAppLocale('en-GB')).toBe('en-US');
  });

  it('maps regional variants to the catalog they share', () => {
    expect(matchAppLocale('es-MX')).toBe('es-419');
    expect(matchAppLocale('zh-HK')).toBe('zh-TW');
    expect(matchAppLocale('zh-Hant-HK')).toBe('zh-TW');
    expect(matchAppLocale('pt_PT')).toBe('pt-PT');
  });

  it('gives null for unknown or broken codes', () => {
    expect(matchAppLocale('xx-YY')).toBeNull();
    expect(matchAppLocale('not a locale')).toBeNull();
    expect(matchAppLocale('')).toBeNull();
    expect(matchAppLocale(null)).toBeNull();
  });
});

describe('pickAppLocale', () => {
  it('takes the first choice with a catalog, else en-US', () => {
    expect(pickAppLocale('xx-YY', 'fr-FR', 'de-DE')).toBe('fr-FR');
    expect(pickAppLocale(null, null, 'de')).toBe('de-DE');
    expect(pickAppLocale('sw-KE', null, 'xx')).toBe('en-US');
  });
});
