import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { useLocation, useSearch } from 'wouter';
import { loginMachine, landingRoute } from '../../../machines/login.machine';
import type { CallError } from '../../../machines/implementations';
import { createApiClient } from '../../api/client';
import { ssoProviders, type SsoProvider } from '../../api/auth';
import { lastPage } from '../../api/users';
import { useHasMessage, useT } from '../../i18n';
import { useProjects } from '../../state/projects';
import { registerLiveActor } from '../../statecharts/live-actors';
import { useSignOut } from '../../shell/useSignOut';
import { PublicFrame } from './PublicFrame';
import { OtpInput } from './OtpInput';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';
import { Notice } from '../../../ui/Notice';

/** Codes that mean "wrong email or password": the password is focused and selected (spec §8). */
const CREDENTIAL_CODES = [100, 106, 114];

/** The message of a login error: errors.{code} when the catalog has it, else the server's, else unknown. */
export function useErrorMessage() {
  const t = useT();
  const has = useHasMessage();
  return (error: CallError) =>
    has(`errors.${error.code}`) ? t(`errors.${error.code}`) : error.message || t('errors.unknown');
}

/** The notice style per code: -1 danger, 111 a prompt (accent), others a warning. */
export function errorStyle(code: number): 'danger' | 'accent' | 'warning' {
  if (code === -1) return 'danger';
  if (code === 111) return 'accent';
  return 'warning';
}

/** `?error=1&code=107` from an SSO round-trip (in the hash query or the page's own query). */
function readErrorQuery(search: string): { code: number } | null {
  for (const source of [search, window.location.search.replace(/^\?/, '')]) {
    const params = new URLSearchParams(source);
    if (params.get('error') !== null) {
      const code = Number(params.get('code'));
      return { code: Number.isFinite(code) && params.get('code') !== null ? code : -1 };
    }
  }
  return null;
}

function withoutErrorParams(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('error');
  params.delete('code');
  for (const key of [...params.keys()]) if (key.startsWith('attributes')) params.delete(key);
  return params.toString();
}

