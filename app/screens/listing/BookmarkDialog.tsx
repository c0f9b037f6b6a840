import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button, Modal, Notice, RadioGroup, TextInput } from '../../../ui';
import { useT } from '../../i18n';
import { loadRoles, type BookmarkAudience, type RoleChoice } from '../../state/bookmarks';
import { useApi } from '../../state/hooks';
import './bookmark-dialog.css';

export interface BookmarkDialogProps {
  open: boolean;
  /** Administrators choose who sees the bookmark; everyone else saves a personal one (spec §6). */
  admin: boolean;
  saving: boolean;
  onSave: (title: string, audience: BookmarkAudience) => void;
  onCancel: () => void;
}

function audienceOf(value: string): BookmarkAudience {
  if (value === 'global') return { kind: 'global' };
  if (value.startsWith('role:')) return { kind: 'role', role: Number(value.slice(5)) };
  return { kind: 'personal' };
}

/** Asks for the bookmark's name and, for administrators, its audience: personal, global or a role. */
export function BookmarkDialog(props: BookmarkDialogProps) {
  const t = useT();
  const api = useApi();
  const ids = { title: useId(), audience: useId(), intro: useId() };
  const [title, setTitle] = useState('');
  const [audience, setAudience] = useState('personal');
  const [roles, setRoles] = useState<RoleChoice[]>([]);
  const [rolesFailed, setRolesFailed] = useState(false);

  // A fresh form each time the dialog opens.
  const [openedFor, setOpenedFor] = useState(false);
  if (openedFor !== props.open) {
    setOpenedFor(props.open);
    if (props.open) {
      setTitle('');
      setAudience('personal');
    }
  }

  useEffect(() => {
    if (!props.open || !props.admin) return;
    let cancelled = false;
    loadRoles(api).then(
      (list) => {
        if (!cancelled) {
          setRoles(list);
          setRolesFailed(false);
        }
      },
      () => {
        if (!cancelled) setRolesFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api, props.open, props.admin]);

  const trimmed = title.trim();
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!trimmed || props.saving) return;
    props.onSave(trimmed, audienceOf(audience));
  };
  const choices = [
    { value: 'personal', label: t('bookmarks.audience.personal') },
    { value: 'global', label: t('bookmarks.audience.global') },
    ...roles.map((role) => ({
      value: `role:${role.id}`,
      label: t('bookmarks.audience.role', { role: role.name }),
    })),
  ];

  return (
    <Modal
      open={props.open}
      onClose={props.onCancel}
      title={t('bookmarks.dialog.title')}
      size="small"
      describedBy={ids.intro}
      dismissible={!props.saving}
      actions={
        <>
          <Button variant="secondary" onClick={props.onCancel} disabled={props.saving}>
            {t('bookmarks.dialog.cancel')}
          </Button>
          <Button icon="bookmark_add" onClick={() => submit()} disabled={!trimmed} loading={props.saving}>
            {t('bookmarks.dialog.save')}
          </Button>
        </>
      }
    >
      <form className="bookmark-form" onSubmit={submit}>
        <p className="bookmark-form__intro" id={ids.intro}>
          {t('bookmarks.dialog.intro')}
        </p>
        <div className="bookmark-form__field">
          <label className="bookmark-form__label" htmlFor={ids.title}>
            {t('bookmarks.dialog.name')}
          </label>
          <TextInput
            id={ids.title}
            value={title}
            onChange={setTitle}
            placeholder={t('bookmarks.dialog.name_placeholder')}
            maxLength={255}
            required
            autoFocus
          />
        </div>
        {props.admin && (
          <div className="bookmark-form__field">
            {/* The group is named by aria-label; the visible text is the same words. */}
            <span className="bookmark-form__label" aria-hidden="true">
              {t('bookmarks.dialog.audience')}
            </span>
            <RadioGroup
              id={ids.audience}
              name={ids.audience}
              label={t('bookmarks.dialog.audience')}
              choices={choices}
              value={audience}
              onChange={setAudience}
            />
            {rolesFailed && <Notice color="warning">{t('bookmarks.dialog.roles_failed')}</Notice>}
          </div>
        )}
      </form>
    </Modal>
  );
}
