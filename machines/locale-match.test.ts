import { describe, expect, it } from 'vitest';
import { APP_LOCALES } from '../engine/components/pickers/languages';
import { matchAppLocale, pickAppLocale } from './locale-match';

const match = (code: string | null) => matchAppLocale(code, APP_LOCALES);

describe('matchAppLocale', () => {
  it('keeps a locale that has a catalog', () => {
    expect(match('de-DE')).toBe('de-DE');
    expect(match('fr-fr')).toBe('fr-FR');
    expect(match('es-419')).toBe('es-419');
  });

  it('maps a bare language to its first locale', () => {
    expect(match('de')).toBe('de-DE');
    expect(match('pt')).toBe('pt-BR');
    expect(match('ja')).toBe('ja-JP');
    expect(match('de-AT')).toBe('de-DE');
    expect(match('en-GB')).toBe('en-GB');
    expect(match('en')).toBe('en-US');
  });

  it('maps regional variants to the catalog they share', () => {
    expect(match('es-MX')).toBe('es-419');
    expect(match('zh-HK')).toBe('zh-TW');
    expect(match('zh-Hant-HK')).toBe('zh-TW');
    expect(match('pt_PT')).toBe('pt-PT');
  });

  it('gives null for unknown or broken codes', () => {
    expect(match('xx-YY')).toBeNull();
    expect(match('not a locale')).toBeNull();
    expect(match('')).toBeNull();
    expect(match(null)).toBeNull();
  });
});

describe('pickAppLocale', () => {
  it('takes the first choice with a catalog, else en-US', () => {
    expect(pickAppLocale(['xx-YY', 'fr-FR', 'de-DE'], APP_LOCALES)).toBe('fr-FR');
    expect(pickAppLocale([null, null, 'de'], APP_LOCALES)).toBe('de-DE');
    expect(pickAppLocale(['sw-KE', null, 'xx'], APP_LOCALES)).toBe('en-US');
  });
});
