import type { Accountability, ProjectContext } from '../context';
import { ApiError } from '../errors';
import { ItemsService } from './items';
import { verifyPassword } from './passwords';
import { readSettings } from './settings';
import { dbDateTime, presentedSessionHash, sessionMinutes } from './sessions';
import { roleEnforces2FA } from './auth-users';
import { authStoresFor } from './rate-limit';
import { verifyTotp } from './tfa';

/**
 * What a signed-in user does to their own account from "My profile" (Octavo additions,
 * docs/compatibility.md): change the password and turn 2FA off, both proven with a credential,
 * and list their sessions. Writes go through the items engine (hooks, activity) with the
 * accountability marked `credentialsConfirmed`, the one way past the users hook's rule that one's
 * own password and 2FA secret are not changed by a plain PATCH.
 */

interface OwnRow {
  id: number;
  role: number | null;
  password: string | null;
  tfa: string | null;
}

async function ownRow(project: ProjectContext, user: number): Promise<OwnRow> {
  const row = await project
    .knex('directus_users')
    .where('id', user)
    .first('id', 'role', 'password', '2fa_secret as tfa');
  if (!row) throw new ApiError('USER_NOT_FOUND');
  return row as OwnRow;
}

/**
 * A proven change of one's own credentials needs no update permission on directus_users (a role
 * without one still lets its users change their password); hooks and activity still run.
 */
const OWN_RECORD = { collection: 'directus_users', trusted: true };

function confirmed(who: Accountability): Accountability {
  return { ...who, credentialsConfirmed: true };
}

/**
 * `POST /users/me/password`: a new password for the caller, given the current one (wrong: 404 code
 * 100, like a wrong sign-in). The password policy applies (422 code 4, from the users hook). The
 * caller's other sessions end; the one making the change stays signed in.
 */
export async function changeOwnPassword(
  project: ProjectContext,
  who: Accountability,
  current: string,
  password: string,
): Promise<void> {
  const user = who.user!;
  const row = await ownRow(project, user);
  if (!row.password || !(await verifyPassword(row.password, current))) {
    throw new ApiError('INVALID_CREDENTIALS', 'current_password: the current password is not correct');
  }
  // The users hook ends the other sessions in the same transaction.
  await new ItemsService(project, confirmed(who), OWN_RECORD).update([user], { password });
}

/**
 * `POST /users/me/deactivate_2fa`: turns two-factor sign-in off, proven with a current one-time
 * code or the password (else 404 code 112 or 100). A role that enforces 2FA keeps it (403 code 10).
 */
export async function deactivateOwnTwoFactor(
  project: ProjectContext,
  who: Accountability,
  proof: { otp?: unknown; password?: unknown },
): Promise<void> {
  const user = who.user!;
  const row = await ownRow(project, user);
  if (!row.tfa) return;
  if (await roleEnforces2FA(project.knex, row.role)) {
    throw new ApiError('FORBIDDEN', 'Your role requires two-factor authentication');
  }
  if (proof.otp !== undefined && proof.otp !== null && proof.otp !== '') {
    const stores = authStoresFor(project.server);
    if (!(await verifyTotp(stores, `${project.key}:${user}`, row.tfa, proof.otp)))
      throw new ApiError('INVALID_OTP');
  } else if (typeof proof.password === 'string' && proof.password !== '') {
    if (!row.password || !(await verifyPassword(row.password, proof.password)))
      throw new ApiError('INVALID_CREDENTIALS', 'password: the password is not correct');
  } else {
    throw new ApiError('INVALID_REQUEST', 'otp: give a one-time code or the password');
  }
  const service = new ItemsService(project, confirmed(who), OWN_RECORD);
  await service.update([user], { '2fa_secret': null });
}

/** `GET /users/me/two_factor`: whether the caller has 2FA on, and whether their role requires it. */
export async function ownTwoFactorState(
  project: ProjectContext,
  who: Accountability,
): Promise<{ enabled: boolean; enforced: boolean }> {
  const row = await ownRow(project, who.user!);
  return { enabled: Boolean(row.tfa), enforced: await roleEnforces2FA(project.knex, row.role) };
}

/** One of the caller's sessions as `GET /users/me/sessions` shows it: never its token. */
export interface OwnSession {
  id: number;
  type: string | null;
  ip_address: string | null;
  user_agent: string | null;
  created_on: string | null;
  /**
   * When the session was last renewed (sign-in or token refresh): its expiry minus the session
   * length of `auto_sign_out`, never before it was created.
   */
  last_used_on: string | null;
  expires_on: string | null;
  current: boolean;
}

function toIso(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return value.toISOString().slice(0, 19).replace('T', ' ');
  return String(value).slice(0, 19).replace('T', ' ');
}

/** `GET /users/me/sessions`: the caller's open sessions, the most recently renewed first. */
export async function listOwnSessions(project: ProjectContext, who: Accountability): Promise<OwnSession[]> {
  const rows = await project
    .knex('directus_user_sessions')
    .where('user', who.user!)
    .where('token_expired_at', '>', dbDateTime())
    .orderBy('id', 'desc')
    .select('id', 'token_type', 'token', 'ip_address', 'user_agent', 'created_on', 'token_expired_at');
  const minutes = sessionMinutes((await readSettings(project.knex)).auto_sign_out);
  const current = presentedSessionHash(who);
  const sessions = rows.map((row): OwnSession => {
    const created = toIso(row.created_on);
    const expires = toIso(row.token_expired_at);
    let used: string | null = created;
    if (expires) {
      const renewed = new Date(Date.parse(`${expires.replace(' ', 'T')}Z`) - minutes * 60_000);
      const at = renewed.toISOString().slice(0, 19).replace('T', ' ');
      if (!created || at > created) used = at > dbDateTime() ? dbDateTime() : at;
    }
    return {
      id: Number(row.id),
      type: row.token_type ?? null,
      ip_address: row.ip_address ?? null,
      user_agent: row.user_agent ?? null,
      created_on: created,
      last_used_on: used,
      expires_on: expires,
      current: current !== undefined && row.token === current,
    };
  });
  return sessions.sort((a, b) => (b.last_used_on ?? '').localeCompare(a.last_used_on ?? ''));
}
