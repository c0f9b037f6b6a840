import type { ProjectContext } from '../context';
import { ApiError } from '../errors';
import { authStoresFor } from './rate-limit';
import { dbDateTime } from './sessions';
import { verifyTotp } from './tfa';

/**
 * Remembers the app page a user is on (`PATCH /users/{id}/tracking/page`). Presence, not
 * content: no activity, no revision, no item event.
 */
export async function trackPage(project: ProjectContext, user: number, page: string): Promise<void> {
  await project
    .knex('directus_users')
    .where('id', user)
    .update({ last_page: page, last_access_on: dbDateTime() });
}

/** Turns on two-factor sign-in once the code shows the user's authenticator holds the secret (else 112). */
export async function activateTwoFactor(
  project: ProjectContext,
  user: number,
  secret: string,
  otp: unknown,
): Promise<void> {
  const stores = authStoresFor(project.server);
  if (!(await verifyTotp(stores, `${project.key}:${user}`, secret, otp))) throw new ApiError('INVALID_OTP');
  await project.knex('directus_users').where('id', user).update({ '2fa_secret': secret });
}

/** The edit-conflict warning's window: someone seen on a page this recently is still there (spec §9). */
export const PRESENCE_WINDOW_MINUTES = 5;

/** Someone else on a page: a name only, nothing private. */
export interface PresentUser {
  id: number;
  first_name: string | null;
  last_name: string | null;
}

/**
 * The active users other than `except` whose last tracked page is `page`, seen there within the
 * last five minutes, most recent first (spec §7, the edit-conflict warning).
 */
export async function usersOnPage(
  project: ProjectContext,
  page: string,
  except: number,
): Promise<PresentUser[]> {
  const rows = await project
    .knex('directus_users')
    .select('id', 'first_name', 'last_name')
    .where('last_page', page)
    .where('status', 'active')
    .whereNot('id', except)
    .where('last_access_on', '>=', dbDateTime(-PRESENCE_WINDOW_MINUTES))
    .orderBy('last_access_on', 'desc')
    .limit(50);
  return rows.map((row) => ({
    id: Number(row.id),
    first_name: row.first_name ?? null,
    last_name: row.last_name ?? null,
  }));
}

/** A user's name for an item event ("Jane Doe saved this item"); null for an unknown user. */
export async function userName(
  project: ProjectContext,
  id: number | null,
): Promise<{ id: number; first_name: string | null; last_name: string | null } | null> {
  if (id == null) return null;
  const row = await project.knex('directus_users').select('first_name', 'last_name').where('id', id).first();
  return row ? { id, first_name: row.first_name ?? null, last_name: row.last_name ?? null } : null;
}
