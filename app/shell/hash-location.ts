import { useSyncExternalStore } from 'react';

/**
 * Hash routing with the query inside the hash, as links from the server use it
 * (`admin/#/reset-password?token=…`): the path is the part of the hash before '?', the search the part after.
 * wouter's own hash hook puts the query in location.search instead, which the server's links do not.
 */
const listeners = new Set<() => void>();

function onHashChange() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('hashchange', onHashChange);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('hashchange', onHashChange);
  };
}

function hashBody(): string {
  return window.location.hash.replace(/^#?\/?/, '');
}

export function currentPath(): string {
  return `/${hashBody().split('?')[0]}`;
}

export function currentSearch(): string {
  const body = hashBody();
  const index = body.indexOf('?');
  return index === -1 ? '' : body.slice(index + 1);
}

/** `to` is a path with an optional query: '/login?redirect=%2Fdemo%2Ffiles'. */
export function navigate(to: string, options: { replace?: boolean; state?: unknown } = {}): void {
  const oldURL = window.location.href;
  const url = new URL(oldURL);
  url.hash = `/${to.replace(/^#?\/?/, '')}`;
  if (url.href === oldURL) return;
  window.history[options.replace ? 'replaceState' : 'pushState'](options.state ?? null, '', url.href);
  window.dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: url.href }));
}

export function useHashPath(): [string, typeof navigate] {
  return [useSyncExternalStore(subscribe, currentPath, () => '/'), navigate];
}
useHashPath.hrefs = (href: string) => `#${href}`;

export function useHashSearch(): string {
  return useSyncExternalStore(subscribe, currentSearch, () => '');
}

/** The full route, path plus query: what /login's redirect carries. */
export function currentFullPath(): string {
  const search = currentSearch();
  return search ? `${currentPath()}?${search}` : currentPath();
}
