import { describeModel } from './model-suite';
import { createActor, fromPromise } from 'xstate';
import { itemListMachine, type PageRequest, type PageResult } from './item-list.machine';

describeModel('item-list');

function startList(fetchPage: (request: PageRequest) => Promise<PageResult>) {
  const requests: PageRequest[] = [];
  const actor = createActor(
    itemListMachine.provide({
      actors: {
        fetchPage: fromPromise(({ input }: { input: PageRequest }) => {
          requests.push(input);
          return fetchPage(input);
        }),
      },
      actions: { logError: () => {} },
    }),
    { input: { params: { limit: 2 } } },
  ).start();
  return { actor, requests };
}

describe('item list rules', () => {
  it('counts pages up while lazy loading, down on a failed page, and back to 0 on a new fetch', async () => {
    let failNext = false;
    const { actor, requests } = startList(async ({ page }) => {
      if (failNext) throw { error: { code: 11, message: 'down' } };
      return { data: [{ id: page * 2 + 1 }, { id: page * 2 + 2 }], meta: { filter_count: 6 } };
    });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('loaded'));
    actor.send({ type: 'LOAD_MORE' });
    expect(actor.getSnapshot().value).toBe('lazyLoading');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('loaded'));
    expect(actor.getSnapshot().context).toMatchObject({ page: 1, filterCount: 6 });
    failNext = true;
    actor.send({ type: 'LOAD_MORE' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).not.toBeNull());
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context.page).toBe(1);
    expect(actor.getSnapshot().context.items).toHaveLength(4);
    failNext = false;
    actor.send({ type: 'FETCH', params: { limit: 2, q: 'new' } });
    expect(actor.getSnapshot().context).toMatchObject({ page: 0, items: [] });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('loaded'));
    expect(requests.map((r) => r.page)).toEqual([0, 1, 2, 0]);
    expect(requests[3].params).toEqual({ limit: 2, q: 'new' });
  });

  it('stops lazy loading when the list reaches filter_count', async () => {
    const { actor, requests } = startList(async () => ({
      data: [{ id: 1 }, { id: 2 }],
      meta: { filter_count: 2 },
    }));
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('loaded'));
    actor.send({ type: 'LOAD_MORE' });
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(requests).toHaveLength(1);
  });

  it('shows the error state when the first page fails', async () => {
    const { actor } = startList(async () => {
      throw new TypeError('Failed to fetch');
    });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('error'));
    expect(actor.getSnapshot().context.error?.code).toBe(-1);
  });
});
