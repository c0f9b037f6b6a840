import argon2 from 'argon2';
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
