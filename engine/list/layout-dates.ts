import {
  addDays,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  isValid,
  parseISO,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import type { ListRange } from './build-query';
import { dayIn } from '../format';

/**
 * Day arithmetic of the calendar and timeline layouts (date-fns, in local time). A day is a
 * `YYYY-MM-DD` key; an item's day is the day written in its value (v8 datetimes carry no zone and are
 * shown as written, as the datetime display does), or the day of a value with a zone in the reader's
 * time zone (the profile's; undefined: the browser's).
 */

export type WeekStart = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export const dayKey = (date: Date) => format(date, 'yyyy-MM-dd');

/** A day key as a local date at midnight. */
export function dateOf(key: string): Date {
  return parseISO(key.slice(0, 10));
}

/** The day of a stored date or datetime (one with a zone: its day in `timeZone`), or null when it is none. */
export function dayOfValue(value: unknown, timeZone?: string): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const plain = /^(\d{4}-\d{2}-\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/.exec(text);
  if (plain) return isValid(parseISO(plain[1])) ? plain[1] : null;
  const date = parseISO(text);
  return isValid(date) ? dayIn(date, timeZone) : null;
}

/** The locale's first day of the week (0 Sunday … 6 Saturday), from Intl where the browser tells it. */
export function weekStartOf(locale: string | undefined): WeekStart {
  try {
    const info = new Intl.Locale(
      locale ?? new Intl.DateTimeFormat().resolvedOptions().locale,
    ) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const first = (info.getWeekInfo?.() ?? info.weekInfo)?.firstDay;
    if (first) return (first % 7) as WeekStart;
    const region = info.maximize().region ?? '';
    // Without weekInfo: Sunday where the region says so most often, else Monday (ISO 8601).
    return ['US', 'CA', 'MX', 'BR', 'JP', 'IL', 'KR', 'TW', 'PH', 'IN', 'ZA', 'AU', 'SA'].includes(region)
      ? 0
      : 1;
  } catch {
    return 1;
  }
}

/** The weeks a month view shows: whole weeks from the one holding the 1st to the one holding the last. */
export function monthWeeks(month: Date, weekStartsOn: WeekStart): string[][] {
  const days = eachDayOfInterval({
    start: startOfWeek(startOfMonth(month), { weekStartsOn }),
    end: endOfWeek(endOfMonth(month), { weekStartsOn }),
  }).map(dayKey);
  const weeks: string[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

/** The week holding a day. */
export function weekDays(day: Date, weekStartsOn: WeekStart): string[] {
  const start = startOfWeek(day, { weekStartsOn });
  return Array.from({ length: 7 }, (_, i) => dayKey(addDays(start, i)));
}

/** The first and last day of a grid of weeks. */
export function rangeOf(weeks: string[][]): ListRange {
  return { from: weeks[0][0], to: weeks[weeks.length - 1][6] };
}

/**
 * The filter that keeps items of a range: from the first day's start to before the day after the last, so
 * a datetime late on the last day is in and nothing of the next day is (`lt`, compared as written).
 */
export function rangeFilter(field: string, range: ListRange): Record<string, Record<string, unknown>> {
  return { [field]: { gte: range.from, lt: dayKey(addDays(dateOf(range.to), 1)) } };
}
