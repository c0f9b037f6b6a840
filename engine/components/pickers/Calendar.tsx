import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { IconButton } from '../../../ui';
import { useEngineT } from '../../i18n';
import type { InterfaceComponentProps } from '../contract';
import {
  addDays,
  addMonths,
  clampDay,
  compareDays,
  firstDayOfWeek,
  formatDay,
  monthGrid,
  parseDay,
  today,
  type Day,
} from './calendar-dates';
import { isRtl, useUserLocale } from './values';
import './pickers.css';

const same = (a: Day | null, b: Day | null) => !!a && !!b && compareDays(a, b) === 0;

/**
 * A date (`YYYY-MM-DD`) on an inline month grid (the WAI-ARIA date grid): arrow keys move a day or a
 * week, Home/End to the week's ends, PageUp/PageDown a month (with Shift a year), Enter or Space
 * chooses; days outside `min`/`max` cannot be chosen. Week start and names come from Intl; the
 * elements whose text is Intl's (month title, weekday heads, day labels) carry `data-locale-text`.
 * Disabled, nothing is operable (month browsing included).
 */
export default function Calendar(props: InterfaceComponentProps) {
  const t = useEngineT();
  const locale = useUserLocale();
  const value = parseDay(props.value);
  const min = parseDay(props.min);
  const max = parseDay(props.max);
  const [focus, setFocus] = useState<Day>(() => clampDay(value ?? today(), min, max));
  const [hasFocus, setHasFocus] = useState(false);
  const grid = useRef<HTMLTableElement>(null);
  const firstDay = useMemo(() => firstDayOfWeek(locale), [locale]);
  const weeks = monthGrid(focus.year, focus.month, firstDay);
  const monthTitle = new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(focus.year, focus.month, 1));
  const dayName = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const dayLong = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' });
  const valueKey = typeof props.value === 'string' ? props.value : '';

  // A value set from outside (a reset, another tab) shows its month.
  useEffect(() => {
    const day = parseDay(valueKey);
    if (day) setFocus(day);
  }, [valueKey]);

  // Keyboard moves carry the focus to the new day's button.
  useEffect(() => {
    if (!hasFocus) return;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${formatDay(focus)}"]`)?.focus();
  }, [focus, hasFocus]);

  const outside = (day: Day) => (min && compareDays(day, min) < 0) || (max && compareDays(day, max) > 0);
  const choose = (day: Day) => {
    if (props.disabled || outside(day)) return;
    setFocus(day);
    props.onChange(formatDay(day));
  };
  const goMonth = (count: number) => setFocus((day) => clampDay(addMonths(day, count), min, max));

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const rtl = isRtl(event.currentTarget);
    const pos = (weekdayIndex: number) => (weekdayIndex - firstDay + 7) % 7;
    const index = pos(new Date(Date.UTC(focus.year, focus.month, focus.day)).getUTCDay() || 7);
    const moves: Record<string, () => Day> = {
      ArrowLeft: () => addDays(focus, rtl ? 1 : -1),
      ArrowRight: () => addDays(focus, rtl ? -1 : 1),
      ArrowUp: () => addDays(focus, -7),
      ArrowDown: () => addDays(focus, 7),
      Home: () => addDays(focus, -index),
      End: () => addDays(focus, 6 - index),
      PageUp: () => addMonths(focus, event.shiftKey ? -12 : -1),
      PageDown: () => addMonths(focus, event.shiftKey ? 12 : 1),
    };
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(focus);
      return;
    }
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setFocus(clampDay(move(), min, max));
  };

  const canBack = !min || compareDays(addMonths({ ...focus, day: 1 }, 0), { ...min, day: 1 }) > 0;
  const canForward = !max || compareDays({ ...focus, day: 1 }, { ...max, day: 1 }) < 0;
  const headingId = `${props.id}-month`;

  return (
    <div className="pickers-calendar">
      <div className="pickers-calendar__header">
        <IconButton
          icon="chevron_left"
          label={t('interfaces.pickers.calendar_previous')}
          disabled={props.disabled || !canBack}
          onClick={() => goMonth(-1)}
        />
        <div id={headingId} className="pickers-calendar__title" aria-live="polite" data-locale-text>
          {monthTitle}
        </div>
        <IconButton
          icon="chevron_right"
          label={t('interfaces.pickers.calendar_next')}
          disabled={props.disabled || !canForward}
          onClick={() => goMonth(1)}
        />
      </div>
      <table
        ref={grid}
        id={props.id}
        role="grid"
        aria-labelledby={headingId}
        aria-describedby={props.describedBy}
        className="pickers-calendar__grid"
        onKeyDown={onKeyDown}
        onFocus={() => setHasFocus(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHasFocus(false);
        }}
      >
        <thead>
          <tr>
            {weeks[0].map((day) => (
              <th
                key={formatDay(day)}
                scope="col"
                data-locale-text
                abbr={new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
                  Date.UTC(day.year, day.month, day.day),
                )}
              >
                {dayName.format(Date.UTC(day.year, day.month, day.day))}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={formatDay(week[0])}>
              {week.map((day) => {
                const inMonth = day.month === focus.month;
                const selected = same(day, value);
                const blocked = !!outside(day);
                const classes = [
                  'pickers-calendar__day',
                  !inMonth && 'pickers-calendar__day--other',
                  selected && 'pickers-calendar__day--selected',
                  same(day, today()) && 'pickers-calendar__day--today',
                ];
                return (
                  <td key={formatDay(day)} role="gridcell" aria-selected={selected}>
                    <button
                      type="button"
                      data-day={formatDay(day)}
                      data-locale-text
                      tabIndex={same(day, focus) ? 0 : -1}
                      disabled={props.disabled}
                      aria-disabled={blocked || undefined}
                      aria-label={dayLong.format(Date.UTC(day.year, day.month, day.day))}
                      aria-current={same(day, today()) ? 'date' : undefined}
                      className={classes.filter(Boolean).join(' ')}
                      onClick={() => choose(day)}
                    >
                      {day.day}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="pickers-calendar__footer">
        <span aria-live="polite">
          {value
            ? t('interfaces.pickers.calendar_chosen', {
                date: dayLong.format(Date.UTC(value.year, value.month, value.day)),
              })
            : t('interfaces.pickers.calendar_empty')}
        </span>
        {value && !props.disabled && (
          <IconButton
            icon="close"
            size="small"
            label={t('interfaces.pickers.calendar_clear')}
            onClick={() => props.onChange(null)}
          />
        )}
      </div>
    </div>
  );
}
