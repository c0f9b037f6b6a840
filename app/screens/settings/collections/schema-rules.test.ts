import { describe, expect, it } from 'vitest';
import {
  indexable,
  indexedByType,
  datatypesFor,
  defaultLength,
  formOrder,
  lengthProblem,
  lengthRule,
  moveName,
  newCollectionFields,
  safeName,
  sortChanges,
  validCollectionName,
  validName,
  wizardInterfaces,
} from './schema-rules';

describe('safe mode (spec §5)', () => {
  it('lowercases, joins words with single underscores, removes other characters, trims underscores', () => {
    expect(safeName('My Projects')).toBe('my_projects');
    expect(safeName('  Projects! ')).toBe('projects');
    expect(safeName('__a  --  b__')).toBe('a_b');
    expect(safeName('Café Menü')).toBe('cafe_menu');
    expect(safeName('price (€)')).toBe('price');
    expect(safeName('a__b')).toBe('a_b');
    expect(safeName('!!!')).toBe('');
  });

  it('accepts the names the server accepts', () => {
    expect(validName('title')).toBe(true);
    expect(validName('123')).toBe(false);
    expect(validName('a'.repeat(65))).toBe(false);
    expect(validName('Title')).toBe(false);
    expect(validCollectionName('directus_things')).toBe(false);
    expect(validCollectionName('projects')).toBe(true);
  });
});

describe('datatypes and lengths (field-types.json, spec §5)', () => {
  it('lists a type’s datatypes per vendor, the default first', () => {
    expect(datatypesFor('string', 'mysql')).toEqual([
      'VARCHAR',
      'CHAR',
      'TINYTEXT',
      'TEXT',
      'MEDIUMTEXT',
      'LONGTEXT',
    ]);
    expect(datatypesFor('integer', 'mysql')[0]).toBe('INT');
    expect(datatypesFor('o2m', 'mysql')).toEqual([]);
  });

  it('gives CHAR 50/255, VARCHAR 255/65535, DECIMAL 10,10 up to 65,30, and the type’s own default', () => {
    expect(lengthRule('mysql', 'CHAR')).toEqual({ kind: 'length', default: 50, max: 255 });
    expect(lengthRule('mysql', 'VARCHAR')).toEqual({ kind: 'length', default: 255, max: 65535 });
    expect(lengthRule('mysql', 'DECIMAL')).toEqual({
      kind: 'precision_scale',
      defaultPrecision: 10,
      defaultScale: 10,
      maxPrecision: 65,
      maxScale: 30,
    });
    expect(lengthRule('mysql', 'FLOAT')).toMatchObject({ defaultPrecision: 10, defaultScale: 10 });
    expect(lengthRule('mysql', 'VARCHAR', 'status')).toMatchObject({ default: 20 });
    expect(lengthRule('mysql', 'TEXT')).toEqual({ kind: 'none' });
  });

  it('starts from the interface’s recommended length when it fits', () => {
    expect(defaultLength(lengthRule('mysql', 'VARCHAR'), 200)).toBe('200');
    expect(defaultLength(lengthRule('mysql', 'CHAR'), 2000)).toBe('50');
    expect(defaultLength(lengthRule('mysql', 'DECIMAL'), 10)).toBe('10,10');
    expect(defaultLength(lengthRule('mysql', 'TEXT'), 10)).toBe('');
  });

  it('names what is wrong with a length', () => {
    const varchar = lengthRule('mysql', 'VARCHAR');
    const decimal = lengthRule('mysql', 'DECIMAL');
    expect(lengthProblem(varchar, '255')).toBeNull();
    expect(lengthProblem(varchar, '')).toEqual({ key: 'length_required' });
    expect(lengthProblem(varchar, '70000')).toEqual({ key: 'length_range', values: { max: 65535 } });
    expect(lengthProblem(varchar, '1.5')).toEqual({ key: 'length_format' });
    expect(lengthProblem(lengthRule('mysql', 'CHAR'), '256')).toEqual({
      key: 'length_range',
      values: { max: 255 },
    });
    expect(lengthProblem(decimal, '65,30')).toBeNull();
    expect(lengthProblem(decimal, '66,2')).toEqual({ key: 'precision_range', values: { max: 65 } });
    expect(lengthProblem(decimal, '40,31')).toEqual({ key: 'scale_range', values: { max: 30 } });
    expect(lengthProblem(decimal, '5,6')).toEqual({ key: 'scale_above_precision' });
    expect(lengthProblem(lengthRule('mysql', 'TEXT'), '')).toBeNull();
  });
});

