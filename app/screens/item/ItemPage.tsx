import '../../state/definitions-catalog';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Link } from 'wouter';
import { ItemForm } from '../../../engine/form/ItemForm';
import { EmptyState, Notice } from '../../../ui';
import { isOn } from '../../../engine/form/rules';
import type { FieldDefinition } from '../../../engine/types';
import { useLocale, useT } from '../../i18n';
import { collectionName } from '../../names';
import {
  collectionHref,
  collectionsHref,
  isSettingsCollection,
  isSystemCollection,
  parseRouteKey,
  settingsHref,
} from '../../paths';
import { Page, type Crumb } from '../../shell/Page';
import { useReportProblem } from '../../shell/problems';
import { useApi, useProjectKey, useRegistry, useSchema } from '../../state/hooks';
import { useMapTiles } from '../../state/map-tiles';
import {
  itemTitle,
  primaryKeyName,
  referenceTemplate,
  softDeleteOf,
  systemTitleFallback,
  systemTitleTemplate,
} from '../../state/schema-info';
import { ItemActions } from './ItemActions';
import { ItemDialogs } from './ItemDialogs';
import { EditingTogether } from './EditingTogether';
import { ItemInfo } from './ItemInfo';
import { RequestedItemPicker } from './ItemPickerModal';
import { ItemStateView } from './ItemStateView';
import { useItemAccess } from './use-item-access';
import { useItemEditor } from './use-item-editor';
import { usePrefill } from './use-prefill';
import { useRelationalServices } from './use-relational-services';
import { useAppFormServices } from '../../state/form-services';
import { fileDetailFields } from '../file/form-fields';
import './item.css';

const WebhookDeliveries = lazy(() => import('../settings/webhooks/WebhookDeliveries'));
const FileDetail = lazy(() => import('../file/FileDetail'));
const UserPanel = lazy(() => import('../users/UserPanel'));

export interface ItemPageProps {
  collection: string;
  /** '+' for a new item, 'a,b' for a batch edit. */
  primaryKey: string;
}

/** The item page (spec §4 item edit): the form engine driven by the item-edit machine. */
export default function ItemPage({ collection, primaryKey }: ItemPageProps) {
  const schema = useSchema();
  const t = useT();
  const project = useProjectKey();
  const { locale } = useLocale();
  const fields = schema.fields[collection];
  if (!fields || fields.length === 0) {
    const label = collectionName(collection, schema.collections[collection], locale);
    return (
      <Page title={t('edit.not_found_title')} breadcrumb={[{ label }]}>
        <EmptyState
          icon="search_off"
          title={t('edit.unknown_collection')}
          action={<Link href={collectionsHref(project)}>{t('edit.back_to_listing')}</Link>}
        />
      </Page>
    );
  }
  return (
    <ItemEditor
      key={`${collection}/${primaryKey}`}
      collection={collection}
      routeKey={primaryKey}
      fields={fields}
    />
  );
}

export { ItemPage };

const LOADING_STATES = ['opening', 'loading', 'notFound', 'loadFailed'];

