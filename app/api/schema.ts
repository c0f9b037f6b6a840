import type { ApiClient } from './client';
import type { FieldDefinition } from '../../engine/types';

/**
 * The schema requests of the collections and fields designer (api-v8 §2.5–2.7). Each call is one
 * schema unit on the server: it happens whole or not at all.
 */

/** A relation created with its field (an Octavo addition to POST /fields, docs/compatibility.md). */
export interface RelationRequest {
  collection_one?: string;
  collection_many?: string;
  field_many?: string;
  junction_field?: string;
  language_field?: string;
}

export type FieldBody = Partial<FieldDefinition> & {
  field: string;
  type: string;
  auto_increment?: boolean;
  relation?: RelationRequest;
};

export interface CollectionBody {
  collection: string;
  note?: string | null;
  icon?: string | null;
  hidden?: boolean;
  single?: boolean;
  translation?: unknown;
  status_mapping?: unknown;
  fields?: FieldBody[];
}

/** The number of items of a collection (`meta.total_count`, asked with limit 1 as the v8 app does). */
export async function itemCount(api: ApiClient, collection: string): Promise<number> {
  const answer = await api.get(`items/${encodeURIComponent(collection)}`, {
    limit: 1,
    fields: '*',
    meta: 'total_count',
  });
  return Number((answer.meta as { total_count?: unknown } | undefined)?.total_count ?? 0);
}

export async function createCollection(api: ApiClient, body: CollectionBody): Promise<void> {
  await api.post('collections', body);
}

export async function updateCollection(
  api: ApiClient,
  collection: string,
  patch: Omit<CollectionBody, 'collection'>,
): Promise<void> {
  await api.patch(`collections/${encodeURIComponent(collection)}`, patch);
}

export async function deleteCollection(api: ApiClient, collection: string): Promise<void> {
  await api.delete(`collections/${encodeURIComponent(collection)}`);
}

/** Creates a field; with `relation`, its relation rows and a missing junction in the same unit. */
export async function createField(api: ApiClient, collection: string, body: FieldBody): Promise<void> {
  await api.post(`fields/${encodeURIComponent(collection)}`, body);
}

export async function updateField(
  api: ApiClient,
  collection: string,
  field: string,
  patch: Partial<FieldBody>,
): Promise<void> {
  await api.patch(`fields/${encodeURIComponent(collection)}/${encodeURIComponent(field)}`, patch);
}

/** Several fields' metadata in one unit (the form order after a drag: `[{field, sort}]`). */
export async function updateFields(
  api: ApiClient,
  collection: string,
  changes: Array<{ field: string } & Partial<FieldBody>>,
): Promise<void> {
  await api.patch(`fields/${encodeURIComponent(collection)}`, changes);
}

export async function deleteField(api: ApiClient, collection: string, field: string): Promise<void> {
  await api.delete(`fields/${encodeURIComponent(collection)}/${encodeURIComponent(field)}`);
}
