import { createContext, useContext, type ReactElement } from 'react';

/** The element a user card describes: it receives `aria-describedby` while the card is open. */
export type UserCardAnchor = ReactElement<{ 'aria-describedby'?: string }>;

/**
 * Wraps an element that names or pictures a user in the app's user hover card (spec §2, §9). The
 * engine knows no API: the app provides this (it loads the user), and without a provider the user
 * displays render plain.
 */
export type UserCardWrapper = (
  user: Record<string, unknown> | number,
  anchor: UserCardAnchor,
) => ReactElement;

export const UserCardContext = createContext<UserCardWrapper | null>(null);

export function useUserCard(): UserCardWrapper | null {
  return useContext(UserCardContext);
}
