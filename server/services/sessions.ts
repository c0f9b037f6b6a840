import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Accountability, ProjectContext } from '../context';

/**
 * Sessions live in `directus_user_sessions`, one row per sign-in (cookie or JWT mode).
 *
 * - The row's `token` holds the SHA-256 (hex) of a random session id, never the id itself, so a
 *   read of the table does not hand out live sessions.
 * - Cookie mode: the cookie carries the session id encrypted with AES-256-GCM under a key derived
 *   (HKDF-SHA256) from the project's `auth.secret_key`: base64url(iv[12] | ciphertext | tag[16]).
 *   Directus 8 used unauthenticated AES-128-CTR; GCM also detects tampering.
 * - JWT mode: the auth JWT carries the session id in its `sid` claim; signing out deletes the row
 *   and so revokes every JWT of that session.
 */

export type SessionType = 'cookie' | 'jwt';

export function sessionCookieName(projectKey: string): string {
  return `directus-${projectKey}-session`;
}

/** 'YYYY-MM-DD HH:mm:ss' in UTC, `minutes` from now: the datetime format of the system tables. */
export function dbDateTime(minutesFromNow = 0): string {
  return new Date(Date.now() + minutesFromNow * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Minutes a session lasts: setting `auto_sign_out`; empty or ≤ 0 means ten years. */
export function sessionMinutes(autoSignOut: string | null | undefined): number {
  const value = Number(autoSignOut);
  return autoSignOut && Number.isFinite(value) && value > 0 ? value : 10 * 365 * 24 * 60;
}

export function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

const cookieKeys = new Map<string, Buffer>();
function cookieKey(secret: string): Buffer {
  let key = cookieKeys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'octavo', 'session-cookie-v1', 32));
    cookieKeys.set(secret, key);
  }
  return key;
}

export function encryptCookieValue(secret: string, sessionId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', cookieKey(secret), iv);
  const body = Buffer.concat([cipher.update(sessionId, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The session id inside a cookie value, or undefined when it was not made with this secret. */
export function decryptCookieValue(secret: string, value: string): string | undefined {
  try {
    const raw = Buffer.from(value, 'base64url');
    if (raw.length < 12 + 16 + 1) return undefined;
    const decipher = createDecipheriv('aes-256-gcm', cookieKey(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return undefined;
  }
}

/** The stored (hashed) token of the session a caller presents: the JWT's `sid` or the cookie's id. */
export function presentedSessionHash(who: Accountability): string | undefined {
  if (!who.token) return undefined;
  if (who.via === 'cookie') return hashSessionId(who.token);
  if (who.via !== 'jwt') return undefined;
  try {
    // The JWT was verified when the request's accountability was resolved.
    const claims = JSON.parse(Buffer.from(who.token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof claims.sid === 'string' ? hashSessionId(claims.sid) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the session row `rowId` is the one the caller presents. */
export async function isPresentedSession(
  project: ProjectContext,
  who: Accountability,
  rowId: number,
): Promise<boolean> {
  const current = presentedSessionHash(who);
  if (!current) return false;
  const row = await project.knex('directus_user_sessions').where('id', rowId).first('token');
  return row?.token === current;
}

/** Inserts a session row and returns its (unhashed) id. Expired rows of the user are removed on the way. */
export async function createSession(
  project: ProjectContext,
  input: { user: number; type: SessionType; minutes: number; ip: string; userAgent?: string },
): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await project
    .knex('directus_user_sessions')
    .where('user', input.user)
    .where('token_expired_at', '<', dbDateTime())
    .delete();
  await project.knex('directus_user_sessions').insert({
    user: input.user,
    token_type: input.type,
    token: hashSessionId(id),
    ip_address: input.ip,
    user_agent: input.userAgent ?? null,
    created_on: dbDateTime(),
    token_expired_at: dbDateTime(input.minutes),
  });
  return id;
}

/** The live (unexpired) session row with this id, if any. */
export async function findSession(
  project: ProjectContext,
  sessionId: string,
): Promise<{ id: number; user: number; token_type: string } | undefined> {
  return project
    .knex('directus_user_sessions')
    .where('token', hashSessionId(sessionId))
    .where('token_expired_at', '>', dbDateTime())
    .first('id', 'user', 'token_type');
}

export async function extendSession(
  project: ProjectContext,
  sessionId: string,
  minutes: number,
): Promise<void> {
  await project
    .knex('directus_user_sessions')
    .where('token', hashSessionId(sessionId))
    .update({ token_expired_at: dbDateTime(minutes) });
}

export async function deleteSession(project: ProjectContext, sessionId: string): Promise<number> {
  return project.knex('directus_user_sessions').where('token', hashSessionId(sessionId)).delete();
}

/**
 * Ends one session of a user (`rowId`) or all of them. All of them ("sign out everywhere", a
 * password reset) also revokes the user's static token, so no credential outlives it.
 */
export async function deleteUserSessions(
  project: ProjectContext,
  user: number,
  rowId?: number,
): Promise<number> {
  if (rowId !== undefined) {
    return project.knex('directus_user_sessions').where({ user, id: rowId }).delete();
  }
  return project.knex.transaction(async (trx): Promise<number> => {
    await trx('directus_users').where('id', user).whereNotNull('token').update({ token: null });
    return Number(await trx('directus_user_sessions').where('user', user).delete());
  });
}

/** Whether the cookie gets `Secure`: config `cookie.secure` (true/false), or 'auto' = the request is HTTPS. */
function secureCookie(project: ProjectContext, request: FastifyRequest): boolean {
  const setting = project.config.cookie?.secure ?? 'auto';
  if (setting === 'auto') return request.protocol === 'https';
  return setting;
}

function sameSite(project: ProjectContext): 'lax' | 'strict' | 'none' {
  const value = (project.config.cookie?.same_site ?? 'Lax').toLowerCase();
  return value === 'strict' ? 'strict' : value === 'none' ? 'none' : 'lax';
}

export function setSessionCookie(
  project: ProjectContext,
  request: FastifyRequest,
  reply: FastifyReply,
  sessionId: string,
  minutes: number,
): void {
  const policy = sameSite(project);
  reply.setCookie(
    sessionCookieName(project.key),
    encryptCookieValue(project.config.auth.secret_key, sessionId),
    {
      path: '/',
      httpOnly: true,
      sameSite: policy,
      // SameSite=None is only accepted by browsers together with Secure.
      secure: secureCookie(project, request) || policy === 'none',
      expires: new Date(Date.now() + minutes * 60_000),
    },
  );
}

export function clearSessionCookie(
  project: ProjectContext,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  reply.clearCookie(sessionCookieName(project.key), {
    path: '/',
    httpOnly: true,
    sameSite: sameSite(project),
    secure: secureCookie(project, request) || sameSite(project) === 'none',
  });
}

/** The session id in the request's session cookie, when there is a readable one. */
export function sessionIdFromCookie(project: ProjectContext, request: FastifyRequest): string | undefined {
  const value = request.cookies?.[sessionCookieName(project.key)];
  if (!value) return undefined;
  return decryptCookieValue(project.config.auth.secret_key, value);
}
