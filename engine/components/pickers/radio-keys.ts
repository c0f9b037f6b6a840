import type { KeyboardEvent } from 'react';
import { isRtl, stepIndex } from './values';

/**
 * Arrow keys in a radio group (WAI-ARIA radio pattern): they move the choice and the focus together,
 * Home/End go to the ends. `select` stages the choice; the element with that index gets focus.
 */
export function radioKeyDown(
  event: KeyboardEvent<HTMLElement>,
  index: number,
  count: number,
  select: (index: number) => void,
): void {
  const next = stepIndex(event.key, index, count, isRtl(event.currentTarget));
  if (next === null) return;
  event.preventDefault();
  select(next);
  const group = event.currentTarget.closest('[role="radiogroup"]');
  const target = group?.querySelectorAll<HTMLElement>('[role="radio"]')[next];
  target?.focus();
}
