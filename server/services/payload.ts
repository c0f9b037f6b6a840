import { randomUUID } from 'node:crypto';
import type { Dialect } from '../database/dialects';
import { ApiError } from '../errors';
import { coerceFilterValue, formatUtcDateTime } from '../query/coerce-value';
import type { CollectionInfo, FieldInfo } from '../schema/types';
import { hashWith, isHasher } from './passwords';

/** Field types the server fills itself; values sent for them are ignored. */
const SERVER_FILLED = new Set([
  'owner',
  'user_created',
  'user_updated',
  'datetime_created',
  'datetime_updated',
]);

export interface PrepareOptions {
  action: 'create' | 'update';
  dialect: Dialect;
  now: Date;
  /** The caller (null: anonymous, stored as 0 like v8). */
  user: number | null;
  admin: boolean;
  /** The stored row, for updates: required fields are checked on the merged record. */
  existing?: Record<string, unknown>;
  /** Skip the required-field checks (drafts, internal writes). */
  skipRequired?: boolean;
}

function invalid(field: string, reason: string): ApiError {
  return new ApiError('INVALID_REQUEST', `${field}: ${reason}`);
}

function blank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** v8's named validations (`directus_fields.validation` of e.g. `directus_users.email` is `$email`). */
const NAMED_VALIDATIONS: Record<string, RegExp> = {
  $email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  $url: /^https?:\/\/[^\s]+$/i,
};

/** A v8 validation pattern (PCRE with delimiters, e.g. `/^[a-z]+$/i`) as a RegExp; null if unusable. */
export function validationPattern(source: string): RegExp | null {
  const named = NAMED_VALIDATIONS[source.trim()];
  if (named) return named;
  const match = /^(.)(.*)\1([a-zA-Z]*)$/s.exec(source.trim());
  try {
    if (match && !/[a-zA-Z0-9\\\s]/.test(match[1])) {
      const flags = [...new Set(match[3].replace(/[^imsu]/g, ''))].join('');
      return new RegExp(match[2], flags);
    }
    return new RegExp(source);
  } catch {
    return null;
  }
}

/** Whether a field must have a value on create (api-v8 §2.4 validation nuances). */
function requiredOnCreate(field: FieldInfo, info: CollectionInfo): boolean {
  if (field.alias || field.autoIncrement || SERVER_FILLED.has(field.type ?? '')) return false;
  const noDefault = field.defaultValue === null || field.defaultValue === undefined;
  if (!noDefault) return false;
  if (field.required) return true;
  if (!field.nullable) return true;
  return field.field === info.statusField;
}

/** Whether required-field checks apply for an item with this status (`required_fields` statuses). */
function statusRequiresFields(info: CollectionInfo, status: unknown): boolean {
  const mapping = info.statusMapping;
  if (!mapping) return true;
  const gated = Object.entries(mapping).filter(([, entry]) => entry.required_fields === true);
  if (gated.length === 0) return true;
  return gated.some(([value]) => value === String(status));
}

async function castInput(field: FieldInfo, value: unknown, options: PrepareOptions): Promise<unknown> {
  const type = field.type ?? '';
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (type === 'array') {
    if (Array.isArray(value)) {
      if (value.some((entry) => entry !== null && typeof entry === 'object'))
        throw invalid(field.field, 'expected a list of values');
      return checkLength(field, value.map(String).join(','));
    }
    if (typeof value === 'string') return checkLength(field, value);
    throw invalid(field.field, 'expected a list of values');
  }
  if (type === 'json' || field.storage === 'json') {
    if (typeof value === 'string') {
      try {
        JSON.parse(value);
      } catch {
        throw invalid(field.field, 'expected JSON (an object or a list)');
      }
      return value;
    }
    return JSON.stringify(value);
  }
  if (typeof value === 'object') {
    throw new ApiError(
      'ARRAY_AS_COLUMN_VALUE',
      `Field "${field.field}" takes a single value, not a list or object`,
    );
  }
  if (type === 'hash') {
    if (typeof value !== 'string') throw invalid(field.field, 'expected text');
    if (value === '') return null;
    // The field's `hashingType` option (schema-v8 §4.2): argon2id unless an older hasher is asked
    // for, which only existing data should need. An unknown name is kept from storing plain text.
    const hasher = field.options?.hashingType ?? 'core';
    if (!isHasher(hasher)) throw invalid(field.field, `unknown hashing type "${String(hasher)}"`);
    return hashWith(hasher, value);
  }
  switch (field.storage) {
    case 'integer':
    case 'bigint':
    case 'decimal':
    case 'boolean':
    case 'date':
    case 'time':
    case 'datetime':
    case 'datetimetz': {
      if (value === '' && field.nullable) return null;
      const coerced = coerceFilterValue(
        field,
        value as string | number | boolean,
        options.dialect,
        options.now,
      );
      if (field.storage === 'decimal' && field.precision !== null && typeof coerced === 'number') {
        const digits = Math.trunc(Math.abs(coerced)).toString().length;
        if (field.scale !== null && digits > field.precision - field.scale) {
          throw new ApiError('UNPROCESSABLE_ENTITY', `${field.field}: the value is too large`);
        }
      }
      return coerced;
    }
    case 'binary':
      return typeof value === 'string' ? Buffer.from(value, 'base64') : value;
    default:
      return checkLength(field, typeof value === 'string' ? value : String(value));
  }
}

