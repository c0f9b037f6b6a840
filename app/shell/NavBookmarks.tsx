import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Button, ConfirmDialog, Icon, Menu, Modal, TextInput } from '../../ui';
import { useLocale, useT } from '../i18n';
import { collectionHref } from '../paths';
import {
  bookmarkKind,
  deleteBookmark,
  loadRoles,
  renameBookmark,
  sameView,
  withBookmark,
  withoutBookmark,
} from '../state/bookmarks';
import { useAppData, useNotify, usePermissionModel } from '../state/hooks';
import type { Preset } from '../state/types';
import { bookmarkGroups, type BookmarkGroup } from './menus';
import './nav-bookmarks.css';
import { useErrorText } from '../i18n/errors';

/** Role names for the role groups: the user's own role is known; administrators load the others. */
function useRoleNames(groups: BookmarkGroup[]): Record<number, string> {
  const { data } = useAppData();
  const own = typeof data.user.role === 'object' ? data.user.role : null;
  const [loaded, setLoaded] = useState<Record<number, string>>({});
  const missing = groups.some(
    (group) => group.kind === 'role' && group.role !== own?.id && !(group.role! in loaded),
  );
  useEffect(() => {
    if (!missing || !data.admin) return;
    let cancelled = false;
    loadRoles(data.api).then(
      (roles) => {
        if (!cancelled) setLoaded(Object.fromEntries(roles.map((role) => [role.id, role.name])));
      },
      () => {
        // Without the roles list the groups show the role's number.
      },
    );
    return () => {
      cancelled = true;
    };
  }, [missing, data.admin, data.api]);
  return own ? { ...loaded, [own.id]: own.name } : loaded;
}

/**
 * The bookmarks of the navigation sidebar (spec §2 Shell): grouped as the user's own, each role's and
 * everyone's; rename and delete where the permission model allows (own bookmarks; administrators any).
 */
