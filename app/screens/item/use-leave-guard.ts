import { useEffect, useRef } from 'react';

/**
 * While `active`, a click on an in-app link (`#/…` or `/…`) does not navigate but calls `onLeave(path)`, so
 * the page can ask about unsaved changes first; closing or reloading the tab asks the browser's question.
 */
export function useLeaveGuard(active: boolean, onLeave: (to: string) => void): void {
  const leave = useRef(onLeave);
  leave.current = onLeave;

  useEffect(() => {
    if (!active) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!anchor) return;
      const target = anchor.getAttribute('target');
      if (target && target !== '_self') return;
      const href = anchor.getAttribute('href') ?? '';
      const to = href.startsWith('#/') ? href.slice(1) : href.startsWith('/') ? href : null;
      if (to === null) return;
      // Captured on the document, before the router's own click handler sees it.
      event.preventDefault();
      event.stopPropagation();
      leave.current(to);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [active]);
}
