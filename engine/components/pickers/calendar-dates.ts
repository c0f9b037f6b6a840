/** Plain calendar dates (`YYYY-MM-DD`), computed in UTC so no time zone shifts a day. */
export interface Day {
  year: number;
  month: number; // 0-11
  day: number;
}

export function parseDay(text: unknown): Day | null {
  if (typeof text !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const date = new Date(Date.UTC(year, month, day));
  return date.getUTCMonth() === month ? { year, month, day } : null;
}

export const formatDay = ({ year, month, day }: Day): string =>
  `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

const toDate = ({ year, month, day }: Day) => new Date(Date.UTC(year, month, day));
const fromDate = (date: Date): Day => ({
  year: date.getUTCFullYear(),
  month: date.getUTCMonth(),
  day: date.getUTCDate(),
});

export const compareDays = (a: Day, b: Day) => toDate(a).getTime() - toDate(b).getTime();

export function addDays(day: Day, count: number): Day {
  const date = toDate(day);
  date.setUTCDate(date.getUTCDate() + count);
  return fromDate(date);
}

/** The same day `count` months later, kept inside the month (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(day: Day, count: number): Day {
  const first = new Date(Date.UTC(day.year, day.month + count, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return { year: first.getUTCFullYear(), month: first.getUTCMonth(), day: Math.min(day.day, last) };
}

/** 1 = Monday … 7 = Sunday. */
export function weekday(day: Day): number {
  return toDate(day).getUTCDay() || 7;
}

export function today(): Day {
  const now = new Date();
  return { year: now.getFullYear(), month: now.getMonth(), day: now.getDate() };
}

export function clampDay(day: Day, min: Day | null, max: Day | null): Day {
  if (min && compareDays(day, min) < 0) return min;
  if (max && compareDays(day, max) > 0) return max;
  return day;
}

/** The first day of the week in a locale (1 Monday … 7 Sunday), from Intl where the browser tells it. */
export function firstDayOfWeek(locale: string | undefined): number {
  try {
    const info = new Intl.Locale(
      locale ?? new Intl.DateTimeFormat().resolvedOptions().locale,
    ) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const week = info.getWeekInfo?.() ?? info.weekInfo;
    if (week?.firstDay) return week.firstDay;
    // Without weekInfo: Sunday where the region says so most often, else Monday (ISO 8601).
    const region = info.maximize().region ?? '';
    return ['US', 'CA', 'MX', 'BR', 'JP', 'IL', 'KR', 'TW', 'PH', 'IN', 'ZA', 'AU', 'SA'].includes(region)
      ? 7
      : 1;
  } catch {
    return 1;
  }
}

/** The weeks shown for a month: rows of seven days, starting on the locale's first day of the week. */
export function monthGrid(year: number, month: number, firstDay: number): Day[][] {
  const first: Day = { year, month, day: 1 };
  const offset = (weekday(first) - firstDay + 7) % 7;
  let cursor = addDays(first, -offset);
  const weeks: Day[][] = [];
  do {
    const week: Day[] = [];
    for (let i = 0; i < 7; i += 1) {
      week.push(cursor);
      cursor = addDays(cursor, 1);
    }
    weeks.push(week);
  } while (cursor.month === month && cursor.year === year);
  return weeks;
}
