/**
 * How the relational interfaces mark the rows of a to-many value (one-to-many children, many-to-many junction
 * rows, translation rows) so the app's payload rules (`toPayload`) write only what changed:
 *
 * - a row without a key is new and is created;
 * - `$edited: [fields]` on a stored row: only those fields are written (a nested far item the same way);
 * - `$link: true`: a stored child picked into a one-to-many list (the server points it at this item);
 * - `$unlink: true`: a one-to-many child let go with `delete_mode: relation` (its link is set to null);
 * - `$delete: true` (Directus 8's own marker): the row is deleted (a junction row, a translation, a child);
 * - a stored row without a marker is unchanged and is not sent.
 */
export type Row = Record<string, unknown>;

export const EDITED = '$edited';
export const LINK = '$link';
export const UNLINK = '$unlink';
export const DELETE = '$delete';

export function isRow(value: unknown): value is Row {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);
}

export function keyOf(value: unknown, primaryKey: string): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (isRow(value)) {
    const key = value[primaryKey];
    return key === null || key === undefined || key === '' ? null : String(key);
  }
  return String(value);
}

/** The list a to-many value holds (anything else reads as empty). */
export function rowsOf(value: unknown): Row[] {
  return Array.isArray(value) ? value.filter(isRow) : [];
}

/** Whether a row is gone from the user's point of view (deleted or unlinked). */
export function isRemoved(row: Row): boolean {
  return row[DELETE] === true || row[UNLINK] === true;
}

/** A row with some fields changed; a stored row remembers which fields were edited. */
export function editRow(row: Row, changes: Row, primaryKey: string): Row {
  const next: Row = { ...row, ...changes };
  if (keyOf(row, primaryKey) !== null && row[LINK] !== true) {
    const edited = new Set(Array.isArray(row[EDITED]) ? (row[EDITED] as string[]) : []);
    for (const name of Object.keys(changes)) if (!name.startsWith('$')) edited.add(name);
    next[EDITED] = [...edited];
  }
  return next;
}

/** Removes a row: a new one simply goes, a stored one keeps its place with the marker the write needs. */
export function removeRow(rows: Row[], row: Row, primaryKey: string, mode: 'delete' | 'unlink'): Row[] {
  if (keyOf(row, primaryKey) === null || row[LINK] === true) return rows.filter((other) => other !== row);
  const key = row[primaryKey];
  return rows.map((other) =>
    other === row ? { ...row, [primaryKey]: key, [mode === 'delete' ? DELETE : UNLINK]: true } : other,
  );
}
