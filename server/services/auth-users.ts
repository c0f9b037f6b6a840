import type { Knex } from 'knex';
import { ApiError } from '../errors';
import type { ProjectContext } from '../context';
import { dbDateTime } from './sessions';

/** Columns of `directus_users` that never leave the server. */
export const SECRET_USER_COLUMNS = ['password', '2fa_secret', 'token', 'password_reset_token'] as const;

/** Columns v8 also leaves out of the sign-in answer's `user`. */
const LOGIN_HIDDEN = ['email_notifications', 'last_access_on', 'last_page'];

export type UserRow = Record<string, unknown> & {
  id: number;
  status: string;
  role: number | null;
  email: string;
  password?: string | null;
  '2fa_secret'?: string | null;
};

/** A copy of the user row without secrets (and, for the sign-in answer, without v8's hidden columns). */
export function safeUser(row: Record<string, unknown>, forLogin = false): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if ((SECRET_USER_COLUMNS as readonly string[]).includes(key)) continue;
    if (forLogin && LOGIN_HIDDEN.includes(key)) continue;
    copy[key] = value;
  }
  return copy;
}

/** The database's idea of a boolean (0/1, '0'/'1', true/false, 't'/'f'). */
export function truthy(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 't' || value === 'true';
}

/** Raises 103 for anyone not `active`: 404 when suspended, 401 otherwise (v8 statuses). */
export function assertActive(status: unknown): void {
  if (status === 'active') return;
  if (status === 'suspended') throw new ApiError('USER_SUSPENDED');
  throw new ApiError('USER_INACTIVE');
}

/** An email as stored and compared: trimmed and lower-cased (emails are unique case-insensitively). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Finds a user by email, case-insensitively on every vendor. Stored emails are normalised on
 * write; should an older database still hold two spellings of one address (the email migration
 * reports them), the exact spelling wins, then the oldest account.
 */
export async function findUserByEmail(knex: Knex, email: string): Promise<UserRow | undefined> {
  const normal = normaliseEmail(email);
  return knex('directus_users')
    .whereRaw('lower(??) = ?', ['email', normal])
    .orderByRaw('case when ?? = ? then 0 else 1 end', ['email', normal])
    .orderBy('id')
    .first();
}

/** Another user holding this email in any spelling (`except`: the user being changed). */
export async function emailTaken(knex: Knex, email: string, except?: unknown): Promise<boolean> {
  const query = knex('directus_users').whereRaw('lower(??) = ?', ['email', normaliseEmail(email)]);
  if (except !== undefined && except !== null) query.whereNot('id', except as number);
  return (await query.first('id')) !== undefined;
}

/** Whether the user's role demands 2FA. */
export async function roleEnforces2FA(knex: Knex, role: number | null | undefined): Promise<boolean> {
  if (role == null) return false;
  const row = await knex('directus_roles').where('id', role).first('enforce_2fa');
  return truthy(row?.enforce_2fa);
}

/** Writes an `authenticate` / `invalid-credentials` activity row for a sign-in attempt (§5.4). */
export async function recordLoginActivity(
  project: ProjectContext,
  action: 'authenticate' | 'invalid-credentials',
  user: number,
  ip: string,
  userAgent?: string,
): Promise<void> {
  await project.knex('directus_activity').insert({
    action,
    action_by: user,
    action_on: dbDateTime(),
    ip: ip.slice(0, 50),
    user_agent: (userAgent ?? '').slice(0, 255),
    collection: 'directus_users',
    item: String(user),
  });
}
