import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { APP_LOCALES } from '../../engine/components/pickers/languages';
import { enUS, loadLocale, makeIntl, PSEUDO_LOCALE, registerCatalog } from './index';
import { accent, pseudoCatalog, pseudoMessage, PSEUDO_CLOSE, PSEUDO_OPEN } from './pseudo';

/** The arguments, plural/select keys and tags of a message, in order: what pseudo-localizing must keep. */
function structure(elements: MessageFormatElement[]): string[] {
  return elements.flatMap((element): string[] => {
    switch (element.type) {
      case TYPE.literal:
        return [];
      case TYPE.pound:
        return ['#'];
      case TYPE.tag:
        return [`<${element.value}>`, ...structure(element.children), `</${element.value}>`];
      case TYPE.select:
      case TYPE.plural:
        return [
          `${element.value}:${TYPE[element.type]}`,
          // The printer may write the branches in another order, which changes nothing.
          ...Object.entries(element.options)
            .sort(([a], [b]) => a.localeCompare(b))
            .flatMap(([key, option]) => [key, ...structure(option.value)]),
        ];
      default:
        return [`${element.value}:${TYPE[element.type]}`];
    }
  });
}

describe('the pseudo-locale', () => {
  it('is not one of the languages a picker offers', () => {
    expect(APP_LOCALES).not.toContain(PSEUDO_LOCALE);
  });

  it('accents, pads about 40 % and marks a plain message', () => {
    const out = pseudoMessage('Sign in');
    expect(out.startsWith(`${PSEUDO_OPEN}Šíĝñ íñ`)).toBe(true);
    expect(out.endsWith(PSEUDO_CLOSE)).toBe(true);
    // 7 letters and spaces, 3 of padding, 2 markers.
    expect(out.length).toBe(7 + 3 + 2);
    expect(accent('Hello, World!')).toBe('Ĥëļļö, Ŵöŕļð!');
  });

  it('keeps arguments, plurals, selects, rich-text tags and quoting intact', () => {
    const messages = [
      'Delete {name}?',
      '{count, plural, one {# item} other {# items}} in {collection}',
      '{kind, select, file {A file} other {Something}} was saved on {date, date, short}',
      'Read <link>the guide</link> or <b>ask {who}</b>',
      "It''s '{literal}' text",
    ];
    for (const message of messages) {
      const out = pseudoMessage(message);
      expect(structure(parse(out)), message).toEqual(structure(parse(message)));
    }
    const intl = makeIntl(PSEUDO_LOCALE, {
      a: pseudoMessage('{count, plural, one {# item} other {# items}}'),
      b: pseudoMessage("It''s '{literal}' {name}"),
    });
    expect(intl.formatMessage({ id: 'a' }, { count: 3 })).toMatch(/^⟦3 íţëɱš.*⟧$/);
    expect(intl.formatMessage({ id: 'b' }, { name: 'Ada' })).toMatch(/^⟦Íţ'š \{ļíţëŕáļ\} Ada.*⟧$/);
  });

  it('makes a catalogue of every en-US message, each one marked', () => {
    const pseudo = pseudoCatalog(enUS);
    expect(Object.keys(pseudo)).toEqual(Object.keys(enUS));
    for (const [id, message] of Object.entries(pseudo)) {
      if (!enUS[id]) continue;
      expect(message.startsWith(PSEUDO_OPEN), id).toBe(true);
      expect(structure(parse(message)), id).toEqual(structure(parse(enUS[id])));
    }
  });

  it('is what loadLocale gives for its tag, and catalogues registered later arrive pseudo-localized', async () => {
    const messages = await loadLocale(PSEUDO_LOCALE);
    expect(messages?.['login.sign_in']).toBe(pseudoMessage(enUS['login.sign_in']));
    const intl = makeIntl(PSEUDO_LOCALE, messages!);
    const english = makeIntl('en-US', enUS);
    registerCatalog({ 'pseudo_test.title': 'Designer' });
    expect(intl.formatMessage({ id: 'pseudo_test.title' })).toBe(pseudoMessage('Designer'));
    expect(english.formatMessage({ id: 'pseudo_test.title' })).toBe('Designer');
  });
});
