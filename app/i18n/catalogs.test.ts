import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { APP_LOCALES } from '../../engine/components/pickers/languages';

/**
 * Every locale's catalogs against en-US: the same files and keys, valid ICU, the same placeholders,
 * and plural branches the language has. A new locale is a folder of files copied from en-US and
 * translated; this test says what is missing or broken.
 */
const ROOT = join(__dirname, 'locales');
const SOURCE = 'en-US';
const locales = readdirSync(ROOT).filter((name) => name !== SOURCE);

type Catalog = Record<string, string>;
const read = (locale: string, file: string): Catalog =>
  JSON.parse(readFileSync(join(ROOT, locale, file), 'utf8')) as Catalog;
const filesOf = (locale: string) =>
  readdirSync(join(ROOT, locale))
    .filter((name) => name.endsWith('.json'))
    .sort();

interface Shape {
  /** Placeholder names with their kind (`count:plural`, `name:argument`). */
  args: Set<string>;
  /** Plural and selectordinal branch keys used (`one`, `other`, `=0`). */
  pluralKeys: Set<string>;
  tags: Set<string>;
}

function shapeOf(
  elements: MessageFormatElement[],
  shape: Shape = { args: new Set(), pluralKeys: new Set(), tags: new Set() },
): Shape {
  for (const element of elements) {
    switch (element.type) {
      case TYPE.argument:
        shape.args.add(`${element.value}:argument`);
        break;
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        shape.args.add(`${element.value}:${TYPE[element.type]}`);
        break;
      case TYPE.select:
        shape.args.add(`${element.value}:select`);
        for (const option of Object.values(element.options)) shapeOf(option.value, shape);
        break;
      case TYPE.plural:
        shape.args.add(`${element.value}:plural`);
        for (const [key, option] of Object.entries(element.options)) {
          shape.pluralKeys.add(key);
          shapeOf(option.value, shape);
        }
        break;
      case TYPE.tag:
        shape.tags.add(element.value);
        shapeOf(element.children, shape);
        break;
      default:
        break;
    }
  }
  return shape;
}

const sorted = (set: Set<string>) => [...set].sort();

describe('the languages of the app', () => {
  it('are the ones the language picker offers: a folder of catalogs per locale', () => {
    expect([...locales, SOURCE].sort()).toEqual([...APP_LOCALES].sort());
  });
});

describe(`the ${SOURCE} catalogs`, () => {
  it('are valid ICU messages', () => {
    const broken: string[] = [];
    for (const file of filesOf(SOURCE)) {
      for (const [key, message] of Object.entries(read(SOURCE, file))) {
        try {
          parse(message);
        } catch (error) {
          broken.push(`${file} ${key}: ${(error as Error).message}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});

describe.each(locales.length ? locales : ['(none yet)'])('the %s catalogs', (locale) => {
  if (locale === '(none yet)') {
    it.skip('exist for a locale other than en-US', () => undefined);
    return;
  }

  it(`have exactly the files and keys of ${SOURCE}`, () => {
    expect(filesOf(locale)).toEqual(filesOf(SOURCE));
    const problems: string[] = [];
    for (const file of filesOf(SOURCE)) {
      const source = Object.keys(read(SOURCE, file));
      const target = new Set(Object.keys(read(locale, file)));
      for (const key of source) if (!target.has(key)) problems.push(`missing ${file} ${key}`);
      for (const key of target) if (!source.includes(key)) problems.push(`extra ${file} ${key}`);
    }
    expect(problems).toEqual([]);
  });

  it(`are valid ICU with the placeholders, tags and plural forms ${SOURCE} has`, () => {
    const categories = new Set<string>(new Intl.PluralRules(locale).resolvedOptions().pluralCategories);
    const problems: string[] = [];
    for (const file of filesOf(SOURCE)) {
      const source = read(SOURCE, file);
      const target = read(locale, file);
      for (const [key, message] of Object.entries(target)) {
        if (!(key in source)) continue;
        let theirs: Shape;
        try {
          theirs = shapeOf(parse(message));
        } catch (error) {
          problems.push(`${file} ${key}: ${(error as Error).message}`);
          continue;
        }
        const ours = shapeOf(parse(source[key]));
        if (sorted(theirs.args).join() !== sorted(ours.args).join())
          problems.push(`${file} ${key}: placeholders ${sorted(theirs.args)} ≠ ${sorted(ours.args)}`);
        if (sorted(theirs.tags).join() !== sorted(ours.tags).join())
          problems.push(`${file} ${key}: tags ${sorted(theirs.tags)} ≠ ${sorted(ours.tags)}`);
        for (const branch of theirs.pluralKeys) {
          if (!branch.startsWith('=') && !categories.has(branch))
            problems.push(`${file} ${key}: "${branch}" is not a plural form of ${locale}`);
        }
        if (ours.pluralKeys.size && !theirs.pluralKeys.has('other'))
          problems.push(`${file} ${key}: a plural without "other"`);
      }
    }
    expect(problems).toEqual([]);
  });
});
