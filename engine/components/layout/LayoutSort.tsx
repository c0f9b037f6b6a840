import { use } from 'react';
import { Select } from '../../../ui/Select';
import { Icon } from '../../../ui/Icon';
import { useEngineT } from '../../i18n';
import { FormServicesContext, type InterfaceComponentProps } from '../contract';
import { sortChoices } from './fields';
import './layout.css';

/** `title` or `-title` → the field and whether it sorts descending. */
export function parseSort(value: unknown): { field: string | null; descending: boolean } {
  if (typeof value !== 'string' || value === '' || value === '-') return { field: null, descending: false };
  return value.startsWith('-')
    ? { field: value.slice(1), descending: true }
    : { field: value, descending: false };
}

/**
 * The sort of a list (`layout-sort`): one of the collection's sortable fields and a direction,
 * stored as the API's `sort` (`-field` descending). No field: the primary key.
 */
export default function LayoutSort(props: InterfaceComponentProps) {
  const t = useEngineT();
  const { layoutFields } = use(FormServicesContext);
  const { field, descending } = parseSort(props.value);
  const emit = (name: string | null, down: boolean) =>
    props.onChange(name ? `${down ? '-' : ''}${name}` : null);
  const directions = [
    { down: false, icon: 'arrow_upward', label: t('layouts.tabular.sort_ascending') },
    { down: true, icon: 'arrow_downward', label: t('layouts.tabular.sort_descending') },
  ];
  return (
    <div className="octavo-layout-sort">
      <Select
        id={props.id}
        choices={sortChoices(layoutFields ?? [])}
        value={field}
        placeholder={t('layouts.tabular.sort_default')}
        disabled={props.disabled}
        describedBy={props.describedBy}
        onChange={(name) => emit(name, descending)}
      />
      <div
        className="octavo-layout-sort__direction"
        role="group"
        aria-label={t('layouts.tabular.sort_direction')}
      >
        {directions.map((direction) => (
          <button
            key={direction.icon}
            type="button"
            className="octavo-layout-sort__button"
            aria-pressed={descending === direction.down}
            disabled={props.disabled || !field}
            title={direction.label}
            onClick={() => emit(field, direction.down)}
          >
            <Icon name={direction.icon} size="small" />
            <span>{direction.label}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
