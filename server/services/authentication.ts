import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import type { Accountability, ProjectContext } from '../context';
import { publicAccountability } from '../context';
import { ApiError } from '../errors';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords';
import { numberSetting, readSettings, type Settings } from './settings';
import { looksLikeJwt, signToken, staticTokenCandidates, staticTokenMatches, verifyToken } from './tokens';
import {
  createSession,
  dbDateTime,
  deleteSession,
  extendSession,
  hashSessionId,
  sessionCookieName,
  sessionIdFromCookie,
  sessionMinutes,
  setSessionCookie,
} from './sessions';
import {
  assertActive,
  findUserByEmail,
  recordLoginActivity,
  roleEnforces2FA,
  safeUser,
  truthy,
  type UserRow,
} from './auth-users';
import { verifyTotp } from './tfa';
import { authStoresFor, type LockPolicy } from './rate-limit';
import { live, onInvalidate } from '../database/invalidation';

/** What the request presents, in the precedence of §5.1. */
export type PresentedCredentials =
  { kind: 'token'; token: string } | { kind: 'cookie'; sessionId?: string } | undefined;

/**
 * Token transport: `?access_token=`, then HTTP Basic (the user name is the token when the password
 * is empty or repeats it), then `Authorization: Bearer`, then the session cookie.
 */
export function presentedCredentials(project: ProjectContext, request: FastifyRequest): PresentedCredentials {
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (typeof query.access_token === 'string' && query.access_token)
    return { kind: 'token', token: query.access_token };
  const header = request.headers.authorization;
  if (header) {
    const basic = /^Basic\s+(\S+)\s*$/i.exec(header);
    if (basic) {
      const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      const name = colon === -1 ? decoded : decoded.slice(0, colon);
      const pass = colon === -1 ? '' : decoded.slice(colon + 1);
      if (name && (pass === '' || pass === name)) return { kind: 'token', token: name };
    }
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (bearer) return { kind: 'token', token: bearer[1] };
  }
  if (request.cookies?.[sessionCookieName(project.key)] !== undefined) {
    return { kind: 'cookie', sessionId: sessionIdFromCookie(project, request) };
  }
  return undefined;
}

/** The columns resolution needs: one query joining user, role (and session where there is one). */
function identityQuery(knex: Knex) {
  return knex('directus_users as u')
    .leftJoin('directus_roles as r', 'r.id', 'u.role')
    .first(
      'u.id as id',
      'u.status as status',
      'u.role as role',
      'u.2fa_secret as tfa',
      'r.enforce_2fa as enforce',
    );
}

interface IdentityRow {
  id: number;
  status: string;
  role: number | null;
  tfa: string | null;
  enforce: unknown;
}

function accountabilityOf(
  row: IdentityRow,
  base: Accountability,
  via: Accountability['via'],
  token: string,
): Accountability {
  const role = row.role == null ? null : Number(row.role);
  // Spelled out rather than spread: this runs on every signed-in request.
  return {
    user: Number(row.id),
    role,
    admin: role === 1,
    ip: base.ip,
    userAgent: base.userAgent,
    via,
    token,
    needs2FA: truthy(row.enforce) && !row.tfa,
  };
}

/**
 * Routes a user whose role enforces 2FA may use before setting it up: project info, the auth
 * group, their own user record and the 2FA activation (and the secret generator the app calls).
 */
function allowedWithout2FA(request: FastifyRequest): boolean {
  const url = (request.routeOptions?.url ?? '').replace(/^\/:project/, '');
  const id = (request.params as { id?: string } | undefined)?.id;
  if (url === '' || url === '/' || url.startsWith('/auth')) return true;
  if (url === '/users/:id/activate_2fa' || url === '/utils/2fa_secret') return true;
  return url === '/users/:id' && request.method === 'GET' && id === 'me';
}

/*
 * Identities resolved in the last moments, per presented token or session id: a burst of requests
 * with the same token checks the signature and reads user, role and session once. Entries live at
 * most IDENTITY_TTL ms (and never past the JWT's expiry); only successful resolutions are kept.
 * Any write to users, roles or sessions, on this node or another (database/invalidation.ts), drops
 * the project's entries, so sign-out, suspension or a role change applies to the very next
 * request everywhere. The TTL only bounds changes made behind the server's back (plain SQL).
 */
const IDENTITY_TTL = 2000;
const IDENTITY_MAX = 10_000;

interface CachedIdentity {
  row: IdentityRow;
  via: NonNullable<Accountability['via']>;
  expires: number;
}

