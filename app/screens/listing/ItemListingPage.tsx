import '../../state/definitions-catalog';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { ListView } from '../../../engine/list/ListView';
import { ConfirmDialog } from '../../../ui';
import {
  narrowFilter,
  primaryKeyOf,
  resolveViewOptions,
  type ListRange,
} from '../../../engine/list/build-query';
import type { LayoutStatics } from '../../../engine/list/ListView';
import { chosenField, DATE_TYPES } from '../../../engine/list/layout-fields';
import { sortFieldOf } from '../../../engine/list/TabularLayout';
import type { FieldDefinition, LayoutDefinition } from '../../../engine/types';
import { useLocale, useT } from '../../i18n';
import { firstItemKey } from '../../api/items';
import { collectionName } from '../../names';
import { assetHref, isSettingsCollection, settingsHref } from '../../paths';
import {
  collectionsHref,
  isSystemCollection,
  itemHref,
  newItemHref,
  NEW_ITEM_KEY,
  resolveCollection,
} from '../../paths';
import { ACTIVITY, ACTIVITY_TARGET_FIELDS, activityTargetHref } from './activity-target';
import { useReportProblem } from '../../shell/problems';
import { Page } from '../../shell/Page';
import { NotFoundPage } from '../errors/NotFoundPage';
import {
  useApi,
  usePermissionModel,
  useProjectKey,
  useRegistry,
  useSchema,
  useSettings,
} from '../../state/hooks';
import type { CollectionMeta } from '../../state/types';
import { BookmarkButton } from './BookmarkButton';
import { ExchangeMenu } from './ExchangeMenu';
import { filterableFields } from './filters';
import { itemCount } from './item-count';
import { ListingActions } from './ListingActions';
import { ListingState } from './ListingState';
import { ListingStates } from './ListingStates';
import type { Item } from './manual-sort';
import { SearchFilter } from './SearchFilter';
import { useDeleteItems } from './use-delete-items';
import { useListingParams } from './use-listing-params';
import { useManualSort } from './use-manual-sort';
import { useItemList } from './useItemList';
import { useListingView, type ListingView } from './useListingView';
import { ViewOptions } from './ViewOptions';
import './listing.css';

/**
 * The days a ranged layout (calendar) showed last, per collection, for this session: back from an item
 * the calendar opens where it was; a reload starts at today again.
 */
const shownRanges = new Map<string, ListRange>();

/** The page size when the settings name none (api-v8 §3.6: installs store 200). */
export const DEFAULT_LIMIT = 200;

/**
 * `/{project}/collections/{collection}` and the system aliases: unknown collections are not found, a single
 * collection opens its item, every other one lists its items.
 */
export default function ItemListingPage({
  collection: requested,
  actions,
}: {
  collection: string;
  /** Buttons a screen adds to the header (the user directory's Invite), before the listing's own. */
  actions?: ReactNode;
}) {
  const schema = useSchema();
  const collection = resolveCollection(requested, schema.collections);
  const meta = schema.collections[collection];
  const fields = schema.fields[collection];
  if (!meta && !(isSystemCollection(collection) && fields)) return <NotFoundPage />;
  if (meta && isOn(meta.single)) return <SingleRedirect collection={collection} fields={fields ?? []} />;
  return (
    <Listing key={collection} collection={collection} meta={meta} fields={fields ?? []} actions={actions} />
  );
}

function isOn(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}

