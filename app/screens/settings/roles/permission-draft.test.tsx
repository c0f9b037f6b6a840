// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FieldDefinition } from '../../../../engine/types';
import type { PermissionRecord } from '../../../api/roles';
import type { Schema } from '../../../state/types';
import { appData, fakeApi, renderInApp } from '../../item/test-harness';
import {
  buildDraft,
  collectionShape,
  diffPermissions,
  levelState,
  levelsFor,
  nextLevel,
  parentFieldOf,
  rowKey,
  rowStatuses,
  setAllLevels,
  setParent,
  updateRow,
  type CollectionShape,
} from './permission-draft';
import { RolePage } from './RolePage';

const field = (collection: string, name: string, type: string, extra: Partial<FieldDefinition> = {}) =>
  ({ collection, field: name, type, interface: 'text-input', ...extra }) as FieldDefinition;

const schema: Schema = {
  collections: {
    articles: { collection: 'articles', hidden: false, managed: true, single: false, note: null, icon: null },
    notes: { collection: 'notes', hidden: false, managed: true, single: false, note: null, icon: null },
    links: { collection: 'links', hidden: true, managed: true, single: false, note: null, icon: null },
    directus_files: {
      collection: 'directus_files',
      hidden: false,
      managed: true,
      single: false,
      note: null,
      icon: null,
    },
  },
  fields: {
    articles: [
      field('articles', 'id', 'integer', { primary_key: true }),
      field('articles', 'status', 'status', {
        options: {
          status_mapping: {
            published: { name: 'Published', value: 'published' },
            draft: { name: 'Draft', value: 'draft' },
          },
        },
      }),
      field('articles', 'title', 'string'),
      field('articles', 'secret', 'string'),
    ],
    notes: [
      field('notes', 'id', 'integer', { primary_key: true }),
      field('notes', 'body', 'string'),
      field('notes', 'owner', 'owner'),
    ],
    links: [
      field('links', 'id', 'integer', { primary_key: true }),
      field('links', 'article', 'm2o'),
      field('links', 'url', 'string'),
    ],
    directus_files: [field('directus_files', 'id', 'integer', { primary_key: true })],
  },
  relations: [
    {
      id: 1,
      collection_many: 'links',
      field_many: 'article',
      collection_one: 'articles',
      field_one: null,
      junction_field: null,
    },
  ],
};

const shapes: CollectionShape[] = Object.keys(schema.collections).map((collection) =>
  collectionShape(collection, schema.collections[collection], schema.fields[collection], schema.relations),
);
const shapeOf = (collection: string) => shapes.find((shape) => shape.collection === collection)!;

const record = (values: Partial<PermissionRecord> & { collection: string }): PermissionRecord => ({
  status: null,
  create: 'none',
  read: 'none',
  update: 'none',
  delete: 'none',
  comment: 'none',
  explain: 'none',
  read_field_blacklist: [],
  write_field_blacklist: [],
  status_blacklist: [],
  role: 5,
  ...values,
});

afterEach(cleanup);

describe('level cycling', () => {
  it('cycles each action through the values it allows, and back to none', () => {
    const cycle = (action: Parameters<typeof nextLevel>[0], owned: boolean) => {
      const seen = ['none'];
      for (let i = 0; i < 6; i++) seen.push(nextLevel(action, seen[seen.length - 1], owned));
      return seen.slice(0, levelsFor(action, owned).length + 1);
    };
    expect(cycle('read', true)).toEqual(['none', 'mine', 'role', 'full', 'none']);
    expect(cycle('update', true)).toEqual(['none', 'mine', 'role', 'full', 'none']);
    expect(cycle('delete', true)).toEqual(['none', 'mine', 'role', 'full', 'none']);
    // Without an owner field, mine and role would reach nothing: only none and full.
    expect(cycle('read', false)).toEqual(['none', 'full', 'none']);
    expect(cycle('create', true)).toEqual(['none', 'full', 'none']);
    expect(cycle('comment', false)).toEqual(['none', 'create', 'update', 'full', 'none']);
    expect(cycle('explain', false)).toEqual(['none', 'create', 'update', 'always', 'none']);
    // A value the list lacks (v8's `read` in a create column) starts over.
    expect(nextLevel('create', 'read', false)).toBe('none');
  });

  it('names each level with the spec permission states', () => {
    expect(levelState('read', 'mine')).toBe('mine_only');
    expect(levelState('update', 'role')).toBe('role_only');
    expect(levelState('delete', 'full')).toBe('full');
    expect(levelState('create', 'none')).toBe('none');
    expect(levelState('comment', 'create')).toBe('create');
    expect(levelState('comment', 'update')).toBe('update');
    expect(levelState('explain', 'create')).toBe('on_creation');
    expect(levelState('explain', 'update')).toBe('on_update');
    expect(levelState('explain', 'always')).toBe('always');
  });
});

