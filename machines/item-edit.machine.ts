import { dequal } from 'dequal';
import { assign, setup } from 'xstate';
import { actionNotProvided, promiseNotProvided, toCallError, type CallError } from './implementations';
import { NEW_ITEM_KEY } from './keys';

export type Item = Record<string, unknown>;
export type PrimaryKey = string | number;
export type SaveMode = 'stay' | 'leave' | 'add' | 'copy';

export { NEW_ITEM_KEY };
/** v8's "item not found". */
export const ITEM_NOT_FOUND_CODE = 203;
/** Octavo's "the item was saved by someone else since you loaded it" (a stale save's precondition). */
export const ITEM_CHANGED_CODE = 1110;

/** Field types whose values never travel with "save as copy" (spec §4): no column, or set by the server. */
export const NON_COPYABLE_TYPES: readonly string[] = [
  'alias',
  'o2m',
  'datetime_created',
  'datetime_updated',
  'owner',
  'user_updated',
];

export interface EditField {
  field: string;
  type: string;
  primary_key?: boolean;
}

export interface ItemEditInput {
  collection: string;
  primaryKey: PrimaryKey;
  fields: EditField[];
  /** Default values of a new item: its baseline, sent with the first save. */
  defaults?: Item;
}

export interface ItemEditContext {
  collection: string;
  primaryKey: PrimaryKey;
  fields: EditField[];
  defaults: Item;
  savedValues: Item;
  /** The staged values: only fields that differ from the baseline (see `baselineOf`). */
  edits: Item;
  saveMode: SaveMode | null;
  /** The mode of the save that met a conflict, to carry on with when overwriting. */
  conflictMode: SaveMode | null;
  /** The next save sends no precondition: the user chose to overwrite the other version. */
  overwrite: boolean;
  pendingNavigation: string | null;
  error: CallError | null;
}

export type ItemEditEvent =
  | { type: 'STAGE'; field: string; value: unknown }
  | { type: 'SAVE'; mode: SaveMode }
  | { type: 'LEAVE'; to: string }
  | { type: 'KEEP_EDITING' }
  | { type: 'DISCARD' }
  | { type: 'DELETE' }
  | { type: 'CONFIRM_DELETE' }
  | { type: 'CANCEL_DELETE' }
  | { type: 'RETRY' }
  /** Load the item again, dropping staged values (the live notice's reload). */
  | { type: 'RELOAD' }
  /** In a conflict: take their version, discarding mine. */
  | { type: 'RELOAD_THEIRS' }
  /** In a conflict: save mine again without the precondition. */
  | { type: 'OVERWRITE' };

export interface SaveRequest {
  collection: string;
  /** NEW_ITEM_KEY creates an item. */
  primaryKey: PrimaryKey;
  values: Item;
  /** Save without the edit-conflict precondition (the user chose to overwrite). */
  overwrite?: boolean;
}

export type Notice = 'saved' | 'saveFailed' | 'deleted' | 'deleteFailed' | 'loadFailed';

/** Whether two field values are the same; an absent value and null count as the same (no value). */
export function sameValue(a: unknown, b: unknown): boolean {
  return dequal(a ?? null, b ?? null);
}

/** Stage a value; staging the baseline's value unstages the field. The one staging rule of the app. */
export function stageValue(baseline: Item, edits: Item, field: string, value: unknown): Item {
  const next = { ...edits };
  if (sameValue(baseline[field], value)) delete next[field];
  else next[field] = value;
  return next;
}

/** What edits are measured against: the saved item, or a new item's defaults. */
export function baselineOf(context: Pick<ItemEditContext, 'primaryKey' | 'defaults' | 'savedValues'>): Item {
  return context.primaryKey === NEW_ITEM_KEY ? context.defaults : context.savedValues;
}

/** The item as the form shows it: the baseline with the staged values on top. */
export function currentValues(
  context: Pick<ItemEditContext, 'primaryKey' | 'defaults' | 'savedValues' | 'edits'>,
): Item {
  return { ...baselineOf(context), ...context.edits };
}

/** The values "save as copy" sends: the item with its edits, minus the primary key and non-copyable types. */
export function copyValues(fields: EditField[], saved: Item, edits: Item): Item {
  const dropped = new Set(
    fields.filter((f) => f.primary_key || NON_COPYABLE_TYPES.includes(f.type)).map((f) => f.field),
  );
  return Object.fromEntries(Object.entries({ ...saved, ...edits }).filter(([field]) => !dropped.has(field)));
}

function primaryKeyOf(fields: EditField[], item: Item, fallback: PrimaryKey): PrimaryKey {
  const field = fields.find((f) => f.primary_key)?.field;
  const key = field ? item[field] : undefined;
  return typeof key === 'string' || typeof key === 'number' ? key : fallback;
}

const NEW_ITEM_START = { primaryKey: NEW_ITEM_KEY as PrimaryKey, savedValues: {}, edits: {} };