function ItemEditor(props: { collection: string; routeKey: string; fields: FieldDefinition[] }) {
  const { collection, fields } = props;
  const t = useT();
  const api = useApi();
  const project = useProjectKey();
  const schema = useSchema();
  const registry = useRegistry();
  const { locale } = useLocale();
  const reportProblem = useReportProblem();
  const meta = schema.collections[collection];
  const route = useMemo(() => parseRouteKey(props.routeKey), [props.routeKey]);
  const single = Boolean(meta && isOn(meta.single));
  const editor = useItemEditor(collection, route, fields);
  const access = useItemAccess(collection, fields, route, editor.savedValues);
  const { services: relational, picker, closePicker } = useRelationalServices(collection);
  const appServices = useAppFormServices(collection, route);
  const mapTiles = useMapTiles();
  const formServices = useMemo(
    () => ({ ...relational, ...appServices, mapTiles }),
    [relational, appServices, mapTiles],
  );
  // The 2FA secret is a read-only system field, except on one's own record, where the app can
  // generate a new secret (spec: setup-2fa); only there does the form let the interface write it.
  // One existing file: the file detail shows it above the form (screens/file), the form its fields.
  const fileDetail = collection === 'directus_files' && !route.isNew && !route.batch;
  const formFields = useMemo(() => {
    const fields = appServices.newTwoFactorSecret
      ? access.formFields.map((field) =>
          field.interface === '2fa-secret' ? { ...field, readonly: false } : field,
        )
      : access.formFields;
    return fileDetail ? fileDetailFields(fields) : fields;
  }, [access.formFields, appServices.newTwoFactorSecret, fileDetail]);
  const { actor, state } = editor;
  const readOnly = access.readOnly;
  usePrefill(route, formFields, editor.stage);

  // Ctrl/Cmd+S saves and stays.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        if (!readOnly) actor.send({ type: 'SAVE', mode: 'stay' });
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [actor, readOnly]);

  const label = collectionName(collection, meta, locale);
  const title =
    state === 'notFound'
      ? t('edit.not_found_title')
      : state === 'loadFailed'
        ? t('edit.server_trouble_title')
        : route.isNew
          ? t('edit.creating_item')
          : route.batch
            ? t('edit.editing_items', { count: route.keys.length })
            : single
              ? t('edit.editing_single', { collection: label })
              : itemTitle(
                  meta,
                  editor.savedValues,
                  systemTitleFallback(collection, editor.savedValues) ?? route.keys[0],
                  referenceTemplate(collection, schema.relations, (name) => schema.fields[name] ?? []) ??
                    systemTitleTemplate(collection),
                );
  const breadcrumb: Crumb[] = isSystemCollection(collection)
    ? [
        ...(isSettingsCollection(collection)
          ? [{ label: t('settings.title'), href: settingsHref(project) }]
          : []),
        { label, href: collectionHref(project, collection) },
      ]
    : [
        { label: t('nav.collections'), href: collectionsHref(project) },
        { label, href: single ? undefined : collectionHref(project, collection) },
      ];
  const showForm = !LOADING_STATES.includes(state);

  return (
    <Page
      title={title}
      breadcrumb={breadcrumb}
      actions={
        showForm && (
          <ItemActions
            mayDelete={access.mayDelete}
            maySave={!access.readOnly}
            canSave={editor.canSave && !editor.busy}
            saving={editor.saving}
            busy={editor.busy}
            modes={route.isNew ? ['stay', 'add'] : route.batch ? ['stay'] : ['stay', 'add', 'copy']}
            onDelete={() => actor.send({ type: 'DELETE' })}
            onSave={(mode) => actor.send({ type: 'SAVE', mode })}
          />
        )
      }
      className="item-page"
      info={
        <ItemInfo
          api={api}
          collection={collection}
          collectionLabel={label}
          fields={fields}
          item={editor.savedValues}
          primaryKey={route.isNew || route.batch ? null : route.keys[0]}
          canReadActivity={access.mayReadActivity}
          canComment={access.mayComment}
          version={editor.savedValues}
          revisions={
            access.mayReadRevisions
              ? {
                  registry,
                  fields: formFields,
                  permissions: access.formPermissions,
                  services: formServices,
                  mayRevert: access.mayRevert,
                  dirty: editor.dirty,
                  onReverted: editor.reload,
                }
              : undefined
          }
        />
      }
    >
      <EditingTogether
        api={api}
        collection={collection}
        routeKey={route.isNew ? '+' : route.keys.join(',')}
        primaryKeyField={primaryKeyName(fields)}
        editor={editor}
      />
      {showForm ? (
        <>
          {collection === 'directus_users' && !route.isNew && !route.batch && editor.savedValues && (
            <Suspense fallback={null}>
              <UserPanel api={api} user={editor.savedValues} onChanged={editor.reload} />
            </Suspense>
          )}
          {access.readOnly && (
            <Notice color="gray" icon="lock" className="item-notice">
              {t('edit.read_only')}
            </Notice>
          )}
          {route.batch && !access.readOnly && (
            <Notice color="accent" className="item-notice">
              {t('edit.batch_note', { count: route.keys.length })}
            </Notice>
          )}
          {fileDetail && (
            <Suspense fallback={null}>
              <FileDetail
                api={api}
                file={editor.savedValues}
                mayReplace={!access.readOnly}
                dirty={editor.dirty}
                onReplaced={editor.reload}
              />
            </Suspense>
          )}
          <ItemForm
            fields={formFields}
            registry={registry}
            permissions={access.formPermissions}
            values={editor.values}
            baseline={editor.baseline}
            newItem={route.isNew}
            batchMode={route.batch}
            onStage={editor.stage}
            services={formServices}
            onProblem={reportProblem}
          />
          {collection === 'directus_webhooks' && !route.isNew && !route.batch && (
            <Suspense fallback={null}>
              <WebhookDeliveries api={api} webhook={route.keys[0]} version={editor.savedValues} />
            </Suspense>
          )}
        </>
      ) : (
        <ItemStateView
          state={state}
          error={editor.error}
          listingHref={collectionHref(project, collection)}
          onRetry={() => actor.send({ type: 'RETRY' })}
        />
      )}
      <ItemDialogs
        state={state}
        softDelete={softDeleteOf(meta, fields)}
        count={route.keys.length}
        send={(type) => actor.send({ type })}
      />
      {picker && <RequestedItemPicker picker={picker} closePicker={closePicker} />}
    </Page>
  );
}
