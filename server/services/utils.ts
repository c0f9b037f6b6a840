import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { generateSecret } from 'otplib';
import { ApiError } from '../errors';
import { hashPassword, verifyPassword } from './passwords';

/** `core` is argon2id for new hashes and verifies argon2 and v8's bcrypt; the digests are hex. */
export const HASHERS = ['core', 'bcrypt', 'md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512'] as const;
export type Hasher = (typeof HASHERS)[number];

function hasherOf(name: unknown): Hasher {
  const hasher = name === undefined || name === null || name === '' ? 'core' : String(name);
  if (!(HASHERS as readonly string[]).includes(hasher)) {
    throw new ApiError('HASHER_NOT_FOUND', `Hasher "${hasher}" not found`);
  }
  return hasher as Hasher;
}

function requiredString(value: unknown, name: string): string {
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw new ApiError('INVALID_REQUEST', `${name}: This value should not be blank.`);
  }
  const text = String(value);
  if (!text) throw new ApiError('INVALID_REQUEST', `${name}: This value should not be blank.`);
  return text;
}

function bcryptCost(options: unknown): number {
  const cost = Number((options as { cost?: unknown } | undefined)?.cost ?? 10);
  if (!Number.isInteger(cost) || cost < 4 || cost > 15) {
    throw new ApiError('INVALID_REQUEST', 'options.cost must be a whole number from 4 to 15');
  }
  return cost;
}

/** `POST /utils/hash`. */
export async function hashString(body: Record<string, unknown>): Promise<string> {
  const hasher = hasherOf(body.hasher);
  const text = requiredString(body.string, 'string');
  if (hasher === 'core') return hashPassword(text);
  if (hasher === 'bcrypt') {
    // v8 databases hold `$2y$` hashes; keep that prefix so they read alike.
    return (await bcrypt.hash(text, bcryptCost(body.options))).replace(/^\$2[ab]\$/, '$2y$');
  }
  return createHash(hasher).update(text).digest('hex');
}

/** `POST /utils/hash/match`. */
export async function matchHash(body: Record<string, unknown>): Promise<boolean> {
  const hasher = hasherOf(body.hasher);
  const text = requiredString(body.string, 'string');
  const hash = requiredString(body.hash, 'hash');
  if (hasher === 'core') return verifyPassword(hash, text);
  if (hasher === 'bcrypt') {
    if (!/^\$2[aby]\$/.test(hash)) return false;
    return bcrypt.compare(text, hash.replace(/^\$2y\$/, '$2b$')).catch(() => false);
  }
  const expected = Buffer.from(createHash(hasher).update(text).digest('hex'));
  const given = Buffer.from(hash.toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const RANDOM_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ!@#$%^&*()_+}{;?>.<,';
export const MAX_RANDOM_LENGTH = 4096;

/** `POST /utils/random/string`: `length` characters (default 32) from v8's alphabet. */
export function randomString(length: unknown): string {
  const n = length === undefined || length === null || length === '' ? 32 : Number(length);
  if (!Number.isInteger(n) || n < 1 || n > MAX_RANDOM_LENGTH) {
    throw new ApiError('INVALID_REQUEST', `length: must be a whole number from 1 to ${MAX_RANDOM_LENGTH}`);
  }
  let out = '';
  for (let i = 0; i < n; i++) out += RANDOM_ALPHABET[randomInt(RANDOM_ALPHABET.length)];
  return out;
}

/** `GET /utils/2fa_secret`: a fresh base32 TOTP secret (not stored anywhere). */
export function twoFactorSecret(): string {
  return generateSecret();
}