export function NavBookmarks() {
  const t = useT();
  const { locale } = useLocale();
  const store = useAppData();
  const { data } = store;
  const notify = useNotify();
  const errorText = useErrorText();
  const permissions = usePermissionModel();
  // A shared bookmark of a collection this role cannot read would open onto nothing.
  const groups = bookmarkGroups(
    data.bookmarks.filter((bookmark) => permissions.mayBrowse(bookmark.collection)),
    locale,
  );
  const roleNames = useRoleNames(groups);
  const [renaming, setRenaming] = useState<Preset | null>(null);
  const [deleting, setDeleting] = useState<Preset | null>(null);
  const [busy, setBusy] = useState(false);
  const [path] = useLocation();
  const opened = new URLSearchParams(useSearch()).get('b');

  if (groups.length === 0) return null;
  // The bookmark opened (?b=) is current while the collection still shows its view.
  const isCurrent = (bookmark: Preset) => {
    const view = data.presets[bookmark.collection];
    return (
      opened === String(bookmark.id) &&
      path === collectionHref(data.project, bookmark.collection) &&
      view != null &&
      sameView(view, bookmark)
    );
  };
  const roleName = (role: number | null) =>
    role == null ? '' : (roleNames[role] ?? t('bookmarks.role_fallback', { id: role }));
  const groupTitle = (group: BookmarkGroup) =>
    group.kind === 'personal'
      ? t('bookmarks.group.personal')
      : group.kind === 'role'
        ? t('bookmarks.group.role', { role: roleName(group.role) })
        : t('bookmarks.group.global');

  const rename = async (bookmark: Preset, title: string) => {
    setBusy(true);
    try {
      const saved = await renameBookmark(data.api, bookmark, title);
      store.update((d) => ({ ...d, bookmarks: withBookmark(d.bookmarks, saved) }));
      notify({ title: t('bookmarks.renamed', { title }), color: 'success' });
      setRenaming(null);
    } catch (error) {
      notify({
        title: t('bookmarks.rename_failed'),
        details: errorText(error),
        color: 'danger',
      });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (bookmark: Preset) => {
    setBusy(true);
    try {
      await deleteBookmark(data.api, bookmark);
      store.update((d) => ({ ...d, bookmarks: withoutBookmark(d.bookmarks, bookmark.id) }));
      notify({ title: t('bookmarks.deleted', { title: bookmark.title ?? '' }), color: 'success' });
      setDeleting(null);
    } catch (error) {
      notify({
        title: t('bookmarks.delete_failed'),
        details: errorText(error),
        color: 'danger',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="nav-group nav-bookmarks" aria-labelledby="nav-bookmarks-title">
      <h2 className="nav-group__title" id="nav-bookmarks-title">
        {t('nav.bookmarks')}
      </h2>
      {groups.map((group) => (
        <div
          key={`${group.kind}-${group.role ?? ''}`}
          className="nav-bookmarks__group"
          data-kind={group.kind}
        >
          <h3 className="nav-bookmarks__title">{groupTitle(group)}</h3>
          <ul>
            {group.bookmarks.map((bookmark) => {
              const title = bookmark.title ?? '';
              const current = isCurrent(bookmark);
              const items = [
                ...(permissions.mayChangeBookmark('update', bookmark)
                  ? [
                      {
                        id: 'rename',
                        label: t('bookmarks.rename'),
                        icon: 'edit',
                        onSelect: () => setRenaming(bookmark),
                      },
                    ]
                  : []),
                ...(permissions.mayChangeBookmark('delete', bookmark)
                  ? [
                      {
                        id: 'delete',
                        label: t('bookmarks.delete'),
                        icon: 'delete',
                        danger: true,
                        onSelect: () => setDeleting(bookmark),
                      },
                    ]
                  : []),
              ];
              return (
                <li key={bookmark.id} className="nav-bookmarks__item">
                  <Link
                    href={`/${data.project}/bookmarks/${encodeURIComponent(bookmark.collection)}/${bookmark.id}`}
                    className={`nav-link${current ? ' nav-link--active' : ''}`}
                    aria-current={current ? 'page' : undefined}
                    title={title}
                  >
                    <Icon name="bookmark" size="small" />
                    <span>{title}</span>
                  </Link>
                  {items.length > 0 && (
                    <Menu
                      label={t('bookmarks.actions', { title })}
                      icon="more_vert"
                      items={items}
                      align="end"
                    />
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      <RenameDialog
        bookmark={renaming}
        busy={busy}
        onSave={(title) => renaming && rename(renaming, title)}
        onCancel={() => setRenaming(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('bookmarks.delete_title')}
        message={
          deleting
            ? t('bookmarks.delete_confirm', {
                kind: bookmarkKind(deleting),
                title: deleting.title ?? '',
                role: roleName(deleting.role),
              })
            : ''
        }
        confirmLabel={t('bookmarks.delete')}
        cancelLabel={t('bookmarks.dialog.cancel')}
        danger
        busy={busy}
        onConfirm={() => deleting && remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

function RenameDialog(props: {
  bookmark: Preset | null;
  busy: boolean;
  onSave: (title: string) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const id = useId();
  const [title, setTitle] = useState('');
  const [openedFor, setOpenedFor] = useState<Preset | null>(null);
  if (openedFor !== props.bookmark) {
    setOpenedFor(props.bookmark);
    setTitle(props.bookmark?.title ?? '');
  }
  const trimmed = title.trim();
  const unchanged = trimmed === (props.bookmark?.title ?? '');
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (trimmed && !unchanged && !props.busy) props.onSave(trimmed);
  };
  return (
    <Modal
      open={props.bookmark !== null}
      onClose={props.onCancel}
      title={t('bookmarks.rename_title')}
      size="small"
      dismissible={!props.busy}
      actions={
        <>
          <Button variant="secondary" onClick={props.onCancel} disabled={props.busy}>
            {t('bookmarks.dialog.cancel')}
          </Button>
          <Button onClick={() => submit()} disabled={!trimmed || unchanged} loading={props.busy}>
            {t('bookmarks.rename_save')}
          </Button>
        </>
      }
    >
      <form className="nav-bookmarks__form" onSubmit={submit}>
        <label className="nav-bookmarks__label" htmlFor={id}>
          {t('bookmarks.dialog.name')}
        </label>
        <TextInput id={id} value={title} onChange={setTitle} maxLength={255} required autoFocus />
      </form>
    </Modal>
  );
}
