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
