import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { generate, generateSecret } from 'otplib';
import type { ProjectContext } from '../context';
import { looksLikeJwt, signToken, verifyToken } from './tokens';
import { decryptCookieValue, encryptCookieValue, sessionMinutes } from './sessions';
import { isValidSecret, verifyTotp } from './tfa';
import { createAuthStores } from './rate-limit';
import { loadConfig } from '../config';

const project = {
  key: 'p1',
  config: { key: 'p1', auth: { secret_key: 'x'.repeat(40), public_key: 'pub-1' } },
} as unknown as ProjectContext;
const other = {
  key: 'p2',
  config: { key: 'p2', auth: { secret_key: 'y'.repeat(40), public_key: 'pub-2' } },
} as unknown as ProjectContext;

async function code(error: Promise<unknown>): Promise<number | undefined> {
  try {
    await error;
  } catch (e) {
    return (e as { code?: number }).code;
  }
  return undefined;
}

describe('tokens', () => {
  it('signs HS256 JWTs with the v8 claims and verifies them', async () => {
    const token = await signToken(project, 'auth', { id: 7, sid: 's' }, 20);
    expect(looksLikeJwt(token)).toBe(true);
    const header = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString());
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = await verifyToken(project, token, 'auth');
    expect(claims).toMatchObject({ id: 7, ttl: 20, type: 'auth', key: 'pub-1', project: 'p1', sid: 's' });
    expect(claims.exp! - Math.floor(Date.now() / 1000)).toBeGreaterThan(20 * 60 - 5);
  });

  it('refuses other kinds, other projects, tampering, alg none and expired tokens', async () => {
    const reset = await signToken(project, 'reset_password', { id: 1 }, 5);
    expect(await code(verifyToken(project, reset, 'auth'))).toBe(101);
    expect(await code(verifyToken(project, reset, 'reset_password'))).toBeUndefined();
    const foreign = await signToken(other, 'auth', { id: 1 }, 5);
    expect(await code(verifyToken(project, foreign, 'auth'))).toBe(101);
    const good = await signToken(project, 'auth', { id: 1 }, 5);
    const [h, p, s] = good.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), id: 2 }),
    );
    expect(await code(verifyToken(project, `${h}.${forged.toString('base64url')}.${s}`, 'auth'))).toBe(101);
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
    expect(await code(verifyToken(project, none, 'auth'))).toBe(101);
    const expired = await new SignJWT({ id: 1, type: 'auth', key: 'pub-1', project: 'p1', ttl: 1 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode('x'.repeat(40)));
    expect(await code(verifyToken(project, expired, 'auth'))).toBe(102);
    expect(await code(verifyToken(project, expired, 'request_token'))).toBe(110);
    expect(await code(verifyToken(project, expired, 'auth', { ignoreExpiry: true }))).toBeUndefined();
    expect(looksLikeJwt('static-token-value')).toBe(false);
  });
});

describe('session cookie crypto', () => {
  it('round-trips, uses a fresh IV each time and rejects tampering or another key', () => {
    const secret = 's'.repeat(40);
    const a = encryptCookieValue(secret, 'session-id-1');
    const b = encryptCookieValue(secret, 'session-id-1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('session-id-1');
    expect(decryptCookieValue(secret, a)).toBe('session-id-1');
    const raw = Buffer.from(a, 'base64url');
    raw[14] ^= 1;
    expect(decryptCookieValue(secret, raw.toString('base64url'))).toBeUndefined();
    expect(decryptCookieValue('t'.repeat(40), a)).toBeUndefined();
    expect(decryptCookieValue(secret, 'garbage')).toBeUndefined();
  });

  it('reads auto_sign_out minutes, with ten years for empty or zero', () => {
    expect(sessionMinutes('10080')).toBe(10080);
    expect(sessionMinutes('')).toBe(10 * 365 * 24 * 60);
    expect(sessionMinutes('0')).toBe(10 * 365 * 24 * 60);
  });
});

describe('TOTP', () => {
  const stores = createAuthStores(loadConfig({}, { dataDir: '/tmp', loginRateLimit: 5 }));

  it('accepts codes within ±2 steps once, and refuses wrong, far or replayed codes', async () => {
    const secret = generateSecret();
    expect(isValidSecret(secret)).toBe(true);
    const now = Math.floor(Date.now() / 1000);
    const current = await generate({ secret, epoch: now });
    expect(await verifyTotp(stores, 'u1', secret, current)).toBe(true);
    expect(await verifyTotp(stores, 'u1', secret, current)).toBe(false);
    expect(await verifyTotp(stores, 'u2', secret, current)).toBe(true);
    expect(await verifyTotp(stores, 'u1', secret, await generate({ secret, epoch: now + 60 }))).toBe(true);
    expect(await verifyTotp(stores, 'u1', secret, await generate({ secret, epoch: now - 300 }))).toBe(false);
    expect(await verifyTotp(stores, 'u1', secret, '12345')).toBe(false);
    expect(await verifyTotp(stores, 'u1', 'not base32!', current)).toBe(false);
  });

  it('limits per key', async () => {
    const results = [];
    for (let i = 0; i < 6; i++) results.push((await stores.consume('k')).allowed);
    expect(results).toEqual([true, true, true, true, true, false]);
    expect((await stores.consume('other')).allowed).toBe(true);
  });
});
