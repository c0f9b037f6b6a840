import { randomInt } from 'node:crypto';
import { generateSecret } from 'otplib';
import { ApiError } from '../errors';
import {
  costExcess,
  hashCost,
  hashWith,
  isHasher,
  matchWith,
  MAX_HASH_LENGTH,
  type HashLimits,
  type Hasher,
} from './passwords';

export { HASHERS, type Hasher } from './passwords';

function hasherOf(name: unknown): Hasher {
  if (name !== undefined && name !== null && typeof name !== 'string') {
    throw new ApiError('HASHER_NOT_FOUND', 'hasher: expected the name of a hasher');
  }
  const hasher = name === undefined || name === null || name === '' ? 'core' : name;
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

function bcryptCost(options: unknown, limits: HashLimits): number {
  const cost = Number((options as { cost?: unknown } | undefined)?.cost ?? 10);
  if (!Number.isInteger(cost) || cost < 4) {
    throw new ApiError('INVALID_REQUEST', 'options.cost must be a whole number of at least 4');
  }
  if (cost > limits.bcryptCost) {
    throw new ApiError(
      'HASH_COST_TOO_HIGH',
      `options.cost: bcrypt cost=${cost} exceeds ${limits.bcryptCost}`,
    );
  }
  return cost;
}

/** `POST /utils/hash`: `options.cost` (bcrypt) up to the server's maximum. */
export async function hashString(body: Record<string, unknown>, limits: HashLimits): Promise<string> {
  const hasher = hasherOf(body.hasher);
  const text = requiredString(body.string, 'string');
  return hashWith(hasher, text, hasher === 'bcrypt' ? bcryptCost(body.options, limits) : undefined);
}

/**
 * `POST /utils/hash/match`. The hash is the caller's, and argon2 and bcrypt hashes carry their own
 * cost: one above the server's limits is refused (422 HASH_COST_TOO_HIGH) before any work, and an
 * argon2 or bcrypt string whose parameters cannot be read never reaches the verifier (not valid).
 */
export async function matchHash(body: Record<string, unknown>, limits: HashLimits): Promise<boolean> {
  const hasher = hasherOf(body.hasher);
  const text = requiredString(body.string, 'string');
  const hash = requiredString(body.hash, 'hash');
  if (hasher === 'core' || hasher === 'bcrypt') {
    if (hash.length > MAX_HASH_LENGTH) {
      throw new ApiError('INVALID_REQUEST', `hash: longer than ${MAX_HASH_LENGTH} characters`);
    }
    const cost = hashCost(hash);
    if (!cost) return false;
    if (hasher === 'bcrypt' && cost.kind !== 'bcrypt') return false;
    const over = costExcess(cost, limits);
    if (over.length) throw new ApiError('HASH_COST_TOO_HIGH', `hash: ${over.join(', ')}`);
  }
  return matchWith(hasher, text, hash);
}

const RANDOM_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ!@#$%^&*()_+}{;?>.<,';
export const MAX_RANDOM_LENGTH = 4096;

/** `POST /utils/random/string`: `length` characters (default 32) from v8's alphabet. */
export function randomString(length: unknown): string {
  // Text or a number only: `Number()` of an array or object runs its (caller-given) `toString`.
  const scalar = typeof length === 'string' || typeof length === 'number';
  const n = length === undefined || length === null || length === '' ? 32 : scalar ? Number(length) : NaN;
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
