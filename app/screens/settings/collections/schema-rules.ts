import fieldTypes from '../../../../schemas/field-types.json';
import { byName } from '../../../../engine/registry/localize';
import type { FieldDefinition, FieldWidth, InterfaceDefinition } from '../../../../engine/types';
import type { FieldBody } from '../../../api/schema';
import type { StatusMappingEntry } from '../../../state/types';
import { INDEXED_FIELD_TYPES, UNINDEXABLE_DATATYPES } from '../../../../schemas/meta/indexes';

/**
 * The rules of the collections and fields designer, apart from any screen: safe-mode names (spec §5),
 * the new collection's key and system fields, datatypes and lengths per vendor
 * (`schemas/field-types.json`, spec §5), and the form order.
 */

export type Vendor = 'sqlite' | 'mysql' | 'postgres';

/**
 * Safe mode (spec §5): lowercase words joined by single underscores, other characters removed,
 * leading and trailing underscores trimmed. Accents lose their marks first (`Café` → `cafe`).
 */
export function safeName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s\-_]+/g, '_')
    .replace(/[^a-z0-9_]/g, '')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** The server's rule for collection and field names, in safe mode: 1–64 characters, not only digits. */
export function validName(name: string): boolean {
  return /^[a-z0-9_]{1,64}$/.test(name) && !/^\d+$/.test(name) && safeName(name) === name;
}

export function validCollectionName(name: string): boolean {
  return validName(name) && !name.startsWith('directus_');
}

// ---------------------------------------------------------------------------------------------
// A new collection

export type PrimaryKeyKind = 'integer' | 'uuid' | 'string';
export type SystemFieldKind = 'status' | 'sort' | 'owner' | 'created_on' | 'modified_by' | 'modified_on';
export const SYSTEM_FIELD_KINDS: SystemFieldKind[] = [
  'status',
  'sort',
  'owner',
  'created_on',
  'modified_by',
  'modified_on',
];

/** The default status set (spec §3): published, draft (subdued), deleted (soft delete). */
export function defaultStatusMapping(): Record<string, StatusMappingEntry> {
  return {
    published: {
      name: 'Published',
      value: 'published',
      text_color: 'white',
      background_color: 'accent',
      browse_subdued: false,
      browse_badge: true,
      soft_delete: false,
      published: true,
      required_fields: true,
    },
    draft: {
      name: 'Draft',
      value: 'draft',
      text_color: 'white',
      background_color: 'blue-grey-200',
      browse_subdued: true,
      browse_badge: true,
      soft_delete: false,
      published: false,
      required_fields: false,
    },
    deleted: {
      name: 'Deleted',
      value: 'deleted',
      text_color: 'white',
      background_color: 'red',
      browse_subdued: true,
      browse_badge: true,
      soft_delete: true,
      published: false,
      required_fields: false,
    },
  };
}

export function primaryKeyField(kind: PrimaryKeyKind): FieldBody {
  const base = { field: 'id', primary_key: true, hidden_browse: true, width: 'full' as const };
  if (kind === 'integer') {
    return {
      ...base,
      type: 'integer',
      datatype: null,
      auto_increment: true,
      signed: false,
      interface: 'primary-key',
      readonly: true,
      hidden_detail: true,
    };
  }
  if (kind === 'uuid') {
    return {
      ...base,
      type: 'uuid',
      length: 36,
      interface: 'text-input',
      readonly: true,
      hidden_detail: true,
    };
  }
  return { ...base, type: 'string', length: 255, interface: 'primary-key', required: true };
}

export function systemField(kind: SystemFieldKind): FieldBody {
  switch (kind) {
    case 'status':
      return {
        field: 'status',
        type: 'status',
        interface: 'status',
        length: 20,
        default_value: 'draft',
        width: 'full',
        options: { status_mapping: defaultStatusMapping() },
      };
    case 'sort':
      return { field: 'sort', type: 'sort', interface: 'sort', hidden_detail: true, hidden_browse: true };
    case 'owner':
      return {
        field: 'owner',
        type: 'owner',
        interface: 'owner',
        readonly: true,
        width: 'half',
        hidden_detail: true,
      };
    case 'created_on':
      return {
        field: 'created_on',
        type: 'datetime_created',
        interface: 'datetime-created',
        readonly: true,
        width: 'half',
        hidden_detail: true,
      };
    case 'modified_by':
      return {
        field: 'modified_by',
        type: 'user_updated',
        interface: 'user-updated',
        readonly: true,
        width: 'half',
        hidden_detail: true,
      };
    case 'modified_on':
      return {
        field: 'modified_on',
        type: 'datetime_updated',
        interface: 'datetime-updated',
        readonly: true,
        width: 'half',
        hidden_detail: true,
      };
  }
}

