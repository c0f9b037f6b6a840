import { useEffect, useState } from 'react';
import type { ApiClient } from '../api/client';
import { loadUser, type UserRecord } from '../api/users';

/** How long a loaded user is reused before the card asks again. */
const FRESH_MS = 5 * 60 * 1000;

interface Entry {
  at: number;
  promise: Promise<UserRecord>;
}

const caches = new WeakMap<ApiClient, Map<number, Entry>>();

/**
 * `GET /users/{id}` through a small cache per API client (so per project and session): many names
 * on a page share one request per user. A failed request is forgotten, so the next card tries again.
 */
export function fetchUser(api: ApiClient, id: number): Promise<UserRecord> {
  let cache = caches.get(api);
  if (!cache) {
    cache = new Map();
    caches.set(api, cache);
  }
  const cached = cache.get(id);
  if (cached && Date.now() - cached.at < FRESH_MS) return cached.promise;
  const promise = loadUser(api, id);
  const entry = { at: Date.now(), promise };
  cache.set(id, entry);
  promise.catch(() => {
    if (cache.get(id) === entry) cache.delete(id);
  });
  return promise;
}

export type UserLoad =
  | { state: 'loading'; user: UserRecord | null }
  | { state: 'loaded'; user: UserRecord }
  | { state: 'failed'; user: UserRecord | null };

/**
 * The user with this id, loaded while `active` (e.g. while a card is open). `known` is what the page
 * already holds (a row's nested user): shown at once and kept where the load cannot add to it.
 */
export function useUser(
  api: ApiClient,
  id: number | null,
  known: UserRecord | null,
  active = true,
): UserLoad {
  const [load, setLoad] = useState<UserLoad>({ state: 'loading', user: known });
  useEffect(() => {
    if (!active) return;
    if (id === null) {
      setLoad({ state: 'failed', user: known });
      return;
    }
    let live = true;
    fetchUser(api, id).then(
      (user) => live && setLoad({ state: 'loaded', user: { ...(known ?? {}), ...user } }),
      () => live && setLoad({ state: 'failed', user: known }),
    );
    return () => {
      live = false;
    };
    // `known` is a fresh object on each render of a row; its id is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, id, active]);
  return load;
}
