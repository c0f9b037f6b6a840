import { useCallback, useMemo } from 'react';
import { VirtualTable, type TableColumn } from '../../ui';
import type { FieldDefinition } from '../types';
import type { DefinitionRegistry } from '../registry/registry';
import { DisplayValue } from '../displays/DisplayValue';
import { fieldLabel } from '../form/labels';
import { primaryKeyOf, resolveSort, visibleFields, type ListRange } from './build-query';

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
  /** Primary keys of the selected items; with onSelectionChange the layout offers selection. */
  selection?: (string | number)[];
  onSelectionChange?: (keys: (string | number)[]) => void;
  /** The end of the loaded items is near: the list may load its next page. */
  onEndReached?: () => void;
  /** The next page is on its way (placeholder rows are drawn). */
  loadingMore?: boolean;
  /** With a `sort` field: an item was dragged from one position to another (indexes into items). */
  onReorder?: (from: number, to: number) => void;
  /** The address of a file's thumbnail by its private hash and preset key (cards images). */
  assetUrl?: (privateHash: string, key: string) => string;
  /** filter_count: how many items the search and filters match (the loaded ones may be fewer). */
  total?: number | null;
  /** A search or filter is active (an empty layout says "no results" rather than "empty"). */
  searching?: boolean;
  /** The days the layout shows (see build-query's LayoutListQuery), as it last reported them. */
  range?: ListRange | null;
  /** The layout shows other days now: the list asks for their items. */
  onRangeChange?: (range: ListRange) => void;
  /** Given when the user may create items: a new item with `field` set to the day (`YYYY-MM-DD`). */
  onCreateAt?: (field: string, day: string) => void;
  /** Accessible names, translated by the app. */
  labels?: Partial<Record<'selectRow' | 'selectAll' | 'manualSort' | 'dragHandle' | 'resize', string>>;
}

const ROW_HEIGHTS: Record<string, number> = { compact: 32, cozy: 40, comfortable: 48 };
const ALIAS = new Set(['alias', 'o2m', 'group', 'translation']);
/** Rows drawn while the next page loads (spec §9). */
const PLACEHOLDER_ROWS = 50;

/** The collection's manual sort field: the first field of type `sort`. */
export function sortFieldOf(fields: FieldDefinition[]): FieldDefinition | undefined {
  return fields.find((field) => String(field.type).toLowerCase() === 'sort');
}

/**
 * The table layout: one column per visible field, cells drawn by each field's display; rows are
 * virtualised, columns sortable and resizable, and with a sort field the rows can be dragged while the
 * view is sorted ascending by it (spec §4: another sort turns manual sorting off).
 */
export function TabularLayout(props: LayoutProps) {
  const { fields, viewQuery, viewOptions, registry, onQueryChange, onOptionsChange } = props;
  const byName = useMemo(() => new Map(fields.map((field) => [field.field, field])), [fields]);
  const widths = (viewOptions.widths ?? {}) as Record<string, number>;
  const names = visibleFields(fields, viewQuery);
  const columnsKey = JSON.stringify([names, widths]);
  const columns: TableColumn[] = useMemo(
    () =>
      names.map((name) => ({
        key: name,
        label: fieldLabel(byName.get(name)!),
        width: typeof widths[name] === 'number' ? widths[name] : undefined,
        sortable: !ALIAS.has(String(byName.get(name)!.type).toLowerCase()),
      })),
    // names and widths are fresh arrays each render; their JSON says whether they changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [columnsKey, byName],
  );
  const sort = resolveSort(fields, viewQuery.sort);
  const primaryKey = primaryKeyOf(fields);
  const sortField = sortFieldOf(fields);
  const manualActive = Boolean(sortField) && sort === sortField!.field;

  const renderCell = useCallback(
    (item: Record<string, unknown>, column: TableColumn) => (
      <DisplayValue
        registry={registry}
        field={byName.get(column.key)!}
        value={item[column.key]}
        item={item}
      />
    ),
    [registry, byName],
  );
  const rowKey = useCallback((item: Record<string, unknown>) => String(item[primaryKey]), [primaryKey]);
  const labels = props.labels ?? {};

  return (
    <VirtualTable
      columns={columns}
      rows={props.items}
      rowKey={rowKey}
      renderCell={renderCell}
      sort={{ key: sort.replace(/^-/, ''), descending: sort.startsWith('-') }}
      onSort={(key) => {
        const current = sort.replace(/^-/, '');
        onQueryChange?.({ sort: key === current && !sort.startsWith('-') ? `-${key}` : key });
      }}
      onResize={
        onOptionsChange ? (key, width) => onOptionsChange({ widths: { ...widths, [key]: width } }) : undefined
      }
      onRowClick={props.onItemClick}
      selection={
        props.onSelectionChange
          ? {
              keys: (props.selection ?? []).map(String),
              onChange: (keys) => props.onSelectionChange!(keys),
              rowLabel: labels.selectRow,
              allLabel: labels.selectAll,
            }
          : undefined
      }
      manualSort={
        sortField && props.onReorder
          ? {
              active: manualActive,
              onToggle: () => onQueryChange?.({ sort: manualActive ? primaryKey : sortField.field }),
              onReorder: props.onReorder,
              label: labels.manualSort,
              handleLabel: labels.dragHandle,
            }
          : undefined
      }
      onEndReached={props.onEndReached}
      placeholderRows={props.loadingMore ? PLACEHOLDER_ROWS : 0}
      rowHeight={ROW_HEIGHTS[String(viewOptions.spacing)] ?? ROW_HEIGHTS.comfortable}
      loading={props.loading}
      resizeLabel={labels.resize}
    />
  );
}
