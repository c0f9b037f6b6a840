import type { FieldDefinition } from '../../engine/types';
import { fields, relations } from './schema-fixture';
import {
  itemTitle,
  referenceTemplate,
  relatedCollection,
  softDeleteOf,
  systemTitleTemplate,
} from './schema-info';

describe('schema facts', () => {
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

describe('system item titles', () => {
  it('names users, files, roles and webhooks by what they hold, not by their id', () => {
    const user = { id: 7, first_name: 'Ada', last_name: 'Lovelace' };
    expect(itemTitle(undefined, user, 7, systemTitleTemplate('directus_users'))).toBe('Ada Lovelace');
    expect(
      itemTitle(
        undefined,
        { id: 3, url: 'https://hooks.example/x' },
        3,
        systemTitleTemplate('directus_webhooks'),
      ),
    ).toBe('https://hooks.example/x');
    // Nothing to show: the key, as before.
    expect(itemTitle(undefined, { id: 9 }, 9, systemTitleTemplate('directus_users'))).toBe('9');
    expect(systemTitleTemplate('articles')).toBeNull();
  });
});
