export type Item = Record<string, unknown>;

export interface SortChange {
  /** The item's primary key and its new sort value. */
  key: unknown;
  sort: number;
}

export interface Reordered {
  items: Item[];
  changes: SortChange[];
}

function numeric(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/**
 * Moves the item at `from` to `to` and works out the sort values to write. When the loaded items carry
 * distinct ascending numbers, the moved range swaps its existing values among itself (only the items in
 * between change); otherwise every loaded item is numbered 1..n in its new order.
 */
export function reorderItems(
  items: Item[],
  primaryKey: string,
  sortField: string,
  from: number,
  to: number,
): Reordered {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) {
    return { items, changes: [] };
  }
  const order = [...items];
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved);

  const values = items.map((item) => numeric(item[sortField]));
  const distinctAscending =
    values.every((value) => value !== null) &&
    values.every((value, index) => index === 0 || (value as number) > (values[index - 1] as number));

  const next: Item[] = order.map((item) => ({ ...item }));
  if (distinctAscending) {
    const low = Math.min(from, to);
    const high = Math.max(from, to);
    for (let index = low; index <= high; index++) next[index][sortField] = values[index];
  } else {
    next.forEach((item, index) => {
      item[sortField] = index + 1;
    });
  }
  const before = new Map(items.map((item) => [item[primaryKey], numeric(item[sortField])]));
  const changes = next
    .filter((item) => before.get(item[primaryKey]) !== item[sortField])
    .map((item) => ({ key: item[primaryKey], sort: item[sortField] as number }));
  return { items: next, changes };
}
