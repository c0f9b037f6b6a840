import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { differenceInCalendarDays } from 'date-fns';
import { Avatar, Button, EmptyState, Spinner } from '../../ui';
import { resolveColor } from '../../ui/palette';
import { thumbnailOf } from '../components/relational/displays';
import { useUserLocale } from '../components/pickers/values';
import { useEngineT, useEngineTimeZone } from '../i18n';
import { dayIn } from '../format';
import { renderTemplate } from '../templates/render-template';
import { primaryKeyOf, requestedPaths, type LayoutListQuery } from './build-query';
import { dateOf, dayKey } from './layout-dates';
import {
  asTemplate,
  chosenField,
  contentPaths,
  DATE_TYPES,
  namedField,
  titleTemplate,
  USER_TYPES,
  valueColor,
  valueLabel,
} from './layout-fields';
import type { LayoutProps } from './TabularLayout';
import './TimelineLayout.css';

const COLOR_TYPES = ['status', 'string'];

/** Newest first unless the view query says otherwise (`order`, or a stored `sort` on the date field). */
export function timelineDescending(viewQuery: Record<string, unknown>, dateField: string): boolean {
  if (viewQuery.order === 'oldest') return false;
  if (viewQuery.order === 'newest') return true;
  const sort = typeof viewQuery.sort === 'string' ? viewQuery.sort : '';
  return !(sort === dateField);
}

/**
 * The timeline's request: the date field, what its templates, colour and person read (with the person's
 * avatar file), sorted by date; pages of the list's size, loaded as the reader nears the end.
 */
export const timelineListQuery: LayoutListQuery = ({ fields, viewQuery, viewOptions }) => {
  const date = chosenField(fields, viewOptions.date, DATE_TYPES);
  if (!date) return { fields: [], limit: 1 };
  const color = namedField(fields, viewOptions.color, COLOR_TYPES);
  const person = chosenField(fields, viewOptions.avatar, USER_TYPES);
  const paths = requestedPaths(fields, [
    date.field,
    ...contentPaths(titleTemplate(fields, viewOptions.title)),
    ...contentPaths(viewOptions.content),
    ...(color ? [color.field] : []),
    ...(person ? [person.field] : []),
  ]);
  return {
    fields: person ? [...paths, `${person.field}.avatar.*`] : paths,
    sort: `${timelineDescending(viewQuery, date.field) ? '-' : ''}${date.field}`,
  };
};

/** The instant of a stored value: v8 datetimes are UTC without a zone; a date is its local midnight. */
export function instantOf(value: unknown, type: string): Date | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const text = value.trim();
  let date: Date;
  if (type === 'date' || /^\d{4}-\d{2}-\d{2}$/.test(text)) date = new Date(`${text.slice(0, 10)}T00:00:00`);
  else if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text))
    date = new Date(`${text.replace(' ', 'T')}Z`);
  else date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "3 minutes ago", "yesterday", "in 2 days": Intl's relative time in the app's locale. */
export function relativeTime(date: Date, now: Date, locale: string | undefined): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const seconds = (date.getTime() - now.getTime()) / 1000;
  const abs = Math.abs(seconds);
  if (abs < 45) return format.format(0, 'second');
  if (abs < 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (abs < 86400) return format.format(Math.round(seconds / 3600), 'hour');
  const days = differenceInCalendarDays(date, now);
  if (Math.abs(days) < 30) return format.format(days, 'day');
  if (Math.abs(days) < 365) return format.format(Math.round(days / 30), 'month');
  return format.format(Math.round(days / 365), 'year');
}

function personName(person: unknown): string {
  if (!person || typeof person !== 'object')
    return person === null || person === undefined ? '' : String(person);
  const row = person as Record<string, unknown>;
  const name = [row.first_name, row.last_name].filter((part) => typeof part === 'string' && part).join(' ');
  return name || String(row.email ?? row.id ?? '');
}

interface Entry {
  key: string;
  item: Record<string, unknown>;
  instant: Date;
  title: string;
  content: string;
  color: string | null;
  colorValue: string;
  person: unknown;
}

/**
 * Items grouped by the day of a date field, newest first by default (spec §2 timeline layout): each entry
 * has its title and content templates, the colour of a field's value, the avatar of a person field and a
 * relative time; a click opens it, and further pages load as the end comes into view (up to filter_count).
 */
