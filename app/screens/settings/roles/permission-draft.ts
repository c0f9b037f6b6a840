import type { FieldDefinition } from '../../../../engine/types';
import type { CollectionMeta, RelationRow } from '../../../state/types';
import { statusMappingOf, typeOf } from '../../../state/schema-info';
import { isSystemCollection } from '../../../paths';
import type { PermissionRecord } from '../../../api/roles';

/**
 * The permission editor's model (spec §6, api-v8 §6): the rows of one role as the matrix shows them,
 * what a level button cycles through, the rows a collection shows (one per status and `$create` for
 * a workflow collection), the `$parent:<field>` row (docs/compatibility.md), and the batch of writes
 * that turns the saved rows into the edited ones. No React, no requests.
 */

export type Action = 'create' | 'read' | 'update' | 'delete' | 'comment' | 'explain';
export const ACTIONS: readonly Action[] = ['create', 'read', 'update', 'delete', 'comment', 'explain'];

export const CREATE_STATUS = '$create';
export const PARENT_PREFIX = '$parent:';

const OWNED_LEVELS = ['none', 'mine', 'role', 'full'] as const;

/** Every value each action takes, in the order a level button cycles through them. */
export const ACTION_LEVELS: Readonly<Record<Action, readonly string[]>> = {
  create: ['none', 'full'],
  read: OWNED_LEVELS,
  update: OWNED_LEVELS,
  delete: OWNED_LEVELS,
  comment: ['none', 'create', 'update', 'full'],
  explain: ['none', 'create', 'update', 'always'],
};

/**
 * The levels a button offers. `mine` and `role` reach items through an owner field (or the system
 * collections' own rules, api-v8 §6.2); elsewhere they would grant nothing, so only none and full.
 * Create knows no owner yet: none or full (the server counts any grant as full).
 */
export function levelsFor(action: Action, owned: boolean): readonly string[] {
  if ((action === 'read' || action === 'update' || action === 'delete') && !owned) return ['none', 'full'];
  return ACTION_LEVELS[action];
}

/** The level after `current` (a value the list lacks, e.g. v8's `read`, starts over at the first). */
export function nextLevel(action: Action, current: string, owned: boolean): string {
  const levels = levelsFor(action, owned);
  const index = levels.indexOf(current);
  return levels[(index + 1) % levels.length];
}

/** The spec's permission state a level is shown as (spec §4: always, create, full, mine only, …). */
export function levelState(action: Action, level: string): string {
  if (level === 'none' || !level) return 'none';
  if (action === 'explain')
    return level === 'create' ? 'on_creation' : level === 'update' ? 'on_update' : 'always';
  if (action === 'comment') return level === 'create' ? 'create' : level === 'update' ? 'update' : 'full';
  if (level === 'mine') return 'mine_only';
  if (level === 'role') return 'role_only';
  if (level === 'read') return 'read_only';
  return 'full';
}

export const STATE_ICONS: Readonly<Record<string, string>> = {
  none: 'block',
  mine_only: 'person',
  role_only: 'group',
  full: 'done_all',
  read_only: 'visibility',
  create: 'add_comment',
  update: 'edit_note',
  on_creation: 'note_add',
  on_update: 'rate_review',
  always: 'priority_high',
};

/** The facts of one collection the editor needs. */
export interface CollectionShape {
  collection: string;
  system: boolean;
  /** The collection's fields, in form order. */
  fields: string[];
  /** Status values, when the collection has a status field. */
  statuses: string[] | null;
  /** Whether mine / role mean something here. */
  owned: boolean;
  /** Many-to-one fields with the collection they point at: candidates for "follows parent". */
  parents: Array<{ field: string; collection: string }>;
}

const SYSTEM_OWNED = new Set([
  'directus_users',
  'directus_activity',
  'directus_collection_presets',
  'directus_roles',
  'directus_permissions',
]);

export function collectionShape(
  collection: string,
  meta: CollectionMeta | undefined,
  fields: FieldDefinition[],
  relations: RelationRow[],
): CollectionShape {
  const mapping = statusMappingOf(meta, fields);
  const statuses = mapping
    ? Object.entries(mapping).map(([key, entry]) => String(entry?.value ?? key))
    : null;
  const owned = SYSTEM_OWNED.has(collection) || fields.some((field) => typeOf(field) === 'owner');
  const parents = fields
    .filter((field) => typeOf(field) === 'm2o')
    .map((field) => {
      const relation = relations.find(
        (row) => row.collection_many === collection && row.field_many === field.field && row.collection_one,
      );
      return relation ? { field: field.field, collection: relation.collection_one! } : null;
    })
    .filter((entry): entry is { field: string; collection: string } => entry !== null);
  return {
    collection,
    system: isSystemCollection(collection),
    fields: fields
      .filter((field) => typeOf(field) !== 'alias' || field.interface !== 'divider')
      .map((f) => f.field),
    statuses: statuses && statuses.length > 0 ? statuses : null,
    owned,
    parents,
  };
}

