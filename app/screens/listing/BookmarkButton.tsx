import { useState } from 'react';
import { IconButton } from '../../../ui';
import { useT } from '../../i18n';
import { createBookmark, matchingBookmark, withBookmark, type BookmarkAudience } from '../../state/bookmarks';
import { useAppData, useNotify, usePermissionModel } from '../../state/hooks';
import { BookmarkDialog } from './BookmarkDialog';
import { presetPatch, type ListingView } from './useListingView';
import { useErrorText } from '../../i18n/errors';

/**
 * The listing's bookmark button (spec §2, §4 Bookmark): saves the current view (layout, query, options,
 * search, filters) as a titled preset, and is disabled while the view equals a saved bookmark.
 */
export function BookmarkButton({ collection, view }: { collection: string; view: ListingView }) {
  const t = useT();
  const store = useAppData();
  const notify = useNotify();
  const errorText = useErrorText();
  const permissions = usePermissionModel();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  if (!permissions.mayCreate('directus_collection_presets')) return null;

  const columns = presetPatch(view);
  const saved = matchingBookmark(columns, store.data.bookmarks, collection);

  const save = async (title: string, audience: BookmarkAudience) => {
    setSaving(true);
    try {
      const { api, user } = store.data;
      const bookmark = await createBookmark(api, user, collection, columns, title, audience);
      store.update((data) => ({ ...data, bookmarks: withBookmark(data.bookmarks, bookmark) }));
      notify({ title: t('bookmarks.created', { title }), color: 'success' });
      setOpen(false);
    } catch (error) {
      notify({
        title: t('bookmarks.create_failed'),
        details: errorText(error),
        color: 'danger',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <IconButton
        className="listing-bookmark"
        icon={saved ? 'bookmark_added' : 'bookmark_add'}
        label={saved ? t('bookmarks.already', { title: saved.title ?? '' }) : t('bookmarks.add')}
        variant="filled"
        tooltip="header"
        disabled={Boolean(saved)}
        onClick={() => setOpen(true)}
      />
      <BookmarkDialog
        open={open}
        admin={permissions.admin}
        saving={saving}
        onSave={save}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