export function TimelineLayout(props: LayoutProps) {
  const { fields, items, viewOptions, onEndReached } = props;
  const t = useEngineT();
  const locale = useUserLocale();
  const timeZone = useEngineTimeZone();
  const dateField = chosenField(fields, viewOptions.date, DATE_TYPES);
  const colorField = namedField(fields, viewOptions.color, COLOR_TYPES);
  const personField = chosenField(fields, viewOptions.avatar, USER_TYPES);
  const title = titleTemplate(fields, viewOptions.title);
  const content = asTemplate(viewOptions.content);
  const primaryKey = primaryKeyOf(fields);
  const end = useRef<HTMLDivElement>(null);

  // Relative times move on by themselves.
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const groups = useMemo(() => {
    const out: { day: string; date: Date; entries: Entry[] }[] = [];
    if (!dateField) return out;
    const type = String(dateField.type).toLowerCase();
    const colors = viewOptions.colors as Record<string, unknown> | undefined;
    for (const item of items) {
      const instant = instantOf(item[dateField.field], type);
      if (!instant) continue;
      // A date is its own day; an instant falls on the day of the reader's zone.
      const day = type === 'date' ? dayKey(instant) : dayIn(instant, timeZone);
      let group = out[out.length - 1];
      if (!group || group.day !== day) {
        group = { day, date: instant, entries: [] };
        out.push(group);
      }
      const colorValue = colorField ? item[colorField.field] : null;
      group.entries.push({
        key: String(item[primaryKey]),
        item,
        instant,
        title: renderTemplate(title, item).trim() || `#${String(item[primaryKey])}`,
        content: content ? renderTemplate(content, item).trim() : '',
        color: colorField ? valueColor(colorField, colorValue, colors) : null,
        colorValue: valueLabel(colorField, colorValue),
        person: personField ? item[personField.field] : null,
      });
    }
    return out;
  }, [items, dateField, colorField, personField, title, content, primaryKey, viewOptions.colors, timeZone]);

  // The end in view asks for the next page (the list ignores it when all are loaded).
  const more = props.total !== null && props.total !== undefined && items.length < props.total;
  useEffect(() => {
    const target = end.current;
    if (!target || !more || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((entry) => entry.isIntersecting)) onEndReached?.();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [more, onEndReached, items.length]);

  if (!dateField) {
    return (
      <div className="timeline-layout timeline-layout--state" data-state="no-date-field">
        <EmptyState
          icon="event_busy"
          title={t('layouts.timeline.no_date_field.title')}
          body={t('layouts.timeline.no_date_field.body')}
          live="status"
        />
      </div>
    );
  }

  // Days are written from their key (noon UTC of that day, in UTC), so no zone moves them; times in the reader's zone.
  const dayFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' });
  const dayOf = (day: string) => new Date(`${day}T12:00:00Z`);
  const timeFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const onlyDate = String(dateField.type).toLowerCase() === 'date';

  return (
    <div className="timeline-layout" aria-busy={props.loading || undefined}>
      {groups.map((group) => {
        const days = differenceInCalendarDays(dateOf(group.day), dateOf(dayIn(now, timeZone)));
        const headingId = `timeline-day-${group.day}`;
        return (
          <section key={group.day} className="timeline-layout__day" aria-labelledby={headingId}>
            <h2 id={headingId} className="timeline-layout__day-title" data-locale-text>
              <span>{dayFormat.format(dayOf(group.day))}</span>
              {Math.abs(days) <= 1 && (
                <span className="timeline-layout__day-relative">
                  {new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(days, 'day')}
                </span>
              )}
            </h2>
            <ol className="timeline-layout__entries">
              {group.entries.map((entry) => (
                <li key={entry.key} className="timeline-layout__entry" style={colorStyle(entry.color)}>
                  <span className="timeline-layout__marker" aria-hidden="true" />
                  <button
                    type="button"
                    className="timeline-layout__card"
                    onClick={() => props.onItemClick?.(entry.item)}
                    data-item={entry.key}
                  >
                    {personField && (
                      <Avatar
                        name={personName(entry.person) || '?'}
                        src={thumbnailOf((entry.person as Record<string, unknown> | null)?.avatar)}
                        size="small"
                      />
                    )}
                    <span className="timeline-layout__text">
                      <span className="timeline-layout__head">
                        <span className="timeline-layout__title">{entry.title}</span>
                        {entry.colorValue && (
                          <span className="timeline-layout__tag" data-value={entry.colorValue}>
                            {entry.colorValue}
                          </span>
                        )}
                      </span>
                      {entry.content && <span className="timeline-layout__content">{entry.content}</span>}
                    </span>
                    <time
                      className="timeline-layout__time"
                      dateTime={entry.instant.toISOString()}
                      title={timeFormat.format(entry.instant)}
                      data-locale-text
                    >
                      {onlyDate
                        ? dayFormat.format(dayOf(group.day))
                        : relativeTime(entry.instant, now, locale)}
                    </time>
                  </button>
                </li>
              ))}
            </ol>
          </section>
        );
      })}
      <div ref={end} className="timeline-layout__end">
        {props.loadingMore ? (
          <Spinner label={t('layouts.timeline.loading_more')} />
        ) : more ? (
          <Button variant="secondary" onClick={() => onEndReached?.()}>
            {t('layouts.timeline.load_more')}
          </Button>
        ) : null}
        {more && (
          <span className="timeline-layout__count" role="status">
            {t('layouts.timeline.shown', { shown: items.length, total: props.total ?? 0 })}
          </span>
        )}
      </div>
    </div>
  );
}
TimelineLayout.listQuery = timelineListQuery;

function colorStyle(color: string | null): CSSProperties | undefined {
  const resolved = resolveColor(color);
  return resolved ? ({ '--timeline-color': resolved.color } as CSSProperties) : undefined;
}
