import { assign, setup } from 'xstate';
import { actionNotProvided, promiseNotProvided, toCallError, type CallError } from './implementations';

export type Item = Record<string, unknown>;
export type PrimaryKey = string | number;
export type SaveMode = 'stay' | 'leave' | 'add' | 'copy';

/** A new item's route key (spec §2). */
export const NEW_ITEM_KEY = '+';
/** v8's "item not found". */
export const ITEM_NOT_FOUND_CODE = 203;

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

/** When the collection's status mapping has a soft-delete status, delete sets it instead (spec §4). */
export interface SoftDelete {
  field: string;
  value: string | number;
}

export interface ItemEditInput {
  collection: string;
  primaryKey: PrimaryKey;
  fields: EditField[];
  softDelete?: SoftDelete | null;
  /** Default values of a new item; they start staged so a save sends them. */
  defaults?: Item;
}

export interface ItemEditContext {
  collection: string;
  primaryKey: PrimaryKey;
  fields: EditField[];
  softDelete: SoftDelete | null;
  defaults: Item;
  savedValues: Item;
  /** The staged values: only fields that differ from savedValues. */
  edits: Item;
  saveMode: SaveMode | null;
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
  | { type: 'RETRY' };

export interface SaveRequest {
  collection: string;
  /** NEW_ITEM_KEY creates an item. */
  primaryKey: PrimaryKey;
  values: Item;
}

export type Notice = 'saved' | 'saveFailed' | 'deleted' | 'deleteFailed' | 'loadFailed';

/** Structural equality for field values (JSON-like data). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => sameValue((a as Item)[key], (b as Item)[key]));
}

/** Stage a value; staging the saved value unstages the field. */
export function stageValue(saved: Item, edits: Item, field: string, value: unknown): Item {
  const next = { ...edits };
  if (sameValue(saved[field], value)) delete next[field];
  else next[field] = value;
  return next;
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

function newItemStart(defaults: Item) {
  return {
    primaryKey: NEW_ITEM_KEY as PrimaryKey,
    savedValues: {},
    edits: Object.fromEntries(
      Object.entries(defaults).filter(([, value]) => value !== null && value !== undefined),
    ),
  };
}

/**
 * Item edit: load, stage against the saved values, save in four modes, prompt before losing edits, delete or
 * soft-delete. Saving is ignored while nothing is staged (SAVE is only handled in `editing.dirty`).
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
    hasSoftDelete: ({ context }) => context.softDelete !== null,
    isNotFound: ({ event }) => 'error' in event && toCallError(event.error).code === ITEM_NOT_FOUND_CODE,
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
    softDelete: input.softDelete ?? null,
    defaults: input.defaults ?? {},
    savedValues: {},
    edits: {},
    saveMode: null,
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
          actions: assign(({ context }) => newItemStart(context.defaults)),
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
              stageValue(context.savedValues, context.edits, event.field, event.value),
          }),
        },
        DELETE: { guard: 'isExisting', target: 'confirmingDelete' },
      },
      states: {
        pristine: {
          always: { guard: 'hasEdits', target: 'dirty' },
          on: {
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
            : { collection: context.collection, primaryKey: context.primaryKey, values: context.edits },
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
              assign(({ context }) => newItemStart(context.defaults)),
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
        onError: {
          target: 'editing',
          actions: [
            { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
            {
              type: 'notify',
              params: ({ context }) => ({ notice: 'saveFailed' as const, error: context.error }),
            },
          ],
        },
      },
      exit: assign({ saveMode: null }),
    },
    confirmingDelete: {
      on: {
        CANCEL_DELETE: 'editing',
        CONFIRM_DELETE: [{ guard: 'hasSoftDelete', target: 'softDeleting' }, { target: 'deleting' }],
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
    softDeleting: {
      tags: ['busy'],
      invoke: {
        id: 'saveItem',
        src: 'saveItem',
        input: ({ context }) => ({
          collection: context.collection,
          primaryKey: context.primaryKey,
          values: { [context.softDelete!.field]: context.softDelete!.value },
        }),
        onDone: {
          target: 'left',
          actions: [
            { type: 'notify', params: { notice: 'deleted' as const } },
            assign({ edits: {} }),
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
