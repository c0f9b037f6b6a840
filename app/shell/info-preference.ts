import { isItemDetailPath } from '../paths';

/** Info sidebar auto-opens on item pages above this width (spec §2, §9). */
export const INFO_AUTO_OPEN_WIDTH = 1235;

/** Where a user's choice for the item pages' info sidebar is kept (per project and user). */
export function infoPreferenceKey(project: string, userId: number | string): string {
  return `octavo:info-sidebar:${project}:${userId}`;
}

function read(key: string): 'open' | 'closed' | null {
  try {
    const value = window.localStorage.getItem(key);
    return value === 'open' || value === 'closed' ? value : null;
  } catch {
    return null;
  }
}

/** Wide enough for the sidebar beside the form: where it opens by itself and a toggle is remembered. */
function wide(): boolean {
  return window.innerWidth > INFO_AUTO_OPEN_WIDTH;
}

/**
 * Whether the info sidebar starts open on `path`: on item pages in a wide window it opens unless the
 * user closed it there before; elsewhere, and in narrower windows, it starts closed.
 */
export function infoOpenOn(path: string, key: string): boolean {
  if (!isItemDetailPath(path) || !wide()) return false;
  return read(key) !== 'closed';
}

/** Remembers a manual toggle made on an item page in a wide window (the case the preference governs). */
export function rememberInfoToggle(path: string, key: string, open: boolean): void {
  if (!isItemDetailPath(path) || !wide()) return;
  try {
    window.localStorage.setItem(key, open ? 'open' : 'closed');
  } catch {
    // Storage may be full or disabled: the toggle still works for this page.
  }
}
