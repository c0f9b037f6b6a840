import type { Dialect } from '../database/dialects';
import { ApiError } from '../errors';
import type { FieldInfo } from '../schema/types';
import { quote } from './parse-query';
import type { FilterValue } from './types';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD HH:MM:SS` of a moment in UTC, the form v8 stores datetimes in. */
export function formatUtcDateTime(date: Date): string {
  return (
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}

/**
 * A value no row of the column can hold: not convertible to its type, or out of its range. Where
 * a value must be usable (keys, statuses) it is 422 code 4; a filter compares with it instead, as
 * a value that matches nothing (api-v8 §3.3; filter-to-sql.ts).
 */
export class UnconvertibleValue extends ApiError {
  constructor(message: string) {
    super('INVALID_REQUEST', message);
  }
}

function reject(field: FieldInfo, value: unknown, expected: string): never {
  throw new UnconvertibleValue(`${field.field}: ${quote(String(value))} is not ${expected}`);
}

/** The converted value, or `NO_MATCH` when no row of the column can hold it. */
export const NO_MATCH: unique symbol = Symbol('no match');

export function convertibleFilterValue(
  field: FieldInfo,
  value: FilterValue,
  dialect: Dialect,
  now: Date,
): FilterValue | typeof NO_MATCH {
  try {
    return coerceFilterValue(field, value, dialect, now);
  } catch (error) {
    if (error instanceof UnconvertibleValue) return NO_MATCH;
    throw error;
  }
}

function integerValue(field: FieldInfo, value: FilterValue, dialect: Dialect): number | string {
  if (typeof value === 'boolean') return value ? 1 : 0;
  const text = typeof value === 'number' ? String(value) : String(value).trim();
  if (!/^[-+]?\d+$/.test(text)) reject(field, value, 'a whole number');
  const big = BigInt(text);
  if (field.storage === 'bigint') {
    if (big > 9223372036854775807n || big < -9223372036854775808n) reject(field, value, 'in range');
    return Number.isSafeInteger(Number(big)) ? Number(big) : big.toString();
  }
  const [min, max] = dialect.integerRange(field.datatype);
  if (big < BigInt(min) || big > BigInt(max)) reject(field, value, 'in range');
  return Number(big);
}

function decimalValue(field: FieldInfo, value: FilterValue, dialect: Dialect): number {
  if (typeof value === 'boolean') return value ? 1 : 0;
  const text = typeof value === 'number' ? String(value) : String(value).trim();
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) reject(field, value, 'a number');
  const n = Number(text);
  if (!Number.isFinite(n)) reject(field, value, 'in range');
  if (!dialect.floatFits(field.datatype, n)) reject(field, value, 'in range');
  return n;
}

function booleanValue(field: FieldInfo, value: FilterValue): boolean {
  const text = String(value).trim().toLowerCase();
  if (value === true || text === '1' || text === 'true') return true;
  if (value === false || text === '0' || text === 'false') return false;
  reject(field, value, 'true or false');
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?$/;

function validDate(y: number, m: number, d: number): boolean {
  if (y < 1 || y > 9999 || m < 1 || m > 12 || d < 1) return false;
  const date = new Date(Date.UTC(2000, m - 1, d));
  date.setUTCFullYear(y);
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function temporalValue(field: FieldInfo, value: FilterValue, now: Date): string {
  const kind = field.storage === 'date' ? 'date' : field.storage === 'time' ? 'time' : 'datetime';
  const text = String(value).trim();
  if (text.toLowerCase() === 'now') {
    const stamp = formatUtcDateTime(now);
    return kind === 'date' ? stamp.slice(0, 10) : kind === 'time' ? stamp.slice(11) : stamp;
  }
  if (kind === 'time') {
    const match = TIME.exec(text);
    if (!match || Number(match[1]) > 23 || Number(match[2]) > 59 || Number(match[3] ?? 0) > 59) {
      reject(field, value, 'a time (HH:MM:SS)');
    }
    return `${match[1]}:${match[2]}:${match[3] ?? '00'}`;
  }
  const dateOnly = DATE.exec(text);
  if (dateOnly) {
    if (!validDate(Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])))
      reject(field, value, 'a date');
    return text;
  }
  const match = DATETIME.exec(text);
  if (
    !match ||
    !validDate(Number(match[1]), Number(match[2]), Number(match[3])) ||
    Number(match[4]) > 23 ||
    Number(match[5]) > 59 ||
    Number(match[6] ?? 0) > 59
  ) {
    reject(field, value, kind === 'date' ? 'a date (YYYY-MM-DD)' : 'a date and time (YYYY-MM-DD HH:MM:SS)');
  }
  let stamp = `${match[1]}-${match[2]}-${match[3]} ${match[4]}:${match[5]}:${match[6] ?? '00'}`;
  if (match[7]) {
    // Stored datetimes carry no zone and are UTC; convert a zoned value to that.
    const parsed = new Date(text.replace(' ', 'T'));
    if (Number.isNaN(parsed.getTime()) || parsed.getUTCFullYear() < 1 || parsed.getUTCFullYear() > 9999) {
      reject(field, value, 'a date and time');
    }
    stamp = formatUtcDateTime(parsed);
  }
  return kind === 'date' ? stamp.slice(0, 10) : stamp;
}

/**
 * Checks a filter value against the field it is compared with and converts it to what the column
 * holds, so a bad value is a 422 code 4 instead of a database error.
 */
export function coerceFilterValue(
  field: FieldInfo,
  value: FilterValue,
  dialect: Dialect,
  now: Date,
): FilterValue {
  if (value === null) return null;
  switch (field.storage) {
    case 'integer':
    case 'bigint':
      // A boolean kept in an integer column (MySQL's TINYINT(1)) is 0 or 1.
      if (field.type === 'boolean') return booleanValue(field, value) ? 1 : 0;
      return integerValue(field, value, dialect);
    case 'decimal':
      return decimalValue(field, value, dialect);
    case 'boolean':
      return dialect.boolean(booleanValue(field, value));
    case 'date':
    case 'time':
    case 'datetime':
    case 'datetimetz':
      return temporalValue(field, value, now);
    default:
      return typeof value === 'string' ? value : String(value);
  }
}
