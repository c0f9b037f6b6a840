import type { FieldDefinition } from '../../engine/types';
import { NEW_ITEM_KEY, isSystemCollection, itemPath, itemsPath } from '../paths';
import {
  backLinkOf,
  primaryKeyName,
  relatedCollection,
  typeOf,
  type Item,
  type SoftDelete,
} from '../state/schema-info';
import type { RelationRow } from '../state/types';
import type { ApiClient, Params } from './client';
import { DELETE, EDITED, LINK, UNLINK, isRow } from '../../engine/components/relational/entries';

/** The API's item calls (api-v8 §2: `items/{collection}`, system collections at their own endpoints). */

export type PrimaryKey = string | number;

/** The `fields` query of the item request: relations expanded so relational interfaces can label them. */
export function itemFieldsQuery(collection: string): string {
  return isSystemCollection(collection) ? '*.*' : '*.*.*';
}

export interface WriteContext {
  collection: string;
  fields: FieldDefinition[];
  relations: RelationRow[];
  /** Primary key field of a collection (by its fields), 'id' when unknown. */
  primaryKeyOf: (collection: string) => string;
}

/** v8 m2o values arrive expanded (`{id, ...}`); the write side wants the key. */
function keyValue(value: unknown, primaryKey: string): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value) && primaryKey in value) {
    return (value as Item)[primaryKey];
  }
  return value;
}

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The primary key of the collection a field of `collection` points at (by its relation row), else `id`. */
function nestedKeyOf(context: WriteContext, collection: string, field: string): string {
  const row = context.relations.find((r) => r.collection_many === collection && r.field_many === field);
  return row?.collection_one ? context.primaryKeyOf(row.collection_one) : 'id';
}

/**
 * The fields of a row as a write sends them: the interfaces' own markers go, a related item travels as its
 * key unless it is new (created with the row) or edited (only its edited fields, with its key).
 */
function rowFields(row: Item, collection: string, context: WriteContext, names?: string[]): Item {
  const out: Item = {};
  for (const name of names ?? Object.keys(row)) {
    if (name.startsWith('$') || !(name in row)) continue;
    const value = row[name];
    if (!isRow(value)) {
      out[name] = value;
      continue;
    }
    const key = nestedKeyOf(context, collection, name);
    const target =
      context.relations.find((r) => r.collection_many === collection && r.field_many === name)
        ?.collection_one ?? '';
    if (!present(value[key])) out[name] = rowFields(value, target, context);
    else if (Array.isArray(value[EDITED]))
      out[name] = { [key]: value[key], ...rowFields(value, target, context, value[EDITED] as string[]) };
    else out[name] = value[key];
  }
  return out;
}

/**
 * One row of a to-many list as the write sends it (see engine/components/relational/entries.ts), or null
 * when nothing about it changed. The link back to the parent is the server's to set. A copy (creating)
 * creates every row anew, except one-to-many children, which move to the new item by their key.
 */
function childValue(
  child: unknown,
  options: { collection: string; key: string; backLink: string | null; o2m: boolean; copy: boolean },
  context: WriteContext,
): unknown {
  if (!isRow(child)) return child;
  const { key, backLink } = options;
  const stored = present(child[key]);
  const without = (row: Item) => {
    const out = rowFields(row, options.collection, context);
    if (backLink) delete out[backLink];
    return out;
  };
  if (child[DELETE] === true || child[UNLINK] === true) {
    if (!stored || options.copy) return null;
    if (child[DELETE] === true) return { [key]: child[key], $delete: true };
    return backLink ? { [key]: child[key], [backLink]: null } : null;
  }
  if (options.copy) {
    if (stored && options.o2m) return { [key]: child[key] };
    const out = without(child);
    delete out[key];
    return out;
  }
  if (!stored) return without(child);
  const edited = Array.isArray(child[EDITED]) ? (child[EDITED] as string[]) : null;
  if (!edited && child[LINK] !== true) return null;
  const out = { [key]: child[key], ...rowFields(child, options.collection, context, edited ?? []) };
  if (backLink && child[LINK] !== true) delete out[backLink];
  return out;
}

/**
 * Prepares values for the API: expanded many-to-one objects become their key; to-many lists send only their
 * new, edited, linked, unlinked and deleted rows (the server writes them and the item in one transaction).
 */
