import type { ApiClient } from './client';

/** Remembers the page a user is on, so the next sign-in returns there (api-v8 §2.25). */
export async function trackPage(api: ApiClient, userId: number, path: string): Promise<void> {
  await api.patch(`users/${userId}/tracking/page`, { last_page: path });
}

/** The signed-in user's last tracked page, if any. */
export async function lastPage(api: ApiClient): Promise<string | null> {
  const answer = await api.get<{ last_page?: string | null }>('users/me', { fields: ['last_page'] });
  return answer.data?.last_page ?? null;
}

/** Two-factor set-up: the user's email and a new secret to show as a QR code. */
export async function twoFactorSetup(api: ApiClient): Promise<{ email: string; secret: string }> {
  const [me, secret] = await Promise.all([
    api.get<{ email: string }>('users/me', { fields: ['email'] }),
    api.get<{ '2fa_secret': string }>('utils/2fa_secret'),
  ]);
  return { email: me.data.email, secret: secret.data['2fa_secret'] };
}

/** Turns two-factor sign-in on once the user proves the secret with a code. */
export async function activateTwoFactor(api: ApiClient, secret: string, otp: string): Promise<void> {
  await api.post('users/me/activate_2fa', { '2fa_secret': secret, otp });
}

/** A person as the app shows them: name, picture, title and company (spec §7 getUser). */
export interface UserRecord {
  id?: number;
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  title?: string | null;
  company?: string | null;
  avatar?: unknown;
}

/**
 * The fields of a user that a name, an avatar and the user hover card need. The avatar's `data` block
 * carries its thumbnails; its private hash is the way to the asset when the block is not computed.
 */
export const USER_CARD_FIELDS = [
  'id',
  'first_name',
  'last_name',
  'email',
  'title',
  'company',
  'avatar.private_hash',
  'avatar.type',
  'avatar.data',
];

/** One user for the hover card; what the caller may not read is simply absent. */
export async function loadUser(api: ApiClient, id: number | string): Promise<UserRecord> {
  const answer = await api.get<UserRecord>(`users/${encodeURIComponent(String(id))}`, {
    fields: USER_CARD_FIELDS.join(','),
  });
  return answer.data ?? {};
}

// --- the user directory: what an administrator does with other users --------------------------------

/**
 * Invites people by email (`POST /users/invite`); `role` is the role they get (an Octavo addition to
 * the v8 endpoint). Answers the users of the emails, the new ones with status `invited`.
 */
export async function inviteUsers(
  api: ApiClient,
  emails: string[],
  role: number | null,
): Promise<Array<Record<string, unknown>>> {
  const answer = await api.post<Array<Record<string, unknown>>>('users/invite', {
    email: emails,
    ...(role !== null ? { role } : {}),
  });
  return answer.data ?? [];
}

/** Accepts an invitation with the new user's password (`POST /users/invite/{token}`); answers their email. */
export async function acceptInvitation(
  api: ApiClient,
  token: string,
  password: string,
): Promise<string | null> {
  const answer = await api.post<{ email?: string | null }>(`users/invite/${encodeURIComponent(token)}`, {
    password,
  });
  return answer.data?.email ?? null;
}

/** Changes another user's record (status, role, password, 2FA secret); answers nothing the caller needs. */
export async function updateUser(api: ApiClient, id: number, patch: Record<string, unknown>): Promise<void> {
  await api.patch(`users/${id}`, patch, { fields: 'id' });
}

/** Ends every session of a user (`POST /auth/logout/{user}`). */
export async function signOutEverywhere(api: ApiClient, id: number): Promise<void> {
  await api.post(`auth/logout/${id}`);
}