/** A new item's defaults, without the empty ones (the server fills those in itself). */
function presentValues(values: Item): Item {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== null && value !== undefined),
  );
}

/**
 * Item edit: load, stage against the baseline, save in four modes, prompt before losing edits, delete. The
 * machine owns the staged values: the form shows `currentValues` and sends one STAGE per change. Saving an
 * existing item is ignored while nothing is staged; a new item can be saved with its defaults alone. Whether
 * delete removes the item or sets a soft-delete status is the app's rule, applied by `deleteItem`.
 */
export const itemEditMachine = setup({
  types: {
    context: {} as ItemEditContext,
    events: {} as ItemEditEvent,
    input: {} as ItemEditInput,
  },
  actors: {
    loadItem: promiseNotProvided<Item, { collection: string; primaryKey: PrimaryKey }>(
      'itemEdit',
      'loadItem',
    ),
    saveItem: promiseNotProvided<Item, SaveRequest>('itemEdit', 'saveItem'),
    deleteItem: promiseNotProvided<void, { collection: string; primaryKey: PrimaryKey }>(
      'itemEdit',
      'deleteItem',
    ),
  },
  actions: {
    goToListing: actionNotProvided('itemEdit', 'goToListing') as (
      _: unknown,
      params: { collection: string },
    ) => void,
    goToItem: actionNotProvided('itemEdit', 'goToItem') as (
      _: unknown,
      params: { collection: string; primaryKey: PrimaryKey },
    ) => void,
    goTo: actionNotProvided('itemEdit', 'goTo') as (_: unknown, params: { to: string }) => void,
    notify: actionNotProvided('itemEdit', 'notify') as (
      _: unknown,
      params: { notice: Notice; error?: CallError | null },
    ) => void,
    recordError: assign({ error: (_, params: { error: unknown }) => toCallError(params.error) }),
  },
  guards: {
    isNew: ({ context }) => context.primaryKey === NEW_ITEM_KEY,
    isExisting: ({ context }) => context.primaryKey !== NEW_ITEM_KEY,
    hasEdits: ({ context }) => Object.keys(context.edits).length > 0,
    hasNoEdits: ({ context }) => Object.keys(context.edits).length === 0,
    isNotFound: ({ event }) => 'error' in event && toCallError(event.error).code === ITEM_NOT_FOUND_CODE,
    isConflict: ({ event }) => 'error' in event && toCallError(event.error).code === ITEM_CHANGED_CODE,
    savedToLeave: ({ context }) => context.saveMode === 'leave',
    savedToAdd: ({ context }) => context.saveMode === 'add',
    savedAsCopy: ({ context }) => context.saveMode === 'copy',
    savedNewToStay: ({ context }) => context.saveMode === 'stay' && context.primaryKey === NEW_ITEM_KEY,
  },
}).createMachine({
  id: 'itemEdit',
  context: ({ input }) => ({
    collection: input.collection,
    primaryKey: input.primaryKey,
    fields: input.fields,
    defaults: presentValues(input.defaults ?? {}),
    savedValues: {},
    edits: {},
    saveMode: null,
    conflictMode: null,
    overwrite: false,
    pendingNavigation: null,
    error: null,
  }),
  initial: 'opening',
  states: {
    /** A new item ('+') has nothing to load. */
    opening: {
      always: [
        {
          guard: 'isNew',
          target: 'editing',
          actions: assign(NEW_ITEM_START),
        },
        { target: 'loading' },
      ],
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadItem',
        src: 'loadItem',
        input: ({ context }) => ({ collection: context.collection, primaryKey: context.primaryKey }),
        onDone: {
          target: 'editing',
          actions: assign({ savedValues: ({ event }) => event.output, edits: {} }),
        },
        onError: [
          { guard: 'isNotFound', target: 'notFound' },
          {
            target: 'loadFailed',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              {
                type: 'notify',
                params: ({ context }) => ({ notice: 'loadFailed' as const, error: context.error }),
              },
            ],
          },
        ],
      },
    },
    notFound: {},
    loadFailed: {
      on: { RETRY: { target: 'loading', actions: assign({ error: null }) } },
    },
    editing: {
      initial: 'pristine',
      on: {
        STAGE: {
          actions: assign({
            edits: ({ context, event }) =>
              stageValue(baselineOf(context), context.edits, event.field, event.value),
          }),
        },
        DELETE: { guard: 'isExisting', target: 'confirmingDelete' },
        /** Loads the saved item again (e.g. after a revert); staged values are dropped, so ask first. */
        RELOAD: { guard: 'isExisting', target: 'loading' },
      },
      states: {
        pristine: {
          always: { guard: 'hasEdits', target: 'dirty' },
          on: {
            SAVE: {
              guard: 'isNew',
              target: '#itemEdit.saving',
              actions: assign({ saveMode: ({ event }) => event.mode, error: null }),
            },
            LEAVE: {
              target: '#itemEdit.left',
              actions: { type: 'goTo', params: ({ event }) => ({ to: event.to }) },
            },
          },
        },
        dirty: {
          tags: ['dirty'],
          always: { guard: 'hasNoEdits', target: 'pristine' },
          on: {
            SAVE: {
              target: '#itemEdit.saving',
              actions: assign({ saveMode: ({ event }) => event.mode, error: null }),
            },
            LEAVE: {
              target: '#itemEdit.confirmingLeave',
              actions: assign({ pendingNavigation: ({ event }) => event.to }),
            },
          },
        },
      },
    },
    confirmingLeave: {
      tags: ['dirty'],
      on: {
        KEEP_EDITING: { target: 'editing', actions: assign({ pendingNavigation: null }) },
        DISCARD: {
          target: 'left',
          actions: [
            assign({ edits: {} }),
            { type: 'goTo', params: ({ context }) => ({ to: context.pendingNavigation ?? '' }) },
          ],
        },
      },
    },
    saving: {
      tags: ['busy', 'dirty'],
      entry: assign({ conflictMode: ({ context }) => context.saveMode }),
      invoke: {
        id: 'saveItem',
        src: 'saveItem',
        input: ({ context }) =>
          context.saveMode === 'copy'
            ? {
                collection: context.collection,
                primaryKey: NEW_ITEM_KEY,
                values: copyValues(context.fields, context.savedValues, context.edits),
              }
            : {
                collection: context.collection,
                primaryKey: context.primaryKey,
                values: context.primaryKey === NEW_ITEM_KEY ? currentValues(context) : context.edits,
                ...(context.overwrite ? { overwrite: true } : {}),
              },
        onDone: [
          {
            guard: 'savedToLeave',
            target: 'left',
            actions: [
              { type: 'notify', params: { notice: 'saved' as const } },
              assign({ edits: {} }),
              { type: 'goToListing', params: ({ context }) => ({ collection: context.collection }) },
            ],
          },
          {
            guard: 'savedToAdd',
            target: 'editing',
            actions: [
              { type: 'notify', params: { notice: 'saved' as const } },
              assign(NEW_ITEM_START),
              {
                type: 'goToItem',
                params: ({ context }) => ({ collection: context.collection, primaryKey: NEW_ITEM_KEY }),
              },
            ],
          },
          {
            guard: 'savedAsCopy',
            target: 'loading',
            actions: [
              { type: 'notify', params: { notice: 'saved' as const } },
              assign({
                primaryKey: ({ context, event }) =>
                  primaryKeyOf(context.fields, event.output, context.primaryKey),
                edits: {},
              }),
              {
                type: 'goToItem',
                params: ({ context }) => ({ collection: context.collection, primaryKey: context.primaryKey }),
              },
            ],
          },
          {
            guard: 'savedNewToStay',
            target: 'loading',
            actions: [
              { type: 'notify', params: { notice: 'saved' as const } },
              assign({
                primaryKey: ({ context, event }) =>
                  primaryKeyOf(context.fields, event.output, context.primaryKey),
                edits: {},
              }),
              {
                type: 'goToItem',
                params: ({ context }) => ({ collection: context.collection, primaryKey: context.primaryKey }),
              },
            ],
          },
          {
            target: 'loading',
            actions: [{ type: 'notify', params: { notice: 'saved' as const } }, assign({ edits: {} })],
          },
        ],
        onError: [
          {
            // Someone saved the item since it was loaded: the user chooses (never a silent overwrite).
            guard: 'isConflict',
            target: 'conflict',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'editing',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              {
                type: 'notify',
                params: ({ context }) => ({ notice: 'saveFailed' as const, error: context.error }),
              },
            ],
          },
        ],
      },
      exit: assign({ saveMode: null, overwrite: false }),
    },
    /** A save met a newer version: reload theirs, overwrite with mine, or keep editing. */
    conflict: {
      tags: ['dirty'],
      on: {
        RELOAD_THEIRS: { target: 'loading', actions: assign({ edits: {}, error: null }) },
        OVERWRITE: {
          target: 'saving',
          actions: assign({
            saveMode: ({ context }) => context.conflictMode ?? 'stay',
            overwrite: true,
            error: null,
          }),
        },
        KEEP_EDITING: { target: 'editing', actions: assign({ error: null }) },
      },
    },
    confirmingDelete: {
      on: {
        CANCEL_DELETE: 'editing',
        CONFIRM_DELETE: 'deleting',
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteItem',
        src: 'deleteItem',
        input: ({ context }) => ({ collection: context.collection, primaryKey: context.primaryKey }),
        onDone: {
          target: 'left',
          actions: [
            { type: 'notify', params: { notice: 'deleted' as const } },
            { type: 'goToListing', params: ({ context }) => ({ collection: context.collection }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
            {
              type: 'notify',
              params: ({ context }) => ({ notice: 'deleteFailed' as const, error: context.error }),
            },
          ],
        },
      },
    },
    left: { type: 'final' },
  },
});
