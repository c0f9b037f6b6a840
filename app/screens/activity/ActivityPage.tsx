import './catalog';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Button, Icon, Spinner, Tooltip, type Choice } from '../../../ui';
import { loadActivityPeople } from '../../api/activity';
import { USER_CARD_FIELDS } from '../../api/users';
import { useFormat, useLocale, useT } from '../../i18n';
import { collectionName } from '../../names';
import { activityEntryHref } from '../../paths';
import { UserRef, userDisplayName, type UserValue } from '../../people';
import { Page } from '../../shell/Page';
import { useApi, useCurrentUser, usePermissionModel, useProjectKey, useSchema } from '../../state/hooks';
import { ListingState } from '../listing/ListingState';
import { useItemList } from '../listing/useItemList';
import { useListingView } from '../listing/useListingView';
import {
  ACTIONS,
  ACTIVITY,
  activityInstant,
  activityListParams,
  activityTarget,
  actionIcon,
  actionMessage,
  filtersFromPreset,
  filtersFromSearch,
  groupByDay,
  hasFilters,
  isSignIn,
  NO_FILTERS,
  presetFiltersOf,
  searchOfFilters,
  type ActivityEntry,
  type ActivityFilters,
} from './activity-model';
import { ActivityFilterBar } from './ActivityFilters';
import { useItemTitles, type ItemTitles } from './use-item-titles';
import './activity.css';

/** System collections whose changes the log records, offered by the collection filter. */
const SYSTEM_COLLECTIONS = [
  'directus_files',
  'directus_folders',
  'directus_users',
  'directus_roles',
  'directus_permissions',
  'directus_settings',
  'directus_webhooks',
];

/**
 * `/{project}/activity` (spec §2): the activity log as a timeline by day — who did what to which item of
 * which collection, when — with filters by user, collection, action and date range. Read-only: the
 * server writes the log.
 */
export default function ActivityPage() {
  const t = useT();
  const { ready, view, change } = useListingView(ACTIVITY);
  const info = (
    <div className="listing-info">
      <h2 className="listing-info__title">{t('activity.title')}</h2>
      <p className="listing-info__note">{t('activity.info.body')}</p>
    </div>
  );
  return (
    <Page
      title={t('activity.title')}
      breadcrumb={[{ label: t('activity.title') }]}
      info={info}
      className="activity-page"
    >
      {ready ? (
        <ActivityLog presetFilters={filtersFromPreset(view.filters, view.search)} onSave={change} />
      ) : (
        <ListingState
          kind="loading"
          title={t('activity.state.loading.title')}
          body={t('activity.state.loading.body')}
        />
      )}
    </Page>
  );
}