function checkLength(field: FieldInfo, text: string): string {
  if (field.storage === 'string' && field.length && [...text].length > field.length) {
    throw new ApiError(
      'UNPROCESSABLE_ENTITY',
      `${field.field}: the value is too long (at most ${field.length} characters)`,
    );
  }
  return text;
}

/** A field's validation pattern against a value (its text: numbers, booleans and JSON included). */
function checkPattern(field: FieldInfo, value: unknown): void {
  if (!field.validation) return;
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean'
        ? String(value)
        : null;
  if (text === null || text === '') return;
  const pattern = validationPattern(field.validation);
  if (!pattern)
    throw new ApiError('UNPROCESSABLE_ENTITY', `${field.field}: the validation pattern is invalid`);
  if (!pattern.test(text)) throw invalid(field.field, 'This value is not valid.');
}

/** The names of payload keys that are not fields of the collection → 422 code 12. */
export function assertKnownFields(info: CollectionInfo, keys: Iterable<string>): void {
  const unknown = [...keys].filter((key) => key !== '$delete' && !info.fields.has(key));
  if (unknown.length > 0) {
    throw new ApiError(
      'UNPROCESSABLE_ENTITY',
      `Payload fields: "${unknown.join(', ')}" does not exist in "${info.collection}" collection.`,
    );
  }
}

/**
 * Validates and casts the column values of one item for a write: types, lengths, validation
 * patterns, required fields, hashing; fills the server's fields (owner, user_updated,
 * datetime_created, datetime_updated). `input` holds column values only (relations resolved to keys).
 */
export async function prepareValues(
  info: CollectionInfo,
  input: Record<string, unknown>,
  options: PrepareOptions,
): Promise<Record<string, unknown>> {
  // A UUID primary key left empty on create gets a random (v4) one, as Directus 8 generated it.
  const key = info.fields.get(info.primaryKey);
  if (options.action === 'create' && key?.type === 'uuid' && blank(input[key.field])) {
    input = { ...input, [key.field]: randomUUID() };
  }
  const values: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(input)) {
    const field = info.fields.get(name);
    if (!field || field.alias) continue;
    if (SERVER_FILLED.has(field.type ?? '')) continue;
    if (options.action === 'update' && field.readonly && !options.admin) continue;
    if (options.action === 'update' && field.primaryKey) continue;
    if (raw === null && !field.nullable && !field.autoIncrement) {
      throw invalid(name, 'This value should not be null.');
    }
    // Text is checked as sent (before hashing); any other value as it will be stored.
    if (typeof raw === 'string') checkPattern(field, raw);
    values[name] = await castInput(field, raw, options);
    if (typeof raw !== 'string') checkPattern(field, values[name]);
  }

  if (!options.skipRequired) {
    const merged = { ...(options.existing ?? {}), ...input };
    const statusValue = info.statusField
      ? (merged[info.statusField] ?? info.fields.get(info.statusField)?.defaultValue)
      : undefined;
    const gate = statusRequiresFields(info, statusValue);
    for (const field of info.fields.values()) {
      if (field.alias || field.autoIncrement || SERVER_FILLED.has(field.type ?? '')) continue;
      if (options.action === 'create') {
        if (!requiredOnCreate(field, info)) continue;
        // Only the `required` flag is relaxed for draft-like statuses; NOT NULL columns never are.
        const byFlagOnly = field.required && field.nullable && field.field !== info.statusField;
        if (byFlagOnly && !gate) continue;
        if (blank(input[field.field])) throw invalid(field.field, 'This value should not be blank.');
      } else if (field.field in input && field.required && gate && blank(input[field.field])) {
        throw invalid(field.field, 'This value should not be blank.');
      }
    }
  }

  const stamp = options.now;
  const user = options.user ?? 0;
  for (const field of info.fields.values()) {
    switch (field.type) {
      case 'owner':
      case 'user_created':
        if (options.action === 'create' && info.collection !== 'directus_users') values[field.field] = user;
        break;
      case 'user_updated':
        if (info.collection !== 'directus_users') values[field.field] = user;
        break;
      case 'datetime_created':
        if (options.action === 'create') values[field.field] = serverStamp(field, stamp);
        break;
      case 'datetime_updated':
        values[field.field] = serverStamp(field, stamp);
        break;
    }
  }
  return values;
}

function serverStamp(field: FieldInfo, now: Date): string {
  return field.storage === 'datetimetz' ? now.toISOString() : formatUtcDateTime(now);
}

/** Whether a field's value is filled by the server (such keys never count as written by the caller). */
export function isServerFilled(field: FieldInfo | undefined): boolean {
  return !!field && SERVER_FILLED.has(field.type ?? '');
}
