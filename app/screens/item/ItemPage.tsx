import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  itemEditMachine,
  NEW_ITEM_KEY,
  sameValue,
  type Item,
  type Notice,
  type PrimaryKey,
  type SaveMode,
  type SaveRequest,
} from '../../../machines/item-edit.machine';
import type { CallError } from '../../../machines/implementations';
import { ItemForm } from '../../../engine/form/ItemForm';
import { defaultValues, isOn } from '../../../engine/form/rules';
import { fieldLabel } from '../../../engine/form/labels';
import type { FieldDefinition, FieldPermissions } from '../../../engine/types';
import type { FormServices, PickedItem, RelatedItems } from '../../../engine/components/contract';
import { registerLiveActor } from '../../statecharts/live-actors';
import { Page, type Crumb } from '../../shell/Page';
import {
  useApi,
  useCurrentUser,
  useNotify,
  usePermissions,
  useProjectKey,
  useRegistry,
  useSchema,
} from '../../state/hooks';
import { useT } from '../../i18n';
import {
  allows,
  createItemCalls,
  isSystemCollection,
  itemRoute,
  itemsPath,
  itemTitle,
  listingRoute,
  ownerOf,
  parseRouteKey,
  permissionForItem,
  primaryKeyField,
  referenceTemplate,
  relatedCollection,
  softDeleteOf,
  type WriteContext,
} from './item-services';
import { SaveMenu } from './SaveMenu';
import { Modal } from './Modal';
import { ItemPickerModal } from './ItemPickerModal';
import { ItemInfo } from './ItemInfo';
import { ItemIcon } from './icons';
import { useLeaveGuard } from './use-leave-guard';
import './item.css';

export interface ItemPageProps {
  collection: string;
  /** '+' for a new item, 'a,b' for a batch edit. */
  primaryKey: string;
}

/** `articles` → `Articles`, `directus_users` → `Users`. */
export function collectionLabel(collection: string): string {
  return fieldLabel({ field: collection.replace(/^directus_/, ''), type: 'string' });
}