const identities = new Map<string, Map<string, CachedIdentity>>();
const generations = new Map<string, number>();

/** Drops every remembered identity of a project (after sign-out, user, role or session changes). */
function forgetIdentities(projectKey: string): void {
  identities.delete(projectKey);
  generations.set(projectKey, (generations.get(projectKey) ?? 0) + 1);
}
onInvalidate('identities', forgetIdentities);

function recalled(project: ProjectContext, key: string): CachedIdentity | undefined {
  // Cut off from the other nodes' announcements: nothing remembered can be trusted.
  if (!live()) return undefined;
  const entry = identities.get(project.key)?.get(key);
  if (!entry) return undefined;
  if (entry.expires > Date.now()) return entry;
  identities.get(project.key)?.delete(key);
  return undefined;
}

/** Remembers a resolution unless the project's identities were dropped while it was being made. */
function remember(project: ProjectContext, key: string, generation: number, entry: CachedIdentity): void {
  if ((generations.get(project.key) ?? 0) !== generation) return;
  let byKey = identities.get(project.key);
  if (!byKey) identities.set(project.key, (byKey = new Map()));
  if (byKey.size >= IDENTITY_MAX) byKey.clear();
  byKey.set(key, entry);
}

/**
 * A static token (set by an administrator, stored hashed; a v8 database's plain ones still work).
 * Failed uses count per IP against the sign-in limit (ServerConfig.loginRateLimit a minute): past
 * it, every static token from that address is refused with 429 until the window ends.
 */
async function fromStaticToken(project: ProjectContext, token: string, ip: string): Promise<IdentityRow> {
  const stores = authStoresFor(project.server);
  const bucket = `token:${ip}`;
  if (await stores.isLimited(bucket)) throw new ApiError('TOO_MANY_REQUESTS');
  const row: (IdentityRow & { stored: unknown }) | undefined = await identityQuery(project.knex)
    .select('u.token as stored')
    .whereIn('u.token', staticTokenCandidates(token));
  if (row && staticTokenMatches(row.stored, token)) {
    const { stored: _stored, ...identity } = row;
    return identity;
  }
  const answer = await stores.consume(bucket);
  throw new ApiError(answer.allowed ? 'INVALID_TOKEN' : 'TOO_MANY_REQUESTS');
}

/** An explicit token (JWT or static). Bad, expired or revoked tokens are errors, not a downgrade. */
async function fromToken(
  project: ProjectContext,
  token: string,
  base: Accountability,
): Promise<Accountability> {
  const cached = recalled(project, token);
  if (cached) return accountabilityOf(cached.row, base, cached.via, token);
  const generation = generations.get(project.key) ?? 0;
  if (looksLikeJwt(token)) {
    const claims = await verifyToken(project, token, 'auth');
    if (!claims.sid) throw new ApiError('INVALID_TOKEN');
    const row: IdentityRow | undefined = await identityQuery(project.knex)
      .join('directus_user_sessions as s', 's.user', 'u.id')
      .where('u.id', claims.id)
      .where('s.token', hashSessionId(claims.sid))
      .where('s.token_expired_at', '>', dbDateTime());
    if (!row) throw new ApiError('INVALID_TOKEN', 'Invalid token: the session has ended');
    assertActive(row.status);
    const expires = Math.min(
      Date.now() + IDENTITY_TTL,
      typeof claims.exp === 'number' ? claims.exp * 1000 : Date.now(),
    );
    remember(project, token, generation, { row, via: 'jwt', expires });
    return accountabilityOf(row, base, 'jwt', token);
  }
  const row = await fromStaticToken(project, token, base.ip);
  assertActive(row.status);
  remember(project, token, generation, { row, via: 'static', expires: Date.now() + IDENTITY_TTL });
  return accountabilityOf(row, base, 'static', token);
}

/** A session cookie; a stale cookie (signed out, expired, user no longer active) means anonymous. */
async function fromCookie(project: ProjectContext, sessionId: string, base: Accountability) {
  const key = `cookie:${sessionId}`;
  const cached = recalled(project, key);
  if (cached) return accountabilityOf(cached.row, base, 'cookie', sessionId);
  const generation = generations.get(project.key) ?? 0;
  const row: IdentityRow | undefined = await identityQuery(project.knex)
    .join('directus_user_sessions as s', 's.user', 'u.id')
    .where('s.token', hashSessionId(sessionId))
    .where('s.token_type', 'cookie')
    .where('s.token_expired_at', '>', dbDateTime());
  if (!row || row.status !== 'active') return undefined;
  remember(project, key, generation, { row, via: 'cookie', expires: Date.now() + IDENTITY_TTL });
  return accountabilityOf(row, base, 'cookie', sessionId);
}

