import { useMemo } from 'react';
import { buildListQuery, type LayoutListQuery, type ListRange } from '../../../engine/list/build-query';
import type { FieldDefinition, LayoutDefinition } from '../../../engine/types';
import { usePermissionModel } from '../../state/hooks';
import { isActiveFilter } from './filters';
import type { ListingView } from './useListingView';

/**
 * The list request of a listing: the layout's query with the search and filters, plus the fields the
 * screen needs beyond the columns (the sort field for dragging, and for non-admins the owner and status
 * the permission model judges each row by).
 */
export function useListingParams(options: {
  collection: string;
  fields: FieldDefinition[];
  layout: LayoutDefinition;
  view: ListingView;
  layoutQuery: Record<string, unknown>;
  sortField: FieldDefinition | undefined;
  limit: number;
  /** The layout component's own part of the request, and the days it shows (calendar). */
  listQuery?: LayoutListQuery | null;
  range?: ListRange | null;
  /** Fields the screen reads beyond the layout's (e.g. where an activity entry leads). */
  extraFields?: string[];
}) {
  const { collection, fields, layout, view, layoutQuery, sortField, limit } = options;
  const { listQuery, range, extraFields } = options;
  const layoutOptions = view.viewOptions[layout.id];
  const permissions = usePermissionModel();
  const activeFilters = useMemo(() => view.filters.filter(isActiveFilter), [view.filters]);

  const params = useMemo(() => {
    const query = buildListQuery({
      layout,
      fields,
      viewQuery: layoutQuery,
      search: view.search,
      filters: activeFilters,
      limit,
      viewOptions: layoutOptions,
      listQuery,
      range,
    });
    const requested = [...query.fields];
    const extra = [
      ...(sortField ? [sortField.field] : []),
      ...permissions.judgingFields(collection),
      ...(extraFields ?? []),
    ];
    for (const name of extra) {
      const plain = name.replace(/\.\*$/, '');
      if (!requested.includes(name) && !requested.includes(`${plain}.*`)) {
        const at = requested.indexOf(plain);
        if (at >= 0) requested[at] = name;
        else requested.push(name);
      }
    }
    const { page: _page, offset: _offset, ...rest } = { ...query, fields: requested };
    return rest as Record<string, unknown>;
  }, [
    layout,
    fields,
    layoutQuery,
    view.search,
    activeFilters,
    limit,
    sortField,
    permissions,
    collection,
    layoutOptions,
    listQuery,
    range,
    extraFields,
  ]);

  const searching = Boolean(view.search.trim()) || activeFilters.length > 0;
  return { params, searching };
}
