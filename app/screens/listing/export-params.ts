import { buildListQuery } from '../../../engine/list/build-query';
import type { FieldDefinition, LayoutDefinition } from '../../../engine/types';
import type { Params } from '../../api/client';
import { isActiveFilter } from './filters';
import type { ListingView } from './useListingView';

/**
 * The parameters of an export of the view: the listing's search, filters and sort with the visible
 * fields only (none of the extra fields the listing asks for), and no page: the server sends all.
 */
export function exportParams(input: {
  layout: LayoutDefinition;
  fields: FieldDefinition[];
  layoutQuery: Record<string, unknown>;
  view: ListingView;
}): Params {
  const query = buildListQuery({
    layout: input.layout,
    fields: input.fields,
    viewQuery: input.layoutQuery,
    search: input.view.search,
    filters: input.view.filters.filter(isActiveFilter),
    limit: 0,
  });
  const { limit: _limit, offset: _offset, page: _page, meta: _meta, ...rest } = query;
  return rest as Params;
}
