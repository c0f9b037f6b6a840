import type { Item } from '../query/execute-read';
import { coerceFilterValue } from '../query/coerce-value';
import { applyRowConstraints, type SqlScope } from '../query/filter-to-sql';
import type { FilterValue } from '../query/types';
import type { Permissions } from './permissions';

/**
 * The payloads that record another collection's items: a revision's snapshot and delta, an
 * activity row's comment. A caller sees them only as far as a read of the recorded item would show
 * it: the item readable now (collection, status rows, mine / role, not soft-deleted) and, inside a
 * snapshot, only the fields the caller may read there. Administrators see them whole.
 */
const RECORDED_PAYLOADS: Record<string, readonly string[]> = {
  directus_revisions: ['data', 'delta'],
  directus_activity: ['comment'],
};

/** The payloads that hold the recorded item's own fields. */
const SNAPSHOTS = ['data', 'delta'];

const CHUNK = 500;

export function isRecordedPayload(collection: string, field: string): boolean {
  return RECORDED_PAYLOADS[collection]?.includes(field) ?? false;
}

interface Recorded {
  collection: string;
  item: string;
}

/** Where each row points, read from the rows when they carry it, else by primary key. */
async function targetsOf(scope: SqlScope, collection: string, rows: Item[]): Promise<Map<string, Recorded>> {
  const targets = new Map<string, Recorded>();
  const missing: unknown[] = [];
  for (const row of rows) {
    if (typeof row.collection === 'string' && row.item !== undefined) {
      targets.set(String(row.id), { collection: row.collection, item: String(row.item) });
    } else missing.push(row.id);
  }
  for (let at = 0; at < missing.length; at += CHUNK) {
    const stored = (await scope
      .knex(collection)
      .select('id', 'collection', 'item')
      .whereIn('id', missing.slice(at, at + CHUNK) as number[])) as Item[];
    for (const row of stored) {
      targets.set(String(row.id), { collection: String(row.collection), item: String(row.item) });
    }
  }
  return targets;
}

/** The keys (as text) of the recorded items of one collection that the caller may read. */
async function visibleItems(
  scope: SqlScope,
  permissions: Permissions,
  collection: string,
  items: string[],
): Promise<Set<string>> {
  const visible = new Set<string>();
  const info = scope.schema.collections.get(collection);
  if (!info || !permissions.canReadCollection(collection)) return visible;
  const pkField = info.fields.get(info.primaryKey)!;
  const typed = new Map<string, FilterValue>();
  for (const item of items) {
    try {
      const value = coerceFilterValue(pkField, item, scope.dialect, scope.now);
      if (value !== null && typeof value !== 'boolean') typed.set(String(value), value);
    } catch {
      // A key the column cannot hold names no readable item.
    }
  }
  const keys = [...typed.values()];
  for (let at = 0; at < keys.length; at += CHUNK) {
    const qb = scope
      .knex({ r0: info.collection })
      .select(`r0.${info.primaryKey}`)
      .whereIn(`r0.${info.primaryKey}`, keys.slice(at, at + CHUNK) as Array<string | number>);
    applyRowConstraints(qb, { ...scope, guard: permissions }, info, 'r0');
    for (const row of (await qb) as Item[]) visible.add(String(row[info.primaryKey]));
  }
  // Keys as stored in the log (`item` is text): compare through the coerced form.
  const result = new Set<string>();
  for (const item of items) {
    try {
      const value = coerceFilterValue(pkField, item, scope.dialect, scope.now);
      if (visible.has(String(value))) result.add(item);
    } catch {
      // not visible
    }
  }
  return result;
}

/** Keeps the fields of a recorded snapshot the caller may read in the recorded collection. */
function filterFields(value: unknown, readable: ReadonlySet<string> | '*'): unknown {
  if (readable === '*') return value;
  // A snapshot that is not an object cannot be split into fields: not shown.
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  return Object.fromEntries(Object.entries(value as Item).filter(([name]) => readable.has(name)));
}

/** Redacts the recorded payloads of read `directus_revisions` / `directus_activity` items in place. */
export async function redactRecorded(
  permissions: Permissions,
  scope: SqlScope,
  collection: string,
  rows: Item[],
  items: Item[],
): Promise<void> {
  const payload = RECORDED_PAYLOADS[collection];
  if (!payload || permissions.admin) return;
  const carrying = rows
    .map((row, index) => ({ row, item: items[index] }))
    .filter(({ item }) => payload.some((field) => item[field] !== undefined && item[field] !== null));
  if (carrying.length === 0) return;
  const targets = await targetsOf(
    scope,
    collection,
    carrying.map(({ row }) => row),
  );
  const byCollection = new Map<string, Set<string>>();
  for (const target of targets.values()) {
    const list = byCollection.get(target.collection) ?? new Set<string>();
    list.add(target.item);
    byCollection.set(target.collection, list);
  }
  const visible = new Map<string, Set<string>>();
  for (const [name, keys] of byCollection) {
    visible.set(name, await visibleItems(scope, permissions, name, [...keys]));
  }
  for (const { row, item } of carrying) {
    const target = targets.get(String(row.id));
    const shown = target !== undefined && visible.get(target.collection)?.has(target.item) === true;
    for (const field of payload) {
      if (item[field] === undefined) continue;
      if (!shown) item[field] = null;
      else if (SNAPSHOTS.includes(field)) {
        item[field] = filterFields(item[field], permissions.readableFields(target!.collection));
      }
    }
  }
}
