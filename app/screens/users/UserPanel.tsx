import { useId, useState, type FormEvent } from 'react';
import { Avatar, Badge, Button, ConfirmDialog, Menu, Modal, TextInput, type MenuItem } from '../../../ui';
import type { ApiClient } from '../../api/client';
import { signOutEverywhere, updateUser } from '../../api/users';
import { useT } from '../../i18n';
import { avatarUrl, userDisplayName } from '../../people';
import { useNotify, usePermissionModel, useProjectKey, useSchema } from '../../state/hooks';
import { statusMappingOf } from '../../state/schema-info';
import type { UserAction } from '../../permissions/model';
import './catalog';
import './users.css';
import { useErrorText } from '../../i18n/errors';

type Item = Record<string, unknown>;
type Confirmable = 'suspend' | 'reactivate' | 'reset2fa' | 'signOut';

const CONFIRM: Record<Confirmable, { title: string; message: string; done: string; danger: boolean }> = {
  suspend: {
    title: 'users.suspend_title',
    message: 'users.suspend_message',
    done: 'users.done_suspended',
    danger: true,
  },
  reactivate: {
    title: 'users.reactivate_title',
    message: 'users.reactivate_message',
    done: 'users.done_reactivated',
    danger: false,
  },
  reset2fa: {
    title: 'users.reset_2fa_title',
    message: 'users.reset_2fa_message',
    done: 'users.done_2fa',
    danger: true,
  },
  signOut: {
    title: 'users.sign_out_title',
    message: 'users.sign_out_message',
    done: 'users.done_signed_out',
    danger: false,
  },
};

export interface UserPanelProps {
  api: ApiClient;
  /** The user as stored (the item page's saved values: avatar and role expanded). */
  user: Item;
  /** After an action changed the user: the item page reloads it. */
  onChanged: () => void;
}

/**
 * The head of a user's page in the directory: avatar, name, email, status badge and role, and what an
 * administrator does to the user (suspend or reactivate, set a password, reset 2FA, sign out
 * everywhere), each offered only when `PermissionModel.mayManageUser` allows it and confirmed first.
 */
