import type { ApiClient } from './client';

/** A single sign-on provider the project offers (api-v8 §2.2). */
export interface SsoProvider {
  name: string;
  icon: string | null;
}

export async function ssoProviders(api: ApiClient): Promise<SsoProvider[]> {
  const answer = await api.get<SsoProvider[]>('auth/sso');
  return Array.isArray(answer.data) ? answer.data : [];
}

/** Asks for a reset link by email. */
export async function requestPasswordReset(api: ApiClient, email: string): Promise<void> {
  await api.post('auth/password/request', { email });
}

/** Sets a new password with the token of a reset link. */
export async function resetPassword(api: ApiClient, token: string, password: string): Promise<void> {
  await api.post('auth/password/reset', { token, password });
}
