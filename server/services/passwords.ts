import argon2 from 'argon2';
import { createHash, timingSafeEqual } from 'node:crypto';
import bcrypt from 'bcryptjs';

/** The argon2id parameters of the server's own hashes (the argon2 library's defaults, stated). */
export const OWN_ARGON2 = { memoryCost: 65536, timeCost: 3, parallelism: 4 } as const;
/** The bcrypt cost of the server's own bcrypt hashes (`/utils/hash` and hash fields), as v8. */
export const OWN_BCRYPT_COST = 10;

/** New hashes are argon2id. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...OWN_ARGON2 });
}

/** The most a caller-supplied hash may make the server spend (ServerConfig.hashLimits). */
export interface HashLimits {
  /** argon2 `m`, in KiB. */
  argon2Memory: number;
  /** argon2 `t` (passes). */
  argon2Time: number;
  /** argon2 `p` (lanes). */
  argon2Parallelism: number;
  /** bcrypt cost (log2 of the rounds). */
  bcryptCost: number;
}

/** Longest hash string verified: longer ones would only ask for longer (costlier) outputs. */
export const MAX_HASH_LENGTH = 512;

export type HashCost =
  { kind: 'argon2'; memory: number; time: number; parallelism: number } | { kind: 'bcrypt'; cost: number };

/**
 * What verifying `hash` would cost, read from its own parameters (`$argon2id$v=19$m=…,t=…,p=…$`,
 * `$2y$NN$`); undefined for anything else, including argon2 or bcrypt strings whose parameters
 * cannot be read (those are never handed to the verifier).
 */
export function hashCost(hash: string): HashCost | undefined {
  const argon = /^\$argon2(?:id|i|d)\$(?:v=\d+\$)?([^$]*)\$/.exec(hash);
  if (argon) {
    const params = new Map<string, number>();
    for (const part of argon[1].split(',')) {
      const pair = /^([a-z]+)=(\d{1,10})$/.exec(part);
      if (!pair || params.has(pair[1])) return undefined;
      params.set(pair[1], Number(pair[2]));
    }
    const [memory, time, parallelism] = ['m', 't', 'p'].map((key) => params.get(key));
    if (memory === undefined || time === undefined || parallelism === undefined) return undefined;
    return { kind: 'argon2', memory, time, parallelism };
  }
  const bcryptMatch = /^\$2[aby]\$(\d\d)\$/.exec(hash);
  if (bcryptMatch) return { kind: 'bcrypt', cost: Number(bcryptMatch[1]) };
  return undefined;
}

/** The parameters of `cost` above the limits, as `name value > max` phrases (empty: within them). */
export function costExcess(cost: HashCost, limits: HashLimits): string[] {
  const over: string[] = [];
  const check = (name: string, value: number, max: number) => {
    if (value > max) over.push(`${name}=${value} exceeds ${max}`);
  };
  if (cost.kind === 'argon2') {
    check('argon2 m', cost.memory, limits.argon2Memory);
    check('argon2 t', cost.time, limits.argon2Time);
    check('argon2 p', cost.parallelism, limits.argon2Parallelism);
  } else {
    check('bcrypt cost', cost.cost, limits.bcryptCost);
  }
  return over;
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

/** Hashes `text` with one of the hashers; `bcryptCost` OWN_BCRYPT_COST unless given. */
export async function hashWith(hasher: Hasher, text: string, bcryptCost = OWN_BCRYPT_COST): Promise<string> {
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
