import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { ListView } from '../../../engine/list/ListView';
import { buildListQuery, primaryKeyOf, resolveViewOptions } from '../../../engine/list/build-query';
import { sortFieldOf } from '../../../engine/list/TabularLayout';
import type { FieldDefinition, LayoutDefinition } from '../../../engine/types';
import { useLocale, useT } from '../../i18n';
import { itemHref } from '../../routes';
import { Page } from '../../shell/Page';
import { NotFoundPage } from '../errors/NotFoundPage';
import {
  useApi,
  useCurrentUser,
  useIsAdmin,
  useNotify,
  usePermissions,
  useProjectKey,
  useRegistry,
  useSchema,
  useSettings,
} from '../../state/hooks';
import { roleIdOf } from '../../state/presets';
import type { CollectionMeta } from '../../state/types';
import { collectionName } from './collection-name';
import { isSystemCollection, itemsPath, resolveCollection } from './collection-paths';
import { ConfirmDialog } from './ConfirmDialog';
import { filterableFields, isActiveFilter } from './filters';
import { addButton, batchButton, deleteButton, permissionFields, type Caller } from './listing-permissions';
import { ListingIcon } from './ListingIcon';
import { ListingState } from './ListingState';
import { reorderItems, type Item } from './manual-sort';
import { SearchFilter } from './SearchFilter';
import { useItemList } from './useItemList';
import { useListingView, type ListingView } from './useListingView';
import { ViewOptions } from './ViewOptions';
import './listing.css';

/** The page size when the settings name none (api-v8 §3.6: installs store 200). */
export const DEFAULT_LIMIT = 200;

/**
 * `/{project}/collections/{collection}` and the system aliases: unknown collections are not found, a single
 * collection opens its item, every other one lists its items.
 */
