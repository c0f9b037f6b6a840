import type { ProjectContext } from '../context';
import { ApiError } from '../errors';
import { hashPassword } from './passwords';
import { numberSetting, readSettings } from './settings';
import { looksLikeJwt, signToken, verifyToken } from './tokens';
import { findUserByEmail } from './auth-users';
import { deleteUserSessions } from './sessions';
import { mailEnabled, passwordResetMail, sendMail } from './mail';
import { mailLocale } from '../i18n/mail';

/**
 * Origins a client-supplied link (reset_url, SSO redirect_url) may point to: the public URL's
 * origin and the origins listed in the server's and the project's CORS settings (`*` not counted).
 */
export function allowedOrigins(project: ProjectContext): Set<string> {
  const origins = new Set<string>([new URL(project.server.publicUrl).origin]);
  const lists = [project.server.corsOrigin, project.config.cors?.origin];
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      try {
        origins.add(new URL(entry).origin);
      } catch {}
    }
  }
  return origins;
}

/** Parses a client-supplied http(s) URL and checks its origin; undefined when refused. */
export function allowedUrl(project: ProjectContext, raw: unknown): URL | undefined {
  if (typeof raw !== 'string' || raw.length > 2000) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password) return undefined;
  return allowedOrigins(project).has(url.origin) ? url : undefined;
}

/** The link in the email: `reset_url?token=` when given and allowed, else the app's reset page. */
function resetLink(project: ProjectContext, token: string, resetUrl?: URL): string {
  if (resetUrl) {
    const url = new URL(resetUrl.toString());
    url.searchParams.set('token', token);
    return url.toString();
  }
  const query = new URLSearchParams({ token, project: project.key });
  return `${project.server.publicUrl}admin/#/reset-password?${query}`;
}

/** Where the background part of a reset request reports what went wrong (a request's logger). */
export interface ResetLog {
  error(details: object, message: string): void;
}

/** Background parts of reset requests still running (awaited on close and by tests). */
const pending = new Set<Promise<void>>();

/** Resolves once every reset request started so far has finished its background part. */
export async function passwordResetsSettled(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}

/** The slow part of a reset request: lookup, token, write and mail. Throws on any failure. */
async function sendResetLink(
  project: ProjectContext,
  email: string,
  resetUrl: URL | undefined,
): Promise<void> {
  const user = await findUserByEmail(project.knex, email);
  if (!user || user.status !== 'active') return;
  const settings = await readSettings(project.knex);
  const ttl =
    numberSetting(settings, 'auth_token_ttl', 20) > 0 ? numberSetting(settings, 'auth_token_ttl', 20) : 20;
  const token = await signToken(project, 'reset_password', { id: Number(user.id), email: user.email }, ttl);
  await project.knex('directus_users').where('id', user.id).update({ password_reset_token: token });
  const mail = await passwordResetMail({
    to: user.email,
    projectName: settings.project_name ?? project.key,
    link: resetLink(project, token, resetUrl),
    minutes: ttl,
    // The recipient's language: theirs, else the project's default, else en-US.
    locale: mailLocale(user.locale, settings.default_locale),
  });
  await sendMail(project.server, mail);
}

/**
 * `POST /auth/password/request`: mails a single-use reset link to an active user. Only the checks
 * that do not depend on the email (reset_url, mail configured) happen before the answer; the
 * lookup, token, write and mail run after it, so an existing, an inactive and an unknown email
 * answer alike and in the same time. A failure there (database, SMTP) goes to `log`, not to the
 * caller, who is answered already.
 */
export async function requestPasswordReset(
  project: ProjectContext,
  email: string,
  rawResetUrl: unknown,
  log: ResetLog,
): Promise<void> {
  let resetUrl: URL | undefined;
  if (rawResetUrl !== undefined && rawResetUrl !== null && rawResetUrl !== '') {
    resetUrl = allowedUrl(project, rawResetUrl);
    if (!resetUrl) throw new ApiError('INVALID_REQUEST', 'reset_url: must be on an allowed origin');
  }
  if (!mailEnabled(project.server))
    throw new ApiError('MAIL_NOT_SENT', 'Mail is not configured on this server');
  const work: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => sendResetLink(project, email, resetUrl))
    .catch((error: unknown) => {
      log.error({ err: error, project: project.key }, 'password reset request: the reset link was not sent');
    })
    .finally(() => pending.delete(work));
  pending.add(work);
}

/** 422 code 4 when the project's password policy (a regular expression) refuses the password. */
export function checkPolicy(policy: string | null | undefined, password: string): void {
  if (!policy) return;
  const match = /^\/(.*)\/([a-z]*)$/s.exec(policy);
  let pattern: RegExp;
  try {
    pattern = match ? new RegExp(match[1], match[2].replace(/[^imsu]/g, '')) : new RegExp(policy);
  } catch {
    return;
  }
  if (!pattern.test(password))
    throw new ApiError('INVALID_REQUEST', 'password: does not match the password policy');
}

/**
 * `POST /auth/password/reset`: sets the new password when the token is valid and still the one on
 * record, clears it (single use) and signs the user out everywhere. 2FA stays as it was.
 */
export async function resetPassword(project: ProjectContext, token: string, password: string): Promise<void> {
  if (!looksLikeJwt(token)) throw new ApiError('INVALID_RESET_PASSWORD_TOKEN');
  const claims = await verifyToken(project, token, 'reset_password');
  const user = await project
    .knex('directus_users')
    .where('id', claims.id)
    .first('id', 'email', 'password_reset_token');
  if (!user) throw new ApiError('USER_NOT_FOUND');
  if (typeof claims.email !== 'string' || claims.email.toLowerCase() !== String(user.email).toLowerCase()) {
    throw new ApiError('INVALID_RESET_PASSWORD_TOKEN');
  }
  if (user.password_reset_token !== token) throw new ApiError('EXPIRED_RESET_PASSWORD_TOKEN');
  const settings = await readSettings(project.knex);
  checkPolicy(settings.password_policy, password);
  const hash = await hashPassword(password);
  // The condition on the stored token makes two concurrent uses of one link succeed at most once.
  const changed = await project
    .knex('directus_users')
    .where({ id: user.id, password_reset_token: token })
    .update({ password: hash, password_reset_token: null });
  if (!changed) throw new ApiError('EXPIRED_RESET_PASSWORD_TOKEN');
  await deleteUserSessions(project, Number(user.id));
}