export function LoginPage() {
  const t = useT();
  const messageOf = useErrorMessage();
  const projects = useProjects();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const redirect = new URLSearchParams(search).get('redirect');
  const project = projects.current;
  const entry = project ? projects.projects[project] : undefined;
  const passwordRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const [queryError, setQueryError] = useState<CallError | null>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const { root, reloadProject } = projects;

  const machine = useMemo(
    () =>
      loginMachine.provide({
        actors: {
          signIn: fromPromise(async ({ input }) => {
            const { project: key, ...payload } = input;
            const response = await createApiClient(root, key).post('auth/authenticate', payload);
            // 113 arrives with HTTP 200 beside the user: 2FA must be set up before anything else.
            if (response.error) throw { error: response.error };
            return response.data;
          }),
          fetchSessionData: fromPromise(async ({ input }) => {
            await reloadProject(input.project);
            return { lastPage: await lastPage(createApiClient(root, input.project)) };
          }),
        },
        actions: {
          enterApp: (_, params) => navigate(params.to, { replace: true }),
          goToTwoFactorSetup: () => navigate('/setup-2fa'),
        },
      }),
    [root, reloadProject, navigate],
  );
  const actor = useActorRef(machine, { input: { project: project ?? '', redirect } });
  useEffect(() => registerLiveActor('login', actor), [actor]);
  const snapshot = useSelector(actor, (s) => s);
  const busy = snapshot.hasTag('busy');
  const error = snapshot.context.error ?? queryError;
  const otpRequired = snapshot.context.otpRequired || Boolean(entry?.data?.requires2FA);

  useEffect(() => {
    if (project && project !== snapshot.context.project) actor.send({ type: 'CHANGE_PROJECT', project });
  }, [project, actor, snapshot.context.project]);

  // The error query parameter is shown, then removed from the URL (spec §8).
  useEffect(() => {
    const found = readErrorQuery(search);
    if (!found) return;
    setQueryError({ code: found.code, message: '' });
    if (window.location.search) {
      const url = new URL(window.location.href);
      url.search = withoutErrorParams(url.search.slice(1));
      window.history.replaceState(null, '', url.href);
    }
    const rest = withoutErrorParams(search);
    navigate(rest ? `${path}?${rest}` : path, { replace: true });
  }, [search, path, navigate]);

  // 100: focus and select the password.
  useEffect(() => {
    if (snapshot.context.error && CREDENTIAL_CODES.includes(snapshot.context.error.code)) {
      passwordRef.current?.focus();
      passwordRef.current?.select();
    }
  }, [snapshot.context.error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQueryError(null);
    actor.send({ type: 'SUBMIT', email, password, ...(otp.length === 6 ? { otp } : {}) });
  };

  const multiple = projects.keys.length > 1;
  const authenticated = Boolean(entry?.status === 'successful' && entry.data?.authenticated);

  return (
    <PublicFrame project={entry?.data}>
      <h1>{t('login.title')}</h1>
      {multiple && (
        <div className="field project-chooser">
          <label className="field__label" htmlFor="login-project">
            {t('login.project')}
          </label>
          <select
            id="login-project"
            className="input"
            value={project ?? ''}
            onChange={(event) => projects.setCurrent(event.target.value)}
          >
            {projects.keys.map((key) => {
              const item = projects.projects[key];
              const name = item?.status === 'successful' ? item.data?.project_name || key : key;
              const marker = item?.data?.authenticated ? ` ● ${t('login.project_authenticated')}` : '';
              return (
                <option key={key} value={key}>
                  {name}
                  {marker}
                </option>
              );
            })}
          </select>
        </div>
      )}
      {projects.keys.length === 0 && (
        <Notice color="warning" live="status">
          {projects.error ? messageOf(projects.error) : t('login.no_public_projects')}
        </Notice>
      )}
      {entry?.status === 'failed' && entry.error && (
        <Notice color="danger" live="alert">
          {t('login.project_failed', { message: entry.error.message || messageOf(entry.error) })}
        </Notice>
      )}
      {entry?.status === 'loading' && <p className="field__hint">{t('login.project_loading')}</p>}
      {project && authenticated ? (
        <ContinueAs project={project} redirect={redirect} />
      ) : (
        project &&
        entry?.status !== 'failed' && (
          <form onSubmit={submit} noValidate aria-busy={busy}>
            {error && (
              <Notice color={errorStyle(error.code)} live="alert" data-code={error.code}>
                {messageOf(error)}
              </Notice>
            )}
            <div className="field">
              <label className="field__label" htmlFor="login-email">
                {t('login.email')}
              </label>
              <input
                ref={emailRef}
                id="login-email"
                className="input"
                type="email"
                autoComplete="username"
                required
                autoFocus
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </div>
            <div className="field">
              <label className="field__label" htmlFor="login-password">
                {t('login.password')}
              </label>
              <input
                ref={passwordRef}
                id="login-password"
                className="input"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </div>
            {otpRequired && (
              <OtpInput
                id="login-otp"
                label={t('login.otp')}
                hint={t('login.otp_hint')}
                onChange={setOtp}
                autoFocus
              />
            )}
            <Button type="submit" block disabled={busy || !email.trim() || !password}>
              {snapshot.matches('signingIn')
                ? t('login.signing_in')
                : snapshot.matches('fetchingData')
                  ? t('login.fetching_data')
                  : snapshot.matches('enteringApp')
                    ? t('login.entering')
                    : t('login.sign_in')}
            </Button>
            <div className="public-form__row">
              <a
                className="public-form__link"
                href={`#/reset-password?project=${encodeURIComponent(project)}`}
              >
                {t('login.forgot_password')}
              </a>
            </div>
            <SsoProviders project={project} />
          </form>
        )
      )}
    </PublicFrame>
  );
}

function SsoProviders({ project }: { project: string }) {
  const t = useT();
  const { root } = useProjects();
  const [providers, setProviders] = useState<SsoProvider[]>([]);
  useEffect(() => {
    let cancelled = false;
    ssoProviders(createApiClient(root, project)).then(
      (list) => !cancelled && setProviders(list),
      () => !cancelled && setProviders([]),
    );
    return () => {
      cancelled = true;
    };
  }, [root, project]);
  if (!providers.length) return null;
  const back = `${window.location.origin}${root}admin/#/login`;
  return (
    <div className="sso">
      {providers.map((provider) => (
        <a
          key={provider.name}
          className="sso__link"
          href={`${root}${project}/auth/sso/${encodeURIComponent(provider.name)}?mode=cookie&redirect_url=${encodeURIComponent(back)}`}
          aria-label={t('login.sso', { provider: provider.name })}
          title={t('login.sso', { provider: provider.name })}
        >
          {provider.icon ? (
            <img src={provider.icon.startsWith('/') ? provider.icon : `${root}${provider.icon}`} alt="" />
          ) : (
            <Icon name="public" size={18} />
          )}
          <span>{provider.name}</span>
        </a>
      ))}
    </div>
  );
}

/** Already signed in to the project: continue as {name}, or sign out. */
function ContinueAs({ project, redirect }: { project: string; redirect: string | null }) {
  const t = useT();
  const { root } = useProjects();
  const [, navigate] = useLocation();
  const [user, setUser] = useState<{
    first_name?: string;
    last_name?: string;
    email?: string;
    last_page?: string;
  } | null>(null);
  const { actor, state } = useSignOut(project);
  useEffect(() => {
    let cancelled = false;
    createApiClient(root, project)
      .get('users/me', { fields: ['first_name', 'last_name', 'email', 'last_page'] })
      .then(
        (response) => !cancelled && setUser(response.data ?? {}),
        () => !cancelled && setUser({}),
      );
    return () => {
      cancelled = true;
    };
  }, [root, project]);
  const name = user ? [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email || '' : '…';
  const busy = state.value === 'loggingOut' || state.value === 'reloadingProjects';
  return (
    <div className="continue-as">
      <div className="continue-as__avatar">
        <Icon name="person" size={28} />
      </div>
      <p>{t('login.continue_as', { name })}</p>
      <div className="public-form__actions">
        <Button
          type="button"

          autoFocus
          onClick={() => navigate(landingRoute(project, redirect, user?.last_page), { replace: true })}
        >
          {t('login.continue')}
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={busy}
          onClick={() => actor.send({ type: 'SIGN_OUT_NOW' })}
        >
          {t('login.sign_out')}
        </Button>
      </div>
    </div>
  );
}

export default LoginPage;
