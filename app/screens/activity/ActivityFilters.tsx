import { useEffect, useRef, useState } from 'react';
import { Button, DateTimeInput, Icon, IconButton, Select, type Choice } from '../../../ui';
import { useT } from '../../i18n';
import { SEARCH_DEBOUNCE_MS } from '../listing/SearchFilter';
import { hasFilters, NO_FILTERS, type ActivityFilters } from './activity-model';

export interface ActivityFilterBarProps {
  value: ActivityFilters;
  onChange: (value: ActivityFilters) => void;
  users: Choice[];
  collections: Choice[];
  actions: Choice[];
  /** How the item filter reads ("Only Articles #4"), when one is set. */
  itemLabel: string | null;
}

/**
 * The activity log's filters, set without filter syntax (spec §2): who, which collection, which action,
 * a date range and a search. Choices apply at once; the search waits for a pause in typing.
 */
export function ActivityFilterBar({
  value,
  onChange,
  users,
  collections,
  actions,
  itemLabel,
}: ActivityFilterBarProps) {
  const t = useT();
  const [search, setSearch] = useState(value.search);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(value);
  latest.current = value;
  // A search set from outside (the address, clearing) replaces what the box shows.
  const [shownFor, setShownFor] = useState(value.search);
  if (shownFor !== value.search) {
    setShownFor(value.search);
    setSearch(value.search);
  }
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const typed = (text: string) => {
    setSearch(text);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      onChange({ ...latest.current, search: text });
    }, SEARCH_DEBOUNCE_MS);
  };
  const set = (patch: Partial<ActivityFilters>) => onChange({ ...value, search, ...patch });

  return (
    <div className="activity-filters" role="search" aria-label={t('activity.filter.label')}>
      <label className="activity-filters__search">
        <Icon name="search" size="small" />
        <input
          type="search"
          aria-label={t('activity.filter.search')}
          placeholder={t('activity.filter.search_placeholder')}
          value={search}
          onChange={(event) => typed(event.target.value)}
        />
      </label>
      <div className="activity-filters__field" data-filter="user">
        <label htmlFor="activity-filter-user">{t('activity.filter.user')}</label>
        <Select
          id="activity-filter-user"
          choices={users}
          value={value.user || null}
          placeholder={t('activity.filter.any_user')}
          onChange={(user) => set({ user: user ?? '' })}
        />
      </div>
      <div className="activity-filters__field" data-filter="collection">
        <label htmlFor="activity-filter-collection">{t('activity.filter.collection')}</label>
        <Select
          id="activity-filter-collection"
          choices={collections}
          value={value.collection || null}
          placeholder={t('activity.filter.any_collection')}
          onChange={(collection) => set({ collection: collection ?? '', item: '' })}
        />
      </div>
      <div className="activity-filters__field" data-filter="action">
        <label htmlFor="activity-filter-action">{t('activity.filter.action')}</label>
        <Select
          id="activity-filter-action"
          choices={actions}
          value={value.actions.length === 1 ? value.actions[0] : value.actions.join(',') || null}
          placeholder={t('activity.filter.any_action')}
          onChange={(action) => set({ actions: action ? action.split(',') : [] })}
        />
      </div>
      <div className="activity-filters__field" data-filter="from">
        <label htmlFor="activity-filter-from">{t('activity.filter.from')}</label>
        <DateTimeInput
          id="activity-filter-from"
          kind="date"
          value={value.from || null}
          max={value.to || null}
          onChange={(from) => set({ from: from ?? '' })}
        />
      </div>
      <div className="activity-filters__field" data-filter="to">
        <label htmlFor="activity-filter-to">{t('activity.filter.to')}</label>
        <DateTimeInput
          id="activity-filter-to"
          kind="date"
          value={value.to || null}
          min={value.from || null}
          onChange={(to) => set({ to: to ?? '' })}
        />
      </div>
      {(itemLabel || hasFilters({ ...value, search })) && (
        <div className="activity-filters__extras">
          {itemLabel && (
            <span className="activity-filters__item" data-filter="item">
              <span>{itemLabel}</span>
              <IconButton
                icon="close"
                size="small"
                label={t('activity.filter.remove_item')}
                onClick={() => set({ item: '' })}
              />
            </span>
          )}
          {hasFilters({ ...value, search }) && (
            <Button
              variant="text"
              size="small"
              icon="filter_alt_off"
              className="activity-filters__clear"
              onClick={() => {
                setSearch('');
                if (timer.current) clearTimeout(timer.current);
                onChange({ ...NO_FILTERS });
              }}
            >
              {t('activity.filter.clear')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
