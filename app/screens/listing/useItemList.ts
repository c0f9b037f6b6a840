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

/** One page of a list: `limit` from the params, `offset = limit * page` (spec §9). */
export async function fetchListPage(api: ApiClient, path: string, request: PageRequest): Promise<PageResult> {
  const { page: _page, offset: _offset, ...params } = request.params as Record<string, unknown>;
  const limit = Number(params.limit);
  const response = await api.get<Item[]>(path, { ...params, offset: limit > 0 ? limit * request.page : 0 });
  return {
    data: Array.isArray(response.data) ? response.data : [],
    meta: response.meta as PageResult['meta'],
  };
}

/**
 * Runs the item-list machine for a collection: the first page when the params change, further pages on
 * `loadMore` until filter_count is reached. The actor shows up in the statechart viewer while it runs.
 */
export function useItemList(api: ApiClient, path: string, params: ListParams): ItemListState {
  const machine = useMemo(
    () =>
      itemListMachine.provide({
        actors: {
          fetchPage: fromPromise<PageResult, PageRequest>(({ input }) => fetchListPage(api, path, input)),
        },
        actions: {
          logError: (_, { error }) => console.error(`[items] ${path}: ${error.code} ${error.message}`),
        },
      }),
    [api, path],
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
