import { decodeJson } from '../schema/load-schema';
import type { FieldInfo } from '../schema/types';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function fromDate(date: Date, utc: boolean): string {
  if (Number.isNaN(date.getTime())) return '';
  const parts = utc
    ? [
        date.getUTCFullYear(),
        date.getUTCMonth() + 1,
        date.getUTCDate(),
        date.getUTCHours(),
        date.getUTCMinutes(),
        date.getUTCSeconds(),
      ]
    : [
        date.getFullYear(),
        date.getMonth() + 1,
        date.getDate(),
        date.getHours(),
        date.getMinutes(),
        date.getSeconds(),
      ];
  const [y, mo, d, h, mi, s] = parts;
  return `${pad(y, 4)}-${pad(mo)}-${pad(d)} ${pad(h)}:${pad(mi)}:${pad(s)}`;
}

/**
 * A stored date/time value → `YYYY-MM-DD HH:MM:SS`. PostgreSQL's driver hands out Date objects:
 * columns without a zone are parsed as local time, so they are read back with local getters.
 */
function toStamp(value: unknown, field: FieldInfo): string | null {
  if (value instanceof Date) return fromDate(value, field.storage === 'datetimetz') || null;
  if (typeof value === 'number') return fromDate(new Date(value), true) || null;
  const text = String(value).trim();
  if (text === '' || /^0000-00-00/.test(text)) return null;
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?/.exec(text);
  if (!match) return text;
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(text) && match[2]) {
    const parsed = new Date(text.replace(' ', 'T'));
    if (!Number.isNaN(parsed.getTime())) return fromDate(parsed, true);
  }
  const time = match[2] ? (match[2].length === 5 ? `${match[2]}:00` : match[2]) : '00:00:00';
  return `${match[1]} ${time}`;
}

function toNumber(value: unknown, keepBigAsString: boolean): unknown {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint')
    return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    if (!Number.isFinite(n)) return value;
    if (keepBigAsString && !Number.isSafeInteger(n) && /^[-+]?\d+$/.test(value.trim())) return value;
    return n;
  }
  return value;
}

/**
 * A database value → its API form (api-v8 §9.5, schema-v8 §3.8): numbers as numbers (integers
 * beyond 2^53 stay strings), booleans, decoded JSON, `array` as a list of strings, dates as
 * `Y-m-d` / `Y-m-d H:i:s` / `H:i:s`, `datetime_created` / `datetime_updated` as ISO 8601 UTC,
 * binary as base64.
 */
export function castValue(field: FieldInfo, value: unknown): unknown {
  const type = field.type;
  if (type === 'array') {
    if (value === null || value === undefined) return [];
    if (Array.isArray(value)) return value.map(String);
    return String(value)
      .split(',')
      .filter((part) => part !== '');
  }
  if (value === null || value === undefined) return null;
  if (type === 'boolean') {
    if (typeof value === 'string') return ['1', 't', 'true', 'y', 'yes'].includes(value.toLowerCase());
    return Boolean(Number(value));
  }
  if (type === 'json') return decodeJson(Buffer.isBuffer(value) ? value.toString('utf8') : value);
  if (type === 'datetime_created' || type === 'datetime_updated') {
    const stamp = toStamp(value, field);
    return stamp ? `${stamp.replace(' ', 'T')}+00:00` : null;
  }
  switch (field.storage) {
    case 'integer':
    case 'bigint':
    case 'decimal':
      return toNumber(value, true);
    case 'boolean':
      return type === 'integer'
        ? toNumber(value, true)
        : typeof value === 'boolean'
          ? value
          : Boolean(Number(value));
    case 'datetime':
    case 'datetimetz': {
      if (type === 'date') return toStamp(value, field)?.slice(0, 10) ?? null;
      return toStamp(value, field);
    }
    case 'date':
      return toStamp(value, field)?.slice(0, 10) ?? null;
    case 'time': {
      const text = String(value);
      return /^\d{2}:\d{2}:\d{2}/.test(text) ? text.slice(0, 8) : text;
    }
    case 'binary':
      return Buffer.isBuffer(value) ? value.toString('base64') : value;
    default:
      if (value instanceof Date) return toStamp(value, field);
      if (Buffer.isBuffer(value)) return value.toString('base64');
      if (typeof value === 'bigint') return toNumber(value, true);
      return value;
  }
}
