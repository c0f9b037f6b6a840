import type { FieldDefinition } from '../types';
import { createCoreRegistry } from '../registry/core-registry';
import { buildListQuery, resolveViewOptions, visibleFields } from './build-query';

const layout = createCoreRegistry().resolveLayout('tabular').definition;
const fields: FieldDefinition[] = [
  { field: 'id', type: 'integer', interface: 'primary-key', primary_key: true, hidden_browse: 1 },
  { field: 'status', type: 'status', interface: 'status', sort: 1 },
  { field: 'title', type: 'string', interface: 'text-input', sort: 2 },
  { field: 'divider', type: 'alias', interface: 'divider', sort: 3 },
  { field: 'author', type: 'm2o', interface: 'many-to-one', sort: 4 },
  { field: 'secret_notes', type: 'string', hidden_browse: '1', sort: 5 },
  { field: 'comments', type: 'o2m', interface: 'one-to-many', sort: 6 },
  { field: 'body', type: 'string', interface: 'textarea', sort: 7 },
];

describe('list engine', () => {
  it('defaults to the first four browsable non-PK columns, asks for related objects, sorts by the PK', () => {
    const query = buildListQuery({ layout, fields, limit: 50 });
    expect(query).toEqual({
      fields: ['id', 'status', 'title', 'author.*', 'comments.*'],
      sort: 'id',
      filter: {},
      limit: 50,
      offset: 0,
      page: 0,
      meta: 'total_count,result_count,filter_count',
    });
  });

  it('keeps stored fields in order and drops the ones that no longer exist or are hidden', () => {
    expect(visibleFields(fields, { fields: 'body,gone,title,secret_notes' })).toEqual(['body', 'title']);
    expect(visibleFields(fields, { fields: ['gone'] })).toEqual(['status', 'title', 'author', 'comments']);
  });

  it('falls back to the primary key for an unknown or unsortable sort', () => {
    expect(buildListQuery({ layout, fields, limit: 10, viewQuery: { sort: '-title' } }).sort).toBe('-title');
    expect(buildListQuery({ layout, fields, limit: 10, viewQuery: { sort: '-removed' } }).sort).toBe('id');
    expect(buildListQuery({ layout, fields, limit: 10, viewQuery: { sort: 'comments' } }).sort).toBe('id');
  });

  it('builds search, filters and paging', () => {
    const query = buildListQuery({
      layout,
      fields,
      limit: 25,
      page: 2,
      search: '  hello ',
      filters: [
        { field: 'title', operator: 'contains', value: 'a' },
        { field: 'title', operator: 'nempty' },
        { field: 'status', operator: 'in', value: ['draft', 'published'] },
        { field: 'removed', operator: 'eq', value: 1 },
      ],
    });
    expect(query.q).toBe('hello');
    expect(query.filter).toEqual({
      title: { contains: 'a', nempty: 1 },
      status: { in: ['draft', 'published'] },
    });
    expect([query.limit, query.offset, query.page]).toEqual([25, 50, 2]);
    expect(buildListQuery({ layout, fields, limit: 25, search: '   ' }).q).toBeUndefined();
  });

  it('fills view options with the layout defaults', () => {
    expect(resolveViewOptions(layout, { spacing: 'compact' })).toEqual({ widths: {}, spacing: 'compact' });
    expect(resolveViewOptions(layout, null)).toEqual({ widths: {}, spacing: 'comfortable' });
  });
});
