import { useMemo } from 'react';
import { Table, type TableColumn } from '../../ui';
import type { FieldDefinition } from '../types';
import type { DefinitionRegistry } from '../registry/registry';
import { DisplayValue } from '../displays/DisplayValue';
import { fieldLabel } from '../form/labels';
import { primaryKeyOf, resolveSort, visibleFields } from './build-query';

/** What every layout component receives. */
export interface LayoutProps {
  /** The collection's fields (hidden_browse ones are ignored). */
  fields: FieldDefinition[];
  items: Record<string, unknown>[];
  viewQuery: Record<string, unknown>;
  viewOptions: Record<string, unknown>;
  registry: DefinitionRegistry;
  loading?: boolean;
  /** Asks to change the stored view query (e.g. `{sort: '-title'}`). */
  onQueryChange?: (patch: Record<string, unknown>) => void;
  onOptionsChange?: (patch: Record<string, unknown>) => void;
  onItemClick?: (item: Record<string, unknown>) => void;
}

const ROW_HEIGHTS: Record<string, number> = { compact: 32, cozy: 40, comfortable: 48 };
const ALIAS = new Set(['alias', 'o2m', 'group', 'translation']);

/** The table layout: one column per visible field, cells drawn by each field's display. */
export function TabularLayout(props: LayoutProps) {
  const { fields, viewQuery, viewOptions } = props;
  const byName = useMemo(() => new Map(fields.map((field) => [field.field, field])), [fields]);
  const widths = (viewOptions.widths ?? {}) as Record<string, number>;
  const columns: TableColumn[] = visibleFields(fields, viewQuery).map((name) => ({
    key: name,
    label: fieldLabel(byName.get(name)!),
    width: typeof widths[name] === 'number' ? widths[name] : undefined,
    sortable: !ALIAS.has(String(byName.get(name)!.type).toLowerCase()),
  }));
  const sort = resolveSort(fields, viewQuery.sort);
  const primaryKey = primaryKeyOf(fields);
  return (
    <Table
      columns={columns}
      rows={props.items}
      rowKey={(item) => String(item[primaryKey])}
      renderCell={(item, column) => (
        <DisplayValue
          registry={props.registry}
          field={byName.get(column.key)!}
          value={item[column.key]}
          item={item}
        />
      )}
      sort={{ key: sort.replace(/^-/, ''), descending: sort.startsWith('-') }}
      onSort={(key) => {
        const current = sort.replace(/^-/, '');
        props.onQueryChange?.({ sort: key === current && !sort.startsWith('-') ? `-${key}` : key });
      }}
      onRowClick={props.onItemClick}
      rowHeight={ROW_HEIGHTS[String(viewOptions.spacing)] ?? ROW_HEIGHTS.comfortable}
      loading={props.loading}
    />
  );
}
