import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { parseFilter, parseQuery } from './parse-query';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return [(error as ApiError).status, (error as ApiError).code];
  }
  throw new Error('expected an error');
};

describe('parseQuery', () => {
  it('reads fields, sort and meta as CSV or arrays', () => {
    const query = parseQuery({
      fields: 'id, title,,author.*',
      sort: ['-views', 'title', '?'],
      meta: 'total_count,nope',
    });
    expect(query.fields).toEqual(['id', 'title', 'author.*']);
    expect(query.sort).toEqual([
      { field: 'views', order: 'desc' },
      { field: 'title', order: 'asc' },
      { random: true },
    ]);
    expect(query.meta).toEqual(['total_count']);
    expect(parseQuery({ meta: '*' }).meta).toContain('filter_count');
    expect(parseQuery({}).fields).toBeNull();
  });

  it('limit, offset and page', () => {
    expect(parseQuery({ limit: '-1' }, { maxLimit: 500 }).limit).toBe(500);
    expect(parseQuery({ limit: '10', page: '3' }).offset).toBe(20);
    expect(parseQuery({ limit: '10', page: '3', offset: '5' }).offset).toBe(5);
    expect(parseQuery({ page: '3' }).offset).toBe(0);
    expect(codeOf(() => parseQuery({ limit: 'ten' }))).toEqual([422, 4]);
    expect(codeOf(() => parseQuery({ offset: '-1' }))).toEqual([422, 4]);
    expect(codeOf(() => parseQuery({ offset: '1'.repeat(30) }))).toEqual([422, 4]);
    expect(codeOf(() => parseQuery({ limit: ['1', '2'] }))).toEqual([422, 4]);
  });

  it('single, status, lang, q', () => {
    expect(parseQuery({ single: '1', status: 'published,draft', lang: '*', q: ' hi ' })).toMatchObject({
      single: true,
      status: ['published', 'draft'],
      lang: '*',
      q: 'hi',
    });
    expect(parseQuery({ search: 'legacy' }).q).toBe('legacy');
    expect(codeOf(() => parseQuery({ single: 'maybe' }))).toEqual([422, 4]);
    expect(codeOf(() => parseQuery({ q: { a: 1 } }))).toEqual([422, 4]);
    expect(codeOf(() => parseQuery({ q: 'a\u0000b' }))).toEqual([422, 4]);
  });
});

describe('parseFilter', () => {
  it('plain, operator, indexed and dot-path forms', () => {
    expect(parseFilter({ title: 'x' })).toEqual({
      kind: 'condition',
      path: ['title'],
      operator: 'eq',
      value: 'x',
    });
    expect(parseFilter({ 'author.name': { '>=': 'b' } })).toEqual({
      kind: 'condition',
      path: ['author', 'name'],
      operator: 'gte',
      value: 'b',
    });
    expect(parseFilter({ id: { in: '1, 2,3' } })).toMatchObject({ operator: 'in', value: ['1', '2', '3'] });
    expect(parseFilter({ views: [{ gte: 1 }, { lte: 5 }] })).toEqual({
      kind: 'and',
      children: [
        { kind: 'condition', path: ['views'], operator: 'gte', value: 1 },
        { kind: 'condition', path: ['views'], operator: 'lte', value: 5 },
      ],
    });
  });

  it('only the first operator of a key applies; unknown operators are 214', () => {
    expect(parseFilter({ x: { gte: 1, lte: 5 } })).toMatchObject({ operator: 'gte', value: 1 });
    expect(codeOf(() => parseFilter({ x: { gte: 1, regex: 5 } }))).toEqual([422, 214]);
    expect(codeOf(() => parseFilter({ x: { constructor: 1 } }))).toEqual([422, 214]);
  });

  it('logical or splits AND groups, as SQL precedence would', () => {
    const node = parseFilter({ a: 1, b: { eq: 2, logical: 'or' }, c: 3 });
    expect(node).toEqual({
      kind: 'or',
      children: [
        { kind: 'condition', path: ['a'], operator: 'eq', value: 1 },
        {
          kind: 'and',
          children: [
            { kind: 'condition', path: ['b'], operator: 'eq', value: 2 },
            { kind: 'condition', path: ['c'], operator: 'eq', value: 3 },
          ],
        },
      ],
    });
  });

  it('_or / _and groups, with limits on depth and size', () => {
    expect(parseFilter({ _or: [{ a: 1 }, { b: 2 }] })).toMatchObject({
      kind: 'or',
      children: [{ path: ['a'] }, { path: ['b'] }],
    });
    let deep: unknown = { a: 1 };
    for (let i = 0; i < 20; i++) deep = { _and: [deep] };
    expect(codeOf(() => parseFilter(deep))).toEqual([422, 4]);
    const wide = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`f${i}`, 1]));
    expect(codeOf(() => parseFilter(wide))).toEqual([422, 4]);
  });

  it('rejects objects where values belong, and empty search terms are no condition', () => {
    expect(codeOf(() => parseFilter({ a: { eq: { b: 1 } } }))).toEqual([422, 4]);
    expect(codeOf(() => parseFilter({ a: { between: '1' } }))).toEqual([422, 4]);
    expect(codeOf(() => parseFilter({ a: { logical: 'or' } }))).toEqual([422, 4]);
    expect(codeOf(() => parseFilter('a=1'))).toEqual([422, 4]);
    expect(parseFilter({ a: { contains: '' } })).toBeNull();
  });
});
