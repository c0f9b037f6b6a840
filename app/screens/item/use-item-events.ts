import { useEffect, useState } from 'react';
import { currentRevision, itemEventsUrl, tracksConflicts, type ItemSaved } from '../../api/editing';
import type { ApiClient } from '../../api/client';

/** The poll's interval when server-sent events are not available. */
export const POLL_MS = 15_000;

/** Whether the tab is visible, following `visibilitychange`. */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * The latest save of the open item by someone else, told at once through the item's server-sent
 * events (or, where EventSource is missing or refused, a poll of its revision). `revision` is the
 * one the page loaded; a save at or below it (one's own save, after its reload) is no news.
 * A hidden tab lets its stream go (browsers allow few connections per server) and asks again
 * `since` its revision when it shows, so a save made meanwhile is told then.
 */
export function useItemEvents(
  api: ApiClient,
  collection: string,
  primaryKey: string,
  primaryKeyField: string,
  revision: number | null,
): ItemSaved | null {
  const [latest, setLatest] = useState<ItemSaved | null>(null);
  const visible = usePageVisible();
  const enabled = tracksConflicts(collection, primaryKey) && revision !== null && visible;

  useEffect(() => {
    if (!enabled) return;
    const newer = (saved: ItemSaved) =>
      setLatest((current) => (current && current.revision >= saved.revision ? current : saved));
    let timer: number | undefined;
    const poll = () => {
      timer = window.setInterval(() => {
        currentRevision(api, collection, primaryKey, primaryKeyField).then(
          (now) => now !== null && newer({ revision: now, by: null }),
          () => {},
        );
      }, POLL_MS);
    };
    if (typeof EventSource === 'undefined') {
      poll();
      return () => window.clearInterval(timer);
    }
    const source = new EventSource(itemEventsUrl(api, collection, primaryKey, revision), {
      withCredentials: true,
    });
    source.addEventListener('saved', (event) => {
      try {
        const data = JSON.parse((event as MessageEvent<string>).data) as ItemSaved;
        if (typeof data.revision === 'number') newer({ revision: data.revision, by: data.by ?? null });
      } catch {
        // Not ours.
      }
    });
    source.onerror = () => {
      // Closed for good (refused): fall back to the poll. Otherwise EventSource reconnects itself.
      if (source.readyState === EventSource.CLOSED && timer === undefined) poll();
    };
    return () => {
      source.close();
      window.clearInterval(timer);
    };
  }, [api, collection, primaryKey, primaryKeyField, revision, enabled]);

  return latest && revision !== null && latest.revision > revision ? latest : null;
}
