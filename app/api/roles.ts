import type { ApiClient, Envelope, Params } from './client';
import type { CollectionGroup, ModuleLink } from '../state/types';
import { itemsPath } from '../paths';

/**
 * Roles, their users and their permission rows (api-v8 §2.14, §2.15), for Settings → Roles. Roles 1
 * (administrators) and 2 (public) cannot be deleted; a role with users is refused (422 code 12) until
 * they are moved (docs/compatibility.md).
 */

export const ADMIN_ROLE = 1;
export const PUBLIC_ROLE = 2;

export interface RoleRecord {
  id: number;
  name: string;
  description: string | null;
  ip_whitelist: string[] | null;
  enforce_2fa: boolean | number | null;
  module_listing: ModuleLink[] | null;
  collection_listing: Array<CollectionGroup & { group_name?: string | null }> | null;
  external_id?: string | null;
}

export interface RoleSummary extends RoleRecord {
  users: number;
}

export interface RoleUser {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  status: string | null;
}

export interface PermissionRecord {
  id?: number;
  collection: string;
  role?: number;
  status: string | null;
  create: string;
  read: string;
  update: string;
  delete: string;
  comment: string;
  explain: string;
  read_field_blacklist: string[] | string | null;
  write_field_blacklist: string[] | string | null;
  status_blacklist: string[] | string | null;
}

/** The role may not be deleted by anyone (the administrators and the public role). */
export const isProtectedRole = (id: number) => id === ADMIN_ROLE || id === PUBLIC_ROLE;

function json<T>(value: unknown): T | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string') return value as T;
  try {
    return JSON.parse(value) as T;
  } catch {
    return null;
  }
}

function list(value: unknown): string[] | null {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  if (typeof value === 'string' && value.trim())
    return value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
  return null;
}

export function toRole(raw: Record<string, unknown>): RoleRecord {
  return {
    id: Number(raw.id),
    name: String(raw.name ?? ''),
    description: (raw.description as string | null) ?? null,
    ip_whitelist: list(raw.ip_whitelist),
    enforce_2fa: raw.enforce_2fa === true || raw.enforce_2fa === 1 || raw.enforce_2fa === '1',
    module_listing: json<ModuleLink[]>(raw.module_listing),
    collection_listing: json<RoleRecord['collection_listing'] & object>(raw.collection_listing),
    external_id: (raw.external_id as string | null) ?? null,
  };
}

/** Every role with how many users it has, by name. */
export async function listRoles(api: ApiClient): Promise<RoleSummary[]> {
  const [roles, users] = await Promise.all([
    api.get<Array<Record<string, unknown>>>('roles', { limit: -1, sort: 'name' }),
    api.get<Array<{ role: unknown }>>('users', { fields: 'role', limit: -1, status: '*' }),
  ]);
  const counts = new Map<number, number>();
  for (const user of users.data ?? []) {
    const role = Number(user.role);
    counts.set(role, (counts.get(role) ?? 0) + 1);
  }
  return (roles.data ?? []).map((raw) => {
    const role = toRole(raw);
    return { ...role, users: counts.get(role.id) ?? 0 };
  });
}

export async function getRole(api: ApiClient, id: number): Promise<RoleRecord> {
  const answer = await api.get<Record<string, unknown>>(`roles/${id}`);
  return toRole(answer.data);
}

export async function createRole(api: ApiClient, values: { name: string; description?: string | null }) {
  const answer = await api.post<Record<string, unknown>>('roles', values);
  return toRole(answer.data);
}

export type RoleChanges = Partial<Omit<RoleRecord, 'id'>>;

export async function updateRole(api: ApiClient, id: number, changes: RoleChanges): Promise<RoleRecord> {
  const answer = await api.patch<Record<string, unknown>>(`roles/${id}`, changes);
  return toRole(answer.data);
}

export async function deleteRole(api: ApiClient, id: number): Promise<void> {
  await api.delete(`roles/${id}`);
}

/** The users of a role, every status. */
export async function roleUsers(api: ApiClient, id: number): Promise<RoleUser[]> {
  const answer = await api.get<RoleUser[]>('users', {
    fields: 'id,first_name,last_name,email,status',
    filter: { role: { eq: id } },
    sort: 'last_name,first_name',
    status: '*',
    limit: -1,
  });
  return answer.data ?? [];
}

/** Moves users to another role in one batch write (before a role can be deleted). */
export async function moveUsers(api: ApiClient, users: number[], role: number): Promise<void> {
  if (users.length === 0) return;
  await api.patch(`users/${users.join(',')}`, { role });
}

/** Every permission row of a role. */
export async function rolePermissions(api: ApiClient, role: number): Promise<PermissionRecord[]> {
  const answer = await api.get<PermissionRecord[]>('permissions', {
    filter: { role: { eq: role } },
    sort: 'id',
    limit: -1,
  });
  return answer.data ?? [];
}

export interface PermissionBatchRequest {
  create: object[];
  update: object[];
  remove: number[];
}

/**
 * Saves a batch of permission changes: one `PATCH /permissions` with every changed row and the new
 * ones (rows without an id are created, in the same transaction), then one DELETE of the removed
 * rows. The server drops its permission caches on every node after each.
 */
export async function savePermissions(api: ApiClient, batch: PermissionBatchRequest): Promise<void> {
  const writes = [...batch.update, ...batch.create];
  if (writes.length > 0) await api.patch('permissions', writes);
  if (batch.remove.length > 0) await api.delete(`permissions/${batch.remove.join(',')}`);
}

/** The header that makes an administrator's read answer as a role would (docs/compatibility.md). */
export const PREVIEW_HEADER = 'X-Octavo-Preview-Role';

/** A page of a collection's items as the role sees them: read-only impersonation, no password. */
export async function previewItems(
  api: ApiClient,
  role: number,
  collection: string,
  params: Params,
): Promise<Envelope<Array<Record<string, unknown>>>> {
  return api.get(itemsPath(collection), params, { [PREVIEW_HEADER]: String(role) });
}