/** The fields of a new collection: its key, then the chosen system fields, each with its form order. */
export function newCollectionFields(key: PrimaryKeyKind, system: SystemFieldKind[]): FieldBody[] {
  const list = [
    primaryKeyField(key),
    ...SYSTEM_FIELD_KINDS.filter((k) => system.includes(k)).map(systemField),
  ];
  return list.map((field, index) => ({ ...field, sort: index + 1 }));
}

// ---------------------------------------------------------------------------------------------
// Datatypes and lengths

interface TypeRules {
  allowed: string[];
  default: string;
  length?: number;
  precision?: number;
  scale?: number;
}
interface DatatypeRules {
  length: 'length' | 'precision_scale' | 'none';
  default_length?: number;
  max_length?: number;
  default_precision?: number;
  default_scale?: number;
  max_precision?: number;
  max_scale?: number;
}
interface TypeEntry {
  type: string;
  alias: boolean;
  system: boolean;
  relational: boolean;
  datatypes: Record<Vendor, TypeRules> | null;
}

const TYPES = fieldTypes.types as unknown as TypeEntry[];
const DATATYPES = fieldTypes.datatypes as unknown as Record<Vendor, Record<string, DatatypeRules>>;

export function typeEntry(type: string): TypeEntry | undefined {
  return TYPES.find((entry) => entry.type === type);
}

export function isAliasType(type: string): boolean {
  return typeEntry(type)?.alias ?? false;
}

/** The datatypes a type may use on a vendor, the default first. Empty for alias types. */
export function datatypesFor(type: string, vendor: Vendor): string[] {
  const rules = typeEntry(type)?.datatypes?.[vendor];
  if (!rules) return [];
  return [rules.default, ...rules.allowed.filter((d) => d !== rules.default)];
}

export type LengthRule =
  | { kind: 'none' }
  | { kind: 'length'; default: number; max: number | null }
  | {
      kind: 'precision_scale';
      defaultPrecision: number;
      defaultScale: number;
      maxPrecision: number | null;
      maxScale: number | null;
    };

/**
 * What length a datatype takes (spec §5: CHAR 50/255, VARCHAR 255/65535, DECIMAL 10/65 and 10/30,
 * FLOAT and DOUBLE 10 and 10). The type's own default (a status is 20 long, a uuid 36) wins for its
 * default datatype.
 */
export function lengthRule(vendor: Vendor, datatype: string, type?: string): LengthRule {
  const entry = DATATYPES[vendor]?.[datatype];
  const own = type ? typeEntry(type)?.datatypes?.[vendor] : undefined;
  const typeDefault = own && own.default === datatype ? own : undefined;
  if (!entry || entry.length === 'none') return { kind: 'none' };
  if (entry.length === 'length') {
    return {
      kind: 'length',
      default: typeDefault?.length ?? entry.default_length ?? 255,
      max: entry.max_length ?? null,
    };
  }
  return {
    kind: 'precision_scale',
    defaultPrecision: typeDefault?.precision ?? entry.default_precision ?? 10,
    defaultScale: typeDefault?.scale ?? entry.default_scale ?? 0,
    maxPrecision: entry.max_precision ?? null,
    maxScale: entry.max_scale ?? null,
  };
}

/** The length a new field starts with: the interface's recommendation when it fits, else the rule's default. */
export function defaultLength(rule: LengthRule, recommended?: number | null): string {
  if (rule.kind === 'none') return '';
  if (rule.kind === 'precision_scale') return `${rule.defaultPrecision},${rule.defaultScale}`;
  if (recommended && recommended > 0 && (rule.max == null || recommended <= rule.max))
    return String(recommended);
  return String(rule.default);
}

export type LengthProblem =
  | { key: 'length_required' }
  | { key: 'length_range'; values: { max: number } }
  | { key: 'length_format' }
  | { key: 'precision_range'; values: { max: number } }
  | { key: 'scale_range'; values: { max: number } }
  | { key: 'scale_above_precision' };

