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

/** Finds a user by email, case-insensitively on every vendor. */
export async function findUserByEmail(knex: Knex, email: string): Promise<UserRow | undefined> {
  return knex('directus_users')
    .whereRaw('lower(??) = ?', ['email', email.toLowerCase()])
    .orderBy('id')
    .first();
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
