import type { Knex } from 'knex';
import type { Accountability, ProjectContext } from '../context';
import { generation, live, onInvalidate } from '../database/invalidation';
import { ApiError } from '../errors';
import type { FilterCondition, FilterNode, ReadGuard } from '../query/types';
import type { CollectionInfo, SchemaModel } from '../schema/types';
import type { Item } from '../query/execute-read';
import type { SqlScope } from '../query/filter-to-sql';
import { isRecordedPayload, redactRecorded } from './recorded-access';

/** Access levels of `create`, `read`, `update`, `delete` (api-v8 §6.2), in ascending order. */
export type Level = 'none' | 'mine' | 'role' | 'full';
export type WriteAction = 'create' | 'update' | 'delete';

const RANK: Record<Level, number> = { none: 0, mine: 1, role: 2, full: 3 };

function level(value: unknown): Level {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  // v8 stored `read` in some create columns; any grant above none counts for create.
  if (text === 'read') return 'full';
  return text in RANK ? (text as Level) : 'none';
}

function csv(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** One `directus_permissions` row, normalised. */
export interface PermissionRow {
  collection: string;
  status: string | null;
  create: Level;
  read: Level;
  update: Level;
  delete: Level;
  /** none < create < update < full; a missing value means allowed (api-v8 §6.2). */
  comment: 'none' | 'create' | 'update' | 'full';
  explain: 'none' | 'create' | 'update' | 'always';
  readFieldBlacklist: string[];
  writeFieldBlacklist: string[];
  statusBlacklist: string[];
}

export function normaliseRow(row: Record<string, unknown>): PermissionRow {
  const comment = String(row.comment ?? 'full').toLowerCase();
  const explain = String(row.explain ?? 'none').toLowerCase();
  return {
    collection: String(row.collection),
    status: row.status === null || row.status === undefined || row.status === '' ? null : String(row.status),
    create: level(row.create),
    read: level(row.read),
    update: level(row.update),
    delete: level(row.delete),
    comment: (['none', 'create', 'update', 'full'].includes(comment)
      ? comment
      : 'full') as PermissionRow['comment'],
    explain: (['none', 'create', 'update', 'always'].includes(explain)
      ? explain
      : 'none') as PermissionRow['explain'],
    readFieldBlacklist: csv(row.read_field_blacklist),
    writeFieldBlacklist: csv(row.write_field_blacklist),
    statusBlacklist: csv(row.status_blacklist),
  };
}

function isOnFlag(flag: unknown): boolean {
  return flag === true || flag === 1 || flag === '1';
}

/** Columns no caller reads through the items engine, not even an administrator. */
const USER_SECRETS = ['password', 'token', '2fa_secret', 'password_reset_token'];

const secretCache = new WeakMap<SchemaModel, Map<string, ReadonlySet<string> | '*'>>();

/** The fields of a collection minus its secrets, or '*' when it has none; computed once per schema version. */
export function nonSecretFields(schema: SchemaModel, collection: string): ReadonlySet<string> | '*' {
  let byCollection = secretCache.get(schema);
  if (!byCollection) {
    byCollection = new Map();
    secretCache.set(schema, byCollection);
  }
  const cached = byCollection.get(collection);
  if (cached) return cached;
  const info = schema.collections.get(collection);
  let result: ReadonlySet<string> | '*' = '*';
  if (info) {
    // A hash is never sent back unless its field's `showHash` option is on (schema-v8 §4.2);
    // the users' own secrets never are.
    const secret = (field: string) => {
      if (collection === 'directus_users' && USER_SECRETS.includes(field)) return true;
      const entry = info.fields.get(field);
      return entry?.type === 'hash' && !isOnFlag(entry.options?.showHash);
    };
    const names = [...info.fields.keys()];
    if (names.some(secret)) result = new Set(names.filter((name) => !secret(name)));
  }
  byCollection.set(collection, result);
  return result;
}

export function isSecretField(schema: SchemaModel, collection: string, field: string): boolean {
  const fields = nonSecretFields(schema, collection);
  return fields !== '*' && !fields.has(field);
}

/** A condition no row meets: primary keys are never null. */
function nothing(info: CollectionInfo): FilterNode {
  return { kind: 'condition', path: [info.primaryKey], operator: 'null', value: null };
}

function condition(field: string, operator: FilterCondition['operator'], value: FilterCondition['value']) {
  return { kind: 'condition', path: [field], operator, value } as FilterCondition;
}

function and(children: FilterNode[]): FilterNode | null {
  if (children.length === 0) return null;
  return children.length === 1 ? children[0] : { kind: 'and', children };
}

/** The status of a permission row naming the field whose item a collection's items follow. */
export const PARENT_PREFIX = '$parent:';

export interface ParentLink {
  /** The many-to-one field of the child collection. */
  field: string;
  collection: string;
  primaryKey: string;
}

/** Who owns an item, as far as permissions are concerned. */
export interface OwnedItem {
  /** The row as stored (at least the primary key, status and owner columns). */
  row: Record<string, unknown>;
}

/**
 * The caller's permissions, loaded once per request. Implements the query engine's ReadGuard and
 * the write checks of api-v8 §6 (levels, owner/role, per-status rows, blacklists, explain).
 */
export class Permissions implements ReadGuard {
  private readonly byCollection = new Map<string, PermissionRow[]>();
  private readonly rowFilters = new Map<string, FilterNode | null>();
  private readonly readable = new Map<string, ReadonlySet<string> | '*'>();

  constructor(
    readonly schema: SchemaModel,
    readonly accountability: Accountability,
    rows: PermissionRow[],
    /** Ids of the users in the caller's role, loaded when some row uses the `role` level. */
    readonly roleUsers: ReadonlySet<number>,
  ) {
    for (const row of rows) {
      const list = this.byCollection.get(row.collection) ?? [];
      list.push(row);
      this.byCollection.set(row.collection, list);
    }
  }

  get admin(): boolean {
    return this.accountability.admin;
  }

  get anonymous(): boolean {
    return this.accountability.user == null;
  }

  /** Every row of the role for a collection, `$`-statuses included (for `/permissions/me`). */
  rowsOf(collection: string): readonly PermissionRow[] {
    return this.byCollection.get(collection) ?? [];
  }

  /** Whether status rows decide (workflow): then the null-status row is ignored (api-v8 §6.3). */
  private workflow(collection: string): boolean {
    const info = this.schema.collections.get(collection);
    return (
      !!info?.statusField &&
      this.rowsOf(collection).some((row) => row.status !== null && !row.status.startsWith('$'))
    );
  }

  /** The rows that apply to items: per status in a workflow, else the single null-status row. */
  effectiveRows(collection: string): PermissionRow[] {
    const rows = this.rowsOf(collection);
    if (this.workflow(collection))
      return rows.filter((row) => row.status !== null && !row.status.startsWith('$'));
    const general = rows.filter((row) => row.status === null);
    return general.length > 0 ? [general[general.length - 1]] : [];
  }

  /** The row that applies to an item with this status (or to a collection without workflow). */
  rowFor(collection: string, status: unknown): PermissionRow | null {
    const rows = this.effectiveRows(collection);
    if (!this.workflow(collection)) return rows[0] ?? null;
    const wanted = status === null || status === undefined ? null : String(status);
    return rows.find((row) => row.status === wanted) ?? null;
  }

  private createRow(collection: string, status: unknown): PermissionRow | null {
    const special = this.rowsOf(collection).find((row) => row.status === '$create');
    return special ?? this.rowFor(collection, status);
  }

  canReadCollection(collection: string): boolean {
    if (this.admin || this.readsOwnRecord(collection)) return true;
    return this.effectiveRows(collection).some((row) => row.read !== 'none');
  }

  /** A signed-in user always reads their own user record (`/users/me`), whatever the role's rows say. */
  private readsOwnRecord(collection: string): boolean {
    return collection === 'directus_users' && this.accountability.user != null;
  }

  readableFields(collection: string): ReadonlySet<string> | '*' {
    const cached = this.readable.get(collection);
    if (cached) return cached;
    const base = nonSecretFields(this.schema, collection);
    let result = base;
    if (!this.admin) {
      // A field hidden for any readable status is hidden everywhere: safe, and keeps counts honest.
      const hidden = new Set(
        this.effectiveRows(collection)
          .filter((row) => row.read !== 'none')
          .flatMap((row) => row.readFieldBlacklist),
      );
      if (hidden.size > 0) {
        const info = this.schema.collections.get(collection);
        const names = base === '*' ? [...(info?.fields.keys() ?? [])] : [...base];
        result = new Set(names.filter((name) => !hidden.has(name)));
      }
    }
    this.readable.set(collection, result);
    return result;
  }

  /**
   * The owner condition for a level, or null for all rows. Collections without an owner field
   * have their v8 special cases; others give nothing under mine / role.
   */
  ownerFilter(info: CollectionInfo, grant: Level): FilterNode | null {
    if (grant === 'full') return null;
    if (grant === 'none') return nothing(info);
    const { user, role } = this.accountability;
    const ownerField = this.ownerFieldOf(info);
    if (info.collection === 'directus_roles')
      return role == null ? nothing(info) : condition('id', 'eq', role);
    if (info.collection === 'directus_permissions')
      return role == null ? nothing(info) : condition('role', 'eq', role);
    if (!ownerField || user == null) return nothing(info);
    if (grant === 'mine') return condition(ownerField, 'eq', user);
    if (info.collection === 'directus_users')
      return role == null ? nothing(info) : condition('role', 'eq', role);
    const members = [...this.roleUsers];
    return members.length === 0 ? nothing(info) : condition(ownerField, 'in', members);
  }

  /** The column naming an item's owner: the owner field, or the v8 special cases. */
  ownerFieldOf(info: CollectionInfo): string | null {
    if (info.ownerField) return info.ownerField;
    if (info.collection === 'directus_users') return 'id';
    if (info.collection === 'directus_activity') return 'action_by';
    if (info.collection === 'directus_collection_presets') return 'user';
    return null;
  }

  /**
   * Where a collection's items take their permissions from (an Octavo addition, docs/compatibility.md):
   * a `$parent:<field>` row of the role makes items of the collection visible only while the item
   * their many-to-one `<field>` points at is visible, and writable only while the caller may update
   * that item — translations and junction rows are part of their article. `broken` when the row
   * names no many-to-one field: then nothing is readable or writable (fail closed).
   */
  parentOf(collection: string): ParentLink | 'broken' | null {
    if (this.admin) return null;
    const row = this.rowsOf(collection).find((candidate) => candidate.status?.startsWith(PARENT_PREFIX));
    if (!row) return null;
    const name = row.status!.slice(PARENT_PREFIX.length).trim();
    const field = this.schema.collections.get(collection)?.fields.get(name);
    const relation = field?.relation;
    if (!relation || relation.kind !== 'm2o') return 'broken';
    const parent = this.schema.collections.get(relation.collection);
    return parent ? { field: name, collection: parent.collection, primaryKey: parent.primaryKey } : 'broken';
  }

  /** Whether the caller's update permission covers this stored item (its status row, owner, not soft-deleted). */
  mayUpdateItem(info: CollectionInfo, row: Record<string, unknown>): boolean {
    if (this.admin) return true;
    const status = info.statusField ? row[info.statusField] : undefined;
    if (info.statusField && isSoftDeleted(info, status)) return false;
    const permission = this.rowFor(info.collection, status);
    return !!permission && this.covers(info, permission.update, row);
  }

  rowFilter(collection: string): FilterNode | null {
    if (this.admin) return null;
    if (this.rowFilters.has(collection)) return this.rowFilters.get(collection)!;
    const info = this.schema.collections.get(collection);
    let result: FilterNode | null = null;
    if (info) {
      const rows = this.effectiveRows(collection).filter((row) => row.read !== 'none');
      if (rows.length === 0) result = nothing(info);
      else if (this.workflow(collection)) {
        const terms = rows
          .filter((row) => !row.statusBlacklist.includes(row.status!))
          .map((row) =>
            and(
              [condition(info.statusField!, 'eq', row.status), this.ownerFilter(info, row.read)].filter(
                (node): node is FilterNode => node !== null,
              ),
            )!,
          );
        result =
          terms.length === 0
            ? nothing(info)
            : terms.length === 1
              ? terms[0]
              : { kind: 'or', children: terms };
      } else {
        const row = rows[0];
        const parts: FilterNode[] = [];
        const owner = this.ownerFilter(info, row.read);
        if (owner) parts.push(owner);
        if (info.statusField && row.statusBlacklist.length > 0) {
          parts.push(condition(info.statusField, 'nin', row.statusBlacklist));
        }
        result = and(parts);
      }
    }
    const parent = info ? this.parentOf(collection) : null;
    if (parent === 'broken') result = nothing(info!);
    else if (parent) {
      // The parent's own row filter applies inside the relational condition (filter-to-sql).
      const visibleParent: FilterNode = {
        kind: 'condition',
        path: [parent.field, parent.primaryKey],
        operator: 'nnull',
        value: null,
      };
      result = result === null ? visibleParent : { kind: 'and', children: [result, visibleParent] };
    }
    if (info && collection === 'directus_collection_presets') {
      const shared = this.presetPrivacy();
      result = result === null ? shared : { kind: 'and', children: [result, shared] };
    }
    if (info && this.readsOwnRecord(collection) && result !== null) {
      const own = condition('id', 'eq', this.accountability.user!);
      result = { kind: 'or', children: [result, own] };
    }
    this.rowFilters.set(collection, result);
    return result;
  }

  /**
   * Collection presets a non-admin sees, whatever the read level: their own, their role's and
   * the global ones; other users' presets (bookmarks) are private to them.
   */
  private presetPrivacy(): FilterNode {
    const { user, role } = this.accountability;
    const shared: FilterNode[] = [condition('role', 'null', null)];
    if (role != null) shared.push(condition('role', 'eq', role));
    const terms: FilterNode[] = [and([condition('user', 'null', null), { kind: 'or', children: shared }])!];
    if (user != null) terms.push(condition('user', 'eq', user));
    return terms.length === 1 ? terms[0] : { kind: 'or', children: terms };
  }

  /** Recorded payloads (revision snapshots, comments) are read only through `redact`. */
  opaqueField(collection: string, field: string): boolean {
    return !this.admin && isRecordedPayload(collection, field);
  }

  redact(scope: SqlScope, collection: string, rows: Item[], items: Item[]): Promise<void> {
    return redactRecorded(this, scope, collection, rows, items);
  }

  /** The level an item's owner relation grants: mine when the caller owns it, role when a role mate does. */
  private relationTo(info: CollectionInfo, row: Record<string, unknown>): Level {
    const { user, role } = this.accountability;
    if (info.collection === 'directus_roles')
      return role != null && Number(row.id) === role ? 'mine' : 'full';
    if (info.collection === 'directus_permissions')
      return role != null && Number(row.role) === role ? 'mine' : 'full';
    const ownerField = this.ownerFieldOf(info);
    if (!ownerField || user == null) return 'full';
    const owner = row[ownerField];
    if (owner === null || owner === undefined) return 'full';
    if (Number(owner) === user) return 'mine';
    if (info.collection === 'directus_users')
      return role != null && Number(row.role) === role ? 'role' : 'full';
    return this.roleUsers.has(Number(owner)) ? 'role' : 'full';
  }

  /** Whether a granted level covers an item: full always; role for items of role mates; mine for own. */
  private covers(info: CollectionInfo, grant: Level, row: Record<string, unknown>): boolean {
    if (grant === 'full') return true;
    if (grant === 'none') return false;
    return RANK[grant] >= RANK[this.relationTo(info, row)];
  }

  private forbidden(action: WriteAction, collection: string, message?: string): ApiError {
    const name =
      action === 'create'
        ? 'FORBIDDEN_COLLECTION_CREATE'
        : action === 'update'
          ? 'FORBIDDEN_COLLECTION_UPDATE'
          : 'FORBIDDEN_COLLECTION_DELETE';
    const verb =
      action === 'create'
        ? 'Creating items in'
        : action === 'update'
          ? 'Updating items in'
          : 'Deleting items from';
    return new ApiError(name, message ?? `${verb} "${collection}" was denied`);
  }

  private checkFields(row: PermissionRow | null, collection: string, fields: Iterable<string>): void {
    if (!row) return;
    for (const field of fields) {
      if (row.writeFieldBlacklist.includes(field)) {
        throw new ApiError('FORBIDDEN_FIELD_WRITE', `Writing field "${field}" of "${collection}" was denied`);
      }
    }
  }

  private checkExplain(
    row: PermissionRow | null,
    collection: string,
    action: WriteAction,
    comment: string | null,
  ) {
    if (!row || comment) return;
    if (row.explain === 'always' || row.explain === action) {
      throw new ApiError('FORBIDDEN', `Activity comment required for collection: ${collection}`);
    }
  }

  /** Create: the `$create` row when there is one, else the row of the new item's status. */
  assertCreate(
    info: CollectionInfo,
    status: unknown,
    fields: Iterable<string>,
    comment: string | null,
  ): void {
    if (this.admin) return;
    const row = this.createRow(info.collection, status);
    if (!row || row.create === 'none') throw this.forbidden('create', info.collection);
    if (info.statusField && status !== undefined && status !== null) {
      const statusRow = this.rowFor(info.collection, status);
      if (row.statusBlacklist.includes(String(status)) || (this.workflow(info.collection) && !statusRow)) {
        throw this.forbidden('create', info.collection, `Creating items with status "${status}" was denied`);
      }
      if (statusRow && statusRow !== row) this.checkFields(statusRow, info.collection, fields);
    }
    this.checkFields(row, info.collection, fields);
    this.checkExplain(row, info.collection, 'create', comment);
  }

  /**
   * Update of a stored item: the row of its current status decides; writing a soft-delete status
   * needs delete permission; soft-deleted items stay untouchable for non-admins (api-v8 §6.3).
   */
  assertUpdate(
    info: CollectionInfo,
    current: Record<string, unknown>,
    fields: Iterable<string>,
    newStatus: unknown,
    comment: string | null,
  ): void {
    if (this.admin) return;
    const status = info.statusField ? current[info.statusField] : undefined;
    if (info.statusField && isSoftDeleted(info, status)) {
      throw this.forbidden('update', info.collection, 'Soft-deleted items cannot be updated');
    }
    const row = this.rowFor(info.collection, status);
    if (!row || !this.covers(info, row.update, current)) throw this.forbidden('update', info.collection);
    const list = [...fields];
    this.checkFields(row, info.collection, list);
    if (info.statusField && newStatus !== undefined && String(newStatus) !== String(status)) {
      if (row.statusBlacklist.includes(String(newStatus))) {
        throw this.forbidden('update', info.collection, `Setting status "${newStatus}" was denied`);
      }
      if (isSoftDeleted(info, newStatus) && !this.covers(info, row.delete, current)) {
        throw this.forbidden('delete', info.collection);
      }
      const target = this.rowFor(info.collection, newStatus);
      if (this.workflow(info.collection) && !target) {
        throw this.forbidden('update', info.collection, `Setting status "${newStatus}" was denied`);
      }
      if (target && target !== row) this.checkFields(target, info.collection, list);
    }
    this.checkExplain(row, info.collection, 'update', comment);
  }

  assertDelete(info: CollectionInfo, current: Record<string, unknown>, comment: string | null): void {
    if (this.admin) return;
    const status = info.statusField ? current[info.statusField] : undefined;
    const row = this.rowFor(info.collection, status);
    if (!row || !this.covers(info, row.delete, current)) throw this.forbidden('delete', info.collection);
    if (row.explain === 'always' && !comment) this.checkExplain(row, info.collection, 'delete', comment);
  }

  /** The comment level for a collection; a missing row or value means allowed (api-v8 §6.2). */
  commentLevel(collection: string): PermissionRow['comment'] {
    if (this.admin) return 'full';
    const rows = this.effectiveRows(collection);
    if (rows.length === 0) return this.rowsOf(collection).length === 0 ? 'none' : 'full';
    const order = ['none', 'create', 'update', 'full'];
    return rows.map((row) => row.comment).sort((a, b) => order.indexOf(b) - order.indexOf(a))[0];
  }
}

export function isSoftDeleted(info: CollectionInfo, status: unknown): boolean {
  if (status === null || status === undefined) return false;
  return info.statusMapping?.[String(status)]?.soft_delete === true;
}

async function load(knex: Knex, schema: SchemaModel, accountability: Accountability): Promise<Permissions> {
  if (accountability.admin) return new Permissions(schema, accountability, [], new Set());
  const role = accountability.role ?? 2;
  const raw = (await knex('directus_permissions').where('role', role).orderBy('id')) as Array<
    Record<string, unknown>
  >;
  const rows = raw.map(normaliseRow);
  let members = new Set<number>();
  const usesRole = rows.some((row) => row.read === 'role' || row.update === 'role' || row.delete === 'role');
  if (usesRole && accountability.role != null && accountability.user != null) {
    const users = (await knex('directus_users').select('id').where('role', accountability.role)) as Array<{
      id: unknown;
    }>;
    members = new Set(users.map((user) => Number(user.id)));
  }
  return new Permissions(schema, accountability, rows, members);
}

/*
 * Permissions are shared between the requests of one caller (role and user) and schema version:
 * their rows, and what is derived from them (row filters, readable fields), are computed once.
 * Any write to permissions, roles or users, on this node or another, drops the project's entries
 * (database/invalidation.ts), so a change applies to the very next request everywhere; the TTL
 * only bounds changes made behind the server's back. While cut off from the other nodes, every
 * request reads its permissions afresh.
 */
const SHARED_TTL = 30_000;
const SHARED_MAX = 10_000;

interface SharedEntry {
  schema: SchemaModel;
  expires: number;
  permissions: Promise<Permissions>;
}

const shared = new Map<string, Map<string, SharedEntry>>();
onInvalidate('permissions', (projectKey) => shared.delete(projectKey));

const perRequest = new WeakMap<Accountability, { schema: SchemaModel; permissions: Promise<Permissions> }>();

function loadShared(
  project: Pick<ProjectContext, 'key' | 'knex'>,
  schema: SchemaModel,
  accountability: Accountability,
): Promise<Permissions> {
  if (!live()) return load(project.knex, schema, accountability);
  const { user, role, admin } = accountability;
  const key = `${admin ? 'admin' : role}:${user}`;
  let byCaller = shared.get(project.key);
  const entry = byCaller?.get(key);
  const now = Date.now();
  if (entry && entry.schema === schema && entry.expires > now) return entry.permissions;
  if (!byCaller) shared.set(project.key, (byCaller = new Map()));
  if (byCaller.size >= SHARED_MAX) byCaller.clear();
  const started = generation(project.key);
  // The shared object carries who it is for, not the request's address or token.
  const who: Accountability = { user, role, admin, ip: '' };
  const permissions = load(project.knex, schema, who);
  const created: SharedEntry = { schema, expires: now + SHARED_TTL, permissions };
  const table = byCaller;
  table.set(key, created);
  const drop = () => {
    if (table.get(key) === created) table.delete(key);
  };
  // Something changed while the rows were being read: this request may use them, later ones not.
  permissions.then(() => generation(project.key) !== started && drop(), drop);
  return permissions;
}

/**
 * The caller's permissions: resolved once per request (cached on the accountability object, which
 * lives as long as the request) from the shared cache above.
 */
export function permissionsFor(
  project: Pick<ProjectContext, 'key' | 'knex'>,
  schema: SchemaModel,
  accountability: Accountability,
): Promise<Permissions> {
  const cached = perRequest.get(accountability);
  if (cached && cached.schema === schema) return cached.permissions;
  const permissions = loadShared(project, schema, accountability);
  perRequest.set(accountability, { schema, permissions });
  permissions.catch(() => perRequest.delete(accountability));
  return permissions;
}

/** Forget the cached permissions of a request (after it changed its own role's permissions). */
export function forgetPermissions(accountability: Accountability): void {
  perRequest.delete(accountability);
}
