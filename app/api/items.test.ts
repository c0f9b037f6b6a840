import { describe, expect, it } from 'vitest';
import { fields, relations } from '../state/schema-fixture';
import type { RelationRow } from '../state/types';
import { toPayload } from './items';

const m2m: RelationRow[] = [
  ...relations,
  {
    id: 3,
    collection_many: 'articles_topics',
    field_many: 'article',
    collection_one: 'articles',
    field_one: 'topics',
    junction_field: 'topic',
  },
  {
    id: 4,
    collection_many: 'articles_topics',
    field_many: 'topic',
    collection_one: 'topics',
    field_one: null,
    junction_field: 'article',
  },
];

describe('item payloads', () => {
  const context = { collection: 'articles', fields, relations, primaryKeyOf: () => 'id' };

  it('sends keys for expanded relations; only edited translation rows, new ones whole', () => {
    const values = {
      author: { id: 4, name: 'Ann' },
      avatar: { id: 9, title: 'x' },
      title: 'T',
      translations: [
        { id: 10, article: { id: 1 }, language: 'fr-FR', title: 'Bonjour' },
        { id: 11, article: { id: 1 }, language: 'de-DE', title: 'Hallo', summary: 'S', $edited: ['title'] },
        { language: 'es-ES', title: 'Hola', article: null },
        { id: 12, language: 'it-IT', $delete: true },
      ],
    };
    expect(toPayload(values, context, false)).toEqual({
      author: 4,
      avatar: 9,
      title: 'T',
      // Unchanged rows are not sent; the link back to the parent is the server's to set.
      translations: [
        { id: 11, title: 'Hallo' },
        { language: 'es-ES', title: 'Hola' },
        { id: 12, $delete: true },
      ],
    });
  });

  it('a copy creates every translation row anew and drops the removed ones', () => {
    const values = {
      translations: [
        { id: 10, article: 1, language: 'fr-FR', title: 'Bonjour' },
        { id: 12, language: 'it-IT', $delete: true },
      ],
    };
    expect(toPayload(values, context, true)).toEqual({
      translations: [{ language: 'fr-FR', title: 'Bonjour' }],
    });
  });

  it('one-to-many: links picked children by key, unlinks or deletes per delete mode, creates new ones', () => {
    const o2m = { ...context, collection: 'authors', fields: [{ field: 'articles', type: 'o2m' }] };
    const values = {
      articles: [
        { id: 1, title: 'Kept', author: { id: 4 } },
        { id: 2, title: 'Picked', author: null, $link: true },
        { id: 3, title: 'Deleted', $delete: true },
        { id: 5, title: 'Let go', author: 4, $unlink: true },
        { id: 6, title: 'Renamed', author: 4, $edited: ['title'] },
        { title: 'New child', author: null },
      ],
    };
    expect(toPayload(values, o2m, false)).toEqual({
      articles: [
        { id: 2 },
        { id: 3, $delete: true },
        { id: 5, author: null },
        { id: 6, title: 'Renamed' },
        { title: 'New child' },
      ],
    });
  });

  it('many-to-many: new junction rows carry the far key or a new far item; removal deletes the junction row', () => {
    const context2 = {
      ...context,
      relations: m2m,
      fields: [...fields, { field: 'topics', type: 'o2m' }],
    };
    const values = {
      topics: [
        { id: 1, article: { id: 7 }, topic: { id: 3, name: 'Kept' } },
        { id: 2, article: { id: 7 }, topic: { id: 4, name: 'Gone' }, $delete: true },
        { topic: { id: 5, name: 'Picked', slug: 'picked' } },
        { topic: { name: 'Brand new' } },
        { id: 9, topic: { id: 6, name: 'Renamed', slug: 'x', $edited: ['name'] }, $edited: ['topic'] },
        { id: 10, topic: { id: 8 }, sort: 2, $edited: ['sort'] },
      ],
    };
    expect(toPayload(values, context2, false)).toEqual({
      topics: [
        { id: 2, $delete: true },
        { topic: 5 },
        { topic: { name: 'Brand new' } },
        { id: 9, topic: { id: 6, name: 'Renamed' } },
        { id: 10, sort: 2 },
      ],
    });
    // A copy links the same far items through new junction rows.
    expect(toPayload(values, context2, true)).toEqual({
      topics: [
        { topic: 3 },
        { topic: 5 },
        { topic: { name: 'Brand new' } },
        { topic: { id: 6, name: 'Renamed' } },
        { topic: 8, sort: 2 },
      ],
    });
  });
});