describe('status rows', () => {
  it('shows $create and a row per status for a collection with a status field, one row otherwise', () => {
    expect(rowStatuses(shapeOf('articles'))).toEqual(['$create', 'published', 'draft']);
    expect(rowStatuses(shapeOf('notes'))).toEqual([null]);
    expect(shapeOf('notes').owned).toBe(true);
    expect(shapeOf('articles').owned).toBe(false);
    expect(shapeOf('links').parents).toEqual([{ field: 'article', collection: 'articles' }]);
    expect(shapeOf('directus_files').system).toBe(true);
  });

  it('fills status rows from the null-status row until the collection has status rows', () => {
    const saved = [record({ id: 1, collection: 'articles', read: 'full', read_field_blacklist: ['secret'] })];
    const draft = buildDraft(shapes, saved);
    const published = draft.get(rowKey('articles', 'published'))!;
    expect(published).toMatchObject({ read: 'full', read_field_blacklist: ['secret'], inherited: true });
    expect(published.id).toBeUndefined();
    expect(draft.get(rowKey('articles', '$create'))).toMatchObject({ create: 'none', read: 'none' });
    // Nothing changed: nothing to write.
    expect(diffPermissions(saved, draft, 5)).toEqual({ create: [], update: [], remove: [] });
  });

  it('writes every inherited status row once one status row is changed', () => {
    const saved = [record({ id: 1, collection: 'articles', read: 'full' })];
    const draft = buildDraft(shapes, saved);
    const next = updateRow(draft, draft.get(rowKey('articles', 'draft'))!, { read: 'none' });
    const batch = diffPermissions(saved, next, 5);
    // published keeps what the null row granted; draft (now none) needs no row under workflow.
    expect(batch.create).toEqual([
      expect.objectContaining({ collection: 'articles', status: 'published', read: 'full', role: 5 }),
    ]);
    expect(batch.update).toEqual([]);
    expect(batch.remove).toEqual([]);
  });

  it('keeps existing status rows and creates only what is new', () => {
    const saved = [record({ id: 7, collection: 'articles', status: 'published', read: 'full' })];
    const draft = buildDraft(shapes, saved);
    expect(draft.get(rowKey('articles', 'draft'))!.inherited).toBeUndefined();
    const next = updateRow(draft, draft.get(rowKey('articles', '$create'))!, { create: 'full' });
    expect(diffPermissions(saved, next, 5).create).toEqual([
      expect.objectContaining({ collection: 'articles', status: '$create', create: 'full' }),
    ]);
  });
});

describe('the batch diff', () => {
  const saved = [
    record({ id: 1, collection: 'notes', read: 'mine', write_field_blacklist: 'owner' }),
    record({ id: 2, collection: 'links', status: '$parent:article' }),
    record({ id: 3, collection: 'gone', read: 'full' }),
  ];

  it('sends only the changed columns of saved rows', () => {
    const draft = buildDraft(shapes, saved);
    const notes = draft.get(rowKey('notes', null))!;
    const next = updateRow(draft, notes, { read: 'full', read_field_blacklist: ['body'] });
    const batch = diffPermissions(saved, next, 5);
    expect(batch.update).toEqual([{ id: 1, read: 'full', read_field_blacklist: ['body'] }]);
    expect(batch.create).toEqual([]);
    // A row of a collection the schema no longer has stays as it is.
    expect(batch.remove).toEqual([]);
  });

  it('creates new rows that grant something and skips empty ones', () => {
    const draft = buildDraft(shapes, []);
    expect(diffPermissions([], draft, 5)).toEqual({ create: [], update: [], remove: [] });
    const links = draft.get(rowKey('links', null))!;
    const next = setAllLevels(draft, [links], 'all', false);
    const batch = diffPermissions([], next, 5);
    expect(batch.create).toEqual([
      expect.objectContaining({
        collection: 'links',
        role: 5,
        status: null,
        create: 'full',
        read: 'full',
        update: 'full',
        delete: 'full',
        comment: 'full',
        explain: 'none',
      }),
    ]);
    expect(
      diffPermissions([], setAllLevels(next, [next.get(rowKey('links', null))!], 'none', false), 5),
    ).toEqual({
      create: [],
      update: [],
      remove: [],
    });
  });

  it('writes the $parent row: change the field, or remove it', () => {
    const draft = buildDraft(shapes, saved);
    expect(parentFieldOf(draft, 'links')).toBe('article');
    const changed = setParent(draft, 'links', 'url');
    expect(diffPermissions(saved, changed, 5).update).toEqual([{ id: 2, status: '$parent:url' }]);
    const removed = setParent(draft, 'links', null);
    expect(parentFieldOf(removed, 'links')).toBeNull();
    expect(diffPermissions(saved, removed, 5)).toEqual({ create: [], update: [], remove: [2] });
    const fresh = setParent(buildDraft(shapes, []), 'links', 'article');
    expect(diffPermissions([], fresh, 5).create).toEqual([
      expect.objectContaining({ collection: 'links', status: '$parent:article', read: 'none' }),
    ]);
  });
});