function ActivityLog({
  presetFilters,
  onSave,
}: {
  presetFilters: ActivityFilters;
  onSave: ReturnType<typeof useListingView>['change'];
}) {
  const t = useT();
  const api = useApi();
  const project = useProjectKey();
  const schema = useSchema();
  const permissions = usePermissionModel();
  const me = useCurrentUser();
  const { locale } = useLocale();
  const search = useSearch();
  const [path, navigate] = useLocation();

  // The address wins; without filters in it, the preset's (the last ones the user set) apply.
  const [filters, setFilters] = useState<ActivityFilters>(() => filtersFromSearch(search) ?? presetFilters);
  const written = useRef(searchOfFilters(filters));
  // Show the filters in the address from the start (a preset's filters come back into it).
  useEffect(() => {
    const wanted = searchOfFilters(filters);
    if (search !== wanted) navigate(wanted ? `${path}?${wanted}` : path, { replace: true });
    // Only once: later changes write the address themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // A link to the log with other filters (the info sidebar's) while it is open.
  useEffect(() => {
    if (search === written.current) return;
    written.current = search;
    setFilters(filtersFromSearch(search) ?? NO_FILTERS);
  }, [search]);

  const apply = useCallback(
    (next: ActivityFilters) => {
      setFilters(next);
      const query = searchOfFilters(next);
      written.current = query;
      navigate(query ? `${path}?${query}` : path, { replace: true });
      onSave({ filters: presetFiltersOf(next), search: next.search.trim() });
    },
    [navigate, onSave, path],
  );

  const params = useMemo(() => activityListParams(filters, USER_CARD_FIELDS), [filters]);
  const list = useItemList(api, ACTIVITY, params);
  const entries = list.items as unknown as ActivityEntry[];
  const titles = useItemTitles(entries);

  // --- the filters' choices ----------------------------------------------------------------------
  const [people, setPeople] = useState<Choice[]>([]);
  useEffect(() => {
    const mine: Choice = { value: String(me.id), label: userDisplayName(me) ?? t('activity.filter.me') };
    if (!permissions.mayBrowse('directus_users')) {
      setPeople([mine]);
      return;
    }
    let live = true;
    loadActivityPeople(api).then(
      (rows) =>
        live &&
        setPeople(
          rows
            .filter((row) => row.id !== undefined)
            .map((row) => ({ value: String(row.id), label: userDisplayName(row) ?? `#${row.id}` })),
        ),
      () => live && setPeople([mine]),
    );
    return () => {
      live = false;
    };
  }, [api, me, permissions, t]);

  const nameOf = useCallback(
    (collection: string) => collectionName(collection, schema.collections[collection], locale),
    [schema, locale],
  );
  const collections = useMemo<Choice[]>(() => {
    const names = [
      ...permissions.visibleCollections((meta) => nameOf(meta.collection)).map((meta) => meta.collection),
      ...SYSTEM_COLLECTIONS.filter((name) => schema.fields[name]),
    ];
    if (filters.collection && !names.includes(filters.collection)) names.push(filters.collection);
    return names
      .map((name) => ({ value: name, label: nameOf(name) }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [permissions, schema, nameOf, filters.collection]);
  const actions = useMemo<Choice[]>(
    () => ACTIONS.map(({ action }) => ({ value: action, label: t(`activity.action_name.${action}`) })),
    [t],
  );
  const itemLabel =
    filters.collection && filters.item
      ? t('activity.filter.item', {
          collection: nameOf(filters.collection),
          item:
            titles.titles.get(`${filters.collection}/${filters.item}`) ??
            t('activity.item_key', { key: filters.item }),
        })
      : null;

  // --- the list --------------------------------------------------------------------------------
  const groups = useMemo(() => groupByDay(entries), [entries]);
  const end = useRef<HTMLDivElement>(null);
  const total = list.filterCount;
  const more = total !== null && entries.length < total;
  const { loadMore } = list;
  useEffect(() => {
    const target = end.current;
    if (!target || !more || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((entry) => entry.isIntersecting)) loadMore();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [more, loadMore, entries.length]);

  // Relative times move on while the page stays open.
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const filtered = hasFilters(filters);
  let body;
  if (list.phase === 'error') {
    body = (
      <ListingState
        kind="error"
        title={t('activity.state.error.title')}
        body={t('activity.state.error.body', { message: list.error?.message ?? '' })}
        action={
          <Button variant="secondary" onClick={list.reload}>
            {t('activity.retry')}
          </Button>
        }
      />
    );
  } else if (list.phase === 'loading' && entries.length === 0) {
    body = (
      <ListingState
        kind="loading"
        title={t('activity.state.loading.title')}
        body={t('activity.state.loading.body')}
      />
    );
  } else if (entries.length === 0) {
    body = filtered ? (
      <ListingState
        kind="no-results"
        title={t('activity.state.no_results.title')}
        body={t('activity.state.no_results.body')}
      />
    ) : (
      <ListingState
        kind="empty"
        title={t('activity.state.empty.title')}
        body={t('activity.state.empty.body')}
      />
    );
  } else {
    const dayFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'full' });
    const relativeDay = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    body = (
      <div className="activity-timeline" aria-busy={list.phase === 'loading' || undefined}>
        {groups.map((group) => {
          const days = Math.round(
            (startOfDay(group.date).getTime() - startOfDay(now).getTime()) / 86_400_000,
          );
          return (
            <section key={group.day} className="activity-day" aria-labelledby={`activity-day-${group.day}`}>
              <h2 id={`activity-day-${group.day}`} className="activity-day__title" data-day={group.day}>
                <span>{dayFormat.format(group.date)}</span>
                {Math.abs(days) <= 1 && (
                  <span className="activity-day__relative">{relativeDay.format(days, 'day')}</span>
                )}
              </h2>
              <ol className="activity-day__entries">
                {group.entries.map((entry) => (
                  <ActivityItem
                    key={entry.id}
                    entry={entry}
                    project={project}
                    titles={titles}
                    collectionLabel={nameOf(entry.collection)}
                    known={schema.collections}
                  />
                ))}
              </ol>
            </section>
          );
        })}
        <div ref={end} className="activity-timeline__end">
          {list.phase === 'lazyLoading' ? (
            <Spinner label={t('activity.loading_more')} />
          ) : more ? (
            <Button variant="secondary" onClick={loadMore}>
              {t('activity.load_more')}
            </Button>
          ) : null}
          {more && (
            <span className="activity-timeline__shown">
              {t('activity.shown', { shown: entries.length, total: total ?? 0 })}
            </span>
          )}
        </div>
      </div>
    );
  }

  return (
    <div className="activity-log">
      <div className="activity-log__toolbar">
        <ActivityFilterBar
          value={filters}
          onChange={apply}
          users={people}
          collections={collections}
          actions={actions}
          itemLabel={itemLabel}
        />
        <span className="activity-log__count" role="status" aria-live="polite">
          {list.phase === 'loading' || list.phase === 'error' || total === null
            ? ''
            : t('activity.count', { count: total })}
        </span>
      </div>
      <div className="activity-log__body">{body}</div>
    </div>
  );
}

function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** One entry: the person, the action with its icon, the item (or "deleted item"), the collection, when. */
function ActivityItem({
  entry,
  project,
  titles,
  collectionLabel,
  known,
}: {
  entry: ActivityEntry;
  project: string;
  titles: ItemTitles;
  collectionLabel: string;
  known: Record<string, unknown>;
}) {
  const t = useT();
  const format = useFormat();
  const target = activityTarget(project, entry, known, titles.missing);
  const title = titles.titles.get(`${entry.collection}/${target.key}`);
  const message = actionMessage(entry.action);
  const instant = activityInstant(entry.action_on);
  const absolute = instant ? format.date(instant, 'long') : '';
  const signIn = isSignIn(entry.action);
  const itemText = title ?? t('activity.item_key', { key: target.key });
  const detail = activityEntryHref(project, entry.id);

  return (
    <li
      className={`activity-entry activity-entry--${entry.action}`}
      data-entry={entry.id}
      data-target={`${entry.collection}/${target.key}`}
      data-action={entry.action}
    >
      <span className="activity-entry__icon" aria-hidden="true">
        <Icon name={actionIcon(entry.action)} size="small" />
      </span>
      <div className="activity-entry__body">
        <p className="activity-entry__line">
          <UserRef user={(entry.action_by ?? null) as UserValue} />
          <span className="activity-entry__action">{t(message.id, message.values)}</span>
          {!signIn && target.key && (
            <>
              {target.deleted ? (
                <span className="activity-entry__item activity-entry__item--deleted">
                  {t('activity.deleted_item')}
                </span>
              ) : target.href ? (
                <Link href={target.href} className="activity-entry__item">
                  {itemText}
                </Link>
              ) : (
                <span className="activity-entry__item">{itemText}</span>
              )}
              <span className="activity-entry__collection">
                {t('activity.in_collection', { collection: collectionLabel })}
              </span>
            </>
          )}
        </p>
        {entry.comment_deleted_on ? (
          <p className="activity-entry__comment activity-entry__comment--deleted">
            {t('activity.comment_deleted')}
          </p>
        ) : entry.comment ? (
          <p className="activity-entry__comment">{entry.comment}</p>
        ) : null}
      </div>
      <div className="activity-entry__end">
        {instant && (
          <Tooltip label={absolute} placement="bottom" align="end" describe={false}>
            <time
              dateTime={instant.toISOString()}
              tabIndex={0}
              aria-label={absolute}
              className="activity-entry__time"
            >
              {format.relative(instant)}
            </time>
          </Tooltip>
        )}
        <Link href={detail} className="activity-entry__open" aria-label={t('activity.open_entry')}>
          <Icon name="chevron_right" size="small" mirrorInRtl />
        </Link>
      </div>
    </li>
  );
}