/** The statuses of the rows a collection shows: `$create` and each status, or the one null row. */
export function rowStatuses(shape: Pick<CollectionShape, 'statuses'>): Array<string | null> {
  return shape.statuses ? [CREATE_STATUS, ...shape.statuses] : [null];
}

/** One row of the matrix: the values as edited, and the saved row they came from (if any). */
export interface DraftRow {
  collection: string;
  status: string | null;
  /** The saved row's id; absent for a row the save will create. */
  id?: number;
  create: string;
  read: string;
  update: string;
  delete: string;
  comment: string;
  explain: string;
  read_field_blacklist: string[];
  write_field_blacklist: string[];
  status_blacklist: string[];
  /**
   * Values shown for a status row that does not exist yet but that the collection's null-status row
   * covers today (no workflow yet): saving it unchanged writes nothing.
   */
  inherited?: boolean;
  /** An inherited row the editor changed: it will be written, and the collection gets status rows. */
  touched?: boolean;
}

export const rowKey = (collection: string, status: string | null) => `${collection}\u0000${status ?? ''}`;

export function emptyRow(collection: string, status: string | null): DraftRow {
  return {
    collection,
    status,
    create: 'none',
    read: 'none',
    update: 'none',
    delete: 'none',
    comment: 'none',
    explain: 'none',
    read_field_blacklist: [],
    write_field_blacklist: [],
    status_blacklist: [],
  };
}

function list(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** A saved row as the draft holds it (blacklists as lists, missing levels as none). */
export function fromRecord(record: PermissionRecord): DraftRow {
  return {
    id: record.id,
    collection: record.collection,
    status: record.status === '' || record.status === undefined ? null : record.status,
    create: record.create || 'none',
    read: record.read || 'none',
    update: record.update || 'none',
    delete: record.delete || 'none',
    comment: record.comment || 'none',
    explain: record.explain || 'none',
    read_field_blacklist: list(record.read_field_blacklist),
    write_field_blacklist: list(record.write_field_blacklist),
    status_blacklist: list(record.status_blacklist),
  };
}

/** The draft of a role: every saved row by key, plus the rows each collection shows. */
export type Draft = Map<string, DraftRow>;

export function buildDraft(shapes: CollectionShape[], saved: PermissionRecord[]): Draft {
  const draft: Draft = new Map();
  for (const record of saved) {
    const row = fromRecord(record);
    draft.set(rowKey(row.collection, row.status), row);
  }
  for (const shape of shapes) {
    const general = draft.get(rowKey(shape.collection, null));
    const workflow = (shape.statuses ?? []).some((status) => draft.has(rowKey(shape.collection, status)));
    for (const status of rowStatuses(shape)) {
      const key = rowKey(shape.collection, status);
      if (draft.has(key)) continue;
      // Before the first status row exists, the null-status row covers every status (api-v8 §6.3).
      if (status !== null && status !== CREATE_STATUS && general && !workflow) {
        draft.set(key, { ...general, id: undefined, status, inherited: true });
      } else draft.set(key, emptyRow(shape.collection, status));
    }
  }
  return draft;
}

/** The `$parent:<field>` row of a collection, if any. */
export function parentRowOf(draft: Draft, collection: string): DraftRow | undefined {
  for (const row of draft.values())
    if (row.collection === collection && row.status?.startsWith(PARENT_PREFIX)) return row;
  return undefined;
}

/** The field a collection follows, or null. */
export function parentFieldOf(draft: Draft, collection: string): string | null {
  const row = parentRowOf(draft, collection);
  return row ? row.status!.slice(PARENT_PREFIX.length) : null;
}

/** Makes a collection follow the item its field points at (null: follow nothing). Returns a new draft. */
export function setParent(draft: Draft, collection: string, field: string | null): Draft {
  const next = new Map(draft);
  const current = parentRowOf(draft, collection);
  if (current) next.delete(rowKey(collection, current.status));
  if (field) {
    const status = `${PARENT_PREFIX}${field}`;
    // A changed field keeps the saved row (its status is updated), else a new row.
    next.set(rowKey(collection, status), { ...emptyRow(collection, status), id: current?.id });
  }
  return next;
}

/** Changes one row; returns a new draft. */
export function updateRow(draft: Draft, row: DraftRow, change: Partial<DraftRow>): Draft {
  const next = new Map(draft);
  const changed = row.inherited ? { inherited: false, touched: true } : {};
  next.set(rowKey(row.collection, row.status), { ...row, ...change, ...changed });
  return next;
}

/** The "all" and "none" shortcuts: every action of the rows at its highest or lowest level. */
export function setAllLevels(draft: Draft, rows: DraftRow[], to: 'all' | 'none', owned: boolean): Draft {
  let next = draft;
  for (const row of rows) {
    const change: Partial<DraftRow> = {};
    for (const action of actionsOf(row)) {
      const levels = levelsFor(action, owned);
      change[action] = to === 'all' ? levels[levels.length - 1] : 'none';
    }
    // "All" keeps explaining optional: requiring a comment on every write is not a grant.
    if (to === 'all' && 'explain' in change) change.explain = row.explain;
    next = updateRow(next, row, change);
  }
  return next;
}

/** The actions a row decides: a `$create` row decides only creation (api-v8 §6.3). */
export function actionsOf(row: Pick<DraftRow, 'status'>): readonly Action[] {
  return row.status === CREATE_STATUS ? ['create'] : ACTIONS;
}

const COLUMNS = [
  ...ACTIONS,
  'read_field_blacklist',
  'write_field_blacklist',
  'status_blacklist',
  'status',
] as const;

function same(a: DraftRow[keyof DraftRow], b: DraftRow[keyof DraftRow]): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    const x = Array.isArray(a) ? [...a].sort() : [];
    const y = Array.isArray(b) ? [...b].sort() : [];
    return x.length === y.length && x.every((value, index) => value === y[index]);
  }
  return (a ?? null) === (b ?? null);
}

