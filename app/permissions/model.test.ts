import type { FieldDefinition } from '../../engine/types';
import type { CollectionMeta, Schema } from '../state/types';
import { PermissionModel, type Caller, type Item } from './model';
import { buildPermissions } from './rows';

const ME: Caller = { id: 7, role: 3, admin: false };

const field = (name: string, type: string, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  field: name,
  type,
  ...extra,
});

const meta = (collection: string, extra: Partial<CollectionMeta> = {}): CollectionMeta => ({
  collection,
  hidden: false,
  managed: true,
  single: false,
  note: null,
  icon: null,
  ...extra,
});

const STATUSES = {
  draft: { name: 'Draft', value: 'draft' },
  published: { name: 'Published', value: 'published' },
  deleted: { name: 'Deleted', value: 'deleted', soft_delete: true },
};

const schema: Schema = {
  collections: {
    notes: meta('notes'),
    articles: meta('articles', { status_mapping: STATUSES }),
    hidden_things: meta('hidden_things', { hidden: true }),
    unmanaged: meta('unmanaged', { managed: false }),
    zebras: meta('zebras'),
  },
  fields: {
    notes: [field('id', 'integer', { primary_key: true }), field('owner', 'owner'), field('body', 'text')],
    articles: [
      field('id', 'integer', { primary_key: true }),
      field('status', 'status'),
      field('owner', 'owner'),
      field('title', 'string'),
      field('sort', 'sort'),
    ],
    zebras: [field('id', 'integer', { primary_key: true })],
    directus_users: [field('id', 'integer', { primary_key: true }), field('role', 'm2o')],
  },
  relations: [],
};

type Row = Record<string, unknown>;
const row = (collection: string, values: Row): Row => ({ collection, status: null, ...values });

function model(rows: Row[] | null, caller: Caller = ME): PermissionModel {
  return new PermissionModel(rows === null ? null : buildPermissions(rows), caller, schema);
}

const own: Item = { id: 1, owner: { id: 7, role: 3 } };
const mates: Item = { id: 2, owner: { id: 8, role: 3 } };
const others: Item = { id: 3, owner: { id: 9, role: 4 } };
const nobodys: Item = { id: 4, owner: null };

describe('PermissionModel: levels judged against the item owner', () => {
  // level → [own item, role mate's item, another role's item, an item without owner]
  const table: [string, boolean, boolean, boolean, boolean][] = [
    ['none', false, false, false, false],
    ['mine', true, false, false, false],
    ['role', true, true, false, false],
    ['full', true, true, true, true],
  ];
  for (const action of ['read', 'update', 'delete'] as const) {
    for (const [level, onOwn, onMates, onOthers, onNobodys] of table) {
      it(`${action} at level ${level}`, () => {
        const permissions = model([row('notes', { [action]: level })]);
        expect([own, mates, others, nobodys].map((item) => permissions.may(action, 'notes', item))).toEqual([
          onOwn,
          onMates,
          onOthers,
          onNobodys,
        ]);
      });
    }
  }

  it('an administrator may do everything but edit the activity log', () => {
    const admin = model(null, { id: 1, role: 1, admin: true });
    expect(admin.may('delete', 'notes', others)).toBe(true);
    expect(admin.mayCreate('notes')).toBe(true);
    expect(admin.may('update', 'directus_activity', { id: 1 })).toBe(false);
    expect(admin.mayCreate('directus_activity')).toBe(false);
  });

  it('a collection without rows allows nothing', () => {
    const permissions = model([row('notes', { read: 'full' })]);
    expect(permissions.mayBrowse('zebras')).toBe(false);
    expect(permissions.may('read', 'zebras', { id: 1 })).toBe(false);
    expect(permissions.mayCreate('zebras')).toBe(false);
  });

  it('users are their own owner; role mates are users of the same role', () => {
    const permissions = model([row('directus_users', { read: 'full', update: 'role', delete: 'mine' })]);
    expect(permissions.may('update', 'directus_users', { id: 8, role: 3 })).toBe(true);
    expect(permissions.may('update', 'directus_users', { id: 9, role: 4 })).toBe(false);
    expect(permissions.may('delete', 'directus_users', { id: 7, role: 3 })).toBe(true);
    expect(permissions.may('delete', 'directus_users', { id: 8, role: 3 })).toBe(false);
  });
});