export default function UserPanel({ api, user, onChanged }: UserPanelProps) {
  const t = useT();
  const notify = useNotify();
  const errorText = useErrorText();
  const project = useProjectKey();
  const schema = useSchema();
  const permissions = usePermissionModel();
  const [asking, setAsking] = useState<Confirmable | null>(null);
  const [settingPassword, setSettingPassword] = useState(false);
  const [busy, setBusy] = useState(false);

  const id = Number(user.id);
  const name = userDisplayName(user) ?? t('users.no_name');
  const status = String(user.status ?? '');
  const mapping = statusMappingOf(
    schema.collections.directus_users,
    schema.fields.directus_users ?? [],
  ) as Record<string, Record<string, unknown>> | null;
  const entry = mapping?.[status];
  const role = user.role && typeof user.role === 'object' ? (user.role as Item) : null;
  const may = (action: UserAction) => permissions.mayManageUser(action, user);

  const run = async (action: () => Promise<void>, done: string) => {
    setBusy(true);
    try {
      await action();
      notify({ title: t(done, { name }), color: 'success' });
      onChanged();
    } catch (failure) {
      notify({ title: t('users.action_failed', { message: errorText(failure) }), color: 'danger' });
    } finally {
      setBusy(false);
      setAsking(null);
      setSettingPassword(false);
    }
  };
  const confirm = () => {
    if (!asking) return;
    const work: Record<Confirmable, () => Promise<void>> = {
      suspend: () => updateUser(api, id, { status: 'suspended' }),
      reactivate: () => updateUser(api, id, { status: 'active' }),
      reset2fa: () => updateUser(api, id, { '2fa_secret': null }),
      signOut: () => signOutEverywhere(api, id),
    };
    void run(work[asking], CONFIRM[asking].done);
  };

  const items: MenuItem[] = [];
  if (may('password'))
    items.push({
      id: 'password',
      label: t('users.set_password'),
      icon: 'password',
      onSelect: () => setSettingPassword(true),
    });
  if (may('reset2fa'))
    items.push({
      id: 'reset2fa',
      label: t('users.reset_2fa'),
      icon: 'phonelink_lock',
      onSelect: () => setAsking('reset2fa'),
    });
  if (may('signOut'))
    items.push({
      id: 'signOut',
      label: t('users.sign_out'),
      icon: 'logout',
      onSelect: () => setAsking('signOut'),
    });

  return (
    <section className="user-panel" aria-label={name}>
      <Avatar name={name} src={avatarUrl(user.avatar, api.root, project)} size="large" />
      <div className="user-panel__text">
        <span className="user-panel__name">{name}</span>
        {typeof user.email === 'string' && <span className="user-panel__email">{user.email}</span>}
        <span className="user-panel__facts">
          {status && (
            <Badge
              color={entry?.text_color as string | undefined}
              background={entry?.background_color as string | undefined}
            >
              {String(entry?.name ?? status)}
            </Badge>
          )}
          {role && typeof role.name === 'string' && <span className="user-panel__role">{role.name}</span>}
        </span>
      </div>
      <div className="user-panel__actions">
        {may('suspend') && (
          <Button variant="secondary" icon="block" onClick={() => setAsking('suspend')} disabled={busy}>
            {t('users.suspend')}
          </Button>
        )}
        {may('reactivate') && (
          <Button
            variant="secondary"
            icon="how_to_reg"
            onClick={() => setAsking('reactivate')}
            disabled={busy}
          >
            {t('users.reactivate')}
          </Button>
        )}
        {items.length > 0 && (
          <Menu
            label={t('users.actions')}
            icon="more_vert"
            variant="secondary"
            align="end"
            items={items}
            disabled={busy}
          />
        )}
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(CONFIRM[asking].title, { name }) : ''}
        message={asking ? t(CONFIRM[asking].message) : undefined}
        confirmLabel={
          asking === 'suspend'
            ? t('users.suspend')
            : asking === 'reactivate'
              ? t('users.reactivate')
              : t('users.confirm')
        }
        cancelLabel={t('users.cancel')}
        danger={asking ? CONFIRM[asking].danger : false}
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      />
      <PasswordDialog
        open={settingPassword}
        name={name}
        busy={busy}
        onCancel={() => setSettingPassword(false)}
        onSave={(password) => void run(() => updateUser(api, id, { password }), 'users.done_password')}
      />
    </section>
  );
}

/** Asks an administrator for another user's new password, twice. */
function PasswordDialog(props: {
  open: boolean;
  name: string;
  busy: boolean;
  onCancel: () => void;
  onSave: (password: string) => void;
}) {
  const t = useT();
  const ids = { password: useId(), confirm: useId(), note: useId(), error: useId() };
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [openedFor, setOpenedFor] = useState(false);
  if (openedFor !== props.open) {
    setOpenedFor(props.open);
    setPassword('');
    setConfirm('');
    setMismatch(false);
  }
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!password || !confirm || props.busy) return;
    if (password !== confirm) return setMismatch(true);
    setMismatch(false);
    props.onSave(password);
  };
  return (
    <Modal
      open={props.open}
      onClose={props.onCancel}
      title={t('users.password_title', { name: props.name })}
      size="small"
      describedBy={ids.note}
      dismissible={!props.busy}
      actions={
        <>
          <Button variant="secondary" onClick={props.onCancel} disabled={props.busy}>
            {t('users.cancel')}
          </Button>
          <Button
            icon="password"
            onClick={() => submit()}
            loading={props.busy}
            disabled={!password || !confirm}
          >
            {t('users.password_save')}
          </Button>
        </>
      }
    >
      <form className="users-form" onSubmit={submit} noValidate>
        <p className="users-form__hint" id={ids.note}>
          {t('users.password_note')}
        </p>
        <div className="users-form__field">
          <label className="users-form__label" htmlFor={ids.password}>
            {t('users.password_new')}
          </label>
          <TextInput
            id={ids.password}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            autoFocus
          />
        </div>
        <div className="users-form__field">
          <label className="users-form__label" htmlFor={ids.confirm}>
            {t('users.password_confirm')}
          </label>
          <TextInput
            id={ids.confirm}
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={setConfirm}
            invalid={mismatch}
            describedBy={mismatch ? ids.error : undefined}
          />
          {mismatch && (
            <span className="users-form__error" id={ids.error}>
              {t('users.password_differ')}
            </span>
          )}
        </div>
      </form>
    </Modal>
  );
}
