import { verify } from 'otplib';
import type { AuthStores } from './rate-limit';

/** Accepted clock drift: ±2 time steps of 30 s, as Directus 8 (Google2FA window). */
export const TOTP_PERIOD = 30;
export const TOTP_WINDOW = 2;

const BASE32 = /^[A-Z2-7]+=*$/;

/** A TOTP secret as the app sends it: base32, at least 16 characters (80 bits). */
export function isValidSecret(secret: unknown): secret is string {
  return typeof secret === 'string' && secret.length >= 16 && secret.length <= 100 && BASE32.test(secret);
}

/**
 * Checks a 6-digit TOTP code against the secret within the window. A code that was accepted once
 * for this user (and time step) is refused afterwards, so an observed code cannot be replayed.
 */
export async function verifyTotp(
  stores: AuthStores,
  replayKey: string,
  secret: string,
  otp: unknown,
): Promise<boolean> {
  const token = typeof otp === 'number' ? String(otp).padStart(6, '0') : otp;
  if (typeof token !== 'string' || !/^\d{6}$/.test(token) || !isValidSecret(secret)) return false;
  let timeStep: number;
  try {
    const answer = await verify({
      secret,
      token,
      period: TOTP_PERIOD,
      epochTolerance: TOTP_WINDOW * TOTP_PERIOD,
    });
    if (!answer.valid || !('timeStep' in answer)) return false;
    timeStep = answer.timeStep;
  } catch {
    return false;
  }
  // Keep the marker until the step has left the window on every side.
  return stores.claimOnce(`otp:${replayKey}:${timeStep}`, (2 * TOTP_WINDOW + 2) * TOTP_PERIOD);
}
