import type { FieldDefinition } from '../../types';
import type { InterfaceComponentProps } from '../contract';

export type Row = Record<string, unknown>;

export const isRecord = (value: unknown): value is Row =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
export const bool = (value: unknown) => value === true || value === 1 || value === '1';

/** Array fields hold arrays; string fields hold `a,b` (or `,a,b,` with the wrap option). */
export function toList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') return value.split(',').filter((entry) => entry !== '');
  return [];
}

export function fromList(list: string[], props: Pick<InterfaceComponentProps, 'field'> & { wrap?: unknown }) {
  if (String(props.field.type).toLowerCase() !== 'string') return list;
  if (list.length === 0) return null;
  return bool(props.wrap) ? `,${list.join(',')},` : list.join(',');
}

/**
 * The `fields` option of a repeater as field definitions: each `{field, width (default half),
 * interface (default text-input), type, default, note, options}` (schema-v8 §4.2); an object keyed
 * by field name is accepted too. v8 seeds spell some types in capitals ("JSON").
 */
export function subFields(fields: unknown, readonly: boolean): FieldDefinition[] {
  const list = Array.isArray(fields)
    ? fields
    : isRecord(fields)
      ? Object.entries(fields).map(([name, entry]) => ({ field: name, ...(isRecord(entry) ? entry : {}) }))
      : [];
  return list.filter(isRecord).flatMap((entry) => {
    if (typeof entry.field !== 'string' || entry.field === '') return [];
    const definition: FieldDefinition = {
      field: entry.field,
      name: typeof entry.name === 'string' ? entry.name : undefined,
      type: typeof entry.type === 'string' ? entry.type.toLowerCase() : 'string',
      interface: typeof entry.interface === 'string' ? entry.interface : 'text-input',
      width: (typeof entry.width === 'string' ? entry.width : 'half') as FieldDefinition['width'],
      options: isRecord(entry.options) ? entry.options : null,
      note: typeof entry.note === 'string' ? entry.note : null,
      default_value: entry.default ?? entry.default_value ?? null,
      required: entry.required === true || entry.required === 1 || entry.required === '1',
      readonly: readonly || bool(entry.readonly),
    };
    return [definition];
  });
}

/** Moves one entry of a list (a copy) from one position to another. */
export function move<T>(list: T[], from: number, to: number): T[] {
  const next = list.slice();
  const [entry] = next.splice(from, 1);
  next.splice(to, 0, entry);
  return next;
}
