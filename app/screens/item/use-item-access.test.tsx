// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import type { FieldDefinition } from '../../../engine/types';
import { parseRouteKey } from '../../paths';
import type { CollectionPermission, Schema } from '../../state/types';
import { FULL_PERMISSION, appData, fakeApi, renderInApp } from './test-harness';
import { useItemAccess } from './use-item-access';

const STATUS_MAPPING = {
  draft: { name: 'Draft', value: 'draft' },
  published: { name: 'Published', value: 'published' },
};
const fields: FieldDefinition[] = [
  { collection: 'articles', field: 'id', type: 'integer', primary_key: 1 },
  { collection: 'articles', field: 'status', type: 'status', options: { status_mapping: STATUS_MAPPING } },
  { collection: 'articles', field: 'title', type: 'string' },
  { collection: 'articles', field: 'owner', type: 'owner' },
];
const schema: Schema = {
  collections: {
    articles: { collection: 'articles', hidden: false, managed: true, single: false, note: null, icon: null },
  },
  fields: { articles: fields, directus_users: [{ field: 'id', type: 'integer', primary_key: 1 }] },
  relations: [],
};
const none = { create: 'none', update: 'none', delete: 'none' } as const;
/** The demo's editor: its own drafts only, never to published. */
const editor: CollectionPermission = {
  ...FULL_PERMISSION,
  statuses: {
    draft: { ...FULL_PERMISSION, update: 'mine', delete: 'none', status_blacklist: ['published'] },
    published: { ...FULL_PERMISSION, ...none },
  },
};

function access(
  item: Record<string, unknown>,
  permissions: Record<string, CollectionPermission> | null,
  collection = 'articles',
  key = '7',
) {
  const { api } = fakeApi({});
  const data = appData({ api, schema, permissions, userId: 1 });
  const wrapper = ({ children }: { children: ReactNode }) => renderInApp(data, '/demo', children).tree;
  const { result } = renderHook(
    () => useItemAccess(collection, schema.fields[collection], parseRouteKey(key), item),
    { wrapper },
  );
  return result.current;
}

describe('useItemAccess: revert', () => {
  it('is offered with update permission on the item, to a status the caller may set', () => {
    const own = access({ id: 7, status: 'draft', owner: 1 }, { articles: editor });
    expect(own.mayRevert({ id: 7, status: 'draft', title: 'Old' })).toBe(true);
    // Back to a published revision would be refused by the server: not offered.
    expect(own.mayRevert({ id: 7, status: 'published', title: 'Old' })).toBe(false);
  });

  it('is not offered without update permission', () => {
    const others = access({ id: 7, status: 'draft', owner: 2 }, { articles: editor });
    expect(others.mayRevert({ id: 7, status: 'draft' })).toBe(false);
    const published = access({ id: 7, status: 'published', owner: 1 }, { articles: editor });
    expect(published.mayRevert({ id: 7, status: 'draft' })).toBe(false);
  });

  it('is offered to administrators, but never on system collections, new items or batches', () => {
    expect(access({ id: 7, status: 'published' }, null).mayRevert({ status: 'draft' })).toBe(true);
    expect(access({ id: 1 }, null, 'directus_users', '1').mayRevert({ id: 1 })).toBe(false);
    expect(access({}, null, 'articles', '+').mayRevert({ title: 'x' })).toBe(false);
    expect(access({}, null, 'articles', '1,2').mayRevert({ title: 'x' })).toBe(false);
  });
});
