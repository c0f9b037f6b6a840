import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { createApiClient, toApiError, type ApiRequestError } from '../../api/client';
import { installProject, serverDatabases } from '../../api/server';
import { useT } from '../../i18n';
import { useProjects } from '../../state/projects';
import { PublicFrame } from './PublicFrame';
import { useErrorMessage } from './LoginPage';
import { Button, Notice } from '../../../ui';

export type InstallStep = 'project' | 'database' | 'admin' | 'token';
export const INSTALL_STEPS: InstallStep[] = ['project', 'database', 'admin', 'token'];
const VENDORS = ['sqlite', 'mysql', 'postgres'] as const;
const DEFAULT_PORTS: Record<string, string> = { mysql: '3306', postgres: '5432' };
const KEY_PATTERN = /^[0-9a-zA-Z_-]+$/;

export interface InstallValues {
  project: string;
  project_name: string;
  db_vendor: string;
  db_host: string;
  db_port: string;
  db_name: string;
  db_user: string;
  db_password: string;
  user_email: string;
  user_password: string;
  super_admin_token: string;
}

/** Which step a failed install belongs to, so its error shows in place (spec: errors in place). */
export function stepOfError(error: ApiRequestError): InstallStep {
  const message = error.message.toLowerCase();
  if (error.code === 3 || message.includes('super_admin_token')) return 'token';
  if (error.code === 18 || /^project\b|project:/.test(message)) return 'project';
  if (error.code === 19 || message.startsWith('db_') || message.includes('database')) return 'database';
  if (message.startsWith('user_')) return 'admin';
  return 'token';
}

/** The fields of a step that must be filled before going on. */
export function missingFields(step: InstallStep, values: InstallValues): (keyof InstallValues)[] {
  const required: Record<InstallStep, (keyof InstallValues)[]> = {
    project: ['project'],
    database: values.db_vendor === 'sqlite' ? [] : ['db_host', 'db_name', 'db_user'],
    admin: ['user_email', 'user_password'],
    token: ['super_admin_token'],
  };
  return required[step].filter((field) => !values[field].trim());
}

/** The body of POST /server/projects (api-v8 §2.1). */
export function installPayload(values: InstallValues): Record<string, unknown> {
  const sqlite = values.db_vendor === 'sqlite';
  return {
    project: values.project.trim(),
    project_name: values.project_name.trim() || values.project.trim(),
    super_admin_token: values.super_admin_token,
    db_vendor: values.db_vendor,
    ...(sqlite
      ? {}
      : {
          db_host: values.db_host.trim(),
          db_port: Number(values.db_port) || Number(DEFAULT_PORTS[values.db_vendor]),
          db_name: values.db_name.trim(),
          db_user: values.db_user.trim(),
          db_password: values.db_password,
        }),
    user_email: values.user_email.trim(),
    user_password: values.user_password,
  };
}

