import argon2 from 'argon2';
import { createHash, timingSafeEqual } from 'node:crypto';
import bcrypt from 'bcryptjs';

/** New hashes are argon2id. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

/** Verifies argon2 hashes and the bcrypt hashes (`$2y$`, `$2a$`, `$2b$`) of Directus 8 databases. */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) return false;
  try {
    if (hash.startsWith('$argon2')) return await argon2.verify(hash, password);
    if (/^\$2[aby]\$/.test(hash)) return await bcrypt.compare(password, hash.replace(/^\$2y\$/, '$2b$'));
  } catch {
    return false;
  }
  return false;
}

/** True for hashes that should be replaced by an argon2id hash after a successful sign-in. */
export function needsRehash(hash: string): boolean {
  return !hash.startsWith('$argon2id$');
}

let dummyHash: Promise<string> | undefined;
/**
 * Spends the time of a real verification, so that an unknown email answers as slowly as a wrong
 * password and timing does not reveal which emails exist.
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('octavo-timing-equaliser');
  await argon2.verify(await dummyHash, password).catch(() => false);
}

/**
 * The hashers of `/utils/hash` and of the `hashingType` option of hash fields (api-v8 §utils,
 * schema-v8 §4.2): `core` is argon2id for new hashes and verifies argon2 and v8's bcrypt; bcrypt
 * keeps v8's `$2y$` prefix; the digests are lowercase hex (for existing data only).
 */
export const HASHERS = ['core', 'bcrypt', 'md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512'] as const;
export type Hasher = (typeof HASHERS)[number];

export function isHasher(name: unknown): name is Hasher {
  return typeof name === 'string' && (HASHERS as readonly string[]).includes(name);
}

/** Hashes `text` with one of the hashers; `bcryptCost` 10 unless given. */
export async function hashWith(hasher: Hasher, text: string, bcryptCost = 10): Promise<string> {
  if (hasher === 'core') return hashPassword(text);
  if (hasher === 'bcrypt') return (await bcrypt.hash(text, bcryptCost)).replace(/^\$2[ab]\$/, '$2y$');
  return createHash(hasher).update(text).digest('hex');
}

/** Whether `text` matches `hash` made by the hasher. */
export async function matchWith(hasher: Hasher, text: string, hash: string): Promise<boolean> {
  if (hasher === 'core') return verifyPassword(hash, text);
  if (hasher === 'bcrypt') {
    if (!/^\$2[aby]\$/.test(hash)) return false;
    return bcrypt.compare(text, hash.replace(/^\$2y\$/, '$2b$')).catch(() => false);
  }
  const expected = Buffer.from(createHash(hasher).update(text).digest('hex'));
  const given = Buffer.from(hash.toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