/** Who is calling: resolved once per request for every /{project}/ route whose auth class is not 'none'. */
export async function resolveAccountability(
  project: ProjectContext,
  request: FastifyRequest,
): Promise<Accountability> {
  const base = publicAccountability(request.ip, request.headers['user-agent']);
  const presented = presentedCredentials(project, request);
  if (!presented) return base;
  let who: Accountability | undefined;
  if (presented.kind === 'token') who = await fromToken(project, presented.token, base);
  else if (presented.sessionId) who = await fromCookie(project, presented.sessionId, base);
  if (!who) return base;
  // 2FA enforced but not set up: everything else answers as for an anonymous caller.
  if (who.needs2FA && !allowedWithout2FA(request)) return { ...base, needs2FA: true };
  return who;
}

function tokenTtl(settings: Settings): number {
  return numberSetting(settings, 'auth_token_ttl', 20) > 0
    ? numberSetting(settings, 'auth_token_ttl', 20)
    : 20;
}

export interface SignInResult {
  userId: number;
  /** The user row without secrets and without v8's hidden columns. */
  user: Record<string, unknown>;
  needs2FA: boolean;
  settings: Settings;
}

/**
 * Failed sign-ins lock temporarily, never for good (issue 18, Medium 4). Failures are counted per
 * account (the email, whether or not it exists) and per account and source IP, in the instance's
 * shared stores (Redis with several nodes). `login_attempts_allowed` failures are tolerated; the
 * next one locks the key for ServerConfig.loginLockSeconds, doubled for each lock in a row up to
 * loginLockMaxSeconds. The account-wide lock is never applied to the last active administrator
 * (only the source that failed is locked), so nobody can keep them out from elsewhere. A locked
 * sign-in is answered exactly like an unknown email or a wrong password (404 code 100, after a
 * full password verification's time), whatever the password.
 */
interface LockKeys {
  account: string;
  source: string;
}

function lockKeys(project: ProjectContext, email: string, ip: string): LockKeys {
  const account = createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 40);
  return { account: `signin:${project.key}:${account}`, source: `signin:${project.key}:${account}:${ip}` };
}

function lockPolicy(project: ProjectContext, settings: Settings): LockPolicy | undefined {
  const allowed = numberSetting(settings, 'login_attempts_allowed', 0);
  if (!(allowed > 0)) return undefined;
  return {
    threshold: Math.floor(allowed) + 1,
    baseSeconds: project.server.loginLockSeconds,
    maxSeconds: project.server.loginLockMaxSeconds,
  };
}

async function isLocked(project: ProjectContext, keys: LockKeys): Promise<boolean> {
  const stores = authStoresFor(project.server);
  const [source, account] = await Promise.all([
    stores.lockedFor(keys.source),
    stores.lockedFor(keys.account),
  ]);
  return source > 0 || account > 0;
}

/** Whether `user` is the only active administrator. */
async function lastActiveAdmin(project: ProjectContext, user: UserRow | undefined): Promise<boolean> {
  if (!user || Number(user.role) !== 1 || user.status !== 'active') return false;
  const row = await project
    .knex('directus_users')
    .where({ role: 1, status: 'active' })
    .count({ n: '*' })
    .first();
  return Number(row?.n ?? 0) <= 1;
}

/** A failed attempt: the activity row (existing active accounts) and the lock counters (every email). */
async function failAttempt(
  project: ProjectContext,
  keys: LockKeys,
  policy: LockPolicy | undefined,
  user: UserRow | undefined,
  who: { ip: string; userAgent?: string },
): Promise<void> {
  if (user && user.status === 'active') {
    await recordLoginActivity(project, 'invalid-credentials', user.id, who.ip, who.userAgent);
  }
  if (!policy) return;
  const stores = authStoresFor(project.server);
  await stores.recordFailure(keys.source, policy);
  await stores.recordFailure(keys.account, policy, async () => !(await lastActiveAdmin(project, user)));
}

/**
 * Checks email, password, status and one-time password (§5.4, §5.5). The status is looked at only
 * after the password matched, so a caller without the password learns nothing about the account.
 */
