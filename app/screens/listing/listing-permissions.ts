import type { CollectionPermission, PermissionLevel, PermissionRow } from '../../state/types';
import type { FieldDefinition } from '../../../engine/types';

export type Item = Record<string, unknown>;
export type ButtonState = 'hidden' | 'disabled' | 'enabled';

export interface Caller {
  id: number;
  role: number | null;
  admin: boolean;
}

const typeOf = (field: FieldDefinition) => String(field.type).toLowerCase();

/** The field that records who created an item: `owner` type (files: uploaded_by). */
export function ownerFieldOf(fields: FieldDefinition[]): string | null {
  return fields.find((field) => typeOf(field) === 'owner')?.field ?? null;
}

export function statusFieldOf(fields: FieldDefinition[]): string | null {
  return fields.find((field) => typeOf(field) === 'status')?.field ?? null;
}

/** The permission row that applies to one item: its status' row in a workflow collection. */
function rowFor(permission: CollectionPermission, item: Item, statusField: string | null): PermissionRow {
  if (!permission.statuses || !statusField) return permission;
  const status = item[statusField];
  return permission.statuses[String(status)] ?? permission;
}

function idOf(value: unknown): number | null {
  if (value && typeof value === 'object') return idOf((value as { id?: unknown }).id);
  const number = Number(value);
  return value === null || value === undefined || !Number.isFinite(number) ? null : number;
}

function roleOfOwner(value: unknown): number | null {
  if (!value || typeof value !== 'object') return null;
  return idOf((value as { role?: unknown }).role);
}

/** Whether a level lets the caller act on this item (mine: own items; role: items of the caller's role). */
export function allows(
  level: PermissionLevel,
  item: Item,
  ownerField: string | null,
  caller: Caller,
): boolean {
  if (caller.admin || level === 'full') return true;
  if (level === 'none' || level === 'read' || level === 'create') return false;
  // Without an owner field nothing is anyone's own.
  if (!ownerField) return false;
  const owner = item[ownerField];
  const mine = idOf(owner) === caller.id;
  if (level === 'mine') return mine;
  if (level === 'role') return mine || (caller.role !== null && roleOfOwner(owner) === caller.role);
  return true;
}

/** Add needs full create (spec §6); a workflow collection's `$create` row decides when there is one. */
export function addButton(permission: CollectionPermission): ButtonState {
  return (permission.$create ?? permission).create === 'full' ? 'enabled' : 'hidden';
}

/**
 * Delete: hidden when the role may delete nothing here; disabled until something is selected, or when a
 * selected item is not the caller's under `mine` (or not their role's under `role`).
 */
export function deleteButton(
  permission: CollectionPermission,
  selected: Item[],
  fields: FieldDefinition[],
  caller: Caller,
): ButtonState {
  if (!caller.admin && permission.delete === 'none') return 'hidden';
  if (selected.length === 0) return 'disabled';
  const ownerField = ownerFieldOf(fields);
  const statusField = statusFieldOf(fields);
  return selected.every((item) =>
    allows(rowFor(permission, item, statusField).delete, item, ownerField, caller),
  )
    ? 'enabled'
    : 'disabled';
}

/** Batch edit needs more than one selected item, each one updatable by the caller (spec §5, §6). */
export function batchButton(
  permission: CollectionPermission,
  selected: Item[],
  fields: FieldDefinition[],
  caller: Caller,
): ButtonState {
  if (!caller.admin && permission.update === 'none') return 'hidden';
  if (selected.length < 2) return 'disabled';
  const ownerField = ownerFieldOf(fields);
  const statusField = statusFieldOf(fields);
  return selected.every((item) =>
    allows(rowFor(permission, item, statusField).update, item, ownerField, caller),
  )
    ? 'enabled'
    : 'disabled';
}

/** Fields a non-admin's list query adds so the buttons can judge each item (owner, status). */
export function permissionFields(fields: FieldDefinition[], admin: boolean): string[] {
  if (admin) return [];
  const extra: string[] = [];
  const owner = ownerFieldOf(fields);
  if (owner) extra.push(`${owner}.*`);
  const status = statusFieldOf(fields);
  if (status) extra.push(status);
  return extra;
}