describe('PermissionModel: workflow collections', () => {
  const editor = [
    row('articles', {
      status: 'draft',
      create: 'full',
      read: 'full',
      update: 'mine',
      delete: 'none',
      status_blacklist: 'published,deleted',
    }),
    row('articles', { status: 'published', read: 'full', update: 'none', delete: 'none' }),
    row('articles', { status: 'deleted', read: 'none' }),
  ];

  it('the row of the item status decides', () => {
    const permissions = model(editor);
    expect(permissions.may('update', 'articles', { ...own, status: 'draft' })).toBe(true);
    expect(permissions.may('update', 'articles', { ...own, status: 'published' })).toBe(false);
    expect(permissions.may('read', 'articles', { ...own, status: 'deleted' })).toBe(false);
    // A status without a row of its own gives nothing.
    expect(permissions.may('read', 'articles', { ...own, status: 'archived' })).toBe(false);
  });

  it('a new item offers only the statuses the role may start in', () => {
    expect(model(editor).statusChoices('articles', null)).toEqual(['draft']);
    expect(model(null, { id: 1, role: 1, admin: true }).statusChoices('articles', null)).toEqual([
      'draft',
      'published',
      'deleted',
    ]);
  });

  it('an existing item keeps its status and offers what its row allows', () => {
    const permissions = model(editor);
    expect(permissions.statusChoices('articles', { ...own, status: 'draft' })).toEqual(['draft']);
    expect(permissions.statusChoices('articles', { ...own, status: 'published' })).toEqual(['published']);
  });

  it('the soft-delete status needs delete permission on the item', () => {
    const permissions = model([
      row('articles', { status: 'draft', create: 'full', read: 'full', update: 'full', delete: 'mine' }),
      row('articles', { status: 'deleted', read: 'full' }),
    ]);
    expect(permissions.statusChoices('articles', { ...own, status: 'draft' })).toEqual(['draft', 'deleted']);
    expect(permissions.statusChoices('articles', { ...others, status: 'draft' })).toEqual(['draft']);
    // Soft-deleted items stay untouchable.
    expect(permissions.may('update', 'articles', { ...own, status: 'deleted' })).toBe(false);
  });

  it('$create decides new items when the server has it', () => {
    const permissions = model([
      row('articles', { status: '$create', create: 'full', status_blacklist: 'published' }),
      row('articles', { status: 'draft', read: 'full', update: 'mine' }),
      row('articles', { status: 'published', read: 'full' }),
    ]);
    expect(permissions.mayCreate('articles')).toBe(true);
    expect(permissions.statusChoices('articles', null)).toEqual(['draft']);
    expect(model([row('articles', { status: 'draft', read: 'full' })]).mayCreate('articles')).toBe(false);
  });

  it('batch actions and drag handles show only when some item could be written', () => {
    const reader = model([row('articles', { status: 'draft', read: 'full' })]);
    expect(reader.mayOnSome('update', 'articles')).toBe(false);
    expect(reader.mayOnSome('delete', 'articles')).toBe(false);
    expect(reader.mayReorder('articles', 'sort')).toBe(false);
    const sorter = model([row('articles', { status: 'draft', read: 'full', update: 'full' })]);
    expect(sorter.mayReorder('articles', 'sort')).toBe(true);
    const blocked = model([
      row('articles', { status: 'draft', read: 'full', update: 'full', write_field_blacklist: 'sort' }),
    ]);
    expect(blocked.mayReorder('articles', 'sort')).toBe(false);
  });
});

describe('PermissionModel: fields', () => {
  it('a field unreadable in any readable status is unreadable', () => {
    const permissions = model([
      row('articles', { status: 'draft', read: 'full', read_field_blacklist: 'title' }),
      row('articles', { status: 'published', read: 'full' }),
    ]);
    expect(permissions.readableFields('articles').map((f) => f.field)).toEqual([
      'id',
      'status',
      'owner',
      'sort',
    ]);
  });

  it('writable fields follow the row of the item and the blacklist', () => {
    const permissions = model([
      row('notes', { create: 'full', read: 'full', update: 'mine', write_field_blacklist: 'body' }),
    ]);
    expect([...permissions.writableFields('notes', own)]).toEqual(['id', 'owner']);
    expect([...permissions.writableFields('notes', others)]).toEqual([]);
    expect([...permissions.writableFields('notes', null)]).toEqual(['id', 'owner']);
  });
});

