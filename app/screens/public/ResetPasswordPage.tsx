import { useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { createApiClient, toApiError } from '../../api/client';
import { requestPasswordReset, resetPassword } from '../../api/auth';
import { toCallError, type CallError } from '../../../machines/implementations';
import { useT } from '../../i18n';
import { useProjects } from '../../state/projects';
import { NewPasswordFields } from './NewPasswordFields';
import { PublicFrame } from './PublicFrame';
import { useErrorMessage } from './LoginPage';
import { Button, Notice } from '../../../ui';

/**
 * /reset-password: without a token, asks for the email and requests a reset link; with `?token=…` (the link
 * of the email), sets the new password (api-v8 §2.3).
 */
export default function ResetPasswordPage() {
  const t = useT();
  const messageOf = useErrorMessage();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const token = params.get('token');
  const projects = useProjects();
  const project =
    params.get('project') && projects.keys.includes(params.get('project')!)
      ? params.get('project')!
      : projects.current;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<CallError | null>(null);
  const [mismatch, setMismatch] = useState(false);
  const api = createApiClient(projects.root, project ?? '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (token && password !== confirm) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    setBusy(true);
    try {
      if (token) await resetPassword(api, token, password);
      else await requestPasswordReset(api, email);
      setDone(true);
    } catch (failure) {
      setError(toCallError(toApiError(failure)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicFrame project={project ? projects.projects[project]?.data : null}>
      <h1>{t('reset.title')}</h1>
      {done ? (
        <Notice color="success" live="status">
          {token ? t('reset.done') : t('reset.sent')}
        </Notice>
      ) : (
        <form onSubmit={submit} noValidate aria-busy={busy}>
          {error && (
            <Notice color={error.code === -1 ? 'danger' : 'warning'} live="alert">
              {messageOf(error)}
            </Notice>
          )}
          {token ? (
            <>
              <NewPasswordFields
                idPrefix="reset"
                password={password}
                confirm={confirm}
                onPassword={setPassword}
                onConfirm={setConfirm}
                mismatch={mismatch}
                labels={{
                  password: t('reset.new_password'),
                  confirm: t('reset.confirm_password'),
                  differ: t('reset.passwords_differ'),
                }}
              />
              <Button type="submit" block disabled={busy || !password || !confirm}>
                {t('reset.reset')}
              </Button>
            </>
          ) : (
            <>
              <p className="field__hint">{t('reset.request_intro')}</p>
              <div className="field">
                <label className="field__label" htmlFor="reset-email">
                  {t('login.email')}
                </label>
                <input
                  id="reset-email"
                  className="input"
                  type="email"
                  autoComplete="email"
                  required
                  autoFocus
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              </div>
              <Button type="submit" block disabled={busy || !email.trim() || !project}>
                {t('reset.send')}
              </Button>
            </>
          )}
        </form>
      )}
      <div className="public-form__row">
        <Link className="public-form__link" href="/login">
          {t('login.back_to_login')}
        </Link>
      </div>
    </PublicFrame>
  );
}
