import { assign, setup } from 'xstate';
import { actionNotProvided, promiseNotProvided, toCallError, type CallError } from './implementations';

export type Item = Record<string, unknown>;

/** The list engine's API parameters (fields, sort, filter, q, limit, ...) without the page. */
export type ListParams = Record<string, unknown>;

export interface PageRequest {
  params: ListParams;
  /** Zero-based; the client turns it into `offset = limit * page` (spec §9). */
  page: number;
}

export interface PageResult {
  data: Item[];
  meta?: { filter_count?: number; total_count?: number; result_count?: number };
}

export interface ItemListContext {
  params: ListParams;
  page: number;
  items: Item[];
  /** filter_count of the first page: lazy loading stops when the list reaches it. */
  filterCount: number | null;
  error: CallError | null;
}

export type ItemListEvent = { type: 'FETCH'; params: ListParams } | { type: 'LOAD_MORE' };

export interface ItemListInput {
  params: ListParams;
}

/** Item list: loading, error, loaded, lazy-loading (spec §4). */
export const itemListMachine = setup({
  types: {
    context: {} as ItemListContext,
    events: {} as ItemListEvent,
    input: {} as ItemListInput,
  },
  actors: {
    fetchPage: promiseNotProvided<PageResult, PageRequest>('itemList', 'fetchPage'),
  },
  actions: {
    /** A failed list fetch is logged (spec §8); a failed page is logged too. */
    logError: actionNotProvided('itemList', 'logError') as (_: unknown, params: { error: CallError }) => void,
    startNewFetch: assign({
      params: (_, params: { params: ListParams }) => params.params,
      page: 0,
      items: [],
      filterCount: null,
      error: null,
    }),
  },
  guards: {
    hasMore: ({ context }) => context.filterCount !== null && context.items.length < context.filterCount,
  },
}).createMachine({
  id: 'itemList',
  context: ({ input }) => ({ params: input.params, page: 0, items: [], filterCount: null, error: null }),
  initial: 'loading',
  on: {
    FETCH: {
      target: '.loading',
      reenter: true,
      actions: { type: 'startNewFetch', params: ({ event }) => ({ params: event.params }) },
    },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ params: context.params, page: context.page }),
        onDone: {
          target: 'loaded',
          actions: assign({
            items: ({ event }) => event.output.data,
            filterCount: ({ event }) => event.output.meta?.filter_count ?? event.output.data.length,
          }),
        },
        onError: {
          target: 'error',
          actions: [
            assign({ error: ({ event }) => toCallError(event.error) }),
            { type: 'logError', params: ({ context }) => ({ error: context.error! }) },
          ],
        },
      },
    },
    error: {},
    loaded: {
      on: {
        LOAD_MORE: {
          guard: 'hasMore',
          target: 'lazyLoading',
          actions: assign({ page: ({ context }) => context.page + 1, error: null }),
        },
      },
    },
    lazyLoading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ params: context.params, page: context.page }),
        onDone: {
          target: 'loaded',
          actions: assign({
            items: ({ context, event }) => [...context.items, ...event.output.data],
            // An empty page means the count moved under us: stop asking for more.
            filterCount: ({ context, event }) =>
              event.output.data.length === 0 ? context.items.length : context.filterCount,
          }),
        },
        onError: {
          target: 'loaded',
          actions: [
            assign({
              page: ({ context }) => context.page - 1,
              error: ({ event }) => toCallError(event.error),
            }),
            { type: 'logError', params: ({ context }) => ({ error: context.error! }) },
          ],
        },
      },
    },
  },
});
