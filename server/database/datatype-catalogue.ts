import type { Vendor } from '../config';
import fieldTypes from '../../schemas/field-types.json' with { type: 'json' };
import { INDEXED_FIELD_TYPES, UNINDEXABLE_DATATYPES } from '../../schemas/meta/indexes';

/**
 * The datatype catalogue: the field types of `schemas/field-types.json` and, per vendor, the
 * datatypes a field of each type may have, with their defaults and lengths. The JSON file is the
 * source of truth; this module only reads it.
 */

export type LengthKind = 'length' | 'precision_scale' | 'none';

export interface DatatypeEntry {
  length: LengthKind;
  default_length?: number;
  max_length?: number;
  default_precision?: number;
  default_scale?: number;
  max_precision?: number;
  max_scale?: number;
}

export interface TypeEntry {
  type: string;
  alias: boolean;
  system: boolean;
  relational: boolean;
  datatypes: Record<
    Vendor,
    { allowed: string[]; default: string; length?: number; precision?: number; scale?: number }
  > | null;
}

const DATATYPES = fieldTypes.datatypes as Record<Vendor, Record<string, DatatypeEntry>>;
const TYPES = new Map((fieldTypes.types as TypeEntry[]).map((t) => [t.type, t]));

/** The Directus field type of field-types.json, or undefined when unknown. */
export function fieldType(type: string): TypeEntry | undefined {
  return TYPES.get(type.toLowerCase());
}

/** A vendor's datatype (upper-case name) as the catalogue describes it. */
export function datatypeEntry(vendor: Vendor, datatype: string): DatatypeEntry | undefined {
  return DATATYPES[vendor][datatype.toUpperCase()];
}

const INTEGER_FAMILY = new Set(['TINYINT', 'SMALLINT', 'MEDIUMINT', 'INT', 'INTEGER', 'BIGINT', 'YEAR']);

export function isIntegerDatatype(datatype: string): boolean {
  return INTEGER_FAMILY.has(datatype.toUpperCase());
}

/** Introspected names (lower case) that the catalogue spells otherwise, on every vendor. */
const CATALOGUE_NAMES: Record<string, string> = {
  'character varying': 'VARCHAR',
  character: 'CHAR',
  bpchar: 'CHAR',
  'timestamp without time zone': 'TIMESTAMP',
  'timestamp with time zone': 'TIMESTAMPTZ',
  'time without time zone': 'TIME',
  'tinyint(1)': 'TINYINT',
  int4: 'INTEGER',
  int8: 'BIGINT',
  int2: 'SMALLINT',
  float8: 'DOUBLE PRECISION',
  float4: 'REAL',
  bool: 'BOOLEAN',
};

/** The catalogue's name of an introspected datatype, before any vendor's own spelling. */
export function catalogueName(introspected: string): string {
  const name = introspected.toLowerCase();
  return CATALOGUE_NAMES[name] ?? name.toUpperCase();
}

/** Whether a column of this datatype may carry a plain index (`index: true` on a field). */
export function indexableDatatype(datatype: string | null | undefined): boolean {
  return datatype != null && !UNINDEXABLE_DATATYPES.has(datatype.toUpperCase());
}

/** Whether a column of this Directus field type gets a plain index of its own. */
export function indexedType(type: string | null | undefined): boolean {
  return type != null && INDEXED_FIELD_TYPES.has(type.toLowerCase());
}
