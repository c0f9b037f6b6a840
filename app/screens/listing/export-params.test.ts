import { describe, expect, it } from 'vitest';
import { createCoreRegistry } from '../../../engine/registry/core-registry';
import type { FieldDefinition } from '../../../engine/types';
import { exportParams } from './export-params';

const layout = createCoreRegistry().resolveLayout('tabular').definition;
const fields: FieldDefinition[] = [
  { field: 'id', type: 'integer', interface: 'primary-key', primary_key: true, hidden_browse: 1 },
  { field: 'status', type: 'status', interface: 'status', sort: 1 },
  { field: 'title', type: 'string', interface: 'text-input', sort: 2 },
  { field: 'author', type: 'm2o', interface: 'many-to-one', sort: 3 },
  { field: 'owner', type: 'owner', interface: 'owner', sort: 4 },
  { field: 'views', type: 'integer', interface: 'numeric', sort: 5 },
];

describe('export parameters', () => {
  it('carry the view: visible fields, sort, search and active filters; no page, limit or meta', () => {
    const params = exportParams({
      layout,
      fields,
      layoutQuery: { fields: 'title,author', sort: '-views' },
      view: {
        viewType: 'tabular',
        viewQuery: {},
        viewOptions: {},
        search: '  rain ',
        filters: [
          { field: 'views', operator: 'gte', value: 10 },
          { field: 'title', operator: 'contains', value: '' },
          { field: 'author', operator: 'null', value: null },
        ],
      },
    });
    expect(params).toEqual({
      fields: ['id', 'title', 'author.*'],
      sort: '-views',
      filter: { views: { gte: 10 }, author: { null: 1 } },
      q: 'rain',
    });
  });
});
