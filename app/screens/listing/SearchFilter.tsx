import { useEffect, useRef, useState } from 'react';
import type { FieldDefinition } from '../../../engine/types';
import { fieldLabel } from '../../../engine/form/labels';
import type { PresetFilter } from '../../state/types';
import { useT } from '../../i18n';
import { Button, Icon, IconButton } from '../../../ui';
import { VALUELESS_OPERATORS, newFilter, operatorsFor } from './filters';

/** Search and filter changes reach the list (and the preset) this long after the last keystroke (spec §9). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchFilterValue {
  search: string;
  filters: PresetFilter[];
}

export interface SearchFilterProps {
  /** The fields that can be filtered on. */
  fields: FieldDefinition[];
  value: SearchFilterValue;
  /** Called 300 ms after the last change, with the search and every filter. */
  onChange: (value: SearchFilterValue) => void;
}

/** The search box and the filter rows above a listing. */
export function SearchFilter({ fields, value, onChange }: SearchFilterProps) {
  const t = useT();
  const [draft, setDraft] = useState<SearchFilterValue>(value);
  const [adding, setAdding] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const update = (next: SearchFilterValue) => {
    setDraft(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      onChangeRef.current(next);
    }, SEARCH_DEBOUNCE_MS);
  };
  const setFilter = (index: number, patch: Partial<PresetFilter>) =>
    update({
      ...draft,
      filters: draft.filters.map((filter, i) => (i === index ? { ...filter, ...patch } : filter)),
    });

  const byName = new Map(fields.map((field) => [field.field, field]));

  return (
    <div className="listing-search">
      <div className="listing-search__bar">
        <label className="listing-search__box">
          <Icon name="search" size="small" />
          <input
            type="search"
            aria-label={t('browse.search')}
            placeholder={t('browse.search_placeholder')}
            value={draft.search}
            onChange={(event) => update({ ...draft, search: event.target.value })}
          />
        </label>
        {adding ? (
          <select
            className="listing-search__add-field"
            aria-label={t('browse.filter_field')}
            autoFocus
            value=""
            onBlur={() => setAdding(false)}
            onChange={(event) => {
              setAdding(false);
              if (event.target.value)
                update({ ...draft, filters: [...draft.filters, newFilter(event.target.value)] });
            }}
          >
            <option value="">{t('browse.choose_field')}</option>
            {fields.map((field) => (
              <option key={field.field} value={field.field}>
                {fieldLabel(field)}
              </option>
            ))}
          </select>
        ) : (
          <Button
            variant="secondary"
            icon="filter_list"
            className="listing-search__add"
            disabled={fields.length === 0}
            onClick={() => setAdding(true)}
          >
            {t('browse.add_filter')}
          </Button>
        )}
      </div>
      {draft.filters.length > 0 && (
        <ul className="listing-filters" aria-label={t('browse.filters')}>
          {draft.filters.map((filter, index) => {
            const field = byName.get(filter.field);
            const label = field ? fieldLabel(field) : filter.field;
            return (
              <li key={index} className="listing-filter">
                <span className="listing-filter__field">{label}</span>
                <select
                  aria-label={t('browse.filter_operator', { field: label })}
                  value={filter.operator}
                  onChange={(event) => setFilter(index, { operator: event.target.value })}
                >
                  {operatorsFor(field).map((operator) => (
                    <option key={operator} value={operator}>
                      {t(`browse.operator.${operator}`)}
                    </option>
                  ))}
                </select>
                {!VALUELESS_OPERATORS.has(filter.operator) && (
                  <input
                    type="text"
                    aria-label={t('browse.filter_value', { field: label })}
                    placeholder={t('browse.filter_value_placeholder')}
                    value={filter.value == null ? '' : String(filter.value)}
                    onChange={(event) => setFilter(index, { value: event.target.value })}
                  />
                )}
                <IconButton
                  icon="close"
                  size="small"
                  label={t('browse.remove_filter', { field: label })}
                  onClick={() => update({ ...draft, filters: draft.filters.filter((_, i) => i !== index) })}
                />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