/** A single collection has one item: go to it (its primary key, else a new one). */
function SingleRedirect({ collection, fields }: { collection: string; fields: FieldDefinition[] }) {
  const api = useApi();
  const project = useProjectKey();
  const [, navigate] = useLocation();
  const t = useT();
  useEffect(() => {
    let cancelled = false;
    // Its item, else a new one: the first save creates the single item.
    firstItemKey(api, collection, fields).then(
      (key) => {
        if (!cancelled) navigate(itemHref(project, collection, key ?? NEW_ITEM_KEY), { replace: true });
      },
      () => {
        if (!cancelled) navigate(itemHref(project, collection, NEW_ITEM_KEY), { replace: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api, collection, fields, navigate, project]);
  return (
    <Page title={t('browse.opening')}>
      <ListingState
        kind="loading"
        title={t('browse.state.loading.title')}
        body={t('browse.state.loading.body')}
      />
    </Page>
  );
}

/**
 * What a screen built on the listing adds to it (the file library): a filter ANDed with the user's (its
 * folder), a title and breadcrumb of its own, header buttons instead of "add", buttons for the selection,
 * a part above the list, a wrapper around it (a drop zone) and a counter that reloads the list.
 */
export interface ListingScope {
  filter?: Record<string, Record<string, unknown>>;
  title?: string;
  breadcrumb?: { label: string; href?: string }[];
  actions?: ReactNode;
  /** What the empty listing offers instead of the Add button (the library: upload). */
  emptyAction?: ReactNode;
  selectionActions?: (selection: string[], clear: () => void) => ReactNode;
  above?: ReactNode;
  wrap?: (body: ReactNode) => ReactNode;
  reloadKey?: number;
  /** The layout when no preset names one. */
  defaultViewType?: string;
}

interface ListingProps {
  collection: string;
  meta: CollectionMeta | undefined;
  fields: FieldDefinition[];
  scope?: ListingScope;
  /** Buttons beside the listing's own (the user directory's Invite), which keep the Add button. */
  actions?: ReactNode;
}

export function Listing({ collection, meta, fields: allFields, scope, actions }: ListingProps) {
  const t = useT();
  const { locale } = useLocale();
  const project = useProjectKey();
  const permissions = usePermissionModel();
  const registry = useRegistry();
  const settings = useSettings();
  const { ready, view, change } = useListingView(collection, scope?.defaultViewType);

  // Fields the role may not read never reach the query or the columns.
  const fields = useMemo(() => {
    const readable = new Set(permissions.readableFields(collection).map((field) => field.field));
    return allFields.filter((field) => readable.has(field.field));
  }, [allFields, permissions, collection]);
  const name = scope?.title ?? collectionName(collection, meta, locale);
  const limit = Number(settings.default_limit) > 0 ? Number(settings.default_limit) : DEFAULT_LIMIT;

  // The layout the preset names (the table when it names none or one that is missing), and every
  // layout the registry knows for the picker.
  const layout = registry.resolveLayout(view.viewType).definition;
  const layouts = registry.layouts();
  const breadcrumb = scope?.breadcrumb
    ? scope.breadcrumb
    : isSettingsCollection(collection)
      ? [{ label: t('settings.title'), href: settingsHref(project) }, { label: name }]
      : isSystemCollection(collection)
        ? [{ label: name }]
        : [{ label: t('browse.collections'), href: collectionsHref(project) }, { label: name }];

  const info = (
    <div className="listing-info">
      <h2 className="listing-info__title">{name}</h2>
      <p className="listing-info__note">{meta?.note || t('browse.no_note')}</p>
      {ready && (
        <ViewOptions
          registry={registry}
          layouts={layouts.length ? layouts : [layout]}
          layout={layout}
          fields={fields}
          query={view.viewQuery[layout.id] ?? {}}
          options={resolveViewOptions(layout, view.viewOptions[layout.id])}
          onLayoutChange={(id) => change({ viewType: id })}
          onQueryChange={(query) => change({ viewQuery: { ...view.viewQuery, [layout.id]: query } })}
          onOptionsChange={(options) =>
            change({ viewOptions: { ...view.viewOptions, [layout.id]: options } })
          }
        />
      )}
    </div>
  );

  if (!ready) {
    return (
      <Page title={name} breadcrumb={breadcrumb} info={info}>
        <ListingState
          kind="loading"
          title={t('browse.state.loading.title')}
          body={t('browse.state.loading.body')}
        />
      </Page>
    );
  }
  return (
    <ListingBody
      key={layout.id}
      collection={collection}
      name={name}
      breadcrumb={breadcrumb}
      info={info}
      fields={fields}
      layout={layout}
      view={view}
      change={change}
      limit={limit}
      scope={scope}
      extraActions={actions}
    />
  );
}

interface ListingBodyProps {
  collection: string;
  name: string;
  breadcrumb: { label: string; href?: string }[];
  info: ReactNode;
  fields: FieldDefinition[];
  layout: LayoutDefinition;
  view: ListingView;
  change: (patch: Partial<ListingView>) => void;
  limit: number;
  scope?: ListingScope;
  extraActions?: ReactNode;
}

function ListingBody(props: ListingBodyProps) {
  const { collection, fields, layout, view, change, limit, scope } = props;
  const t = useT();
  const api = useApi();
  const project = useProjectKey();
  const registry = useRegistry();
  const permissions = usePermissionModel();
  const schema = useSchema();
  const reportProblem = useReportProblem();
  const [, navigate] = useLocation();
  const primaryKey = primaryKeyOf(fields);
  const sortField = sortFieldOf(fields);

  // Without a stored sort, a collection with a sort field is shown in its manual order (api-v8 §3.5).
  const storedQuery = useMemo(() => view.viewQuery[layout.id] ?? {}, [view.viewQuery, layout.id]);
  const layoutQuery = useMemo(
    () => (!storedQuery.sort && sortField ? { ...storedQuery, sort: sortField.field } : storedQuery),
    [storedQuery, sortField],
  );
  // A layout may shape its own request (a calendar asks for the days it shows, reported as a range).
  const statics = registry.resolveLayout(view.viewType).Component as LayoutStatics;
  const rangeKey = `${collection}/${layout.id}`;
  const [range, setRange] = useState<ListRange | null>(() => shownRanges.get(rangeKey) ?? null);
  const onRangeChange = useCallback(
    (next: ListRange) => {
      shownRanges.set(rangeKey, next);
      setRange(next);
    },
    [rangeKey],
  );
  const { params: viewParams, searching } = useListingParams({
    collection,
    fields,
    layout,
    view,
    layoutQuery,
    sortField,
    limit,
    listQuery: statics.listQuery,
    range,
    extraFields: collection === ACTIVITY ? ACTIVITY_TARGET_FIELDS : undefined,
  });
  const scopeFilter = scope?.filter;
  const params = useMemo(
    () =>
      scopeFilter
        ? {
            ...viewParams,
            filter: narrowFilter(
              (viewParams.filter ?? {}) as Record<string, Record<string, unknown>>,
              scopeFilter,
            ),
          }
        : viewParams,
    [viewParams, scopeFilter],
  );
  const list = useItemList(api, collection, params);
  const reloadKey = scope?.reloadKey ?? 0;
  const reloaded = useRef(reloadKey);
  useEffect(() => {
    if (reloaded.current === reloadKey) return;
    reloaded.current = reloadKey;
    list.reload();
  }, [reloadKey, list]);

  // --- selection and manual order -----------------------------------------------------------------
  const [selection, setSelection] = useState<string[]>([]);
  const paramsKey = JSON.stringify(params);
  const [selectionFor, setSelectionFor] = useState(paramsKey);
  if (selectionFor !== paramsKey) {
    setSelectionFor(paramsKey);
    setSelection([]);
  }
  const { items, onReorder } = useManualSort({ collection, primaryKey, sortField, items: list.items });

  // While a new first page loads, the previous rows stay (dimmed) instead of a flash of the loading state.
  const shown = useRef<Item[]>([]);
  if (list.phase !== 'loading') shown.current = items;
  const rows = list.phase === 'loading' ? shown.current : items;

  const selectedItems = useMemo(() => {
    const keys = new Set(selection);
    return items.filter((item) => keys.has(String(item[primaryKey])));
  }, [items, selection, primaryKey]);

  const removal = useDeleteItems(collection, () => {
    setSelection([]);
    list.reload();
  });
  const mayAdd = permissions.mayCreate(collection);
  const actions = (
    <>
      {props.extraActions}
      <BookmarkButton collection={collection} view={view} />
      <ExchangeMenu
        collection={collection}
        collectionName={props.name}
        fields={fields}
        layout={layout}
        layoutQuery={layoutQuery}
        view={view}
        onImported={list.reload}
      />
      {scope?.selectionActions &&
        selection.length > 0 &&
        scope.selectionActions(selection, () => setSelection([]))}
      <ListingActions
        collection={collection}
        selection={selection}
        selectedItems={selectedItems}
        onDelete={() => removal.ask(selection)}
        noAdd={Boolean(scope?.actions)}
      />
      {scope?.actions}
    </>
  );

  // --- count and state --------------------------------------------------------------------------
  const count = itemCount(items.length, list.filterCount, limit);
  const countText =
    selection.length > 0
      ? t('browse.selected_count', { count: selection.length })
      : t('browse.item_count', { count });

  const browsable = fields.some((field) => !isOn(field.hidden_browse) && field.field !== primaryKey);
  const add = mayAdd ? () => navigate(itemHref(project, collection, NEW_ITEM_KEY)) : undefined;
  // No rows to show (or no way to show them): the listing says why instead.
  const showState = !browsable || list.phase === 'error' || (rows.length === 0 && !statics.drawsEmpty);
  // A new item on a day needs the right to create and to write the date field the layout places by.
  const placedBy = chosenField(fields, view.viewOptions[layout.id]?.date, DATE_TYPES)?.field;
  const mayCreateAt =
    mayAdd && placedBy !== undefined && permissions.writableFields(collection, null).has(placedBy);
  const onCreateAt = mayCreateAt
    ? (field: string, day: string) => navigate(newItemHref(project, collection, { [field]: day }))
    : undefined;
  const body: ReactNode = showState ? (
    <ListingStates
      phase={list.phase}
      error={list.error}
      browsable={browsable}
      searching={searching}
      collectionName={props.name}
      onRetry={list.reload}
      onAdd={add}
      action={scope?.emptyAction}
      files={collection === 'directus_files'}
    />
  ) : (
    <div
      className={`listing-table${list.phase === 'loading' ? ' listing-table--busy' : ''}`}
      data-state="loaded"
    >
      <ListView
        registry={registry}
        fields={fields}
        items={rows}
        viewType={view.viewType}
        viewQuery={{ ...view.viewQuery, [layout.id]: layoutQuery }}
        viewOptions={view.viewOptions}
        loading={list.phase === 'loading'}
        loadingMore={list.phase === 'lazyLoading'}
        onEndReached={list.loadMore}
        onQueryChange={(patch) =>
          change({ viewQuery: { ...view.viewQuery, [layout.id]: { ...storedQuery, ...patch } } })
        }
        onOptionsChange={(patch) =>
          change({
            viewOptions: {
              ...view.viewOptions,
              [layout.id]: { ...(view.viewOptions[layout.id] ?? {}), ...patch },
            },
          })
        }
        assetUrl={(hash, key) => assetHref(api.root, project, hash, key)}
        onItemClick={(item) =>
          navigate(
            activityTargetHref(project, collection, item, schema.collections) ??
              itemHref(project, collection, String(item[primaryKey])),
          )
        }
        total={list.filterCount}
        searching={searching}
        range={range}
        onRangeChange={onRangeChange}
        onCreateAt={onCreateAt}
        selection={selection}
        onSelectionChange={(keys) => setSelection(keys.map(String))}
        onReorder={onReorder}
        labels={{
          selectRow: t('browse.select_item'),
          selectAll: t('browse.select_all'),
          manualSort: t('browse.manual_sort'),
          dragHandle: t('browse.drag_handle'),
          resize: t('browse.resize_column'),
        }}
        onProblem={reportProblem}
      />
    </div>
  );

  return (
    <Page
      title={props.name}
      breadcrumb={props.breadcrumb}
      actions={actions}
      info={props.info}
      className="listing-page"
    >
      <div className="listing" data-collection={collection}>
        {scope?.above}
        <div className="listing-toolbar">
          <SearchFilter
            fields={filterableFields(fields)}
            value={{ search: view.search, filters: view.filters }}
            onChange={(value) => change({ search: value.search, filters: value.filters })}
          />
          <span className="listing-count" role="status" aria-live="polite">
            {list.phase === 'loading' || list.phase === 'error' ? '' : countText}
          </span>
        </div>
        {scope?.wrap ? scope.wrap(body) : body}
      </div>
      <ConfirmDialog
        open={removal.confirming}
        title={t('browse.delete_title')}
        message={removal.message}
        confirmLabel={t('browse.delete')}
        cancelLabel={t('browse.cancel')}
        danger
        busy={removal.deleting}
        onConfirm={removal.confirm}
        onCancel={removal.cancel}
      />
    </Page>
  );
}
