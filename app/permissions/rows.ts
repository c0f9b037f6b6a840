import type { CollectionPermission, PermissionLevel, PermissionRow } from '../state/types';

const LEVEL_ORDER: PermissionLevel[] = ['none', 'read', 'mine', 'create', 'role', 'update', 'full', 'always'];

export const FULL_PERMISSION: CollectionPermission = Object.freeze({
  create: 'full',
  read: 'full',
  update: 'full',
  delete: 'full',
  comment: 'full',
  explain: 'none',
  read_field_blacklist: [],
  write_field_blacklist: [],
  status_blacklist: [],
}) as CollectionPermission;

export const NO_PERMISSION: CollectionPermission = Object.freeze({
  create: 'none',
  read: 'none',
  update: 'none',
  delete: 'none',
  comment: 'none',
  explain: 'none',
  read_field_blacklist: [],
  write_field_blacklist: [],
  status_blacklist: [],
}) as CollectionPermission;

function list(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  if (typeof value === 'string')
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return [];
}

function level(value: unknown, fallback: PermissionLevel = 'none'): PermissionLevel {
  return typeof value === 'string' && value ? (value as PermissionLevel) : fallback;
}

function toRow(raw: Record<string, unknown>): PermissionRow {
  return {
    create: level(raw.create),
    read: level(raw.read),
    update: level(raw.update),
    delete: level(raw.delete),
    // A missing comment value means allowed (api-v8 §6.2).
    comment: level(raw.comment, 'full'),
    explain: level(raw.explain),
    read_field_blacklist: list(raw.read_field_blacklist),
    write_field_blacklist: list(raw.write_field_blacklist),
    status_blacklist: list(raw.status_blacklist),
  };
}

function higher(a: PermissionLevel, b: PermissionLevel): PermissionLevel {
  return LEVEL_ORDER.indexOf(a) >= LEVEL_ORDER.indexOf(b) ? a : b;
}

const intersect = (a: string[], b: string[]) => a.filter((x) => b.includes(x));
const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];

/**
 * Merges status rows: the most permissive level; a field unreadable in any readable status is unreadable
 * (as the server hides it everywhere), other blacklists keep what every status blacklists.
 */
function mergeStatuses(rows: PermissionRow[]): PermissionRow {
  const readable = rows.filter((row) => row.read !== 'none');
  const hidden = readable.reduce<string[]>((acc, row) => union(acc, row.read_field_blacklist), []);
  const merged = rows.reduce((acc, row) => ({
    create: higher(acc.create, row.create),
    read: higher(acc.read, row.read),
    update: higher(acc.update, row.update),
    delete: higher(acc.delete, row.delete),
    comment: higher(acc.comment, row.comment),
    explain: higher(acc.explain, row.explain),
    read_field_blacklist: intersect(acc.read_field_blacklist, row.read_field_blacklist),
    write_field_blacklist: intersect(acc.write_field_blacklist, row.write_field_blacklist),
    status_blacklist: intersect(acc.status_blacklist, row.status_blacklist),
  }));
  return { ...merged, read_field_blacklist: hidden };
}

/**
 * Builds the permission map from GET /permissions/me: `$create` rows go to `$create`, status rows to
 * `statuses[status]`, null-status rows are the collection's own (api-v8 §2.14). Once a collection has status
 * rows, its null-status row no longer applies (§6.3), so the top level is the merge of its statuses.
 */
export function buildPermissions(rows: Record<string, unknown>[]): Record<string, CollectionPermission> {
  const map: Record<string, CollectionPermission> = {};
  const byCollection = new Map<string, Record<string, unknown>[]>();
  for (const raw of rows) {
    const collection = String(raw.collection ?? '');
    if (!collection) continue;
    byCollection.set(collection, [...(byCollection.get(collection) ?? []), raw]);
  }
  for (const [collection, raws] of byCollection) {
    const statuses: Record<string, PermissionRow> = {};
    let base: PermissionRow | null = null;
    let create: PermissionRow | undefined;
    for (const raw of raws) {
      const status = raw.status == null || raw.status === '' ? null : String(raw.status);
      if (status === '$create') create = toRow(raw);
      else if (status === null) base = toRow(raw);
      else if (!status.startsWith('$')) statuses[status] = toRow(raw);
    }
    const statusRows = Object.values(statuses);
    const top = statusRows.length ? mergeStatuses(statusRows) : (base ?? { ...NO_PERMISSION });
    map[collection] = {
      ...top,
      ...(statusRows.length ? { statuses } : {}),
      ...(create ? { $create: create } : {}),
    };
  }
  return map;
}