describe('PermissionModel: visible collections', () => {
  it('not hidden, managed, not system, readable; sorted by the name shown', () => {
    const permissions = model([
      row('zebras', { read: 'full' }),
      row('notes', { read: 'mine' }),
      row('hidden_things', { read: 'full' }),
      row('unmanaged', { read: 'full' }),
      row('articles', { status: 'draft', read: 'full' }),
    ]);
    const names: Record<string, string> = { zebras: 'Aardvarks', notes: 'Notes', articles: 'Stories' };
    expect(
      permissions.visibleCollections((m) => names[m.collection] ?? m.collection).map((m) => m.collection),
    ).toEqual(['zebras', 'notes', 'articles']);
  });

  it('a workflow collection readable in one status is visible', () => {
    const permissions = model([
      row('articles', { status: 'draft', read: 'none' }),
      row('articles', { status: 'published', read: 'full' }),
    ]);
    expect(permissions.mayBrowse('articles')).toBe(true);
  });
});

describe('PermissionModel: the user directory', () => {
  const USER_STATUSES = {
    active: { name: 'Active', value: 'active' },
    suspended: { name: 'Suspended', value: 'suspended' },
    invited: { name: 'Invited', value: 'invited' },
  };
  const users: Schema = {
    ...schema,
    fields: {
      directus_users: [
        field('id', 'integer', { primary_key: true }),
        field('status', 'status', { options: { status_mapping: USER_STATUSES } }),
        field('role', 'm2o'),
        field('password', 'hash'),
        field('2fa_secret', 'string'),
        field('first_name', 'string'),
      ],
    },
  };
  const build = (rows: Row[] | null, caller: Caller = ME) =>
    new PermissionModel(rows === null ? null : buildPermissions(rows), caller, users);
  const active = { id: 9, role: 4, status: 'active' };
  const suspended = { id: 9, role: 4, status: 'suspended' };
  const anAdmin = { id: 1, role: 1, status: 'active' };
  const ALL = ['suspend', 'reactivate', 'role', 'password', 'reset2fa', 'signOut'] as const;

  it('administrators do everything to others, nothing here to themselves; suspend fits the status', () => {
    const admin = build(null, { id: 1, role: 1, admin: true });
    expect(admin.mayManageUser('invite', null)).toBe(true);
    expect(ALL.filter((action) => admin.mayManageUser(action, active))).toEqual([
      'suspend',
      'role',
      'password',
      'reset2fa',
      'signOut',
    ]);
    expect(admin.mayManageUser('reactivate', suspended)).toBe(true);
    expect(admin.mayManageUser('suspend', suspended)).toBe(false);
    expect(ALL.some((action) => admin.mayManageUser(action, anAdmin))).toBe(false);
  });

  it('a role that may update users suspends and reactivates others, never an administrator', () => {
    const manager = build([row('directus_users', { read: 'full', update: 'full' })]);
    expect(manager.mayManageUser('invite', null)).toBe(false);
    expect(ALL.filter((action) => manager.mayManageUser(action, active))).toEqual(['suspend']);
    expect(manager.mayManageUser('reactivate', suspended)).toBe(true);
    expect(manager.mayManageUser('suspend', { ...anAdmin, id: 2 })).toBe(false);
    // As the server rules: role, another user's credentials and administrators' records are not theirs.
    expect([...manager.writableFields('directus_users', active)].sort()).toEqual([
      'first_name',
      'id',
      'status',
    ]);
    expect(manager.writableFields('directus_users', { ...anAdmin, id: 2 }).size).toBe(0);
    // Their own record: not the role, and the password and 2FA secret only in My profile.
    expect([...manager.writableFields('directus_users', { id: ME.id, role: 3 })].sort()).toEqual([
      'first_name',
      'id',
      'status',
    ]);
  });

  it('nobody changes their own password or 2FA secret in the plain user form, administrators included', () => {
    const admin = build(null, { id: 1, role: 1, admin: true });
    const own = admin.writableFields('directus_users', anAdmin);
    expect(own.has('password') || own.has('2fa_secret')).toBe(false);
    expect(own.has('first_name')).toBe(true);
    expect(admin.writableFields('directus_users', active).has('password')).toBe(true);
  });

  it('without update, or with status blacklisted, nothing', () => {
    const reader = build([row('directus_users', { read: 'full', update: 'none' })]);
    expect(ALL.some((action) => reader.mayManageUser(action, active))).toBe(false);
    const blacklisted = build([
      row('directus_users', { read: 'full', update: 'full', write_field_blacklist: 'status' }),
    ]);
    expect(blacklisted.mayManageUser('suspend', active)).toBe(false);
  });
});
