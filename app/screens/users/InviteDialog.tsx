import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button, Modal, Notice, Select, Textarea } from '../../../ui';
import { inviteUsers } from '../../api/users';
import { toApiError } from '../../api/client';
import { useT } from '../../i18n';
import { loadRoles, type RoleChoice } from '../../state/bookmarks';
import { useApi, useNotify } from '../../state/hooks';
import { isEmail, parseEmails } from './invite-emails';
import './catalog';
import './users.css';
import { useErrorText } from '../../i18n/errors';

export interface InviteDialogProps {
  open: boolean;
  onClose: () => void;
  /** After the invitations went out: the directory reloads to show the invited users. */
  onInvited: () => void;
}

/** The server's code when no mail transport is configured (schemas/errors.json MAIL_TRANSPORT_NOT_FOUND). */
const NO_MAIL = 500;

/**
 * Invites people by email (administrators): one or more addresses and the role they get once they
 * accept, sent to `POST /users/invite`. Addresses that are not emails are named before anything is
 * sent; a server without mail says so and points at creating the user directly.
 */
export function InviteDialog({ open, onClose, onInvited }: InviteDialogProps) {
  const t = useT();
  const errorText = useErrorText();
  const api = useApi();
  const notify = useNotify();
  const ids = { emails: useId(), emailsHint: useId(), role: useId(), roleHint: useId(), error: useId() };
  const [text, setText] = useState('');
  const [role, setRole] = useState<string | null>(null);
  const [roles, setRoles] = useState<RoleChoice[]>([]);
  const [rolesFailed, setRolesFailed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const [openedFor, setOpenedFor] = useState(false);
  if (openedFor !== open) {
    setOpenedFor(open);
    if (open) {
      setText('');
      setRole(null);
      setError(null);
    }
  }

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    loadRoles(api).then(
      (list) => {
        if (cancelled) return;
        setRoles(list);
        setRolesFailed(false);
      },
      () => {
        if (!cancelled) setRolesFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api, open]);

  const emails = parseEmails(text);
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending) return;
    if (emails.length === 0) return setError(t('users.invite_none'));
    const invalid = emails.filter((email) => !isEmail(email));
    if (invalid.length > 0) {
      return setError(t('users.invite_invalid', { count: invalid.length, emails: invalid.join(', ') }));
    }
    setError(null);
    setSending(true);
    try {
      const users = await inviteUsers(api, emails, role === null ? null : Number(role));
      const existing = users.filter((user) => user.status !== 'invited').map((user) => String(user.email));
      const invited = users.filter((user) => user.status === 'invited').map((user) => String(user.email));
      if (invited.length > 0)
        notify({
          title: t('users.invite_sent', { count: invited.length, emails: invited.join(', ') }),
          color: 'success',
        });
      if (existing.length > 0)
        notify({
          title: t('users.invite_existing', { count: existing.length, emails: existing.join(', ') }),
          color: 'warning',
        });
      onInvited();
      onClose();
    } catch (failure) {
      const apiError = toApiError(failure);
      setError(
        apiError.code === NO_MAIL
          ? t('users.invite_no_mail')
          : t('users.invite_failed', { message: errorText(apiError) }),
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('users.invite_title')}
      size="small"
      dismissible={!sending}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            {t('users.invite_cancel')}
          </Button>
          <Button icon="send" onClick={() => void submit()} loading={sending} disabled={emails.length === 0}>
            {t('users.invite_send', { count: emails.length })}
          </Button>
        </>
      }
    >
      <form className="users-form" onSubmit={submit} noValidate>
        {error && (
          <Notice color="danger" live="alert">
            <span id={ids.error}>{error}</span>
          </Notice>
        )}
        <div className="users-form__field">
          <label className="users-form__label" htmlFor={ids.emails}>
            {t('users.invite_emails')}
          </label>
          <Textarea
            id={ids.emails}
            value={text}
            onChange={setText}
            rows={3}
            placeholder={t('users.invite_placeholder')}
            invalid={Boolean(error)}
            describedBy={error ? `${ids.emailsHint} ${ids.error}` : ids.emailsHint}
          />
          <span className="users-form__hint" id={ids.emailsHint}>
            {t('users.invite_emails_hint')}
          </span>
        </div>
        <div className="users-form__field">
          <label className="users-form__label" htmlFor={ids.role}>
            {t('users.invite_role')}
          </label>
          <Select
            id={ids.role}
            choices={roles.map((entry) => ({ value: String(entry.id), label: entry.name }))}
            value={role}
            onChange={setRole}
            placeholder={t('users.invite_no_role')}
            describedBy={ids.roleHint}
          />
          <span className="users-form__hint" id={ids.roleHint}>
            {t('users.invite_role_hint')}
          </span>
          {rolesFailed && <Notice color="warning">{t('users.roles_failed')}</Notice>}
        </div>
      </form>
    </Modal>
  );
}