describe('the role page', () => {
  function setup() {
    const permissions = [
      record({ id: 11, collection: 'notes', read: 'full' }),
      record({ id: 12, collection: 'articles', status: 'published', read: 'full' }),
    ];
    const fake = fakeApi({
      'GET roles/5': () => ({
        id: 5,
        name: 'Reviewer',
        description: 'Reads',
        ip_whitelist: null,
        enforce_2fa: 0,
      }),
      'GET permissions': () => permissions,
      'GET users': (call) =>
        (call.params as { filter?: unknown })?.filter
          ? [{ id: 9, first_name: 'Rae', last_name: 'Viewer', email: 'rae@example.com', status: 'active' }]
          : [{ role: 5 }, { role: 1 }],
      'GET roles': () => [
        { id: 1, name: 'Administrator' },
        { id: 5, name: 'Reviewer' },
      ],
      'PATCH permissions': (call) => call.body,
      'DELETE permissions/12': () => undefined,
    });
    const data = appData({ api: fake.api, schema });
    render(renderInApp(data, '/demo/settings/roles/5', <RolePage id="5" />).tree);
    return fake;
  }

  it('cycles a level, stages it, and saves the changes in one batch', async () => {
    const fake = setup();
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Notes, Read: Full' });
    expect(screen.getByRole('link', { name: 'Rae Viewer' }).getAttribute('href')).toMatch(
      /\/demo\/users\/9$/,
    );
    await user.click(button);
    // Notes has an owner field: full → none → mine.
    expect(screen.getByRole('button', { name: 'Notes, Read: None' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Notes, Read: None' }));
    expect(screen.getByRole('button', { name: 'Notes, Read: Mine only' })).toBeTruthy();
    // Articles: a row per status; the published row loses its read.
    const group = document.querySelector<HTMLElement>('[data-collection="articles"]')!;
    expect(within(group).getByText('New items')).toBeTruthy();
    await user.click(within(group).getByRole('button', { name: 'Articles, Published, Read: Full' }));
    expect(screen.getByText('2 unsaved changes').getAttribute('role')).toBe('status');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === 'patch')).toBe(true));
    const patch = fake.calls.find((call) => call.method === 'patch')!;
    expect(patch.path).toBe('permissions');
    expect(patch.body).toEqual([
      { id: 11, read: 'mine' },
      { id: 12, read: 'none' },
    ]);
    expect(fake.calls.some((call) => call.method === 'delete')).toBe(false);
  });

  it('asks before leaving with unsaved changes', async () => {
    setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notes, Read: Full' }));
    await user.click(screen.getByRole('link', { name: 'Rae Viewer' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Unsaved changes')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('button', { name: 'Notes, Read: None' })).toBeTruthy();
  });

  it('hides a field through the row details', async () => {
    const fake = setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Show details of Notes' }));
    const hidden = screen.getByRole('group', { name: 'Hidden fields of Notes' });
    await user.click(within(hidden).getByLabelText('body'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === 'patch')).toBe(true));
    expect(fake.calls.find((call) => call.method === 'patch')!.body).toEqual([
      { id: 11, read_field_blacklist: ['body'] },
    ]);
  });
});
