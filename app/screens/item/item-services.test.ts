import type { FieldDefinition } from '../../../engine/types';
import type { RelationRow } from '../../state/types';
import { FULL_PERMISSION } from '../../state/permissions';
import {
  allows,
  itemPath,
  itemRoute,
  itemTitle,
  listingRoute,
  parseRouteKey,
  permissionForItem,
  referenceTemplate,
  relatedCollection,
  softDeleteOf,
  toPayload,
} from './item-services';

const relations: RelationRow[] = [
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

const fields: FieldDefinition[] = [
  { field: 'id', type: 'integer', primary_key: 1 },
  { field: 'author', type: 'm2o' },
  { field: 'avatar', type: 'file' },
  { field: 'translations', type: 'translation' },
  { field: 'title', type: 'string' },
];

describe('item services', () => {
  it('maps collections to API paths and app routes, system collections through their aliases', () => {
    expect(itemPath('articles', '1,2')).toBe('items/articles/1,2');
    expect(itemPath('directus_users', 3)).toBe('users/3');
    expect(listingRoute('demo', 'directus_files')).toBe('/demo/files');
    expect(itemRoute('demo', 'articles', '+')).toBe('/demo/collections/articles/+');
  });

  it('reads the route key: new, single, batch', () => {
    expect(parseRouteKey('+')).toEqual({ isNew: true, keys: [], batch: false });
    expect(parseRouteKey('7')).toEqual({ isNew: false, keys: ['7'], batch: false });
    expect(parseRouteKey('1%2C2')).toEqual({ isNew: false, keys: ['1', '2'], batch: true });
  });

  it('finds the collection a relational field points at', () => {
    expect(relatedCollection(fields[1], 'articles', relations)).toBe('authors');
    expect(relatedCollection(fields[2], 'directus_users', [])).toBe('directus_files');
    expect(relatedCollection(fields[3], 'articles', relations)).toBe('article_translations');
    expect(relatedCollection(fields[4], 'articles', relations)).toBeNull();
  });

  it('takes the soft-delete status from the collection or the status field', () => {
    const status: FieldDefinition = {
      field: 'state',
      type: 'status',
      options: { status_mapping: { gone: { name: 'Gone', soft_delete: true } } },
    };
    expect(softDeleteOf(undefined, [status])).toEqual({ field: 'state', value: 'gone' });
    expect(softDeleteOf(undefined, [{ ...status, options: null }])).toBeNull();
    expect(
      softDeleteOf(
        {
          collection: 'c',
          hidden: false,
          managed: true,
          single: false,
          note: null,
          icon: null,
          status_mapping: { trash: { name: 'Trash', value: 'trash', soft_delete: true } },
        },
        [{ ...status, options: null }],
      ),
    ).toEqual({ field: 'state', value: 'trash' });
  });

  it('sends keys for expanded relations; a copy creates new translation rows', () => {
    const context = { collection: 'articles', fields, relations, primaryKeyOf: () => 'id' };
    const values = {
      author: { id: 4, name: 'Ann' },
      avatar: { id: 9, title: 'x' },
      title: 'T',
      translations: [{ id: 11, article: 1, language: 'de-DE', title: 'Hallo' }],
    };
    expect(toPayload(values, context, false)).toEqual({ ...values, author: 4, avatar: 9 });
    expect(toPayload(values, context, true)).toEqual({
      author: 4,
      avatar: 9,
      title: 'T',
      translations: [{ language: 'de-DE', title: 'Hallo' }],
    });
  });

  it('applies the status row of the item and "mine" only to own items', () => {
    const permission = {
      ...FULL_PERMISSION,
      statuses: { draft: { ...FULL_PERMISSION, update: 'mine' as const } },
      $create: { ...FULL_PERMISSION, create: 'none' as const },
    };
    expect(permissionForItem(permission, { status: 'draft' }, 'status', false).update).toBe('mine');
    expect(permissionForItem(permission, { status: 'other' }, 'status', false).update).toBe('full');
    expect(permissionForItem(permission, {}, 'status', true).create).toBe('none');
    expect(allows('mine', 3, 3)).toBe(true);
    expect(allows('mine', 4, 3)).toBe(false);
    expect(allows('none', 3, 3)).toBe(false);
    expect(allows('role', 4, 3)).toBe(true);
  });

  it('titles the item by the collection template, else its key', () => {
    const meta = { collection: 'a', hidden: false, managed: true, single: false, note: null, icon: null };
    expect(itemTitle(meta, { name: 'Ann' }, 4)).toBe('4');
    expect(itemTitle({ ...meta, display_template: '{{name}}' }, { name: 'Ann' }, 4)).toBe('Ann');
  });
});

describe('referenceTemplate', () => {
  it('borrows the template of a many-to-one field pointing at the collection', () => {
    const fieldsOf = (name: string): FieldDefinition[] =>
      name === 'articles' ? [{ field: 'author', type: 'm2o', options: { template: '{{name}}' } }] : [];
    expect(referenceTemplate('authors', relations, fieldsOf)).toBe('{{name}}');
    expect(referenceTemplate('articles', relations, fieldsOf)).toBeNull();
  });
});
