import { dequal } from 'dequal';
import type { FieldDefinition, FieldPermissions, FieldWidth, InterfaceDefinition } from '../types';

/** directus_fields flags arrive as true/false, 1/0 or '1'/'0'. */
export function isOn(flag: unknown): boolean {
  return flag === true || flag === 1 || flag === '1';
}

/** A permission blacklist arrives as an array or a comma-separated string. */
export function toList(value: string[] | string | null | undefined): string[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string' && value !== '') return value.split(',').map((entry) => entry.trim());
  return [];
}

/**
 * The default value of a field as the form should hold it: array fields split a stored
 * `a,b,c` on commas, boolean fields are true for 1, '1' and 'true', numbers are parsed.
 */
export function parseDefaultValue(field: FieldDefinition): unknown {
  const value = field.default_value;
  if (value === undefined || value === null) return null;
  switch (String(field.type).toLowerCase()) {
    case 'array':
      if (Array.isArray(value)) return value;
      return String(value)
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '');
    case 'boolean':
      return value === true || value === 1 || value === '1' || value === 'true';
    case 'integer':
    case 'decimal':
    case 'sort': {
      const number = Number(value);
      return value === '' || Number.isNaN(number) ? null : number;
    }
    case 'json':
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value);
      } catch {
        return value;
      }
    default:
      return value;
  }
}

/** The values a new item starts with: every field's parsed default. */
export function defaultValues(fields: FieldDefinition[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field.field, parseDefaultValue(field)]));
}

/** An interface's options with their defaults, overlaid by what the field stores. */
export function optionsWithDefaults(
  definition: Pick<InterfaceDefinition, 'options'> | undefined,
  stored: Record<string, unknown> | null | undefined,
): Record<string, unknown> {
  return { ...defaultValues(definition?.options ?? []), ...(stored ?? {}) };
}

/**
 * The fields a form shows, in order: hidden_detail fields and the ones the caller may not read are
 * left out; sorted by `sort` with NULL last (then by their original order).
 */
export function formFields(
  fields: FieldDefinition[],
  permissions?: FieldPermissions | null,
): FieldDefinition[] {
  const unreadable = new Set(toList(permissions?.read_field_blacklist));
  return fields
    .map((field, index) => ({ field, index }))
    .filter(({ field }) => !isOn(field.hidden_detail) && !unreadable.has(field.field))
    .sort((a, b) => {
      const sa = a.field.sort ?? Number.POSITIVE_INFINITY;
      const sb = b.field.sort ?? Number.POSITIVE_INFINITY;
      return sa === sb ? a.index - b.index : sa - sb;
    })
    .map(({ field }) => field);
}

/** Read-only when the field says so (`readonly` true/1/'1') or the caller may not write it. */
export function isReadonly(field: FieldDefinition, permissions?: FieldPermissions | null): boolean {
  return isOn(field.readonly) || toList(permissions?.write_field_blacklist).includes(field.field);
}

/**
 * Each field's width in the grid: `half` pairs with the `half` right after it, becoming
 * half-left and half-right; a lone half stays on the left. Other widths are kept (default full).
 */
export function layoutWidths(fields: FieldDefinition[]): Map<string, FieldWidth> {
  const widths = new Map<string, FieldWidth>();
  let openHalf: string | null = null;
  for (const field of fields) {
    const width = field.width ?? 'full';
    if (width === 'half') {
      if (openHalf) {
        widths.set(openHalf, 'half-left');
        widths.set(field.field, 'half-right');
        openHalf = null;
      } else {
        widths.set(field.field, 'half-left');
        openHalf = field.field;
      }
    } else {
      widths.set(field.field, width);
      openHalf = null;
    }
  }
  return widths;
}

export interface FieldActionState {
  /** Set the value to null. */
  clear: boolean;
  /** Set the value to the field's default. */
  reset: boolean;
  /** Put back the value the item had when the form opened. */
  undo: boolean;
}

/** Which field actions would change something (the others are disabled). */
export function fieldActionState(
  current: unknown,
  defaultValue: unknown,
  initial: unknown,
): FieldActionState {
  return {
    clear: current !== null && current !== undefined,
    reset: !dequal(current ?? null, defaultValue ?? null),
    undo: !dequal(current ?? null, initial ?? null),
  };
}