/** Checks a length as typed against the rule; null when it is fine. */
export function lengthProblem(rule: LengthRule, text: string): LengthProblem | null {
  const value = text.trim();
  if (rule.kind === 'none') return null;
  if (rule.kind === 'length') {
    if (!value) return { key: 'length_required' };
    if (!/^\d+$/.test(value)) return { key: 'length_format' };
    const n = Number(value);
    if (n < 1 || (rule.max != null && n > rule.max))
      return { key: 'length_range', values: { max: rule.max ?? Number.MAX_SAFE_INTEGER } };
    return null;
  }
  if (!value) return { key: 'length_required' };
  const match = /^(\d+)\s*,\s*(\d+)$/.exec(value) ?? /^(\d+)$/.exec(value);
  if (!match) return { key: 'length_format' };
  const precision = Number(match[1]);
  const scale = match[2] !== undefined ? Number(match[2]) : 0;
  if (precision < 1 || (rule.maxPrecision != null && precision > rule.maxPrecision))
    return { key: 'precision_range', values: { max: rule.maxPrecision ?? 65 } };
  if (rule.maxScale != null && scale > rule.maxScale)
    return { key: 'scale_range', values: { max: rule.maxScale } };
  if (scale > precision) return { key: 'scale_above_precision' };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Interfaces and relations

/** Whether a new field of this type gets an index unless asked otherwise. */
export function indexedByType(type: string): boolean {
  return INDEXED_FIELD_TYPES.has(type.toLowerCase());
}

/** Whether a column of this datatype can carry an index. */
export function indexable(datatype: string): boolean {
  return !!datatype && !UNINDEXABLE_DATATYPES.has(datatype.toUpperCase());
}

export type RelationKind = 'm2o' | 'o2m' | 'm2m' | 'translation' | 'file' | null;

/**
 * What relation step an interface needs: pick a collection (m2o), a child collection (o2m,
 * translation) or a related collection and junction (m2m; files: always to directus_files).
 * The file interface points at directus_files by its type; user types need none.
 */
export function relationKind(definition: InterfaceDefinition | undefined): RelationKind {
  const relation = definition?.relation;
  if (relation === 'm2o') return 'm2o';
  if (relation === 'o2m') return 'o2m';
  if (relation === 'm2m') return 'm2m';
  if (relation === 'translation') return 'translation';
  if (relation === 'file' && definition?.types.includes('file')) return 'file';
  return null;
}

/** Types a collection holds at most once (the server refuses a second status, sort, owner, …). */
export const ONCE_PER_COLLECTION = [
  'owner',
  'user_updated',
  'status',
  'sort',
  'lang',
  'datetime_created',
  'datetime_updated',
];

/**
 * Interfaces the wizard offers: not hidden (system ones come with the collection), with a type the
 * collection can still take (`present`: the types of its fields), matching the search.
 */
export function wizardInterfaces(
  all: InterfaceDefinition[],
  search: string,
  present: string[] = [],
  locale?: string,
): InterfaceDefinition[] {
  const needle = search.trim().toLocaleLowerCase(locale);
  const fits = (type: string) =>
    !!typeEntry(type) && !(ONCE_PER_COLLECTION.includes(type) && present.includes(type));
  return all
    .filter((d) => !d.hidden && d.types.length > 0)
    .filter((d) => d.types.some(fits))
    .filter(
      (d) =>
        !needle ||
        d.name.toLocaleLowerCase(locale).includes(needle) ||
        d.id.includes(needle) ||
        d.types.some((t) => t.includes(needle)),
    )
    .sort(byName(locale));
}

export type InterfaceGroup =
  'text' | 'numbers' | 'choices' | 'dates' | 'relational' | 'files' | 'layout' | 'other';
export const INTERFACE_GROUPS: InterfaceGroup[] = [
  'text',
  'numbers',
  'choices',
  'dates',
  'relational',
  'files',
  'layout',
  'other',
];

/** The group an interface is listed under in the wizard's first step. */
export function interfaceGroup(definition: InterfaceDefinition): InterfaceGroup {
  const types = definition.types;
  if (definition.relation === 'file' || definition.id === 'files') return 'files';
  if (definition.relation) return 'relational';
  if (types.includes('alias')) return 'layout';
  if (types.some((t) => ['date', 'datetime', 'time'].includes(t))) return 'dates';
  if (
    types.includes('boolean') ||
    types.includes('array') ||
    ['dropdown', 'radio-buttons', 'button-group'].includes(definition.id)
  )
    return 'choices';
  if (types.some((t) => ['integer', 'decimal'].includes(t))) return 'numbers';
  if (types.some((t) => ['string', 'slug', 'hash', 'lang'].includes(t))) return 'text';
  return 'other';
}

// ---------------------------------------------------------------------------------------------
// The form order

/** Fields in form order: by `sort` (unsorted last), then by name, as the item form draws them. */
export function formOrder<T extends Pick<FieldDefinition, 'field' | 'sort'>>(fields: T[]): T[] {
  return [...fields].sort((a, b) => {
    const x = a.sort ?? Number.POSITIVE_INFINITY;
    const y = b.sort ?? Number.POSITIVE_INFINITY;
    if (x !== y) return x < y ? -1 : 1;
    return a.field.localeCompare(b.field);
  });
}

/** The names after moving one from `from` to `to`. */
export function moveName(names: string[], from: number, to: number): string[] {
  const next = [...names];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** The `sort` changes that make `names` the form order (1-based; only those that change). */
export function sortChanges(
  names: string[],
  current: Record<string, number | null | undefined>,
): Array<{ field: string; sort: number }> {
  return names
    .map((field, index) => ({ field, sort: index + 1 }))
    .filter(({ field, sort }) => current[field] !== sort);
}

export const WIDTHS: FieldWidth[] = ['half', 'half-left', 'half-right', 'full', 'fill'];
