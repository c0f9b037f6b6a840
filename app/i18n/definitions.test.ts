import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { definitionMessages } from '../../schemas/meta/definition-messages';
import errorCatalogue from '../../schemas/errors.json';
import { systemFieldMessages } from '../../schemas/meta/system-messages';
import {
  DEFINITIONS_CATALOG,
  SYSTEM_FIELDS_CATALOG,
  readDefinitions,
  readSystemCollections,
} from '../../scripts/definitions-source';

/** The en-US catalogues derived from schemas/ stay what schemas/ says. */
const ROOT = join(__dirname, '..', '..');
const read = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Record<string, string>;

describe('the en-US catalogue of the definitions', () => {
  it('is exactly the text of schemas/interfaces and schemas/layouts (regenerate: npm run i18n:definitions)', () => {
    const { interfaces, layouts } = readDefinitions(ROOT);
    const expected = definitionMessages(interfaces, layouts);
    const actual = read(DEFINITIONS_CATALOG);
    expect(Object.keys(actual)).toEqual(Object.keys(expected));
    expect(actual).toEqual(expected);
  });
});

describe('the en-US catalogue of the system fields', () => {
  it('is exactly the text of schemas/system (regenerate: npm run i18n:definitions)', () => {
    const expected = systemFieldMessages(readSystemCollections(ROOT));
    const actual = read(SYSTEM_FIELDS_CATALOG);
    expect(Object.keys(actual)).toEqual(Object.keys(expected));
    expect(actual).toEqual(expected);
  });
});

describe('the en-US catalogue of the errors', () => {
  it('has exactly one message per name of schemas/errors.json', () => {
    const catalogue = read('app/i18n/locales/en-US/errors.json');
    const expected = errorCatalogue.errors.map((error) => `errors.${error.name}`);
    expect(Object.keys(catalogue).sort()).toEqual([...new Set(expected)].sort());
  });
});