export function toPayload(values: Item, context: WriteContext, creating: boolean): Item {
  const byName = new Map(context.fields.map((field) => [field.field, field]));
  const payload: Item = {};
  for (const [name, value] of Object.entries(values)) {
    const field = byName.get(name);
    if (!field) {
      payload[name] = value;
      continue;
    }
    const type = typeOf(field);
    const target = relatedCollection(field, context.collection, context.relations);
    if (
      target &&
      (type === 'm2o' || type === 'file' || type === 'user' || type === 'integer' || type === 'string')
    ) {
      payload[name] = keyValue(value, context.primaryKeyOf(target));
    } else if (
      (type === 'o2m' || type === 'translation' || type === 'alias') &&
      Array.isArray(value) &&
      target
    ) {
      const relation = context.relations.find(
        (r) => r.collection_one === context.collection && r.field_one === name,
      );
      const options = {
        collection: target,
        key: context.primaryKeyOf(target),
        backLink: backLinkOf(field, context.collection, context.relations),
        o2m: type !== 'translation' && !relation?.junction_field,
        copy: creating,
      };
      payload[name] = value
        .map((child) => childValue(child, options, context))
        .filter((child) => child !== null);
    } else {
      payload[name] = value;
    }
  }
  return payload;
}

export async function loadItem(api: ApiClient, collection: string, primaryKey: PrimaryKey): Promise<Item> {
  const answer = await api.get<Item>(itemPath(collection, primaryKey), {
    fields: itemFieldsQuery(collection),
  });
  return answer.data ?? {};
}

/**
 * Creates (NEW_ITEM_KEY) or updates one item, or several at once (`1,2`); answers the saved item.
 * `updateParams` go with an update (e.g. the edit-conflict precondition, api/editing.ts).
 */
export async function saveItem(
  api: ApiClient,
  context: WriteContext,
  primaryKey: PrimaryKey,
  values: Item,
  updateParams?: Params,
): Promise<Item> {
  const creating = primaryKey === NEW_ITEM_KEY;
  const payload = toPayload(values, context, creating);
  const answer = creating
    ? await api.post<Item>(itemsPath(context.collection), payload)
    : await api.patch<Item>(itemPath(context.collection, primaryKey), payload, updateParams);
  const data = answer.data as Item | Item[] | undefined;
  return (Array.isArray(data) ? data[0] : data) ?? {};
}

/**
 * Deleting items (spec §4): a collection with a soft-delete status sets that status instead, so the
 * items stay in the database and can be brought back. The one rule the listing and the item page share.
 */
export async function removeItems(
  api: ApiClient,
  collection: string,
  keys: PrimaryKey[],
  softDelete: SoftDelete | null,
): Promise<void> {
  if (keys.length === 0) return;
  if (softDelete) {
    await api.patch(itemPath(collection, keys), { [softDelete.field]: softDelete.value });
  } else {
    await api.delete(itemPath(collection, keys));
  }
}

/** Writes new manual sort values (a batch update of the sort field). */
export async function saveSortValues(
  api: ApiClient,
  collection: string,
  primaryKey: string,
  sortField: string,
  changes: { key: unknown; sort: number }[],
): Promise<void> {
  await api.patch(
    itemsPath(collection),
    changes.map((change) => ({ [primaryKey]: change.key, [sortField]: change.sort })),
    { fields: primaryKey },
  );
}

/** The key of a single collection's item, or null when it has none yet. */
export async function firstItemKey(api: ApiClient, collection: string, fields: FieldDefinition[]) {
  const primaryKey = primaryKeyName(fields);
  const answer = await api.get<Item[]>(itemsPath(collection), { fields: primaryKey, limit: 1 });
  const first = Array.isArray(answer.data) ? answer.data[0] : undefined;
  return (first?.[primaryKey] as PrimaryKey | undefined) ?? null;
}

/** One page of a list request: `limit` from the params, `offset = limit * page` (spec §9). */
export async function listPage(
  api: ApiClient,
  collection: string,
  params: Record<string, unknown>,
  page: number,
): Promise<{ data: Item[]; meta: Record<string, unknown> | undefined }> {
  const { page: _page, offset: _offset, ...rest } = params;
  const limit = Number(rest.limit);
  const answer = await api.get<Item[]>(itemsPath(collection), {
    ...rest,
    offset: limit > 0 ? limit * page : 0,
  });
  return { data: Array.isArray(answer.data) ? answer.data : [], meta: answer.meta };
}

/** Items to choose from for a relational field; `more` tells whether the collection holds more. */
export async function searchItems(
  api: ApiClient,
  collection: string,
  query: { limit: number; search?: string; sort?: string; filter?: Record<string, unknown> },
): Promise<{ items: Item[]; more: boolean }> {
  // One more than asked tells whether the collection holds more (then the picker takes over).
  const answer = await api.get<Item[]>(itemsPath(collection), {
    fields: '*',
    limit: query.limit + 1,
    q: query.search || undefined,
    sort: query.sort || undefined,
    filter: query.filter,
  });
  const items = Array.isArray(answer.data) ? answer.data : [];
  return { items: items.slice(0, query.limit), more: items.length > query.limit };
}
