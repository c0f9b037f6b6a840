/**
 * Dates, times and numbers of stored values written in the reader's locale (Intl decides the order, the
 * separators and the 12- or 24-hour clock). Values carry no zone: a date or a `YYYY-MM-DD HH:MM:SS`
 * datetime is shown as written, an ISO one with an offset in the browser's time.
 */
export type DateKind = 'date' | 'time' | 'datetime';

function parse(text: string, kind: DateKind): Date | null {
  const source =
    kind === 'date'
      ? `${text.slice(0, 10)}T00:00:00`
      : kind === 'time'
        ? `1970-01-01T${text.slice(0, 8)}`
        : text.replace(' ', 'T');
  const date = new Date(source);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A stored date/time/datetime in `locale` (`21.8.2024, 18:30:00` in de-DE); the text itself when unreadable. */
export function formatDateValue(text: string, kind: DateKind, locale: string | undefined): string {
  const date = parse(text, kind);
  if (!date) return kind === 'time' ? text.slice(0, 5) : text;
  try {
    if (kind === 'date') return date.toLocaleDateString(locale);
    if (kind === 'time') return date.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' });
    return date.toLocaleString(locale);
  } catch {
    // A locale tag Intl refuses: the runtime's own.
    return formatDateValue(text, kind, undefined);
  }
}

/** A number with the locale's grouping and decimal separators. */
export function formatNumberValue(value: number, locale: string | undefined): string {
  try {
    return value.toLocaleString(locale);
  } catch {
    return value.toLocaleString();
  }
}
