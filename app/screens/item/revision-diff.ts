import { sameValue } from '../../../machines/item-edit.machine';
import type { FieldDefinition } from '../../../engine/types';

type Item = Record<string, unknown>;

export interface RevisionView {
  /** The fields the revision holds (its snapshot has no aliases or to-many lists), in form order. */
  fields: FieldDefinition[];
  /** The values to draw: the snapshot, with a related item expanded where the current item has it. */
  values: Item;
  /** The fields whose value differs from the current item's. */
  changed: string[];
}

/** A related item as the current item holds it (`{id, ...}`) compared by its key. */
function comparable(value: unknown, key: string | null): unknown {
  if (key && value && typeof value === 'object' && !Array.isArray(value) && key in value) {
    return (value as Item)[key];
  }
  return value;
}

/**
 * What a revision preview shows (spec §4 Revert): the item as the revision recorded it, field by field,
 * and which fields differ from the item as it is now. `relatedKeyOf` names the primary key of the
 * collection a field points at (m2o, user, file), whose values the current item holds expanded and
 * the snapshot holds as keys.
 */
export function revisionView(
  fields: FieldDefinition[],
  snapshot: Item,
  current: Item,
  relatedKeyOf: (field: FieldDefinition) => string | null,
): RevisionView {
  const shown = fields.filter((field) => Object.prototype.hasOwnProperty.call(snapshot, field.field));
  const values: Item = {};
  const changed: string[] = [];
  for (const field of shown) {
    const key = relatedKeyOf(field);
    const past = snapshot[field.field];
    const now = current[field.field];
    const same = sameValue(comparable(past, key), comparable(now, key));
    // The current related item, expanded, lets a relational interface label the (same) value.
    values[field.field] = same && key && now && typeof now === 'object' ? now : past;
    if (!same) changed.push(field.field);
  }
  return { fields: shown, values, changed };
}
