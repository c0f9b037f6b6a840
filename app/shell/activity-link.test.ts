import { describe, expect, it } from 'vitest';
import { buildPermissions } from '../permissions/rows';
import { permissionModelOf } from '../state/hooks';
import type { AppData } from '../state/types';
import { activityLinkHref } from './menus';

function data(admin: boolean, rows: Record<string, unknown>[]): AppData {
  return {
    project: 'demo',
    user: { id: 5, email: 'e@example.com', role: { id: 3, name: 'Editor' } },
    admin,
    permissions: admin ? null : buildPermissions(rows as never),
    modules: [],
    schema: { collections: {}, fields: {}, relations: [] },
  } as unknown as AppData;
}

const activity = (read: string) => ({
  collection: 'directus_activity',
  status: null,
  create: 'none',
  read,
  update: 'none',
  delete: 'none',
});

describe('the info sidebar’s activity link', () => {
  it('leads to the activity log when the role reads some of it', () => {
    expect(activityLinkHref('demo', permissionModelOf(data(true, [])))).toBe('/demo/activity');
    expect(activityLinkHref('demo', permissionModelOf(data(false, [activity('mine')])))).toBe(
      '/demo/activity',
    );
  });

  it('is hidden when the role cannot read the activity', () => {
    expect(activityLinkHref('demo', permissionModelOf(data(false, [activity('none')])))).toBeNull();
    expect(activityLinkHref('demo', permissionModelOf(data(false, [])))).toBeNull();
  });
});
