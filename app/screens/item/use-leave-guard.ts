import { useCallback, useEffect, useRef } from 'react';

/** The route path of a hash URL: 'http://x/admin/#/demo/files?b=1' → '/demo/files?b=1'. */
function hashPath(url: string): string | null {
  const index = url.indexOf('#');
  if (index === -1) return null;
  return `/${url.slice(index + 1).replace(/^\/?/, '')}`;
}

/**
 * While `active`, leaving the page asks first: a click on an in-app link (`#/…` or `/…`) does not navigate
 * but calls `onLeave(path)`; the browser's back and forward buttons (a hash change nobody asked for) are
 * undone and reported the same way; closing or reloading the tab asks the browser's own question.
 * Returns `allowNavigation()`, to call right before the page navigates on purpose (after "discard").
 */
export function useLeaveGuard(active: boolean, onLeave: (to: string) => void): () => void {
  const leave = useRef(onLeave);
  const allowed = useRef(false);
  useEffect(() => {
    leave.current = onLeave;
  });

  useEffect(() => {
    if (!active) return;
    allowed.current = false;
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
    // Back/forward: the URL has already changed when popstate (then hashchange) arrives. Both are caught on
    // the window before the router hears of them; the page's own URL is put back, then the user is asked.
    const here = window.location.href;
    const undo = (event: Event, to: string | null) => {
      if (allowed.current) return;
      event.stopImmediatePropagation();
      if (window.location.href === here || to === null) return;
      window.history.replaceState(window.history.state, '', here);
      leave.current(to);
    };
    const onPopState = (event: PopStateEvent) => undo(event, hashPath(window.location.href));
    const onHashChange = (event: HashChangeEvent) => undo(event, hashPath(event.newURL));
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState, true);
    window.addEventListener('hashchange', onHashChange, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState, true);
      window.removeEventListener('hashchange', onHashChange, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [active]);

  return useCallback(() => {
    allowed.current = true;
  }, []);
}