describe('the interfaces the wizard offers', () => {
  it('leaves out hidden ones and the system types a collection already has', () => {
    const make = (id: string, types: string[], hidden = false) =>
      ({ id, name: id, icon: 'x', types, hidden, options: [], binding: { component: 'input' } }) as never;
    const all = [make('status', ['status']), make('text', ['string']), make('pk', ['integer'], true)];
    expect(wizardInterfaces(all, '').map((d: { id: string }) => d.id)).toEqual(['status', 'text']);
    expect(wizardInterfaces(all, '', ['status']).map((d: { id: string }) => d.id)).toEqual(['text']);
    expect(wizardInterfaces(all, 'STR').map((d: { id: string }) => d.id)).toEqual(['text']);
  });
});

describe('a new collection', () => {
  it('has its key first, then the chosen system fields in a fixed order, each with its sort', () => {
    const fields = newCollectionFields('uuid', ['sort', 'status']);
    expect(fields.map((f) => [f.field, f.type, f.sort])).toEqual([
      ['id', 'uuid', 1],
      ['status', 'status', 2],
      ['sort', 'sort', 3],
    ]);
    const status = fields[1]!.options!.status_mapping as Record<string, Record<string, unknown>>;
    expect(Object.keys(status)).toEqual(['published', 'draft', 'deleted']);
    expect(status.published).toMatchObject({ published: true, required_fields: true });
    expect(status.draft).toMatchObject({ browse_subdued: true });
    expect(status.deleted).toMatchObject({ soft_delete: true });
    expect(newCollectionFields('integer', [])[0]).toMatchObject({ auto_increment: true, primary_key: true });
  });
});

describe('the form order', () => {
  it('sorts by sort, unsorted last by name, and saves only the changed positions', () => {
    const fields = [
      { field: 'b', sort: null },
      { field: 'title', sort: 2 },
      { field: 'id', sort: 1 },
      { field: 'a', sort: null },
    ];
    expect(formOrder(fields).map((f) => f.field)).toEqual(['id', 'title', 'a', 'b']);
    const moved = moveName(['id', 'title', 'a', 'b'], 1, 0);
    expect(moved).toEqual(['title', 'id', 'a', 'b']);
    expect(sortChanges(moved, { id: 1, title: 2, a: null, b: null })).toEqual([
      { field: 'title', sort: 1 },
      { field: 'id', sort: 2 },
      { field: 'a', sort: 3 },
      { field: 'b', sort: 4 },
    ]);
  });
});

describe('indexes in the field wizard', () => {
  it('starts the toggle as the server indexes a new field, by its type', () => {
    expect(
      ['status', 'sort', 'owner', 'm2o', 'datetime_created', 'datetime_updated'].map(indexedByType),
    ).toEqual([true, true, true, true, true, true]);
    expect(['string', 'integer', 'date', 'json'].map(indexedByType)).toEqual([false, false, false, false]);
  });
  it('offers no index on text, blob and JSON columns', () => {
    expect(['VARCHAR', 'INT', 'DATETIME', 'char'].map(indexable)).toEqual([true, true, true, true]);
    expect(['TEXT', 'longtext', 'BLOB', 'JSON', ''].map(indexable)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
