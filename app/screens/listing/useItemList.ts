import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import {
  itemListMachine,
  type Item,
  type ListParams,
  type PageRequest,
  type PageResult,
} from '../../../machines/item-list.machine';
import type { CallError } from '../../../machines/implementations';
import { registerLiveActor } from '../../statecharts/live-actors';
import type { ApiClient } from '../../api/client';
import { listPage } from '../../api/items';

export type ListPhase = 'loading' | 'error' | 'loaded' | 'lazyLoading';

export interface ItemListState {
  phase: ListPhase;
  items: Item[];
  filterCount: number | null;
  error: CallError | null;
  /** Asks for the next page (ignored unless loaded and more remain). */
  loadMore(): void;
  /** Fetches the first page again. */
  reload(): void;
}

/**
 * Runs the item-list machine for a collection: the first page when the params change, further pages on
 * `loadMore` until filter_count is reached. The actor shows up in the statechart viewer while it runs.
 */
export function useItemList(api: ApiClient, collection: string, params: ListParams): ItemListState {
  const machine = useMemo(
    () =>
      itemListMachine.provide({
        actors: {
          fetchPage: fromPromise<PageResult, PageRequest>(async ({ input }) => {
            const page = await listPage(api, collection, input.params as Record<string, unknown>, input.page);
            return { data: page.data, meta: page.meta as PageResult['meta'] };
          }),
        },
        actions: {
          logError: (_, { error }) => console.error(`[items] ${collection}: ${error.code} ${error.message}`),
        },
      }),
    [api, collection],
  );
  const actor = useActorRef(machine, { input: { params } });
  useEffect(() => registerLiveActor('item-list', actor), [actor]);

  const key = JSON.stringify(params);
  const sentKey = useRef(key);
  useEffect(() => {
    if (sentKey.current === key) return;
    sentKey.current = key;
    actor.send({ type: 'FETCH', params: JSON.parse(key) as ListParams });
  }, [actor, key]);

  const phase = useSelector(actor, (snapshot) => snapshot.value as ListPhase);
  const items = useSelector(actor, (snapshot) => snapshot.context.items);
  const filterCount = useSelector(actor, (snapshot) => snapshot.context.filterCount);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  return useMemo(
    () => ({
      phase,
      items,
      filterCount,
      error,
      loadMore: () => actor.send({ type: 'LOAD_MORE' }),
      reload: () => actor.send({ type: 'FETCH', params: JSON.parse(sentKey.current) as ListParams }),
    }),
    [actor, phase, items, filterCount, error],
  );
}
