import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { APP_LOCALES } from '../../engine/components/pickers/languages';
import { mailLocale, mailTranslator } from './mail';

/** Every mail catalogue against en-US: the same keys, valid ICU, the same placeholders, real plural forms. */
const FOLDER = join(__dirname, 'mail');
const read = (locale: string) =>
  JSON.parse(readFileSync(join(FOLDER, `${locale}.json`), 'utf8')) as Record<string, string>;
const locales = readdirSync(FOLDER)
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -5))
  .sort();
const english = read('en-US');

function shape(
  elements: MessageFormatElement[],
  out = { args: new Set<string>(), plurals: new Set<string>() },
) {
  for (const element of elements) {
    if (element.type === TYPE.argument) out.args.add(element.value);
    if (element.type === TYPE.plural) {
      out.args.add(`${element.value}:plural`);
      for (const [key, option] of Object.entries(element.options)) {
        out.plurals.add(key);
        shape(option.value, out);
      }
    }
  }
  return out;
}

describe('the mail catalogues', () => {
  it('exist for every language of the app', () => {
    expect(locales).toEqual([...APP_LOCALES].sort());
  });

  it.each(locales)('%s has the keys, placeholders and plural forms of en-US', (locale) => {
    const catalog = read(locale);
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
    const categories = new Set<string>(new Intl.PluralRules(locale).resolvedOptions().pluralCategories);
    for (const [key, message] of Object.entries(catalog)) {
      const theirs = shape(parse(message));
      const ours = shape(parse(english[key]));
      expect([...theirs.args].sort(), `${locale} ${key}`).toEqual([...ours.args].sort());
      for (const form of theirs.plurals) expect(categories.has(form), `${locale} ${key}: ${form}`).toBe(true);
      if (ours.plurals.size) expect(theirs.plurals.has('other'), `${locale} ${key}`).toBe(true);
      if (locale !== 'en-US' && !['reset.action', 'invite.action'].includes(key))
        expect(message, `${locale} ${key} is still English`).not.toBe(english[key]);
    }
  });
});

describe('mailLocale', () => {
  it('takes the first wanted code it has a catalogue for, by tag or by language, else en-US', () => {
    expect(mailLocale('de-DE', 'fr-FR')).toBe('de-DE');
    expect(mailLocale(null, 'fr-FR')).toBe('fr-FR');
    expect(mailLocale('de', undefined)).toBe('de-DE');
    expect(mailLocale('es-MX')).toBe('es-419');
    expect(mailLocale('nb-NO')).toBe('no-NO');
    expect(mailLocale('xx-YY', '')).toBe('en-US');
  });

  it('formats plurals in the language', () => {
    expect(mailTranslator('ru-RU')('reset.expiry', { minutes: 21 })).toContain('21 минуту');
    expect(mailTranslator('ru-RU')('reset.expiry', { minutes: 25 })).toContain('25 минут');
    expect(mailTranslator('en-US')('invite.expiry', { days: 1 })).toBe('The link expires in 1 day.');
  });
});
