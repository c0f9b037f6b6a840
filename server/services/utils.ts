import { randomInt } from 'node:crypto';
import { generateSecret } from 'otplib';
import { ApiError } from '../errors';
import { hashWith, isHasher, matchWith, type Hasher } from './passwords';

export { HASHERS, type Hasher } from './passwords';

function hasherOf(name: unknown): Hasher {
  const hasher = name === undefined || name === null || name === '' ? 'core' : String(name);
  if (!isHasher(hasher)) {
    throw new ApiError('HASHER_NOT_FOUND', `Hasher "${hasher}" not found`);
  }
  return hasher;
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
  return hashWith(hasher, text, hasher === 'bcrypt' ? bcryptCost(body.options) : undefined);
}

/** `POST /utils/hash/match`. */
export async function matchHash(body: Record<string, unknown>): Promise<boolean> {
  const hasher = hasherOf(body.hasher);
  const text = requiredString(body.string, 'string');
  const hash = requiredString(body.hash, 'hash');
  return matchWith(hasher, text, hash);
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
