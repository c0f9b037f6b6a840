import { createContext, useContext } from 'react';

/** Sidebar state the shell owns; pages read it through Page. */
export interface ShellState {
  navOpen: boolean;
  infoOpen: boolean;
  setNavOpen(open: boolean): void;
  setInfoOpen(open: boolean): void;
  /** Where the info sidebar's activity link goes, or null when activity read is none. */
  activityHref: string | null;
}

export const ShellContext = createContext<ShellState | null>(null);

export function useShell(): ShellState | null {
  return useContext(ShellContext);
}
