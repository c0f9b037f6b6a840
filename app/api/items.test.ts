import { fields, relations } from '../state/schema-fixture';
import { toPayload } from './items';

describe('item payloads', () => {
  const context = { collection: 'articles', fields, relations, primaryKeyOf: () => 'id' };

  it('sends keys for expanded relations; a copy creates new translation rows', () => {
    const values = {
      author: { id: 4, name: 'Ann' },
      avatar: { id: 9, title: 'x' },
      title: 'T',
      translations: [{ id: 11, article: 1, language: 'de-DE', title: 'Hallo' }],
    };
    expect(toPayload(values, context, false)).toEqual({
      author: 4,
      avatar: 9,
      title: 'T',
      // The link back to the parent is the server's to set.
      translations: [{ id: 11, language: 'de-DE', title: 'Hallo' }],
    });
    expect(toPayload(values, context, true)).toEqual({
      author: 4,
      avatar: 9,
      title: 'T',
      translations: [{ language: 'de-DE', title: 'Hallo' }],
    });
  });

  it('links an existing child added to a one-to-many list by its key, never with its old link', () => {
    const o2m = { ...context, collection: 'authors', fields: [{ field: 'articles', type: 'o2m' }] };
    // The picked article arrives as loaded: its author field is null (or another author).
    const values = {
      articles: [
        { id: 1, title: 'Kept', author: { id: 4 } },
        { id: 2, title: 'Picked', author: null },
        { id: 3, $delete: true },
        { title: 'New child', author: null },
      ],
    };
    expect(toPayload(values, o2m, false)).toEqual({
      articles: [{ id: 1 }, { id: 2 }, { id: 3, $delete: true }, { title: 'New child' }],
    });
  });
});