export async function signIn(
  project: ProjectContext,
  input: { email: string; password: string; otp?: unknown },
  who: { ip: string; userAgent?: string },
): Promise<SignInResult> {
  const settings = await readSettings(project.knex);
  const policy = lockPolicy(project, settings);
  const keys = lockKeys(project, input.email, who.ip);
  if (policy && (await isLocked(project, keys))) {
    await verifyAgainstDummy(input.password);
    throw new ApiError('INVALID_CREDENTIALS');
  }
  const user = await findUserByEmail(project.knex, input.email);
  if (!user || !user.password) {
    await verifyAgainstDummy(input.password);
    await failAttempt(project, keys, policy, undefined, who);
    throw new ApiError('INVALID_CREDENTIALS');
  }
  if (!(await verifyPassword(user.password, input.password))) {
    await failAttempt(project, keys, policy, user, who);
    throw new ApiError('INVALID_CREDENTIALS');
  }
  assertActive(user.status);
  const secret = user['2fa_secret'];
  if (secret) {
    if (input.otp === undefined || input.otp === null || input.otp === '')
      throw new ApiError('MISSING_2FA_PASSWORD');
    const stores = authStoresFor(project.server);
    if (!(await verifyTotp(stores, `${project.key}:${user.id}`, secret, input.otp))) {
      await failAttempt(project, keys, policy, user, who);
      throw new ApiError('INVALID_OTP');
    }
  }
  if (policy) {
    const stores = authStoresFor(project.server);
    await Promise.all([stores.clearFailures(keys.source), stores.clearFailures(keys.account)]);
  }
  if (needsRehash(user.password)) {
    await project
      .knex('directus_users')
      .where('id', user.id)
      .update({ password: await hashPassword(input.password) });
  }
  await recordLoginActivity(project, 'authenticate', user.id, who.ip, who.userAgent);
  const needs2FA = !secret && (await roleEnforces2FA(project.knex, user.role));
  return { userId: Number(user.id), user: safeUser(user, true), needs2FA, settings };
}

/** Starts a session for a signed-in user: a JWT (returned) or a session cookie (set on the reply). */
export async function startSession(
  project: ProjectContext,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { userId: number; mode: 'jwt' | 'cookie'; needs2FA: boolean; settings?: Settings },
): Promise<string | undefined> {
  const settings = input.settings ?? (await readSettings(project.knex));
  const minutes = sessionMinutes(settings.auto_sign_out);
  const sid = await createSession(project, {
    user: input.userId,
    type: input.mode,
    minutes,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });
  if (input.mode === 'cookie') {
    setSessionCookie(project, request, reply, sid, minutes);
    return undefined;
  }
  return signToken(project, 'auth', { id: input.userId, sid, needs2FA: input.needs2FA }, tokenTtl(settings));
}

/** `POST /auth/refresh`: a fresh JWT for a valid, unexpired auth JWT whose session is still open. */
export async function refreshAuthToken(project: ProjectContext, token: string): Promise<string> {
  if (!looksLikeJwt(token)) throw new ApiError('INVALID_TOKEN');
  const claims = await verifyToken(project, token, 'auth');
  if (!claims.sid) throw new ApiError('INVALID_TOKEN');
  const row: IdentityRow | undefined = await identityQuery(project.knex)
    .join('directus_user_sessions as s', 's.user', 'u.id')
    .where('u.id', claims.id)
    .where('s.token', hashSessionId(claims.sid))
    .where('s.token_expired_at', '>', dbDateTime());
  if (!row) throw new ApiError('INVALID_TOKEN', 'Invalid token: the session has ended');
  assertActive(row.status);
  const settings = await readSettings(project.knex);
  await extendSession(project, claims.sid, sessionMinutes(settings.auto_sign_out));
  const needs2FA = truthy(row.enforce) && !row.tfa;
  return signToken(project, 'auth', { id: claims.id, sid: claims.sid, needs2FA }, tokenTtl(settings));
}

/** Ends the sessions the request presents (its JWT's session and/or its cookie session). */
export async function endPresentedSessions(project: ProjectContext, request: FastifyRequest): Promise<void> {
  const presented = presentedCredentials(project, request);
  if (presented?.kind === 'token' && looksLikeJwt(presented.token)) {
    const claims = await verifyToken(project, presented.token, 'auth', { ignoreExpiry: true }).catch(
      () => undefined,
    );
    if (claims?.sid) await deleteSession(project, claims.sid);
  }
  const cookieSession = sessionIdFromCookie(project, request);
  if (cookieSession) await deleteSession(project, cookieSession);
}
