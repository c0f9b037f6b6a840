import { useEffect, useMemo } from 'react';
import type { DefinitionRegistry } from '../registry/registry';
import { resolveViewOptions, type LayoutListQuery } from './build-query';
import type { LayoutProps } from './TabularLayout';

/** What a layout component may carry besides rendering (read by the listing). */
export interface LayoutStatics {
  /** Its own part of the list request (fields, sort, a filter of the days it shows, page size). */
  listQuery?: LayoutListQuery;
  /** It is drawn even without items (a calendar's empty month is still a calendar to move through). */
  drawsEmpty?: boolean;
}

export interface ListViewProps extends Omit<LayoutProps, 'viewQuery' | 'viewOptions'> {
  /** The preset's view_type; unknown or broken layouts fall back to the table. */
  viewType?: string | null;
  /** The preset's view_query and view_options, keyed by layout id. */
  viewQuery?: Record<string, Record<string, unknown>> | null;
  viewOptions?: Record<string, Record<string, unknown>> | null;
  registry: DefinitionRegistry;
  onProblem?: (message: string) => void;
}

/** Renders items with the layout the preset names, with that layout's stored query and options. */
export function ListView({ viewType, viewQuery, viewOptions, onProblem, ...rest }: ListViewProps) {
  const resolved = useMemo(
    () => rest.registry.resolveLayout(viewType ?? 'tabular'),
    [rest.registry, viewType],
  );
  useEffect(() => {
    if (resolved.problem) onProblem?.(resolved.problem);
  }, [resolved.problem, onProblem]);
  const id = resolved.definition.id;
  const Layout = resolved.Component;
  return (
    <Layout
      {...rest}
      viewQuery={viewQuery?.[id] ?? {}}
      viewOptions={resolveViewOptions(resolved.definition, viewOptions?.[id])}
    />
  );
}
