// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../api/client';
import { POLL_MS, useItemEvents } from './use-item-events';

/** A stand-in for the browser's EventSource that the test drives. */
class FakeEventSource {
  static CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  closed = false;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, (event: MessageEvent<string>) => void>();
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    this.listeners.get(type)?.({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
}

const api = {
  root: '/api/',
  project: 'demo',
  get: vi.fn(async () => ({ data: { id: 7 }, meta: { revision: 12 } })),
} as unknown as ApiClient;
const admin = { id: 1, first_name: 'Admin', last_name: 'User' };

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useItemEvents', () => {
  it('listens from the loaded revision, and tells only newer saves', () => {
    const { result, rerender } = renderHook(
      ({ revision }) => useItemEvents(api, 'articles', '7', 'id', revision),
      {
        initialProps: { revision: 10 as number | null },
      },
    );
    const [source] = FakeEventSource.opened;
    expect(source.url).toBe('/api/demo/items/articles/7/events?since=10');
    expect(source.init).toEqual({ withCredentials: true });
    act(() => source.emit('saved', { revision: 10, by: admin }));
    expect(result.current).toBeNull();
    act(() => source.emit('saved', { revision: 11, by: admin }));
    expect(result.current).toEqual({ revision: 11, by: admin });
    // After a reload at that revision (or one's own save), it is no news; a new stream starts there.
    rerender({ revision: 11 });
    expect(result.current).toBeNull();
    expect(source.closed).toBe(true);
    expect(FakeEventSource.opened[1].url).toBe('/api/demo/items/articles/7/events?since=11');
  });

  it('opens nothing for a new item, a batch, a system collection or before the item loaded', () => {
    renderHook(() => useItemEvents(api, 'articles', '+', 'id', 3));
    renderHook(() => useItemEvents(api, 'articles', '1,2', 'id', 3));
    renderHook(() => useItemEvents(api, 'directus_users', '1', 'id', 3));
    renderHook(() => useItemEvents(api, 'articles', '7', 'id', null));
    expect(FakeEventSource.opened).toHaveLength(0);
  });

  it('lets the stream go while the tab is hidden, and asks again when it shows', () => {
    renderHook(() => useItemEvents(api, 'articles', '7', 'id', 10));
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(FakeEventSource.opened[0].closed).toBe(true);
    hidden.mockReturnValue('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.opened[1].url).toContain('since=10');
  });

  it('falls back to polling the revision when the stream is refused', async () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useItemEvents(api, 'articles', '7', 'id', 10));
    act(() => FakeEventSource.opened[0].refuse());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL_MS);
    });
    expect(api.get).toHaveBeenCalledWith('items/articles/7', { fields: 'id', meta: 'revision' });
    expect(result.current).toEqual({ revision: 12, by: null });
  });
});