/** The item page (spec §4 item edit): the form engine driven by the item-edit machine. */
export default function ItemPage({ collection, primaryKey }: ItemPageProps) {
  const schema = useSchema();
  const t = useT();
  const project = useProjectKey();
  const fields = schema.fields[collection];
  if (!fields || fields.length === 0) {
    return (
      <Page title={t('edit.not_found_title')} breadcrumb={[{ label: collectionLabel(collection) }]}>
        <div className="item-state">
          <ItemIcon name="search_off" size={48} />
          <p>{t('edit.unknown_collection')}</p>
          <Link href={`/${project}/collections`}>{t('edit.back_to_listing')}</Link>
        </div>
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

const NOTICE_TITLES: Record<Notice, string> = {
  saved: 'edit.item_saved',
  deleted: 'edit.item_deleted',
  saveFailed: 'edit.something_went_wrong',
  deleteFailed: 'edit.something_went_wrong',
  loadFailed: 'edit.something_went_wrong',
};

/** Interface problems already shown in this session. */
const reportedProblems = new Set<string>();

interface PickerRequest {
  field: FieldDefinition;
  current: unknown;
  target: string;
  resolve: (choice: PickedItem | null) => void;
}

function ItemEditor({
  collection,
  routeKey,
  fields,
}: {
  collection: string;
  routeKey: string;
  fields: FieldDefinition[];
}) {
  const t = useT();
  const api = useApi();
  const project = useProjectKey();
  const schema = useSchema();
  const registry = useRegistry();
  const user = useCurrentUser();
  const notify = useNotify();
  const permission = usePermissions(collection);
  const activityPermission = usePermissions('directus_activity');
  const [, navigate] = useLocation();

  const meta = schema.collections[collection];
  const route = useMemo(() => parseRouteKey(routeKey), [routeKey]);
  const machineKey: PrimaryKey = route.isNew ? NEW_ITEM_KEY : route.keys.join(',');
  const statusField = fields.find((field) => String(field.type).toLowerCase() === 'status')?.field ?? null;
  const softDelete = useMemo(() => softDeleteOf(meta, fields), [meta, fields]);
  const single = Boolean(meta && isOn(meta.single));
  const activityCollection = collection === 'directus_activity';
  /** The defaults a new item starts with (only those with a value are staged). */
  const defaults = useMemo(() => {
    if (!route.isNew) return {};
    return Object.fromEntries(
      Object.entries(defaultValues(fields)).filter(([, value]) => value !== null && value !== undefined),
    );
  }, [fields, route.isNew]);

  // The machine's side effects read the latest hooks through this ref (the machine is created once).
  const latest = useRef({ navigate, notify, t, project, api, schema, fields });
  latest.current = { navigate, notify, t, project, api, schema, fields };

  /** Lets the machine's own navigation (discard, save and leave…) past the unsaved-changes guard. */
  const allowNavigationRef = useRef<() => void>(() => {});
  const go = useCallback((to: string) => {
    allowNavigationRef.current();
    latest.current.navigate(to);
  }, []);

  const primaryKeyOf = useCallback((name: string) => {
    const list = latest.current.schema.fields[name] ?? [];
    return primaryKeyField(list)?.field ?? 'id';
  }, []);

  const machine = useMemo(() => {
    const writeContext = (): WriteContext => ({
      collection,
      fields: latest.current.fields,
      relations: latest.current.schema.relations,
      primaryKeyOf,
    });
    const calls = () => createItemCalls(latest.current.api, writeContext);
    return itemEditMachine.provide({
      actors: {
        loadItem: fromPromise<Item, { collection: string; primaryKey: PrimaryKey }>(({ input }) =>
          calls().loadItem(input),
        ),
        saveItem: fromPromise<Item, SaveRequest>(({ input }) => calls().saveItem(input)),
        deleteItem: fromPromise<void, { collection: string; primaryKey: PrimaryKey }>(({ input }) =>
          calls().deleteItem(input),
        ),
      },
      actions: {
        goToListing: (_, params: { collection: string }) =>
          go(listingRoute(latest.current.project, params.collection)),
        goToItem: (_, params: { collection: string; primaryKey: PrimaryKey }) =>
          go(itemRoute(latest.current.project, params.collection, params.primaryKey)),
        goTo: (_, params: { to: string }) => go(params.to),
        notify: (_, params: { notice: Notice; error?: CallError | null }) => {
          const { t: translate, notify: show } = latest.current;
          const failed = params.notice !== 'saved' && params.notice !== 'deleted';
          show({
            title: translate(NOTICE_TITLES[params.notice]),
            details: failed ? params.error?.message || undefined : undefined,
            color: failed ? 'danger' : 'success',
          });
        },
      },
    });
  }, [collection, primaryKeyOf, go]);

  const actor = useActorRef(machine, {
    input: {
      collection,
      primaryKey: machineKey,
      fields: fields.map((field) => ({
        field: field.field,
        type: String(field.type).toLowerCase(),
        primary_key: isOn(field.primary_key),
      })),
      softDelete,
      defaults,
    },
  });
  useEffect(() => registerLiveActor('item-edit', actor), [actor]);

  const state = useSelector(actor, (snapshot) => snapshot.value);
  const savedValues = useSelector(actor, (snapshot) => snapshot.context.savedValues);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const canSave = useSelector(actor, (snapshot) => snapshot.matches({ editing: 'dirty' }));
  const saving = useSelector(actor, (snapshot) => snapshot.matches('saving'));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const stateName = typeof state === 'string' ? state : Object.keys(state)[0];

  // Each load (and "save and add") gives the form a new baseline: remount it.
  const generation = useRef<{ values: Item | null; count: number }>({ values: null, count: 0 });
  if (generation.current.values !== savedValues) {
    generation.current = { values: savedValues, count: generation.current.count + 1 };
  }
  const formKey = generation.current.count;

  /** The form's own staged values (what the user changed since the form opened). */
  const formEdits = useRef<Record<string, unknown>>({});
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    formEdits.current = {};
    setTouched(false);
  }, [formKey]);

  const onStage = useCallback(
    (edits: Record<string, unknown>) => {
      const previous = formEdits.current;
      formEdits.current = edits;
      setTouched(Object.keys(edits).length > 0);
      const { savedValues: saved, defaults: start } = actor.getSnapshot().context;
      for (const field of new Set([...Object.keys(previous), ...Object.keys(edits)])) {
        if (field in edits) {
          if (!(field in previous) || !sameValue(previous[field], edits[field]))
            actor.send({ type: 'STAGE', field, value: edits[field] });
        } else {
          // Back to where the form started: the saved value, or a new item's default.
          actor.send({ type: 'STAGE', field, value: route.isNew ? start[field] : saved[field] });
        }
      }
    },
    [actor, route.isNew],
  );

  // Permissions (spec §6): the row of the item's status, `mine` only on the caller's own items.
  const row = permissionForItem(permission, savedValues, statusField, route.isNew);
  const owner = ownerOf(collection, fields, savedValues);
  const mayUpdate = !activityCollection && allows(row.update, owner, user.id);
  const mayCreate = !activityCollection && allows(row.create, user.id, user.id);
  const readOnly = route.isNew ? !mayCreate : !mayUpdate;
  const mayDelete = !route.isNew && !single && !activityCollection && allows(row.delete, owner, user.id);
  const formPermissions: FieldPermissions = useMemo(
    () => ({
      read_field_blacklist: row.read_field_blacklist,
      write_field_blacklist: readOnly ? fields.map((field) => field.field) : row.write_field_blacklist,
    }),
    [row.read_field_blacklist, row.write_field_blacklist, readOnly, fields],
  );

  // Statuses the role may not use are left out of the status field (its current value stays).
  const statusBlacklist = row.status_blacklist.join(',');
  const formFieldList = useMemo(
    () => withoutBlacklistedStatuses(fields, statusBlacklist, savedValues),
    [fields, statusBlacklist, savedValues],
  );

  const save = useCallback(
    (mode: SaveMode) => {
      if (readOnly) return;
      actor.send({ type: 'SAVE', mode });
    },
    [actor, readOnly],
  );

  // Ctrl/Cmd+S saves and stays.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        save('stay');
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [save]);

  // In-app links and page unloads ask first while the user has unsaved changes.
  const allowNavigation = useLeaveGuard(touched && canSave, (to) => actor.send({ type: 'LEAVE', to }));
  useEffect(() => {
    allowNavigationRef.current = allowNavigation;
  }, [allowNavigation]);

  // Relational fields: the items they can point at, and the picker modal.
  const [picker, setPicker] = useState<PickerRequest | null>(null);
  const services: FormServices = useMemo(
    () => ({
      loadRelatedItems: async (field, query): Promise<RelatedItems> => {
        const target = relatedCollection(field, collection, latest.current.schema.relations);
        const primaryKey = target ? primaryKeyOf(target) : 'id';
        if (!target) return { items: [], primaryKey };
        // One more than asked tells whether the collection holds more (then the picker takes over).
        const answer = await latest.current.api.get<Item[]>(itemsPath(target), {
          fields: '*',
          limit: query.limit + 1,
          q: query.search || undefined,
        });
        const items = Array.isArray(answer.data) ? answer.data : [];
        return { items: items.slice(0, query.limit), primaryKey, more: items.length > query.limit };
      },
      pickItem: (field, current) =>
        new Promise<PickedItem | null>((resolve) => {
          const target = relatedCollection(field, collection, latest.current.schema.relations);
          if (!target) return resolve(null);
          setPicker({ field, current, target, resolve });
        }),
    }),
    [collection, primaryKeyOf],
  );
  const closePicker = (choice: PickedItem | null) => {
    picker?.resolve(choice);
    setPicker(null);
  };

  const label = collectionLabel(collection);
  const title =
    stateName === 'notFound'
      ? t('edit.not_found_title')
      : stateName === 'loadFailed'
        ? t('edit.server_trouble_title')
        : route.isNew
          ? t('edit.creating_item')
          : route.batch
            ? t('edit.editing_items', { count: route.keys.length })
            : single
              ? t('edit.editing_single', { collection: label })
              : itemTitle(
                  meta,
                  savedValues,
                  route.keys[0],
                  referenceTemplate(collection, schema.relations, (name) => schema.fields[name] ?? []),
                );
  const breadcrumb: Crumb[] = isSystemCollection(collection)
    ? [{ label, href: listingRoute(project, collection) }]
    : [
        { label: t('nav.collections'), href: `/${project}/collections` },
        { label, href: single ? undefined : listingRoute(project, collection) },
      ];

  const showForm = !['opening', 'loading', 'notFound', 'loadFailed'].includes(stateName);
  const statusLabel = softDelete ? String(softDelete.value) : '';

  const actions = showForm && (
    <>
      {mayDelete && (
        <button
          type="button"
          className="item-button item-button--danger"
          onClick={() => actor.send({ type: 'DELETE' })}
          disabled={busy}
        >
          <ItemIcon name="delete" size={18} />
          <span>{t('edit.delete')}</span>
        </button>
      )}
      {!readOnly && (
        <SaveMenu
          enabled={canSave && !busy}
          saving={saving}
          modes={route.isNew ? ['stay', 'add'] : route.batch ? ['stay'] : ['stay', 'add', 'copy']}
          onSave={save}
        />
      )}
    </>
  );

  let body;
  if (stateName === 'notFound') {
    body = (
      <div className="item-state" role="status">
        <ItemIcon name="search_off" size={48} />
        <h2>{t('edit.not_found_title')}</h2>
        <p>{t('edit.not_found_body')}</p>
        <Link href={listingRoute(project, collection)}>{t('edit.back_to_listing')}</Link>
      </div>
    );
  } else if (stateName === 'loadFailed') {
    body = (
      <div className="item-state item-state--error" role="alert">
        <ItemIcon name="cloud_off" size={48} />
        <h2>{t('edit.server_trouble_title')}</h2>
        <p>{t('edit.server_trouble_body')}</p>
        {error && (
          <p className="item-state__detail">
            {error.message || t(`errors.${error.code}`)} ({error.code})
          </p>
        )}
        <button
          type="button"
          className="item-button item-button--primary"
          onClick={() => actor.send({ type: 'RETRY' })}
        >
          <ItemIcon name="refresh" size={18} />
          <span>{t('edit.retry')}</span>
        </button>
      </div>
    );
  } else if (!showForm) {
    body = (
      <div className="item-state" role="status" aria-live="polite">
        <span className="item-state__spinner" aria-hidden="true" />
        <p>{t('edit.loading')}</p>
      </div>
    );
  } else {
    body = (
      <>
        {readOnly && (
          <p className="item-notice">
            <ItemIcon name="lock" size={18} />
            <span>{t('edit.read_only')}</span>
          </p>
        )}
        {route.batch && !readOnly && (
          <p className="item-notice">{t('edit.batch_note', { count: route.keys.length })}</p>
        )}
        <ItemForm
          key={formKey}
          fields={formFieldList}
          registry={registry}
          permissions={formPermissions}
          savedValues={route.isNew ? undefined : savedValues}
          newItem={route.isNew}
          batchMode={route.batch}
          onStage={onStage}
          services={services}
          onProblem={(message) => {
            // A missing or broken interface is reported once, not once per field and render.
            if (reportedProblems.has(message)) return;
            reportedProblems.add(message);
            notify({ title: message, color: 'danger' });
          }}
        />
      </>
    );
  }

  return (
    <Page
      title={title}
      breadcrumb={breadcrumb}
      actions={actions}
      className="item-page"
      info={
        <ItemInfo
          api={api}
          collection={collection}
          collectionLabel={label}
          fields={fields}
          item={savedValues}
          primaryKey={route.isNew || route.batch ? null : route.keys[0]}
          canReadActivity={activityPermission.read !== 'none'}
          canComment={permission.comment !== 'none' && permission.comment !== 'read'}
          version={formKey}
        />
      }
    >
      {body}
      {stateName === 'confirmingLeave' && (
        <Modal
          title={t('edit.unsaved_title')}
          onClose={() => actor.send({ type: 'KEEP_EDITING' })}
          actions={
            <>
              <button
                type="button"
                className="item-button"
                onClick={() => actor.send({ type: 'KEEP_EDITING' })}
              >
                {t('edit.keep_editing')}
              </button>
              <button
                type="button"
                className="item-button item-button--danger"
                onClick={() => actor.send({ type: 'DISCARD' })}
              >
                {t('edit.discard')}
              </button>
            </>
          }
        >
          <p>{t('edit.unsaved_body')}</p>
        </Modal>
      )}
      {stateName === 'confirmingDelete' && (
        <Modal
          title={t('edit.delete_title')}
          onClose={() => actor.send({ type: 'CANCEL_DELETE' })}
          actions={
            <>
              <button
                type="button"
                className="item-button"
                onClick={() => actor.send({ type: 'CANCEL_DELETE' })}
              >
                {t('edit.cancel')}
              </button>
              <button
                type="button"
                className="item-button item-button--danger"
                onClick={() => actor.send({ type: 'CONFIRM_DELETE' })}
              >
                {t('edit.delete')}
              </button>
            </>
          }
        >
          <p>
            {softDelete
              ? t('edit.soft_delete_confirm', { status: statusLabel })
              : route.batch
                ? t('edit.delete_confirm_batch', { count: route.keys.length })
                : t('edit.delete_confirm')}
          </p>
        </Modal>
      )}
      {picker && (
        <ItemPickerModal
          api={api}
          registry={registry}
          collection={picker.target}
          fields={schema.fields[picker.target] ?? []}
          primaryKey={primaryKeyOf(picker.target)}
          template={typeof picker.field.options?.template === 'string' ? picker.field.options.template : null}
          current={picker.current}
          onSelect={(item) => closePicker({ item, primaryKey: primaryKeyOf(picker.target) })}
          onClose={() => closePicker(null)}
        />
      )}
    </Page>
  );
}

/** The fields with the status mapping reduced to the statuses the role may set (spec §6 status_blacklist). */
function withoutBlacklistedStatuses(
  fields: FieldDefinition[],
  blacklist: string,
  item: Item,
): FieldDefinition[] {
  if (!blacklist) return fields;
  const hidden = new Set(blacklist.split(','));
  return fields.map((field) => {
    const mapping = field.options?.status_mapping as Record<string, { value?: string }> | undefined;
    if (String(field.type).toLowerCase() !== 'status' || !mapping) return field;
    const current = item[field.field];
    const kept = Object.entries(mapping).filter(([key, entry]) => {
      const value = String(entry?.value ?? key);
      return !hidden.has(value) || value === String(current);
    });
    return { ...field, options: { ...field.options, status_mapping: Object.fromEntries(kept) } };
  });
}
