import { useRef } from 'react';

/**
 * Stable ids for the rows of a list value (React keys, drag ids, DOM ids). The owner updates them
 * with each change it makes; a list whose length changed from outside (undo, reset) gets new ids.
 */
export function useRowIds(count: number) {
  const ids = useRef<string[]>([]);
  const counter = useRef(0);
  const fresh = () => `r${counter.current++}`;
  if (ids.current.length !== count) ids.current = Array.from({ length: count }, fresh);
  return {
    ids: ids.current,
    fresh,
    set(next: string[]) {
      ids.current = next;
    },
  };
}