export default function ItemListingPage({ collection: requested }: { collection: string }) {
  const schema = useSchema();
  const collection = resolveCollection(requested, schema.collections);
  const meta = schema.collections[collection];
  const fields = schema.fields[collection];
  if (!meta && !(isSystemCollection(collection) && fields)) return <NotFoundPage />;
  if (meta && isOn(meta.single)) return <SingleRedirect collection={collection} fields={fields ?? []} />;
  return <Listing key={collection} collection={collection} meta={meta} fields={fields ?? []} />;
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
    const primaryKey = primaryKeyOf(fields);
    api
      .get<Item[]>(itemsPath(collection), { fields: primaryKey, limit: 1 })
      .then(
        (response) => {
          const first = Array.isArray(response.data) ? response.data[0] : undefined;
          return first?.[primaryKey] ?? 1;
        },
        () => 1,
      )
      .then((key) => {
        if (!cancelled) navigate(itemHref(project, collection, String(key)), { replace: true });
      });
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

interface ListingProps {
  collection: string;
  meta: CollectionMeta | undefined;
  fields: FieldDefinition[];
}

function Listing({ collection, meta, fields: allFields }: ListingProps) {
  const t = useT();
  const { locale } = useLocale();
  const project = useProjectKey();
  const permission = usePermissions(collection);
  const admin = useIsAdmin();
  const user = useCurrentUser();
  const registry = useRegistry();
  const settings = useSettings();
  const { ready, view, change } = useListingView(collection);

  // Fields the role may not read never reach the query or the columns.
  const fields = useMemo(() => {
    const hidden = new Set(admin ? [] : permission.read_field_blacklist);
    return allFields.filter((field) => !hidden.has(field.field));
  }, [allFields, admin, permission.read_field_blacklist]);
  const name = collectionName(collection, meta, locale);
  const limit = Number(settings.default_limit) > 0 ? Number(settings.default_limit) : DEFAULT_LIMIT;
  const caller: Caller = { id: Number(user.id), role: roleIdOf(user), admin };

  // The table, and the layout the preset names (the other core layouts arrive with a later module).
  const layout = registry.resolveLayout(view.viewType).definition;
  const layouts = registry
    .layouts()
    .filter((definition) => definition.id === 'tabular' || definition.id === layout.id);
  const breadcrumb = isSystemCollection(collection)
    ? [{ label: name }]
    : [{ label: t('browse.collections'), href: `/${project}/collections` }, { label: name }];

  const info = (
    <div className="listing-info">
      <h2 className="listing-info__title">{name}</h2>
      <p className="listing-info__note">{meta?.note || t('browse.no_note')}</p>
      {ready && (
        <ViewOptions
          registry={registry}
          layouts={layouts.length ? layouts : [layout]}
          layout={layout}
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
      collection={collection}
      name={name}
      breadcrumb={breadcrumb}
      info={info}
      fields={fields}
      layout={layout}
      view={view}
      change={change}
      limit={limit}
      caller={caller}
      permission={permission}
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
  caller: Caller;
  permission: ReturnType<typeof usePermissions>;
}

function ListingBody(props: ListingBodyProps) {
  const { collection, fields, layout, view, change, limit, caller, permission } = props;
  const t = useT();
  const api = useApi();
  const project = useProjectKey();
  const registry = useRegistry();
  const notify = useNotify();
  const [, navigate] = useLocation();
  const path = itemsPath(collection);
  const primaryKey = primaryKeyOf(fields);
  const sortField = sortFieldOf(fields);

  // Without a stored sort, a collection with a sort field is shown in its manual order (api-v8 §3.5).
  const storedQuery = useMemo(() => view.viewQuery[layout.id] ?? {}, [view.viewQuery, layout.id]);
  const layoutQuery = useMemo(
    () => (!storedQuery.sort && sortField ? { ...storedQuery, sort: sortField.field } : storedQuery),
    [storedQuery, sortField],
  );
  const activeFilters = useMemo(() => view.filters.filter(isActiveFilter), [view.filters]);
  const searching = Boolean(view.search.trim()) || activeFilters.length > 0;

  const params = useMemo(() => {
    const query = buildListQuery({
      layout,
      fields,
      viewQuery: layoutQuery,
      search: view.search,
      filters: activeFilters,
      limit,
    });
    const requested = [...query.fields];
    // The sort field travels along so that dragging knows the current values; non-admins also fetch
    // the owner and status the buttons judge each item by (spec §6).
    const extra = [...(sortField ? [sortField.field] : []), ...permissionFields(fields, caller.admin)];
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
  }, [layout, fields, layoutQuery, view.search, activeFilters, limit, sortField, caller.admin]);

  const list = useItemList(api, path, params);

  // --- selection and manual order -----------------------------------------------------------------
  const [selection, setSelection] = useState<string[]>([]);
  const paramsKey = JSON.stringify(params);
  const [selectionFor, setSelectionFor] = useState(paramsKey);
  if (selectionFor !== paramsKey) {
    setSelectionFor(paramsKey);
    setSelection([]);
  }
  const [reordered, setReordered] = useState<{ source: Item[]; items: Item[] } | null>(null);
  const items = reordered && reordered.source === list.items ? reordered.items : list.items;

  // While a new first page loads, the previous rows stay (dimmed) instead of a flash of the loading state.
  const shown = useRef<Item[]>([]);
  if (list.phase !== 'loading') shown.current = items;
  const rows = list.phase === 'loading' ? shown.current : items;

  const selectedItems = useMemo(() => {
    const keys = new Set(selection);
    return items.filter((item) => keys.has(String(item[primaryKey])));
  }, [items, selection, primaryKey]);

  const onReorder = (from: number, to: number) => {
    if (!sortField) return;
    const result = reorderItems(items, primaryKey, sortField.field, from, to);
    if (result.changes.length === 0) return;
    const source = list.items;
    setReordered({ source, items: result.items });
    api
      .patch(
        path,
        result.changes.map((change) => ({ [primaryKey]: change.key, [sortField.field]: change.sort })),
        { fields: primaryKey },
      )
      .catch((error: unknown) => {
        setReordered(null);
        notify({
          title: t('browse.reorder_failed'),
          details: error instanceof Error ? error.message : undefined,
          color: 'danger',
        });
      });
  };

  // --- buttons ----------------------------------------------------------------------------------
  const add = addButton(permission);
  const remove = deleteButton(permission, selectedItems, fields, caller);
  const batch = batchButton(permission, selectedItems, fields, caller);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const confirmDelete = async () => {
    setDeleting(true);
    try {
      await api.delete(`${path}/${selection.map(encodeURIComponent).join(',')}`);
      notify({ title: t('browse.deleted', { count: selection.length }), color: 'success' });
      setSelection([]);
      list.reload();
    } catch (error) {
      notify({
        title: t('browse.delete_failed'),
        details: error instanceof Error ? error.message : undefined,
        color: 'danger',
      });
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  };

  const actions = (
    <>
      {selection.length > 0 && batch !== 'hidden' && (
        <button
          type="button"
          className="button button--secondary"
          disabled={batch !== 'enabled'}
          title={selection.length < 2 ? t('browse.batch_needs_two') : undefined}
          onClick={() => navigate(itemHref(project, collection, selection.join(',')))}
        >
          <ListingIcon name="edit" />
          {t('browse.batch_edit')}
        </button>
      )}
      {selection.length > 0 && remove !== 'hidden' && (
        <button
          type="button"
          className="button button--danger"
          disabled={remove !== 'enabled'}
          onClick={() => setConfirming(true)}
        >
          <ListingIcon name="delete" />
          {t('browse.delete')}
        </button>
      )}
      {add === 'enabled' && (
        <button type="button" className="button" onClick={() => navigate(itemHref(project, collection, '+'))}>
          <ListingIcon name="add" />
          {t('browse.add')}
        </button>
      )}
    </>
  );

  // --- count and state --------------------------------------------------------------------------
  // Under one page the loaded rows are the truth (they follow local changes); above it, filter_count.
  const count = list.filterCount !== null && list.filterCount >= limit ? list.filterCount : items.length;
  const countText =
    selection.length > 0
      ? t('browse.selected_count', { count: selection.length })
      : t('browse.item_count', { count });

  const browsable = fields.some((field) => !isOn(field.hidden_browse) && field.field !== primaryKey);
  let body: ReactNode;
  if (!browsable) {
    body = (
      <ListingState
        kind="no-fields"
        title={t('browse.state.no_fields.title')}
        body={t('browse.state.no_fields.body')}
      />
    );
  } else if (list.phase === 'error') {
    body = (
      <ListingState
        kind="error"
        title={t('browse.state.error.title')}
        body={t('browse.state.error.body', {
          message: list.error?.message || t(`errors.${list.error?.code ?? -1}`),
        })}
        action={
          <button type="button" className="button button--secondary" onClick={list.reload}>
            {t('browse.retry')}
          </button>
        }
      />
    );
  } else if (list.phase === 'loading' && rows.length === 0) {
    body = (
      <ListingState
        kind="loading"
        title={t('browse.state.loading.title')}
        body={t('browse.state.loading.body')}
      />
    );
  } else if (list.phase !== 'loading' && rows.length === 0) {
    body = searching ? (
      <ListingState
        kind="no-results"
        title={t('browse.state.no_results.title')}
        body={t('browse.state.no_results.body')}
      />
    ) : (
      <ListingState
        kind="empty"
        title={t('browse.state.empty.title')}
        body={t('browse.state.empty.body', { collection: props.name })}
        action={
          add === 'enabled' ? (
            <button
              type="button"
              className="button"
              onClick={() => navigate(itemHref(project, collection, '+'))}
            >
              {t('browse.add')}
            </button>
          ) : undefined
        }
      />
    );
  } else {
    body = (
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
          onItemClick={(item) => navigate(itemHref(project, collection, String(item[primaryKey])))}
          selection={selection}
          onSelectionChange={(keys) => setSelection(keys.map(String))}
          onReorder={sortField ? onReorder : undefined}
          labels={{
            selectRow: t('browse.select_item'),
            selectAll: t('browse.select_all'),
            manualSort: t('browse.manual_sort'),
            dragHandle: t('browse.drag_handle'),
            resize: t('browse.resize_column'),
          }}
          onProblem={(message) => notify({ title: message, color: 'danger' })}
        />
      </div>
    );
  }

  return (
    <Page
      title={props.name}
      breadcrumb={props.breadcrumb}
      actions={actions}
      info={props.info}
      className="listing-page"
    >
      <div className="listing" data-collection={collection}>
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
        {body}
      </div>
      {confirming && (
        <ConfirmDialog
          message={t('browse.delete_confirm', { count: selection.length })}
          confirmText={t('browse.delete')}
          cancelText={t('browse.cancel')}
          danger
          busy={deleting}
          onConfirm={confirmDelete}
          onCancel={() => setConfirming(false)}
        />
      )}
    </Page>
  );
}
