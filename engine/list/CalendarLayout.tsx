import { useEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { addDays, addMonths, addWeeks, isSameMonth } from 'date-fns';
import { Button, DateTimeInput, EmptyState, Icon, IconButton, VisuallyHidden } from '../../ui';
import { resolveColor } from '../../ui/palette';
import { userLocale, useUserLocale } from '../components/pickers/values';
import { useEngineT, useEngineTimeZone } from '../i18n';
import { renderTemplate } from '../templates/render-template';
import { primaryKeyOf, requestedPaths, type LayoutListQuery, type ListRange } from './build-query';
import {
  dateOf,
  dayKey,
  dayOfValue,
  monthWeeks,
  rangeFilter,
  rangeOf,
  weekDays,
  weekStartOf,
  type WeekStart,
} from './layout-dates';
import {
  chosenField,
  contentPaths,
  DATE_TYPES,
  namedField,
  titleTemplate,
  valueColor,
} from './layout-fields';
import type { LayoutProps } from './TabularLayout';
import './CalendarLayout.css';

/** Items a month cell lists before "+N" (a week shows them all). */
export const MONTH_CELL_ITEMS = 3;
/** One request per range; a busier range loads its further pages as they come. */
export const CALENDAR_PAGE = 500;
const COLOR_TYPES = ['status', 'string'];

type View = 'month' | 'week';
const viewOf = (options: Record<string, unknown>): View => (options.view === 'week' ? 'week' : 'month');

/** The weeks shown for a view around a day. */
export function visibleWeeks(view: View, cursor: Date, weekStartsOn: WeekStart): string[][] {
  return view === 'week' ? [weekDays(cursor, weekStartsOn)] : monthWeeks(cursor, weekStartsOn);
}

/**
 * The calendar's request: the date field, the fields its title and colour read, sorted by date, only the
 * visible days (the range it reported; before that, the view around today in the app's locale).
 */
export const calendarListQuery: LayoutListQuery = ({ fields, viewOptions, range }) => {
  const date = chosenField(fields, viewOptions.date, DATE_TYPES);
  if (!date) return { fields: [], limit: 1 };
  const color = namedField(fields, viewOptions.color, COLOR_TYPES);
  const shown = range ?? rangeOf(visibleWeeks(viewOf(viewOptions), new Date(), weekStartOf(userLocale())));
  return {
    fields: requestedPaths(fields, [
      date.field,
      ...contentPaths(titleTemplate(fields, viewOptions.title)),
      ...(color ? [color.field] : []),
    ]),
    sort: date.field,
    filter: rangeFilter(date.field, shown),
    limit: CALENDAR_PAGE,
  };
};

interface Entry {
  key: string;
  item: Record<string, unknown>;
  title: string;
  time: string | null;
  color: string | null;
}

/**
 * A month (or week) of items placed on the day of a date field (spec §2 calendar layout): today is marked,
 * the view moves by month or week, a month day with more items than fit shows "+N" and expands, an item
 * opens on click, and with `onCreateAt` each day offers a new item on it. The grid follows the WAI-ARIA
 * grid pattern: one day is in the tab order, arrows move a day or a week (across months), Home/End to the
 * week's ends, PageUp/PageDown a month; Tab walks into the focused day's items.
 */
export function CalendarLayout(props: LayoutProps) {
  const { fields, items, viewOptions } = props;
  const t = useEngineT();
  const locale = useUserLocale();
  const timeZone = useEngineTimeZone();
  const weekStartsOn = useMemo(() => weekStartOf(locale), [locale]);
  const view = viewOf(viewOptions);
  const dateField = chosenField(fields, viewOptions.date, DATE_TYPES);
  const colorField = namedField(fields, viewOptions.color, COLOR_TYPES);
  const template = titleTemplate(fields, viewOptions.title);
  const primaryKey = primaryKeyOf(fields);

  // Back from an item, the listing hands the days shown before; else the calendar opens on today.
  const [cursor, setCursor] = useState(() => startCursor(props.range, view));
  const [focusDay, setFocusDay] = useState(() => {
    const today = dayKey(new Date());
    const range = props.range;
    return !range || (range.from <= today && today <= range.to) ? today : dayKey(startCursor(range, view));
  });
  const [expanded, setExpanded] = useState<string | null>(null);
  const [hasFocus, setHasFocus] = useState(false);
  const grid = useRef<HTMLDivElement>(null);

  const weeks = useMemo(() => visibleWeeks(view, cursor, weekStartsOn), [view, cursor, weekStartsOn]);
  const range = rangeOf(weeks);
  const today = dayKey(new Date());

  // The list asks for the visible days only; it hears of every change of them.
  const { onRangeChange } = props;
  useEffect(() => {
    onRangeChange?.({ from: range.from, to: range.to });
  }, [onRangeChange, range.from, range.to]);

  // A busy range arrives in pages: ask for the next until the range is complete.
  const { onEndReached, loadingMore, loading } = props;
  useEffect(() => {
    if (!loading && !loadingMore && items.length > 0) onEndReached?.();
  }, [items.length, loading, loadingMore, onEndReached]);

  // Keyboard moves carry the focus to the new day.
  useEffect(() => {
    if (hasFocus) grid.current?.querySelector<HTMLElement>(`[data-day="${focusDay}"]`)?.focus();
  }, [focusDay, hasFocus, weeks]);

  const byDay = useMemo(() => {
    const map = new Map<string, Entry[]>();
    if (!dateField) return map;
    // A plain datetime's time as written (read as UTC, written in UTC); one with a zone in the reader's.
    const timeFormat = new Intl.DateTimeFormat(locale, {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
    });
    const zonedFormat = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone });
    const colors = viewOptions.colors as Record<string, unknown> | undefined;
    for (const item of items) {
      const raw = item[dateField.field];
      const day = dayOfValue(raw, timeZone);
      if (!day) continue;
      const withTime = String(dateField.type).toLowerCase() !== 'date' && typeof raw === 'string';
      const list = map.get(day) ?? [];
      list.push({
        key: String(item[primaryKey]),
        item,
        title: renderTemplate(template, item).trim() || `#${String(item[primaryKey])}`,
        time: withTime ? timeOf(raw as string, timeFormat, zonedFormat) : null,
        color: colorField ? valueColor(colorField, item[colorField.field], colors) : null,
      });
      map.set(day, list);
    }
    return map;
  }, [items, dateField, template, primaryKey, colorField, viewOptions.colors, locale, timeZone]);

  if (!dateField) {
    return (
      <div className="calendar-layout calendar-layout--state" data-state="no-date-field">
        <EmptyState
          icon="event_busy"
          title={t('layouts.calendar.no_date_field.title')}
          body={t('layouts.calendar.no_date_field.body')}
          live="status"
        />
      </div>
    );
  }

  const monthTitle = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(cursor);
  const weekdayShort = new Intl.DateTimeFormat(locale, { weekday: 'short' });
  const weekdayLong = new Intl.DateTimeFormat(locale, { weekday: 'long' });
  const dayLong = new Intl.DateTimeFormat(locale, { dateStyle: 'full' });
  const visibleCount = weeks.flat().reduce((sum, day) => sum + (byDay.get(day)?.length ?? 0), 0);

  const step = (count: number) => {
    const next = view === 'week' ? addWeeks(cursor, count) : addMonths(cursor, count);
    setCursor(next);
    setFocusDay(dayKey(view === 'week' ? addWeeks(dateOf(focusDay), count) : next));
    setExpanded(null);
  };
  const goTo = (day: string) => {
    setCursor(dateOf(day));
    setFocusDay(day);
    setExpanded(null);
  };
  const moveFocus = (day: string) => {
    const date = dateOf(day);
    const inView = weeks.some((week) => week.includes(day)) && (view === 'week' || isSameMonth(date, cursor));
    if (!inView) setCursor(date);
    setFocusDay(day);
  };

  const onGridKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setExpanded(null);
      grid.current?.querySelector<HTMLElement>(`[data-day="${expanded}"]`)?.focus();
      return;
    }
    // Arrows belong to the days; inside a day's items they are left alone.
    if (!target.matches('[role="gridcell"]')) return;
    const current = dateOf(focusDay);
    const week = weekDays(current, weekStartsOn);
    const moves: Record<string, () => string> = {
      ArrowLeft: () => dayKey(addDays(current, isRtl(target) ? 1 : -1)),
      ArrowRight: () => dayKey(addDays(current, isRtl(target) ? -1 : 1)),
      ArrowUp: () => dayKey(addDays(current, -7)),
      ArrowDown: () => dayKey(addDays(current, 7)),
      Home: () => week[0],
      End: () => week[6],
      PageUp: () => dayKey(event.shiftKey ? addMonths(current, -12) : addMonths(current, -1)),
      PageDown: () => dayKey(event.shiftKey ? addMonths(current, 12) : addMonths(current, 1)),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      moveFocus(move());
      return;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      // Into the day: its first item, else its create button.
      const first = target.querySelector<HTMLElement>('button');
      if (first) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  const titleId = 'calendar-layout-title';
  const { onItemClick, onCreateAt } = props;
  const cap = view === 'month' ? MONTH_CELL_ITEMS : Infinity;

  return (
    <div className={`calendar-layout calendar-layout--${view}`} data-range={`${range.from}..${range.to}`}>
      <div className="calendar-layout__header">
        <h2 id={titleId} className="calendar-layout__title" aria-live="polite" data-locale-text>
          {view === 'week'
            ? t('layouts.calendar.week_title', {
                from: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' }).format(
                  dateOf(range.from),
                ),
                to: new Intl.DateTimeFormat(locale, {
                  day: 'numeric',
                  month: 'short',
                  year: 'numeric',
                }).format(dateOf(range.to)),
              })
            : monthTitle}
        </h2>
        <div className="calendar-layout__nav">
          <IconButton
            icon="chevron_left"
            label={t(view === 'week' ? 'layouts.calendar.previous_week' : 'layouts.calendar.previous_month')}
            onClick={() => step(-1)}
          />
          <Button variant="secondary" size="small" onClick={() => goTo(today)}>
            {t('layouts.calendar.today')}
          </Button>
          <IconButton
            icon="chevron_right"
            label={t(view === 'week' ? 'layouts.calendar.next_week' : 'layouts.calendar.next_month')}
            onClick={() => step(1)}
          />
          <label className="calendar-layout__goto">
            <span className="calendar-layout__goto-label">{t('layouts.calendar.go_to')}</span>
            <DateTimeInput kind="date" value={null} onChange={(value) => value && goTo(value.slice(0, 10))} />
          </label>
        </div>
        <span className="calendar-layout__status" role="status">
          {!loading && visibleCount === 0
            ? t(props.searching ? 'layouts.calendar.no_results' : 'layouts.calendar.empty')
            : ''}
        </span>
      </div>
      <div
        ref={grid}
        className="calendar-layout__grid"
        role="grid"
        aria-labelledby={titleId}
        aria-busy={loading || undefined}
        onKeyDown={onGridKey}
        onFocus={() => setHasFocus(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHasFocus(false);
        }}
      >
        <div role="row" className="calendar-layout__row calendar-layout__row--head">
          {weeks[0].map((day) => (
            <div
              key={day}
              role="columnheader"
              className="calendar-layout__weekday"
              aria-label={weekdayLong.format(dateOf(day))}
              data-locale-text
            >
              {weekdayShort.format(dateOf(day))}
            </div>
          ))}
        </div>
        {weeks.map((week) => (
          <div role="row" className="calendar-layout__row" key={week[0]}>
            {week.map((day) => {
              const entries = byDay.get(day) ?? [];
              const open = expanded === day;
              const shown = open ? entries : entries.slice(0, cap);
              const hidden = entries.length - shown.length;
              const outside = view === 'month' && !isSameMonth(dateOf(day), cursor);
              const active = day === focusDay;
              const label = dayLong.format(dateOf(day));
              const classes = [
                'calendar-layout__day',
                day === today && 'calendar-layout__day--today',
                outside && 'calendar-layout__day--outside',
                open && 'calendar-layout__day--expanded',
              ]
                .filter(Boolean)
                .join(' ');
              return (
                <div
                  key={day}
                  role="gridcell"
                  className={classes}
                  data-day={day}
                  tabIndex={active ? 0 : -1}
                  aria-current={day === today ? 'date' : undefined}
                  aria-selected={active}
                  onFocus={(event) => {
                    if (event.target === event.currentTarget) setFocusDay(day);
                  }}
                >
                  <div className="calendar-layout__day-head">
                    <span className="calendar-layout__day-number" aria-hidden="true" data-locale-text>
                      {new Intl.NumberFormat(locale).format(dateOf(day).getDate())}
                    </span>
                    {/* The cell is named by its content: the day in full (and its count) come first. */}
                    <VisuallyHidden>
                      {entries.length
                        ? t('layouts.calendar.day_label', { date: label, count: entries.length })
                        : label}
                    </VisuallyHidden>
                    {onCreateAt && (
                      <button
                        type="button"
                        className="calendar-layout__create"
                        tabIndex={active ? 0 : -1}
                        aria-label={t('layouts.calendar.create_on', { date: label })}
                        title={t('layouts.calendar.create_on', { date: label })}
                        onClick={() => onCreateAt(dateField.field, day)}
                      >
                        <Icon name="add" size={20} />
                      </button>
                    )}
                  </div>
                  <ul className="calendar-layout__items">
                    {shown.map((entry) => (
                      <li key={entry.key}>
                        <button
                          type="button"
                          className="calendar-layout__item"
                          tabIndex={active ? 0 : -1}
                          style={colorStyle(entry.color)}
                          onClick={() => onItemClick?.(entry.item)}
                          title={entry.title}
                          data-item={entry.key}
                        >
                          {entry.time && (
                            <time className="calendar-layout__time" data-locale-text>
                              {entry.time}
                            </time>
                          )}
                          <span className="calendar-layout__item-title">{entry.title}</span>
                        </button>
                      </li>
                    ))}
                  </ul>
                  {hidden > 0 && (
                    <button
                      type="button"
                      className="calendar-layout__more"
                      tabIndex={active ? 0 : -1}
                      aria-expanded={false}
                      aria-label={t('layouts.calendar.more_label', { count: hidden, date: label })}
                      onClick={() => {
                        setExpanded(day);
                        setFocusDay(day);
                      }}
                    >
                      {t('layouts.calendar.more', { count: hidden })}
                    </button>
                  )}
                  {open && entries.length > cap && (
                    <button
                      type="button"
                      className="calendar-layout__more"
                      tabIndex={active ? 0 : -1}
                      aria-expanded
                      onClick={() => {
                        setExpanded(null);
                        grid.current?.querySelector<HTMLElement>(`[data-day="${day}"]`)?.focus();
                      }}
                    >
                      {t('layouts.calendar.less')}
                    </button>
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
CalendarLayout.listQuery = calendarListQuery;
/** An empty range is still a calendar to move through and create on. */
CalendarLayout.drawsEmpty = true;

/** The day a view opens on: inside a reported range (its middle: the month a month grid shows), else today. */
function startCursor(range: ListRange | null | undefined, view: View): Date {
  if (!range) return new Date();
  return view === 'week' ? dateOf(range.from) : addDays(dateOf(range.from), 15);
}

function isRtl(element: HTMLElement): boolean {
  return getComputedStyle(element).direction === 'rtl';
}

/** A datetime's time as written (v8 datetimes carry no zone), or the reader's time of one with a zone. */
function timeOf(
  value: string,
  plainFormat: Intl.DateTimeFormat,
  zonedFormat: Intl.DateTimeFormat,
): string | null {
  const plain = /^\d{4}-\d{2}-\d{2}[ T](\d{2}):(\d{2})/.exec(value);
  if (!plain) return null;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(value);
  const date = zoned ? new Date(value) : new Date(Date.UTC(2000, 0, 1, Number(plain[1]), Number(plain[2])));
  return Number.isNaN(date.getTime()) ? null : (zoned ? zonedFormat : plainFormat).format(date);
}

function colorStyle(color: string | null) {
  const resolved = resolveColor(color);
  return resolved ? ({ '--calendar-item-color': resolved.color } as CSSProperties) : undefined;
}
