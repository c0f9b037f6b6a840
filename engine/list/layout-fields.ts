import type { FieldDefinition } from '../types';
import { isOn } from '../form/rules';
import { fieldLabel } from '../form/labels';
import { templateFields } from '../templates/render-template';
import { HUES } from '../../ui/palette';
import { browsableFields, primaryKeyOf } from './build-query';

/**
 * The field choices of layouts (calendar, timeline): which fields a date, title, colour or person option
 * falls back to, and which fields a template or an option reads.
 */

const type = (field: FieldDefinition) => String(field.type).toLowerCase();

export const DATE_TYPES = ['date', 'datetime', 'datetime_created', 'datetime_updated'];
export const USER_TYPES = ['user', 'owner', 'user_updated'];
/** Interfaces that make a field a person whatever its type (directus_activity.action_by is an integer). */
const USER_INTERFACES = ['user', 'owner', 'user-updated'];

/** Browsable fields of the given types, in the collection's order. */
export function fieldsOfTypes(fields: FieldDefinition[], types: string[]): FieldDefinition[] {
  const people = types.some((name) => USER_TYPES.includes(name));
  return browsableFields(fields)
    .map((field, index) => ({ field, index }))
    .filter(
      ({ field }) =>
        types.includes(type(field)) || (people && USER_INTERFACES.includes(String(field.interface))),
    )
    .sort((a, b) => (a.field.sort ?? Infinity) - (b.field.sort ?? Infinity) || a.index - b.index)
    .map(({ field }) => field);
}

/** The option's field when it names one of the given types, else the first such field. */
export function chosenField(
  fields: FieldDefinition[],
  chosen: unknown,
  types: string[],
): FieldDefinition | null {
  const candidates = fieldsOfTypes(fields, types);
  return candidates.find((field) => field.field === chosen) ?? candidates[0] ?? null;
}

/** An option naming a field of the given types, without a fallback (a colour field is optional). */
export function namedField(
  fields: FieldDefinition[],
  chosen: unknown,
  types: string[],
): FieldDefinition | null {
  return fieldsOfTypes(fields, types).find((field) => field.field === chosen) ?? null;
}

/** A stored title template, else `{{ first text field }}`, else the primary key. */
export function titleTemplate(fields: FieldDefinition[], stored: unknown): string {
  if (typeof stored === 'string' && stored.trim()) return stored;
  const text = fieldsOfTypes(fields, ['string']).find((field) => !isOn(field.primary_key));
  return `{{ ${text?.field ?? primaryKeyOf(fields)} }}`;
}

/** A template's paths, or a bare field name as a one-path template (`collection`). */
export function contentPaths(value: unknown): string[] {
  if (typeof value !== 'string' || !value.trim()) return [];
  return value.includes('{{') ? templateFields(value) : [value.trim()];
}

/** A bare field name becomes `{{ name }}`; templates stay as they are. */
export function asTemplate(value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) return '';
  return value.includes('{{') ? value : `{{ ${value.trim()} }}`;
}

/**
 * View option definitions whose dropdown lists the collection's fields (`options.field_choices`: the
 * field types it accepts) get those fields as their choices, labelled by their names.
 */
export function withFieldChoices<T extends FieldDefinition>(
  definitions: T[],
  fields: FieldDefinition[],
): T[] {
  return definitions.map((definition) => {
    const types = (definition.options as { field_choices?: unknown } | null | undefined)?.field_choices;
    if (!Array.isArray(types)) return definition;
    const choices = Object.fromEntries(
      fieldsOfTypes(fields, types.map(String)).map((field) => [field.field, fieldLabel(field)]),
    );
    return { ...definition, options: { ...definition.options, choices } };
  });
}

/**
 * The colour of an item by a field's value: the layout's own mapping first, then a status's colour, else a
 * hue chosen from the value (the same value always gets the same one). Names resolve through ui/palette.
 */
export function valueColor(
  field: FieldDefinition | null,
  value: unknown,
  colors?: Record<string, unknown> | null,
): string | null {
  if (!field || value === null || value === undefined || value === '') return null;
  const key = String(value);
  const mapped = colors?.[key];
  if (typeof mapped === 'string' && mapped) return mapped;
  const mapping = (
    field.options as { status_mapping?: Record<string, { background_color?: unknown }> } | null
  )?.status_mapping;
  const status = mapping?.[key]?.background_color;
  if (typeof status === 'string' && status) return status;
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return HUES[hash % HUES.length];
}

/** A value as its field names it: a status's name, a dropdown choice's label, else the value itself. */
export function valueLabel(field: FieldDefinition | null, value: unknown): string {
  if (value === null || value === undefined) return '';
  const key = String(value);
  const options = (field?.options ?? {}) as {
    status_mapping?: Record<string, { name?: unknown }>;
    choices?: unknown;
  };
  const status = options.status_mapping?.[key]?.name;
  if (typeof status === 'string' && status) return status;
  const choices = options.choices;
  if (choices && typeof choices === 'object' && !Array.isArray(choices)) {
    const label = (choices as Record<string, unknown>)[key];
    if (typeof label === 'string' && label) return label;
  }
  return key;
}