/** /install: the install wizard (project, database, admin account, super-admin token). */
export default function InstallPage() {
  const t = useT();
  const messageOf = useErrorMessage();
  const projects = useProjects();
  const [, navigate] = useLocation();
  const first = projects.status === 'none';
  const [step, setStep] = useState(0);
  const [vendors, setVendors] = useState<string[]>([...VENDORS]);
  const [values, setValues] = useState<InstallValues>({
    project: '',
    project_name: '',
    db_vendor: 'sqlite',
    db_host: '127.0.0.1',
    db_port: '',
    db_name: '',
    db_user: '',
    db_password: '',
    user_email: '',
    user_password: '',
    super_admin_token: '',
  });
  const [errors, setErrors] = useState<Partial<Record<InstallStep, string>>>({});
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [installed, setInstalled] = useState<string | null>(null);
  const api = createApiClient(projects.root, '');

  useEffect(() => {
    // Without projects the server lists its database vendors freely; otherwise the defaults stand.
    if (!first) return;
    serverDatabases(api).then(
      (databases) => {
        const list = databases.filter((v) => (VENDORS as readonly string[]).includes(v));
        if (list.length) setVendors(list);
      },
      () => {},
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [first]);

  const current = INSTALL_STEPS[step];
  const missing = missingFields(current, values);
  const keyInvalid = current === 'project' && values.project !== '' && !KEY_PATTERN.test(values.project);
  const set = (field: keyof InstallValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (missing.length || keyInvalid) return;
    if (step < INSTALL_STEPS.length - 1) {
      setStep(step + 1);
      setTouched(false);
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await installProject(api, values.super_admin_token, installPayload(values));
      setInstalled(values.project.trim());
      await projects.reload();
    } catch (failure) {
      const error = toApiError(failure);
      const where = stepOfError(error);
      const message =
        error.code === 3 ? t('errors.wrong_super_admin_password') : error.message || messageOf(error);
      setErrors({ [where]: message });
      setStep(INSTALL_STEPS.indexOf(where));
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (field: keyof InstallValues) =>
    touched && missing.includes(field) ? t('install.required') : undefined;

  const input = (
    field: keyof InstallValues,
    label: string,
    type = 'text',
    extra: { hint?: string; autoComplete?: string } = {},
  ) => {
    const error =
      fieldError(field) ?? (field === 'project' && keyInvalid ? t('install.project_key_invalid') : undefined);
    const id = `install-${field}`;
    return (
      <div className="field" key={field}>
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          className="input"
          type={type}
          value={values[field]}
          onChange={set(field)}
          autoComplete={extra.autoComplete ?? 'off'}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : extra.hint ? `${id}-hint` : undefined}
        />
        {extra.hint && !error && (
          <span className="field__hint" id={`${id}-hint`}>
            {extra.hint}
          </span>
        )}
        {error && (
          <span className="field__error" id={`${id}-error`}>
            {error}
          </span>
        )}
      </div>
    );
  };

  if (installed) {
    return (
      <PublicFrame>
        <h1>{t('install.title')}</h1>
        <Notice color="success" live="status">
          {t('install.done', { project: installed })}
        </Notice>
        <Button
          type="button"
          block
          onClick={() => navigate(`/login?project=${encodeURIComponent(installed)}`)}
        >
          {t('install.go_to_login')}
        </Button>
      </PublicFrame>
    );
  }

  return (
    <PublicFrame>
      <h1>{t('install.title')}</h1>
      <ol className="wizard__steps" aria-hidden="true">
        {INSTALL_STEPS.map((s, index) => (
          <li key={s} data-done={index <= step} />
        ))}
      </ol>
      <p className="wizard__step-label">
        {t('install.step_of', { step: step + 1, total: INSTALL_STEPS.length })} ·{' '}
        {t(`install.step_${current}`)}
      </p>
      <form onSubmit={submit} noValidate aria-busy={busy} aria-label={t(`install.step_${current}`)}>
        {errors[current] && (
          <Notice color="danger" live="alert">
            {errors[current]}
          </Notice>
        )}
        {current === 'project' && (
          <>
            {step === 0 && <p className="field__hint">{t('install.intro')}</p>}
            {input('project', t('install.project_key'), 'text', { hint: t('install.project_key_hint') })}
            {input('project_name', t('install.project_name'))}
          </>
        )}
        {current === 'database' && (
          <>
            <div className="field">
              <label className="field__label" htmlFor="install-db_vendor">
                {t('install.db_vendor')}
              </label>
              <select
                id="install-db_vendor"
                className="input"
                value={values.db_vendor}
                onChange={set('db_vendor')}
              >
                {vendors.map((vendor) => (
                  <option key={vendor} value={vendor}>
                    {t(`install.vendor_${vendor}`)}
                  </option>
                ))}
              </select>
            </div>
            {values.db_vendor !== 'sqlite' && (
              <>
                {input('db_host', t('install.db_host'))}
                {input('db_port', t('install.db_port'), 'number', { hint: DEFAULT_PORTS[values.db_vendor] })}
                {input('db_name', t('install.db_name'))}
                {input('db_user', t('install.db_user'))}
                {input('db_password', t('install.db_password'), 'password')}
              </>
            )}
          </>
        )}
        {current === 'admin' && (
          <>
            {input('user_email', t('install.user_email'), 'email', { autoComplete: 'username' })}
            {input('user_password', t('install.user_password'), 'password', { autoComplete: 'new-password' })}
          </>
        )}
        {current === 'token' &&
          input('super_admin_token', t('install.super_admin_token'), 'password', {
            hint: first ? t('install.super_admin_token_first') : t('install.super_admin_token_hint'),
          })}
        <div className="public-form__actions">
          {step > 0 && (
            <Button type="button" variant="secondary" onClick={() => setStep(step - 1)} disabled={busy}>
              {t('install.back')}
            </Button>
          )}
          <Button type="submit" disabled={busy}>
            {step < INSTALL_STEPS.length - 1
              ? t('install.next')
              : busy
                ? t('install.installing')
                : t('install.install')}
          </Button>
        </div>
      </form>
    </PublicFrame>
  );
}
