import type { Knex } from 'knex';
import { onRelay, relay } from '../database/invalidation';
import type { Dialect } from '../database/dialects/types';
import { ApiError } from '../errors';

/*
 * Edit conflicts (Octavo addition, docs/compatibility.md). An item's *revision* is the activity id
 * of its latest row in `directus_revisions`: every create, update and revert of an item through
 * the items engine records one in the write's transaction, nested writes included, comments do
 * not. It works for every collection, whether or not it has a `datetime_updated` field, and it
 * only grows. 0: the item has no revision (made before revisions were kept, or by plain SQL).
 */

/** One saved item, as the item event streams tell it. */
export interface ItemChange {
  project: string;
  collection: string;
  item: string;
  /** The item's revision after the save. */
  revision: number;
  /** Who saved (null: the server itself or an anonymous caller). */
  user: number | null;
}

const KIND = 'item-change';

/**
 * Tells every node that these items were saved (called once their transaction has committed):
 * one message per write, however many items it saved.
 */
export function announceItemChanges(changes: ItemChange[]): void {
  if (changes.length > 0) relay(KIND, changes);
}

function isChange(value: unknown): value is ItemChange {
  const change = value as ItemChange;
  return (
    !!change &&
    typeof change.project === 'string' &&
    typeof change.collection === 'string' &&
    typeof change.item === 'string' &&
    typeof change.revision === 'number'
  );
}

/** Listens to the saves of every node; returns the unsubscribe. */
export function onItemChange(listener: (change: ItemChange) => void): () => void {
  return onRelay(KIND, (payload) => {
    if (!Array.isArray(payload)) return;
    for (const change of payload) if (isChange(change)) listener(change);
  });
}

/** The item's current revision (0: none). */
export async function latestRevision(
  knex: Knex | Knex.Transaction,
  collection: string,
  key: string | number,
): Promise<number> {
  const row = (await knex('directus_revisions')
    .where({ collection, item: String(key) })
    .max('activity as revision')
    .first()) as { revision?: number | string | null } | undefined;
  return Number(row?.revision ?? 0) || 0;
}

/** `base_revision` of a request: a whole number ≥ 0, or undefined when absent. */
export function parseBaseRevision(raw: unknown): number | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw)) {
    throw new ApiError('INVALID_REQUEST', 'base_revision: must be a whole number');
  }
  return Number(raw);
}

/**
 * Inside a write's transaction, before anything else is read: locks the item's row (where the
 * database has row locks) and answers whether it exists. Two saves of one item then wait for
 * each other. First, because MySQL's REPEATABLE READ takes its snapshot at a transaction's first
 * plain read: taken after the lock, it sees the save that held it.
 */
export async function lockItemRow(
  trx: Knex.Transaction,
  dialect: Dialect,
  collection: string,
  primaryKey: string,
  key: string | number,
): Promise<boolean> {
  const lock = trx(collection).where(primaryKey, key).first(primaryKey);
  dialect.lockForUpdate(lock);
  return (await lock) !== undefined;
}

/** Refuses with 409 code 1110 when the item's revision is no longer `base` (after `lockItemRow`). */
export async function assertRevision(
  trx: Knex.Transaction,
  collection: string,
  key: string | number,
  base: number,
): Promise<void> {
  const current = await latestRevision(trx, collection, key);
  if (current !== base) {
    throw new ApiError(
      'ITEM_CHANGED_SINCE_LOADED',
      `The item was saved by someone else since you loaded it (revision ${base}, now ${current})`,
    );
  }
}

/** Who made a revision: the `action_by` of its activity row (null: unknown or the server). */
export async function revisionAuthor(knex: Knex, revision: number): Promise<number | null> {
  if (revision <= 0) return null;
  const row = (await knex('directus_activity').select('action_by').where('id', revision).first()) as
    { action_by?: number | string | null } | undefined;
  const user = Number(row?.action_by ?? 0);
  return user > 0 ? user : null;
}
