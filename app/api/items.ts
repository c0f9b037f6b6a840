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
import type { ApiClient } from './client';

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

/**
 * A child of a to-many field as the write sends it. The link back to the parent is left out so the server
 * sets it to this item (a child picked from elsewhere arrives with its old link, often null). o2m children
 * are not edited in place: an existing one travels as its key alone. A copy creates new translation rows.
 */
function childValue(
  child: unknown,
  options: { key: string; backLink: string | null; keysOnly: boolean; copy: boolean },
): unknown {
  if (!child || typeof child !== 'object' || Array.isArray(child)) return child;
  const entry = child as Item;
  const hasKey = entry[options.key] !== undefined && entry[options.key] !== null;
  if (options.keysOnly && hasKey && !options.copy) {
    return entry.$delete === true
      ? { [options.key]: entry[options.key], $delete: true }
      : { [options.key]: entry[options.key] };
  }
  const out = { ...entry };
  if (options.backLink) delete out[options.backLink];
  if (options.copy) delete out[options.key];
  return out;
}

/** Prepares values for the API: expanded many-to-one objects become their key; to-many children as above. */
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
    } else if ((type === 'o2m' || type === 'translation') && Array.isArray(value) && target) {
      const options = {
        key: context.primaryKeyOf(target),
        backLink: backLinkOf(field, context.collection, context.relations),
        keysOnly: type === 'o2m',
        copy: creating,
      };
      payload[name] = value.map((child) => childValue(child, options));
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

/** Creates (NEW_ITEM_KEY) or updates one item, or several at once (`1,2`); answers the saved item. */
export async function saveItem(
  api: ApiClient,
  context: WriteContext,
  primaryKey: PrimaryKey,
  values: Item,
): Promise<Item> {
  const creating = primaryKey === NEW_ITEM_KEY;
  const payload = toPayload(values, context, creating);
  const answer = creating
    ? await api.post<Item>(itemsPath(context.collection), payload)
    : await api.patch<Item>(itemPath(context.collection, primaryKey), payload);
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
  query: { limit: number; search?: string },
): Promise<{ items: Item[]; more: boolean }> {
  // One more than asked tells whether the collection holds more (then the picker takes over).
  const answer = await api.get<Item[]>(itemsPath(collection), {
    fields: '*',
    limit: query.limit + 1,
    q: query.search || undefined,
  });
  const items = Array.isArray(answer.data) ? answer.data : [];
  return { items: items.slice(0, query.limit), more: items.length > query.limit };
}
