import fieldTypes from '../../schemas/field-types.json';
import type { FieldDefinition } from '../types';

interface TypeEntry {
  type: string;
  datatypes: Record<string, { default: string }> | null;
}
type DatatypeTable = Record<string, Record<string, { fallback_interface?: string }>>;

const datatypes = fieldTypes.datatypes as DatatypeTable;
const types = fieldTypes.types as TypeEntry[];

/**
 * Datatype (upper case) → the interfaces field-types.json names for it, vendor by vendor (MySQL's
 * TIMESTAMP names `time`, PostgreSQL's `datetime`: the registry takes the first that fits the type).
 */
const byDatatype = new Map<string, string[]>();
for (const vendor of Object.values(datatypes)) {
  for (const [datatype, entry] of Object.entries(vendor)) {
    if (!entry.fallback_interface) continue;
    const list = byDatatype.get(datatype) ?? [];
    if (!list.includes(entry.fallback_interface)) list.push(entry.fallback_interface);
    byDatatype.set(datatype, list);
  }
}

/** Field type → its default datatype (first vendor), for fields whose row names no datatype. */
const defaultDatatype = new Map<string, string>();
for (const entry of types) {
  const first = entry.datatypes ? Object.values(entry.datatypes)[0] : undefined;
  if (first?.default) defaultDatatype.set(entry.type, first.default.toUpperCase());
}

/**
 * The interfaces a field may fall back to when its own is missing or broken: the
 * `fallback_interface` of its datatype in `schemas/field-types.json` (its type's default datatype
 * when the field names none); empty for types without a column (alias, o2m, …) or unknown datatypes.
 */
export function fallbackInterfacesFor(
  field: Pick<FieldDefinition, 'type' | 'datatype'> | null | undefined,
): string[] {
  if (!field) return [];
  // `VARCHAR(255)` and `varchar` name the same datatype.
  const named = String(field.datatype ?? '')
    .replace(/\(.*$/, '')
    .trim()
    .toUpperCase();
  const datatype = named || defaultDatatype.get(String(field.type ?? '').toLowerCase());
  return (datatype && byDatatype.get(datatype)) || [];
}
