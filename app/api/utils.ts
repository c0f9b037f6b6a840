import type { ApiClient } from './client';

/** A fresh base32 two-factor secret from the server; nothing is stored (api-v8 §2.19). */
export async function newTwoFactorSecret(api: ApiClient): Promise<string> {
  const answer = await api.get<{ '2fa_secret': string }>('utils/2fa_secret');
  return answer.data['2fa_secret'];
}
