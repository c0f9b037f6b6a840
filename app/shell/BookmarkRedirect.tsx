import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useAppData, useNotify } from '../state/hooks';
import { loadBookmark } from '../state/bookmarks';
import { saveListingPreset, loadListingPreset } from '../state/presets';
import { bookmarkHref, collectionHref } from '../paths';
import { useT } from '../i18n';
import { FullPageLoader } from './FullPageLoader';
import { useErrorText } from '../i18n/errors';

/**
 * /{project}/bookmarks/{collection}/{id}: copies the bookmark's search, filters, view query, options and type
 * into the user's own untitled preset, then opens the collection with ?b={id} (spec §2).
 */
export function BookmarkRedirect({ collection, id }: { collection: string; id: string }) {
  const { data, update } = useAppData();
  const [, navigate] = useLocation();
  const notify = useNotify();
  const t = useT();
  const errorText = useErrorText();
  useEffect(() => {
    let cancelled = false;
    (async () => {
      // One made by someone else since sign-in is not in the hydrated list yet: ask for it.
      const bookmark =
        data.bookmarks.find((b) => String(b.id) === id) ??
        (await loadBookmark(data.api, id).catch(() => null));
      if (bookmark && bookmark.collection === collection) {
        const current = await loadListingPreset(data.api, data.user, collection).catch(() => null);
        const saved = await saveListingPreset(data.api, data.user, collection, current, {
          search_query: bookmark.search_query,
          filters: bookmark.filters,
          view_query: bookmark.view_query,
          view_options: bookmark.view_options,
          view_type: bookmark.view_type,
        });
        if (cancelled) return;
        update((d) => ({ ...d, presets: { ...d.presets, [collection]: saved } }));
      }
      if (!cancelled) navigate(bookmarkHref(data.project, collection, id), { replace: true });
    })().catch((error: unknown) => {
      notify({
        title: t('errors.something_went_wrong'),
        details: errorText(error),
        color: 'danger',
      });
      if (!cancelled) navigate(collectionHref(data.project, collection), { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [collection, id]); // eslint-disable-line react-hooks/exhaustive-deps
  return <FullPageLoader area="content" />;
}