function isEmpty(row: DraftRow): boolean {
  return (
    ACTIONS.every((action) => row[action] === 'none') &&
    row.read_field_blacklist.length === 0 &&
    row.write_field_blacklist.length === 0 &&
    row.status_blacklist.length === 0
  );
}

export interface PermissionWrite {
  collection?: string;
  role?: number;
  id?: number;
  status?: string | null;
  create?: string;
  read?: string;
  update?: string;
  delete?: string;
  comment?: string;
  explain?: string;
  read_field_blacklist?: string[];
  write_field_blacklist?: string[];
  status_blacklist?: string[];
}

export interface PermissionBatch {
  /** New rows (`POST /permissions` with an array). */
  create: PermissionWrite[];
  /** Changed columns of saved rows, each with its id (`PATCH /permissions` with an array). */
  update: PermissionWrite[];
  /** Ids of saved rows to remove (`DELETE /permissions/{ids}`). */
  remove: number[];
}

function payloadOf(row: DraftRow, role: number): PermissionWrite {
  const payload: PermissionWrite = { collection: row.collection, role, status: row.status };
  for (const column of COLUMNS) {
    const value = row[column];
    // Empty lists stay unset (NULL), as v8 leaves them.
    if (column === 'status' || (Array.isArray(value) && value.length === 0)) continue;
    Object.assign(payload, { [column]: value });
  }
  return payload;
}

/**
 * The writes that turn the saved rows into the draft. A row the draft lost is removed; a changed
 * saved row sends its changed columns; a new row is created unless it grants and hides nothing
 * (no row means no access). Inherited status rows are created only when the collection will have
 * status rows after the save (then the null-status row no longer applies, api-v8 §6.3), and then
 * all of them, so no status loses what the null-status row granted.
 */
export function diffPermissions(saved: PermissionRecord[], draft: Draft, role: number): PermissionBatch {
  const batch: PermissionBatch = { create: [], update: [], remove: [] };
  const kept = new Set<number>();
  const workflowAfter = new Set<string>();
  for (const row of draft.values()) {
    if (row.status === null || row.status.startsWith('$') || row.inherited) continue;
    if (row.id !== undefined || row.touched || !isEmpty(row)) workflowAfter.add(row.collection);
  }
  const savedById = new Map(
    saved.filter((record) => record.id !== undefined).map((r) => [r.id!, fromRecord(r)]),
  );
  for (const row of draft.values()) {
    if (row.id !== undefined && savedById.has(row.id)) {
      kept.add(row.id);
      const before = savedById.get(row.id)!;
      const change: PermissionWrite = { id: row.id };
      for (const column of COLUMNS) {
        if (!same(row[column], before[column])) Object.assign(change, { [column]: row[column] });
      }
      if (Object.keys(change).length > 1) batch.update.push(change);
      continue;
    }
    const parent = row.status?.startsWith(PARENT_PREFIX) ?? false;
    if (row.inherited) {
      if (workflowAfter.has(row.collection) && !isEmpty(row)) batch.create.push(payloadOf(row, role));
      continue;
    }
    if (parent || !isEmpty(row)) batch.create.push(payloadOf(row, role));
  }
  for (const id of savedById.keys()) if (!kept.has(id)) batch.remove.push(id);
  return batch;
}

export function hasChanges(batch: PermissionBatch): boolean {
  return batch.create.length + batch.update.length + batch.remove.length > 0;
}
