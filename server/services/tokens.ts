import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify, decodeProtectedHeader, errors as joseErrors, type JWTPayload } from 'jose';
import { ApiError, type ErrorName } from '../errors';
import type { ProjectContext } from '../context';

/** The JWT kinds this server issues, all signed with the project's `auth.secret_key`. */
export type TokenType = 'auth' | 'request_token' | 'reset_password' | 'invitation';

export interface TokenClaims extends JWTPayload {
  id: number;
  ttl: number;
  type: TokenType;
  key: string;
  project: string;
  /** Auth tokens: the session the token belongs to (see sessions.ts); signing out revokes it. */
  sid?: string;
  email?: string;
  needs2FA?: boolean;
}

/** Which error a failed verification raises, per token kind (codes 101/102, 104/105, 109/110). */
export const TOKEN_ERRORS: Record<TokenType, { invalid: ErrorName; expired: ErrorName }> = {
  auth: { invalid: 'INVALID_TOKEN', expired: 'EXPIRED_TOKEN' },
  request_token: { invalid: 'INVALID_REQUEST_TOKEN', expired: 'EXPIRED_REQUEST_TOKEN' },
  reset_password: { invalid: 'INVALID_RESET_PASSWORD_TOKEN', expired: 'EXPIRED_RESET_PASSWORD_TOKEN' },
  invitation: { invalid: 'INVALID_TOKEN', expired: 'EXPIRED_TOKEN' },
};

const ALGORITHM = 'HS256';

function signingKey(project: ProjectContext): Uint8Array {
  return new TextEncoder().encode(project.config.auth.secret_key);
}

/**
 * Signs a token of the given kind. Claims follow Directus 8 (`id`, `exp`, `ttl` in minutes,
 * `type`, `key` = the project's public key, `project`); `jti` makes every token unique.
 */
export async function signToken(
  project: ProjectContext,
  type: TokenType,
  claims: { id: number } & Record<string, unknown>,
  ttlMinutes: number,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    ...claims,
    ttl: ttlMinutes,
    type,
    key: project.config.auth.public_key,
    project: project.key,
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + Math.max(1, Math.round(ttlMinutes * 60)))
    .setJti(randomBytes(12).toString('base64url'))
    .sign(signingKey(project));
}

/**
 * Verifies signature (HS256 only), expiry, kind, public key and project. Raises the kind's
 * "invalid" or "expired" error. `ignoreExpiry` is for sign-out, which may use an expired token.
 */
export async function verifyToken(
  project: ProjectContext,
  token: string,
  type: TokenType,
  options: { ignoreExpiry?: boolean } = {},
): Promise<TokenClaims> {
  const names = TOKEN_ERRORS[type];
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, signingKey(project), {
      algorithms: [ALGORITHM],
      ...(options.ignoreExpiry ? { clockTolerance: 10 * 365 * 24 * 3600 } : {}),
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new ApiError(names.expired);
    throw new ApiError(names.invalid);
  }
  const claims = payload as TokenClaims;
  if (
    claims.type !== type ||
    claims.key !== project.config.auth.public_key ||
    claims.project !== project.key ||
    typeof claims.id !== 'number'
  ) {
    throw new ApiError(names.invalid);
  }
  return claims;
}

/** True for strings shaped like a JWT (three dot-separated parts with a JWT/JOSE header). */
export function looksLikeJwt(token: string): boolean {
  if (token.split('.').length !== 3) return false;
  try {
    const header = decodeProtectedHeader(token);
    return typeof header.alg === 'string';
  } catch {
    return false;
  }
}

/*
 * Static tokens (`directus_users.token`, set by administrators) are stored as `$sha256$<hex>`, so a
 * copy of the database does not hand out working credentials. A Directus 8 database stores them as
 * they are: those still work (see `staticTokenMatches`) until an administrator sets a new one.
 */
const STATIC_PREFIX = '$sha256$';

/** The stored form of a static token. */
export function hashStaticToken(token: string): string {
  return STATIC_PREFIX + createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The stored values a presented static token may match: its hash, or itself as v8 stored it. */
export function staticTokenCandidates(token: string): string[] {
  // A value shaped like a stored hash is never taken as a plain token: the hash itself is no key.
  return token.startsWith(STATIC_PREFIX) ? [hashStaticToken(token)] : [hashStaticToken(token), token];
}

/** Whether a presented token matches the stored value (hashed or v8's plain), in constant time. */
export function staticTokenMatches(stored: unknown, token: string): boolean {
  if (typeof stored !== 'string' || stored === '' || token === '') return false;
  const hashed = stored.startsWith(STATIC_PREFIX);
  if (!hashed && token.startsWith(STATIC_PREFIX)) return false;
  const expected = createHash('sha256').update(stored, 'utf8').digest();
  const actual = createHash('sha256')
    .update(hashed ? hashStaticToken(token) : token, 'utf8')
    .digest();
  return timingSafeEqual(expected, actual);
}
