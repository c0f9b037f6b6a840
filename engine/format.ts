/**
 * Dates, times and numbers of stored values written in the reader's locale (Intl decides the order, the
 * separators and the 12- or 24-hour clock) and time zone (the profile's, else the browser's).
 *
 * What a value means decides whether the zone applies (schema-v8 §6.4): a date, a time and a plain
 * `YYYY-MM-DD HH:MM:SS` datetime carry no zone and are shown as written, in every zone; a value with an
 * offset or `Z` (`datetime_created`/`datetime_updated`, `…+00:00`) is an instant, shown in the reader's
 * zone. Timestamps the API writes in UTC without saying so (activity, revisions, sessions) are read as
 * UTC by the callers that know it (`instantOf(text, true)`).
 */
export type DateKind = 'date' | 'time' | 'datetime';

/**
 * Zone ids Directus 8 offered in the profile's list that are no IANA zone (schema-v8 §2.5.2), mapped
 * to the zone they name; any other unknown id falls back to the browser's zone.
 */
const ZONE_ALIASES: Record<string, string> = {
  'America/Mexico/La_Paz': 'America/Mazatlan',
  'America/Guadalajara': 'America/Mexico_City',
  'America/Quito': 'America/Guayaquil',
  'America/Argentina/GeorgeTown': 'America/Guyana',
  'Europe/Edinburgh': 'Europe/London',
  'Europe/Bern': 'Europe/Zurich',
  'Europe/St_Petersburg': 'Europe/Moscow',
  'Asia/Abu_Dhabi': 'Asia/Dubai',
  'Asia/Islamabad': 'Asia/Karachi',
  'Asia/Mumbai': 'Asia/Kolkata',
  'Asia/New_Delhi': 'Asia/Kolkata',
  'Asia/Sri_Jayawardenepura': 'Asia/Colombo',
  'Asia/Astana': 'Asia/Almaty',
  'Asia/Hanoi': 'Asia/Bangkok',
  'Asia/Beijing': 'Asia/Shanghai',
  'Asia/Osaka': 'Asia/Tokyo',
  'Asia/Sapporo': 'Asia/Tokyo',
  'Pacific/Marshall_Is': 'Pacific/Majuro',
  'Asia/New_Caledonia': 'Pacific/Noumea',
  'Asia/Solomon_Is': 'Pacific/Guadalcanal',
  'Pacific/Wellington': 'Pacific/Auckland',
};

function accepts(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The IANA zone for a profile's `timezone` (an alias of a v8 id resolved), or undefined when it is empty
 * or unknown: Intl then uses the browser's zone.
 */
export function resolveTimeZone(zone: string | null | undefined): string | undefined {
  const id = zone?.trim();
  if (!id) return undefined;
  if (accepts(id)) return id;
  const alias = ZONE_ALIASES[id];
  return alias && accepts(alias) ? alias : undefined;
}

const ZONED = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/** Whether a stored datetime names its zone (an instant) rather than a wall-clock time. */
export function hasZone(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/.test(text) && ZONED.test(text.trim());
}

/**
 * The instant of a timestamp: ISO with an offset as it says, a plain `YYYY-MM-DD HH:MM:SS` as UTC when
 * `plainIsUtc` (what the API writes for activity, revisions and the auto fields), else null.
 */
export function instantOf(text: string, plainIsUtc = false): Date | null {
  const trimmed = text.trim();
  let source: string | null = null;
  if (hasZone(trimmed)) source = trimmed.replace(' ', 'T');
  else if (plainIsUtc && /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/.test(trimmed))
    source = `${trimmed.replace(' ', 'T')}Z`;
  if (!source) return null;
  const date = new Date(source);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A wall-clock value (no zone) as the same wall-clock time in UTC, to be written with `timeZone: 'UTC'`. */
function wallClock(text: string, kind: DateKind): Date | null {
  const source =
    kind === 'date'
      ? `${text.slice(0, 10)}T00:00:00Z`
      : kind === 'time'
        ? `1970-01-01T${text.slice(0, 8)}Z`
        : `${text.replace(' ', 'T')}Z`;
  const date = new Date(source);
  return Number.isNaN(date.getTime()) ? null : date;
}

function write(date: Date, kind: DateKind, locale: string | undefined, timeZone: string | undefined): string {
  if (kind === 'date') return date.toLocaleDateString(locale, { timeZone });
  if (kind === 'time')
    return date.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit', timeZone });
  return date.toLocaleString(locale, { timeZone });
}

/**
 * A stored date/time/datetime in `locale` (`21.8.2024, 18:30:00` in de-DE); a datetime with a zone in
 * `timeZone` (undefined: the browser's); the text itself when unreadable.
 */
export function formatDateValue(
  text: string,
  kind: DateKind,
  locale: string | undefined,
  timeZone?: string,
): string {
  const instant = kind === 'datetime' ? instantOf(text) : null;
  const date = instant ?? wallClock(text, kind);
  if (!date) return kind === 'time' ? text.slice(0, 5) : text;
  const zone = instant ? resolveTimeZone(timeZone) : 'UTC';
  try {
    return write(date, kind, locale, zone);
  } catch {
    // A locale tag Intl refuses: the runtime's own.
    return write(date, kind, undefined, zone);
  }
}

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

/** The wall-clock `YYYY-MM-DD HH:MM:SS` of an instant in a zone (undefined: the browser's). */
export function wallTimeIn(date: Date, timeZone: string | undefined): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: resolveTimeZone(timeZone),
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return `${pad(get('year'), 4)}-${pad(get('month'))}-${pad(get('day'))} ${pad(get('hour') % 24)}:${pad(get('minute'))}:${pad(get('second'))}`;
}

/** The `YYYY-MM-DD` day of an instant in a zone (undefined: the browser's). */
export function dayIn(date: Date, timeZone: string | undefined): string {
  return wallTimeIn(date, timeZone).slice(0, 10);
}

/** The offset of a zone from UTC at an instant, in minutes (Berlin in summer: 120). */
export function offsetMinutes(date: Date, timeZone: string | undefined): number {
  const wall = new Date(`${wallTimeIn(date, timeZone).replace(' ', 'T')}Z`);
  return Math.round((wall.getTime() - Math.floor(date.getTime() / 1000) * 1000) / 60000);
}

/**
 * The instant a wall-clock `YYYY-MM-DD HH:MM[:SS]` names in a zone (undefined: the browser's). A time the
 * zone repeats (fall back) is the earlier of the two; one it skips (spring forward) moves on by the gap.
 */
export function instantInZone(wall: string, timeZone: string | undefined): Date | null {
  const asUtc = new Date(`${wall.trim().replace(' ', 'T')}Z`);
  if (Number.isNaN(asUtc.getTime())) return null;
  const target = wallTimeIn(asUtc, 'UTC');
  const day = 12 * 3600_000;
  const before = offsetMinutes(new Date(asUtc.getTime() - day), timeZone);
  const after = offsetMinutes(new Date(asUtc.getTime() + day), timeZone);
  const fits = [before, after]
    .map((offset) => new Date(asUtc.getTime() - offset * 60000))
    .filter((date) => wallTimeIn(date, timeZone) === target)
    .sort((a, b) => a.getTime() - b.getTime());
  return fits[0] ?? new Date(asUtc.getTime() - before * 60000);
}

/** A number with the locale's grouping and decimal separators. */
export function formatNumberValue(value: number, locale: string | undefined): string {
  try {
    return value.toLocaleString(locale);
  } catch {
    return value.toLocaleString();
  }
}
