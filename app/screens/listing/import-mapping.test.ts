import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../../engine/types';
import {
  autoMatch,
  buildRows,
  cellKind,
  checkColumns,
  convertCell,
  importTargets,
  splitHeader,
} from './import-mapping';

const field = (name: string, type: string, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  field: name,
  type,
  ...extra,
});

const FIELDS = [
  field('id', 'integer', { primary_key: true }),
  field('status', 'status'),
  field('title', 'string', { name: 'Headline' }),
  field('views', 'integer'),
  field('score', 'decimal'),
  field('featured', 'boolean'),
  field('published_on', 'datetime'),
  field('birthday', 'date'),
  field('wake_up', 'time'),
  field('profile', 'json'),
  field('author', 'm2o'),
  field('comments', 'o2m'),
  field('owner', 'owner'),
  field('created_on', 'datetime_created'),
  field('divider', 'alias'),
  field('secret_note', 'string'),
];
const byName = new Map(FIELDS.map((f) => [f.field, f]));

describe('import targets and matching', () => {
  it('offers writable column fields only, never server-filled or alias fields', () => {
    const writable = new Set(FIELDS.map((f) => f.field).filter((name) => name !== 'secret_note'));
    const names = importTargets(FIELDS, writable).map((f) => f.field);
    expect(names).toEqual([
      'id',
      'status',
      'title',
      'views',
      'score',
      'featured',
      'published_on',
      'birthday',
      'wake_up',
      'profile',
      'author',
    ]);
  });

  it('matches columns by field name or label, loosely, once per field, leaving a numeric key out', () => {
    const targets = importTargets(FIELDS, new Set(FIELDS.map((f) => f.field)));
    expect(
      autoMatch(
        ['ID', 'Headline', 'Published On', 'publishedOn', 'FEATURED', 'unknown', '', 'wake-up'],
        targets,
      ),
    ).toEqual([null, 'title', 'published_on', null, 'featured', null, null, 'wake_up']);
    const uuidKey = [field('uuid', 'uuid', { primary_key: true })];
    expect(autoMatch(['uuid'], uuidKey)).toEqual(['uuid']);
  });
});

describe('type checking per cell and column', () => {
  it('knows the kind of each field type', () => {
    expect(
      ['views', 'score', 'featured', 'birthday', 'published_on', 'wake_up', 'profile', 'title'].map((n) =>
        cellKind(byName.get(n)!),
      ),
    ).toEqual(['integer', 'decimal', 'boolean', 'date', 'datetime', 'time', 'json', 'text']);
  });

  it('converts what fits and refuses what does not', () => {
    const f = (name: string) => byName.get(name)!;
    expect(convertCell('42', f('views'))).toEqual({ ok: true, value: 42 });
    expect(convertCell('-7', f('views'))).toEqual({ ok: true, value: -7 });
    expect(convertCell('4.2', f('views'))).toEqual({ ok: false });
    expect(convertCell('12abc', f('views'))).toEqual({ ok: false });
    expect(convertCell('99999999999999999999', f('views'))).toEqual({ ok: false });
    expect(convertCell('-1.5e3', f('score'))).toEqual({ ok: true, value: -1500 });
    expect(convertCell('1,5', f('score'))).toEqual({ ok: false });
    expect(convertCell('Yes', f('featured'))).toEqual({ ok: true, value: true });
    expect(convertCell('0', f('featured'))).toEqual({ ok: true, value: false });
    expect(convertCell('maybe', f('featured'))).toEqual({ ok: false });
    expect(convertCell('2021-02-28', f('birthday'))).toEqual({ ok: true, value: '2021-02-28' });
    expect(convertCell('2021-02-30', f('birthday'))).toEqual({ ok: false });
    expect(convertCell('28/02/2021', f('birthday'))).toEqual({ ok: false });
    expect(convertCell('2021-01-05 12:00:00', f('published_on')).ok).toBe(true);
    expect(convertCell('2021-01-05T12:00:00+02:00', f('published_on')).ok).toBe(true);
    expect(convertCell('2021-01-05', f('published_on')).ok).toBe(true);
    expect(convertCell('yesterday', f('published_on')).ok).toBe(false);
    expect(convertCell('06:30', f('wake_up'))).toEqual({ ok: true, value: '06:30:00' });
    expect(convertCell('6.30', f('wake_up')).ok).toBe(false);
    expect(convertCell('{"a":[1]}', f('profile'))).toEqual({ ok: true, value: '{"a":[1]}' });
    expect(convertCell('{a:1}', f('profile'))).toEqual({ ok: false });
    expect(convertCell('  spaced  ', f('title'))).toEqual({ ok: true, value: '  spaced  ' });
    expect(convertCell('', f('views'))).toEqual({ ok: true, value: undefined });
    expect(convertCell('   ', f('title'))).toEqual({ ok: true, value: undefined });
  });

  it('counts the cells of each mapped column that do not fit, with their rows', () => {
    const data = [
      ['1', 'a', 'x'],
      ['two', 'b', 'y'],
      ['3', 'c', 'z'],
      ['4.5', 'd', 'w'],
    ];
    const checks = checkColumns(data, ['views', 'title', null], byName);
    expect(checks).toEqual([
      { column: 0, field: 'views', kind: 'integer', invalid: 2, rows: [2, 4], blank: 0, blankRows: [] },
      { column: 1, field: 'title', kind: 'text', invalid: 0, rows: [], blank: 0, blankRows: [] },
    ]);
    // Empty cells of a required field without a default are counted apart.
    const required = new Map([['title', field('title', 'string', { required: true })]]);
    expect(checkColumns([['a'], [''], ['  ']], ['title'], required)[0]).toMatchObject({
      invalid: 0,
      blank: 2,
      blankRows: [2, 3],
    });
    const defaulted = new Map([['title', field('title', 'string', { required: true, default_value: 'x' })]]);
    expect(checkColumns([['']], ['title'], defaulted)[0].blank).toBe(0);
  });
});

describe('rows and the file', () => {
  it('builds items from mapped columns: converted values, raw text where they do not fit, empty cells left out', () => {
    const rows = buildRows(
      [
        ['Hello', '10', 'true', '', 'ignored'],
        ['Bad', 'ten', 'no', '{"x":1}', 'ignored'],
      ],
      ['title', 'views', 'featured', 'profile', null],
      byName,
    );
    expect(rows).toEqual([
      { title: 'Hello', views: 10, featured: true },
      { title: 'Bad', views: 'ten', featured: false, profile: '{"x":1}' },
    ]);
  });

  it('splits the header from the data, dropping blank lines and a byte order mark', () => {
    expect(
      splitHeader([
        ['\uFEFFtitle ', ' views'],
        ['', ''],
        ['a', '1'],
      ]),
    ).toEqual({
      columns: ['title', 'views'],
      data: [['a', '1']],
    });
    expect(splitHeader([])).toBeNull();
    expect(splitHeader([['', '']])).toBeNull();
  });
});
