import type { FieldDefinition } from '../../engine/types';
import type {
  CollectionMeta,
  CollectionPermission,
  PermissionLevel,
  PermissionRow,
  Schema,
  StatusMappingEntry,
} from '../state/types';
import { statusFieldOf, statusMappingOf, typeOf } from '../state/schema-info';
import { FULL_PERMISSION, NO_PERMISSION } from './rows';

export type Item = Record<string, unknown>;

/** Who is asking: the signed-in user, their role and whether that role is the administrator's. */
export interface Caller {
  id: number;
  role: number | null;
  admin: boolean;
}

/** The actions on an item that a permission row grants by level. */
export type ItemAction = 'read' | 'update' | 'delete';

/** How an item relates to the caller, as the server judges it (api-v8 §6): own, a role mate's, anyone's. */
type Relation = 'mine' | 'role' | 'full';

const isOn = (value: unknown) => value === true || value === 1 || value === '1';

function idOf(value: unknown): number | null {
  if (value && typeof value === 'object') return idOf((value as { id?: unknown }).id);
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/**
 * What the user directory does to a user: invite people, suspend or reactivate, change the role, set
 * the password, reset 2FA, sign them out everywhere.
 */
export type UserAction = 'invite' | 'suspend' | 'reactivate' | 'role' | 'password' | 'reset2fa' | 'signOut';

/** The administrators' role (api-v8 §6: role 1 is the admin flag). */
const ADMIN_ROLE = 1;
/** Fields of another user only an administrator writes (server/services/system-hooks.ts). */
const USER_CREDENTIALS = ['password', '2fa_secret'];

/** Collections whose items the item page never edits: the activity log is written by the server. */
const READ_ONLY_COLLECTIONS = new Set(['directus_activity', 'directus_revisions']);

/**
 * The one place the app decides what the caller may do (spec §6), mirroring the server's rules so that
 * nothing offered fails with 403: levels none/mine/role/full judged against the item's owner, the row of
 * the item's status in workflow collections, `$create` for new items, and the field and status
 * blacklists. Screens ask this model; none computes permissions itself.
 */
export class PermissionModel {
  constructor(
    private readonly map: Record<string, CollectionPermission> | null,
    readonly caller: Caller,
    private readonly schema: Pick<Schema, 'collections' | 'fields'>,
  ) {}

  get admin(): boolean {
    return this.caller.admin || this.map === null;
  }

  /** The caller's permission on a collection (admins: full; unknown collections: none). */
  collection(collection: string): CollectionPermission {
    if (this.admin) return FULL_PERMISSION;
    return this.map![collection] ?? NO_PERMISSION;
  }

  private fields(collection: string): FieldDefinition[] {
    return this.schema.fields[collection] ?? [];
  }

  statusField(collection: string): string | null {
    return statusFieldOf(this.fields(collection))?.field ?? null;
  }

  /** The field naming who created an item (`owner` type); system collections have theirs by convention. */
  ownerField(collection: string): string | null {
    const owner = this.fields(collection).find((field) => typeOf(field) === 'owner')?.field;
    if (owner) return owner;
    if (collection === 'directus_users') return 'id';
    if (collection === 'directus_activity') return 'action_by';
    if (collection === 'directus_collection_presets') return 'user';
    return null;
  }

  /** Fields a list must fetch so the model can judge each item (owner with its role, status). */
  judgingFields(collection: string): string[] {
    if (this.admin) return [];
    const out: string[] = [];
    const owner = this.ownerField(collection);
    if (owner && collection !== 'directus_users') out.push(`${owner}.*`);
    if (collection === 'directus_users') out.push('role');
    const status = this.statusField(collection);
    if (status) out.push(status);
    return out;
  }

  /** The row that applies to a stored item: its status' row in a workflow collection (null: none applies). */
  rowFor(collection: string, item: Item | null): PermissionRow | null {
    const permission = this.collection(collection);
    if (this.admin || !permission.statuses) return permission;
    const field = this.statusField(collection);
    const status = field && item ? item[field] : undefined;
    if (status === undefined) return permission;
    return permission.statuses[String(status)] ?? null;
  }

  /** The row that applies to a new item: `$create` when the server has one, else the collection's. */
  createRow(collection: string): PermissionRow {
    const permission = this.collection(collection);
    return permission.$create ?? permission;
  }

  private relationTo(collection: string, item: Item): Relation {
    const { id, role } = this.caller;
    if (collection === 'directus_roles') return role !== null && idOf(item.id) === role ? 'mine' : 'full';
    if (collection === 'directus_permissions')
      return role !== null && idOf(item.role) === role ? 'mine' : 'full';
    const ownerField = this.ownerField(collection);
    if (!ownerField) return 'full';
    const owner = item[ownerField];
    if (idOf(owner) === null) return 'full';
    if (idOf(owner) === id) return 'mine';
    // The owner's role is known when the list or item fetched the owner expanded (`owner.*`).
    const ownerRole =
      collection === 'directus_users'
        ? idOf(item.role)
        : owner && typeof owner === 'object'
          ? idOf((owner as Item).role)
          : null;
    return role !== null && ownerRole === role ? 'role' : 'full';
  }

  /** Whether a granted level covers this item: full always, role for role mates' items, mine for own. */
  private covers(level: PermissionLevel, collection: string, item: Item): boolean {
    if (level === 'full') return true;
    if (level !== 'mine' && level !== 'role') return false;
    const relation = this.relationTo(collection, item);
    return relation === 'mine' || (level === 'role' && relation === 'role');
  }

  /** Whether the caller may read, update or delete this stored item. */
  may(action: ItemAction, collection: string, item: Item): boolean {
    if (this.admin) return action === 'read' || !READ_ONLY_COLLECTIONS.has(collection);
    if (action !== 'read' && READ_ONLY_COLLECTIONS.has(collection)) return false;
    const row = this.rowFor(collection, item);
    if (!row) return false;
    if (action !== 'read' && this.isSoftDeleted(collection, item)) return false;
    return this.covers(row[action], collection, item);
  }

  /**
   * Whether the caller may rename or delete a bookmark (spec §6): administrators any; others only their
   * own personal ones, as their preset rows allow (the server refuses role and global presets to them).
   */
  mayChangeBookmark(action: 'update' | 'delete', bookmark: { user: number | null; role: number | null }) {
    if (this.admin) return true;
    if (bookmark.user == null || bookmark.role != null || bookmark.user !== this.caller.id) return false;
    return this.may(action, 'directus_collection_presets', bookmark as unknown as Item);
  }

  /** Whether the caller may create items here (the Add button, a new item's form). */
  mayCreate(collection: string): boolean {
    if (READ_ONLY_COLLECTIONS.has(collection)) return false;
    if (this.admin) return true;
    if (this.createRow(collection).create === 'none') return false;
    // In a workflow collection a new item needs at least one status it may start in.
    const choices = this.statusChoices(collection, null);
    return choices === null || choices.length > 0;
  }

  /** Whether the collection shows up at all: some read access, in any status. */
  mayBrowse(collection: string): boolean {
    if (this.admin) return true;
    const permission = this.collection(collection);
    if (permission.read !== 'none') return true;
    return Object.values(permission.statuses ?? {}).some((row) => row.read !== 'none');
  }

  /** Whether some item could be updated (or deleted): decides whether batch edit or delete show at all. */
  mayOnSome(action: 'update' | 'delete', collection: string): boolean {
    if (this.admin) return !READ_ONLY_COLLECTIONS.has(collection);
    if (READ_ONLY_COLLECTIONS.has(collection)) return false;
    const permission = this.collection(collection);
    const rows = permission.statuses ? Object.values(permission.statuses) : [permission];
    return rows.some((row) => row[action] !== 'none');
  }

  /** Manual sorting: the caller must be able to write the sort field of items (the drag handles). */
  mayReorder(collection: string, sortField: string): boolean {
    if (!this.mayOnSome('update', collection)) return false;
    if (this.admin) return true;
    const permission = this.collection(collection);
    const rows = permission.statuses ? Object.values(permission.statuses) : [permission];
    return rows.some((row) => row.update !== 'none' && !row.write_field_blacklist.includes(sortField));
  }

  /**
   * Whether the caller may do this to a user of the directory (null: people not yet invited). As the
   * server rules: invitations, roles, passwords, 2FA and sessions of other users are the
   * administrators'; a role that may update users (and write their status) may suspend and
   * reactivate others, never an administrator. Nobody does these to themself here (my profile).
   */
  mayManageUser(action: UserAction, user: Item | null): boolean {
    if (action === 'invite') return this.admin;
    if (!user || idOf(user.id) === this.caller.id) return false;
    const status = String(user.status ?? '');
    if (action === 'suspend' && (status !== 'active' || !this.hasStatus('directus_users', 'suspended')))
      return false;
    if (action === 'reactivate' && status !== 'suspended') return false;
    if (this.admin) return true;
    if (action !== 'suspend' && action !== 'reactivate') return false;
    if (idOf(user.role) === ADMIN_ROLE) return false;
    if (!this.writableFields('directus_users', user).has('status')) return false;
    const choices = this.statusChoices('directus_users', user);
    return choices === null || choices.includes(action === 'suspend' ? 'suspended' : 'active');
  }

  private hasStatus(collection: string, status: string): boolean {
    const mapping = this.statusMapping(collection);
    return mapping === null || status in mapping;
  }

  /** Comments on items (the activity sidebar): any comment level but none. */
  mayComment(collection: string): boolean {
    if (this.admin) return true;
    return this.collection(collection).comment !== 'none';
  }

  /** The fields the caller may read: a field hidden for any readable status is hidden everywhere. */
  readableFields(collection: string): FieldDefinition[] {
    const fields = this.fields(collection);
    if (this.admin) return fields;
    const hidden = new Set(this.collection(collection).read_field_blacklist);
    return fields.filter((field) => !hidden.has(field.field));
  }

  /** The fields the caller may write on this item (new item: null), or none when it may not write it. */
  writableFields(collection: string, item: Item | null): Set<string> {
    let all = this.fields(collection).map((field) => field.field);
    // One's own password and 2FA secret change in My profile, with proof (the server refuses them
    // in a plain write: `ownCredentialsRule` in server/services/system-hooks.ts), admins included.
    if (collection === 'directus_users' && item !== null && idOf(item.id) === this.caller.id)
      all = all.filter((field) => !USER_CREDENTIALS.includes(field));
    if (this.admin) return new Set(READ_ONLY_COLLECTIONS.has(collection) ? [] : all);
    const allowed = item === null ? this.mayCreate(collection) : this.may('update', collection, item);
    if (!allowed) return new Set();
    const row = item === null ? this.createRow(collection) : this.rowFor(collection, item);
    const blacklist = new Set(row?.write_field_blacklist ?? []);
    // The server keeps a user's role, another user's credentials and administrators' records to
    // administrators, whatever the rows say (server/services/system-hooks.ts).
    if (collection === 'directus_users' && item !== null) {
      if (idOf(item.id) !== this.caller.id) {
        if (idOf(item.role) === ADMIN_ROLE) return new Set();
        USER_CREDENTIALS.forEach((field) => blacklist.add(field));
      }
      blacklist.add('role');
    }
    return new Set(all.filter((field) => !blacklist.has(field)));
  }

  /** The collection's status values with their mapping entries (collection mapping, else the field's). */
  statusMapping(collection: string): Record<string, StatusMappingEntry> | null {
    return statusMappingOf(this.schema.collections[collection], this.fields(collection));
  }

  /**
   * The statuses the caller may give this item (new item: null), the current one included; null when the
   * collection has no status field. Mirrors the server: the status blacklist of the row that applies and,
   * in a workflow collection, only statuses that have a row of their own.
   */
  statusChoices(collection: string, item: Item | null): string[] | null {
    const mapping = this.statusMapping(collection);
    if (!mapping) return null;
    const values = Object.entries(mapping).map(([key, entry]) => String(entry?.value ?? key));
    if (this.admin) return values;
    const statuses = this.collection(collection).statuses;
    if (item === null) {
      // The server judges a new item by `$create`, else by the row of the status it starts in.
      const special = this.collection(collection).$create;
      return values.filter((value) => {
        const row = special ?? (statuses ? statuses[value] : this.collection(collection));
        if (!row || row.create === 'none' || row.status_blacklist.includes(value)) return false;
        return !statuses || Boolean(statuses[value]);
      });
    }
    const current = item[this.statusField(collection)!];
    const row = this.rowFor(collection, item);
    if (!row || !this.may('update', collection, item))
      return current === undefined || current === null ? [] : [String(current)];
    return values.filter((value) => {
      if (current !== undefined && current !== null && value === String(current)) return true;
      if (row.status_blacklist.includes(value)) return false;
      if (statuses && !statuses[value]) return false;
      return !this.isSoftDeleteStatus(collection, value) || this.covers(row.delete, collection, item);
    });
  }

  private isSoftDeleteStatus(collection: string, value: string): boolean {
    const mapping = this.statusMapping(collection) ?? {};
    return Object.entries(mapping).some(
      ([key, entry]) => String(entry?.value ?? key) === value && isOn(entry?.soft_delete),
    );
  }

  private isSoftDeleted(collection: string, item: Item): boolean {
    const field = this.statusField(collection);
    const status = field ? item[field] : undefined;
    return status !== undefined && status !== null && this.isSoftDeleteStatus(collection, String(status));
  }

  /**
   * The collections the caller browses (spec §6): not hidden, managed, not a system collection, with
   * some read access; sorted by the name the user sees.
   */
  visibleCollections(nameOf: (meta: CollectionMeta) => string): CollectionMeta[] {
    return Object.values(this.schema.collections)
      .filter((meta) => !meta.collection.startsWith('directus_'))
      .filter((meta) => !meta.hidden && meta.managed)
      .filter((meta) => this.mayBrowse(meta.collection))
      .map((meta) => ({ meta, name: nameOf(meta) }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.meta.collection.localeCompare(b.meta.collection))
      .map(({ meta }) => meta);
  }
}
