import type { FieldDefinition } from '../../../engine/types';
import { revisionView } from './revision-diff';

const fields: FieldDefinition[] = [
  { field: 'id', type: 'integer', primary_key: 1 },
  { field: 'title', type: 'string' },
  { field: 'summary', type: 'string' },
  { field: 'author', type: 'm2o' },
  { field: 'tags', type: 'array' },
  { field: 'comments', type: 'o2m' },
];
const relatedKeyOf = (field: FieldDefinition) => (field.field === 'author' ? 'id' : null);

describe('revisionView', () => {
  it('marks the fields whose value differs from the current item', () => {
    const view = revisionView(
      fields,
      { id: 1, title: 'Old title', summary: 'Same', author: 3, tags: ['a', 'b'] },
      {
        id: 1,
        title: 'New title',
        summary: 'Same',
        author: { id: 3, name: 'Ann' },
        tags: ['a'],
        comments: [],
      },
      relatedKeyOf,
    );
    expect(view.changed).toEqual(['title', 'tags']);
    // The snapshot holds no to-many list: that field is left out.
    expect(view.fields.map((field) => field.field)).toEqual(['id', 'title', 'summary', 'author', 'tags']);
    // An unchanged relation keeps the current, expanded related item so the interface can label it.
    expect(view.values.author).toEqual({ id: 3, name: 'Ann' });
    expect(view.values.title).toBe('Old title');
  });

  it('compares related items by key, and null with missing', () => {
    const view = revisionView(
      fields,
      { id: 1, title: null, summary: 'x', author: 4 },
      { id: 1, summary: 'x', author: { id: 3, name: 'Ann' } },
      relatedKeyOf,
    );
    expect(view.changed).toEqual(['author']);
    expect(view.values.author).toBe(4);
  });

  it('finds nothing changed in the latest revision', () => {
    const item = { id: 1, title: 'T', summary: null, author: null, tags: null };
    expect(revisionView(fields, item, { ...item }, relatedKeyOf).changed).toEqual([]);
  });
});
