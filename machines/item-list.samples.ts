import { itemListMachine } from './item-list.machine';
import { entry, done, failed, serverError } from './samples';

/** The item-list machine's example inputs and events, for its model-based tests and the statechart viewer. */
export const itemListSamples = entry({
  name: 'item-list',
  title: 'Item list',
  machine: itemListMachine,
  inputs: { default: { params: { limit: 2, sort: 'id' } } },
  sampleEvents: (snapshot) => [
    { type: 'FETCH', params: { limit: 2, sort: 'id', q: 'news' } },
    { type: 'LOAD_MORE' },
    ...(snapshot.matches('lazyLoading')
      ? [done('fetchPage', { data: [{ id: 3 }, { id: 4 }] }), done('fetchPage', { data: [] })]
      : [done('fetchPage', { data: [{ id: 1 }, { id: 2 }], meta: { filter_count: 4 } })]),
    failed('fetchPage', serverError(11, 'Can Not Reach Database')),
  ],
});
