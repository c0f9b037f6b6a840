import type { FieldDefinition } from '../../engine/types';
import type { RelationRow } from './types';

/** Test data: articles with an author (m2o), a file, translations (o2m), as the demo has them. */
export const relations: RelationRow[] = [
  {
    id: 1,
    collection_many: 'articles',
    field_many: 'author',
    collection_one: 'authors',
    field_one: 'articles',
    junction_field: null,
  },
  {
    id: 2,
    collection_many: 'article_translations',
    field_many: 'article',
    collection_one: 'articles',
    field_one: 'translations',
    junction_field: null,
  },
];

export const fields: FieldDefinition[] = [
  { field: 'id', type: 'integer', primary_key: 1 },
  { field: 'author', type: 'm2o' },
  { field: 'avatar', type: 'file' },
  { field: 'translations', type: 'translation' },
  { field: 'title', type: 'string' },
];
