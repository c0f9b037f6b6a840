import { useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { Button, Notice } from '../../../ui';
import { createApiClient, toApiError } from '../../api/client';
import { acceptInvitation } from '../../api/users';
import { useT } from '../../i18n';
import { useProjects } from '../../state/projects';
import { NewPasswordFields } from './NewPasswordFields';
import { PublicFrame } from './PublicFrame';
import '../users/catalog';

/** What an answer of the accept endpoint means to the invited person (api-v8 §4.2). */
function messageKey(code: number, message: string): string | null {
  if (code === 101) return 'accept.invalid';
  if (code === 102) return 'accept.expired';
  if (code === 106) return 'accept.used';
  if (code === 4 && message.startsWith('password')) return 'accept.policy';
  return null;
}

/**
 * The email an invitation token names, read from its claims for display only (the server verifies the
 * token); null when the token is not a readable JWT.
 */
export function invitedEmail(token: string | null): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const email = (JSON.parse(json) as { email?: unknown }).email;
    return typeof email === 'string' ? email : null;
  } catch {
    return null;
  }
}

/**
 * `#/accept-invite?token=…&project=…`, the link of the invitation mail: the invited person chooses a
 * password (twice); `POST /users/invite/{token}` stores it and activates the account; then they sign in.
 * The password rule is the project's policy, checked by the server, whose refusal is shown here.
 */
export default function AcceptInvitePage() {
  const t = useT();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const token = params.get('token');
  const projects = useProjects();
  const requested = params.get('project');
  const project = requested && projects.keys.includes(requested) ? requested : projects.current;
  const info = project ? projects.projects[project]?.data : null;
  const email = invitedEmail(token);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token || !project || busy) return;
    if (password !== confirm) return setMismatch(true);
    setMismatch(false);
    setError(null);
    setBusy(true);
    try {
      await acceptInvitation(createApiClient(projects.root, project), token, password);
      setDone(true);
    } catch (failure) {
      const apiError = toApiError(failure);
      const key = messageKey(apiError.code, apiError.message);
      setError(key ? t(key) : apiError.message || t('errors.unknown'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicFrame project={info}>
      <h1>{t('accept.title')}</h1>
      {!token ? (
        <Notice color="warning" live="alert">
          {t('accept.no_token')}
        </Notice>
      ) : done ? (
        <>
          <Notice color="success" live="status">
            {t('accept.done')}
          </Notice>
          <div className="public-form__row">
            <Link className="public-form__link" href="/login">
              {t('accept.sign_in')}
            </Link>
          </div>
        </>
      ) : (
        <form onSubmit={submit} noValidate aria-busy={busy}>
          <p className="accept__intro">
            {t('accept.intro', { project: info?.project_name || project || '' })}
          </p>
          {email && (
            <p className="accept__account">
              {t('accept.account')} <strong>{email}</strong>
            </p>
          )}
          {error && (
            <Notice color="warning" live="alert">
              {error}
            </Notice>
          )}
          <NewPasswordFields
            idPrefix="accept"
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
            mismatch={mismatch}
            labels={{
              password: t('accept.password'),
              confirm: t('accept.confirm'),
              differ: t('accept.differ'),
            }}
            autoFocus
          />
          <Button type="submit" block loading={busy} disabled={!password || !confirm || !project}>
            {t('accept.submit')}
          </Button>
        </form>
      )}
    </PublicFrame>
  );
}
