import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  baselineOf,
  currentValues,
  itemEditMachine,
  type Item,
  type Notice,
  type PrimaryKey,
  type SaveRequest,
} from '../../../machines/item-edit.machine';
import type { CallError } from '../../../machines/implementations';
import type { FieldDefinition } from '../../../engine/types';
import { defaultValues, isOn } from '../../../engine/form/rules';
import { loadItem, removeItems, saveItem, type WriteContext } from '../../api/items';
import { basedOn, loadItemWithRevision, tracksConflicts } from '../../api/editing';
import { useT } from '../../i18n';
import { collectionHref, itemHref, NEW_ITEM_KEY, type RouteKey } from '../../paths';
import { useApi, useNotify, useProjectKey, useSchema } from '../../state/hooks';
import { primaryKeyName, softDeleteOf } from '../../state/schema-info';
import { registerLiveActor } from '../../statecharts/live-actors';
import { useLeaveGuard } from './use-leave-guard';
import { useErrorText } from '../../i18n/errors';

const NOTICE_TITLES: Record<Notice, string> = {
  saved: 'edit.item_saved',
  deleted: 'edit.item_deleted',
  saveFailed: 'edit.something_went_wrong',
  deleteFailed: 'edit.something_went_wrong',
  loadFailed: 'edit.something_went_wrong',
};

/**
 * The item-edit machine of one item page, with its side effects on the API and the router. The machine
 * owns the item and its staged values; the page renders from the snapshot and sends one STAGE per change.
 */
export function useItemEditor(collection: string, route: RouteKey, fields: FieldDefinition[]) {
  const t = useT();
  const api = useApi();
  const project = useProjectKey();
  const schema = useSchema();
  const notify = useNotify();
  const errorText = useErrorText();
  const [, navigate] = useLocation();
  const meta = schema.collections[collection];

  // The machine's side effects read the latest hooks through this ref (the machine is created once).
  const latest = useRef({ navigate, notify, t, errorText, project, api, schema, fields, meta });
  latest.current = { navigate, notify, t, errorText, project, api, schema, fields, meta };

  /** Lets the machine's own navigation (discard, save and leave…) past the unsaved-changes guard. */
  const allowNavigationRef = useRef<() => void>(() => {});
  /** The revision the item was loaded at: the base of the next save (edit conflicts, api/editing.ts). */
  const revisionRef = useRef<number | null>(null);
  const [revision, setRevision] = useState<number | null>(null);

  const go = useCallback((to: string) => {
    allowNavigationRef.current();
    latest.current.navigate(to);
  }, []);

  const machine = useMemo(() => {
    const writeContext = (): WriteContext => ({
      collection,
      fields: latest.current.fields,
      relations: latest.current.schema.relations,
      primaryKeyOf: (name) => primaryKeyName(latest.current.schema.fields[name] ?? []),
    });
    return itemEditMachine.provide({
      actors: {
        // A batch edit starts from nothing: each activated field overwrites every selected item.
        loadItem: fromPromise<Item, { collection: string; primaryKey: PrimaryKey }>(async ({ input }) => {
          if (String(input.primaryKey).includes(',')) return {};
          if (!tracksConflicts(input.collection, input.primaryKey)) {
            return loadItem(latest.current.api, input.collection, input.primaryKey);
          }
          const loaded = await loadItemWithRevision(latest.current.api, input.collection, input.primaryKey);
          revisionRef.current = loaded.revision;
          setRevision(loaded.revision);
          return loaded.item;
        }),
        // A save of a loaded item carries its revision: a stale one meets the conflict choice.
        saveItem: fromPromise<Item, SaveRequest>(({ input }) =>
          saveItem(
            latest.current.api,
            writeContext(),
            input.primaryKey,
            input.values,
            input.overwrite || !tracksConflicts(input.collection, input.primaryKey)
              ? undefined
              : basedOn(revisionRef.current),
          ),
        ),
        deleteItem: fromPromise<void, { collection: string; primaryKey: PrimaryKey }>(({ input }) =>
          removeItems(
            latest.current.api,
            input.collection,
            String(input.primaryKey).split(','),
            softDeleteOf(latest.current.meta, latest.current.fields),
          ),
        ),
      },
      actions: {
        goToListing: (_, params: { collection: string }) =>
          go(collectionHref(latest.current.project, params.collection)),
        goToItem: (_, params: { collection: string; primaryKey: PrimaryKey }) =>
          go(itemHref(latest.current.project, params.collection, params.primaryKey)),
        goTo: (_, params: { to: string }) => go(params.to),
        notify: (_, params: { notice: Notice; error?: CallError | null }) => {
          const { t: translate, notify: show, errorText } = latest.current;
          const failed = params.notice !== 'saved' && params.notice !== 'deleted';
          show({
            title: translate(NOTICE_TITLES[params.notice]),
            details: failed && params.error ? errorText(params.error) : undefined,
            color: failed ? 'danger' : 'success',
          });
        },
      },
    });
  }, [collection, go]);

  const defaults = useMemo(() => (route.isNew ? defaultValues(fields) : {}), [fields, route.isNew]);
  const actor = useActorRef(machine, {
    input: {
      collection,
      primaryKey: route.isNew ? NEW_ITEM_KEY : route.keys.join(','),
      fields: fields.map((field) => ({
        field: field.field,
        type: String(field.type).toLowerCase(),
        primary_key: isOn(field.primary_key),
      })),
      defaults,
    },
  });
  useEffect(() => registerLiveActor('item-edit', actor), [actor]);

  const state = useSelector(actor, (snapshot) => {
    const value = snapshot.value;
    return typeof value === 'string' ? value : Object.keys(value)[0];
  });
  const savedValues = useSelector(actor, (snapshot) => snapshot.context.savedValues);
  const baseline = useSelector(actor, (snapshot) => baselineOf(snapshot.context));
  const values = useSelector(actor, (snapshot) => currentValues(snapshot.context), sameShallow);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const dirty = useSelector(actor, (snapshot) => snapshot.hasTag('dirty'));
  const canSave = useSelector(
    actor,
    (snapshot) =>
      snapshot.matches({ editing: 'dirty' }) ||
      (snapshot.matches('editing') && snapshot.context.primaryKey === NEW_ITEM_KEY),
  );
  const saving = useSelector(actor, (snapshot) => snapshot.matches('saving'));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const overwriting = useSelector(actor, (snapshot) => snapshot.context.overwrite);

  // In-app links and page unloads ask first while the machine holds unsaved changes.
  const allowNavigation = useLeaveGuard(dirty && state !== 'left', (to) => actor.send({ type: 'LEAVE', to }));
  useEffect(() => {
    allowNavigationRef.current = allowNavigation;
  }, [allowNavigation]);

  const stage = useCallback(
    (field: string, value: unknown) => actor.send({ type: 'STAGE', field, value }),
    [actor],
  );

  /** Loads the saved item again (after a revert); drops staged values, so ask the user first when `dirty`. */
  const reload = useCallback(() => actor.send({ type: 'RELOAD' }), [actor]);

  return {
    actor,
    state,
    savedValues,
    baseline,
    values,
    error,
    canSave,
    saving,
    busy,
    stage,
    dirty,
    reload,
    revision,
    overwriting,
  };
}

/** Re-render only when a value changed, not on every new object of the same values. */
function sameShallow(a: Item, b: Item): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}
