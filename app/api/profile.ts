import type { ApiClient } from './client';

/** The fields of "My profile" (spec §4 `GET /users/me`), in the order the form shows them. */
export const PROFILE_FIELDS = [
  'avatar',
  'first_name',
  'last_name',
  'email',
  'title',
  'company',
  'timezone',
  'locale',
  'theme',
  'email_notifications',
] as const;

export type ProfileValues = Record<string, unknown>;

/** The signed-in user's profile fields, with the avatar's file row (for its preview). */
export async function loadProfile(api: ApiClient): Promise<ProfileValues> {
  const answer = await api.get<ProfileValues>('users/me', { fields: READ_FIELDS });
  return answer.data;
}

const READ_FIELDS = [...PROFILE_FIELDS.filter((f) => f !== 'avatar'), 'id', 'avatar.*'].join(',');

/** Whether the user has two-factor sign-in on and whether their role requires it (Octavo). */
export async function ownTwoFactor(api: ApiClient): Promise<{ enabled: boolean; enforced: boolean }> {
  const answer = await api.get<{ enabled: boolean; enforced: boolean }>('users/me/two_factor');
  return answer.data;
}

/** Saves changed profile fields (PATCH /users/me) and answers the saved record. */
export async function saveProfile(api: ApiClient, changes: ProfileValues): Promise<ProfileValues> {
  const answer = await api.patch<ProfileValues>('users/me', changes, { fields: READ_FIELDS });
  return answer.data;
}

/** A new password, proven with the current one (Octavo: POST /users/me/password). */
export async function changeOwnPassword(api: ApiClient, current: string, password: string): Promise<void> {
  await api.post('users/me/password', { current_password: current, password });
}

/** Turns two-factor sign-in off, proven with a code or the password (Octavo: POST /users/me/deactivate_2fa). */
export async function deactivateOwnTwoFactor(
  api: ApiClient,
  proof: { otp: string } | { password: string },
): Promise<void> {
  await api.post('users/me/deactivate_2fa', proof);
}

/** One of the user's own open sessions (Octavo: GET /users/me/sessions); never its token. */
export interface OwnSession {
  id: number;
  type: string | null;
  ip_address: string | null;
  user_agent: string | null;
  created_on: string | null;
  last_used_on: string | null;
  expires_on: string | null;
  current: boolean;
}

export async function listOwnSessions(api: ApiClient): Promise<OwnSession[]> {
  const answer = await api.get<OwnSession[]>('users/me/sessions');
  return Array.isArray(answer.data) ? answer.data : [];
}

/** Ends one session of the user (POST /auth/logout/{user}/{id}). */
export async function endOwnSession(api: ApiClient, user: number, session: number): Promise<void> {
  await api.post(`auth/logout/${user}/${session}`);
}

/** Ends every session of the user, this one included ("sign out everywhere", POST /auth/logout/{user}). */
export async function endAllOwnSessions(api: ApiClient, user: number): Promise<void> {
  await api.post(`auth/logout/${user}`);
}
