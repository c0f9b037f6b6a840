import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EncryptJWT, jwtDecrypt } from 'jose';
import * as oidc from 'openid-client';
import type { SsoProviderConfig } from '../config';
import type { ProjectContext } from '../context';
import { ApiError, catalogueEntry } from '../errors';
import { allowedUrl } from './password-reset';
import { assertActive, findUserByEmail, recordLoginActivity, roleEnforces2FA } from './auth-users';
import { startSession } from './authentication';
import { signToken, verifyToken, looksLikeJwt } from './tokens';
import { numberSetting, readSettings } from './settings';
import { authStoresFor } from './rate-limit';

/**
 * Single sign-on by OAuth2 authorization code (explicit endpoints) or OpenID Connect (discovered
 * from the issuer, ID token checked by openid-client). No server-side session: everything the
 * callback needs travels in `state`, encrypted and authenticated (JWE, A256GCM, 10 minutes), and is
 * bound to the browser that started the flow by a short-lived HttpOnly cookie whose hash is inside.
 * PKCE (S256) is used for both kinds; the verifier stays inside the encrypted state.
 */

const STATE_MINUTES = 10;

export interface SsoState {
  provider: string;
  mode: 'jwt' | 'cookie';
  redirect: string;
  verifier: string;
  nonce: string;
  bind: string;
}

export function enabledProviders(project: ProjectContext): Array<{ name: string; icon: string | null }> {
  return Object.entries(project.config.auth.sso ?? {})
    .filter(([, p]) => p.enabled !== false)
    .map(([name, p]) => ({ name, icon: p.icon ?? null }));
}

function provider(project: ProjectContext, name: string): SsoProviderConfig {
  const found = Object.hasOwn(project.config.auth.sso ?? {}, name)
    ? project.config.auth.sso![name]
    : undefined;
  if (!found || found.enabled === false) throw new ApiError('NOT_FOUND', `Unknown sign-in provider: ${name}`);
  return found;
}

function stateKey(project: ProjectContext): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', project.config.auth.secret_key, 'octavo', 'sso-state-v1', 32));
}

function bindingCookieName(project: ProjectContext): string {
  return `octavo-sso-${project.key}`;
}

function bindingCookiePath(project: ProjectContext): string {
  return `${new URL(project.server.publicUrl).pathname}${project.key}/auth/sso`;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

export function callbackUrl(project: ProjectContext, name: string): string {
  return `${project.server.publicUrl}${project.key}/auth/sso/${encodeURIComponent(name)}/callback`;
}

/** A redirect target is accepted when it is under the public URL or on a configured origin. */
export function allowedRedirect(project: ProjectContext, raw: unknown): URL | undefined {
  const url = allowedUrl(project, raw);
  if (!url) return undefined;
  const base = new URL(project.server.publicUrl);
  return url.origin !== base.origin || url.pathname.startsWith(base.pathname) ? url : undefined;
}

/**
 * Adds query parameters to a redirect target. Hash-routed app URLs (`…/admin/#/route`) get them in
 * the fragment's query, where the app's router reads them.
 */
export function withParams(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  if (url.hash.startsWith('#/')) {
    const [path, query = ''] = url.hash.slice(1).split(/\?(.*)/s, 2);
    const search = new URLSearchParams(query);
    for (const [k, v] of Object.entries(params)) search.set(k, v);
    url.hash = `${path}?${search}`;
    return url.toString();
  }
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

const oidcConfigs = new Map<string, Promise<oidc.Configuration>>();

function isLoopback(url: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/** The discovered OpenID configuration (cached per issuer and client). Plain http only for loopback issuers. */
function oidcConfig(p: SsoProviderConfig): Promise<oidc.Configuration> {
  const issuer = new URL(p.issuer!);
  const key = `${issuer}|${p.client_id}`;
  let config = oidcConfigs.get(key);
  if (!config) {
    const insecure = issuer.protocol === 'http:' && isLoopback(issuer);
    config = oidc.discovery(
      issuer,
      p.client_id,
      p.client_secret,
      undefined,
      insecure ? { execute: [oidc.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
    );
    oidcConfigs.set(key, config);
    config.catch(() => oidcConfigs.delete(key));
  }
  return config;
}

/** `GET /auth/sso/:provider`: the provider's authorization URL; sets the browser-binding cookie. */
export async function startSso(
  project: ProjectContext,
  name: string,
  query: { mode?: unknown; redirect_url?: unknown },
  reply: FastifyReply,
): Promise<string> {
  const p = provider(project, name);
  const mode = query.mode ?? 'cookie';
  if (mode !== 'jwt' && mode !== 'cookie')
    throw new ApiError('INVALID_REQUEST', 'mode: must be "jwt" or "cookie"');
  const redirect =
    query.redirect_url === undefined || query.redirect_url === ''
      ? new URL(`${project.server.publicUrl}admin/#/`)
      : allowedRedirect(project, query.redirect_url);
  if (!redirect)
    throw new ApiError('INVALID_REQUEST', 'redirect_url: must be under the public URL or an allowed origin');
  const binding = randomBytes(24).toString('base64url');
  const verifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  const state = await new EncryptJWT({
    provider: name,
    mode,
    redirect: redirect.toString(),
    verifier,
    nonce,
    bind: sha256(binding),
  } satisfies SsoState)
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime(`${STATE_MINUTES}m`)
    .encrypt(stateKey(project));
  reply.setCookie(bindingCookieName(project), binding, {
    path: bindingCookiePath(project),
    httpOnly: true,
    sameSite: 'lax',
    secure: new URL(project.server.publicUrl).protocol === 'https:',
    maxAge: STATE_MINUTES * 60,
  });
  const challenge = await oidc.calculatePKCECodeChallenge(verifier);
  const redirectUri = callbackUrl(project, name);
  if (p.type === 'oidc') {
    const config = await oidcConfig(p);
    return oidc
      .buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: p.scope ?? 'openid email',
        state,
        nonce,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      })
      .toString();
  }
  const url = new URL(p.authorize_url!);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', p.client_id);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', p.scope ?? 'email');
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

async function readState(
  project: ProjectContext,
  name: string,
  raw: unknown,
  request: FastifyRequest,
): Promise<SsoState> {
  if (typeof raw !== 'string' || !raw) throw new ApiError('INVALID_TOKEN', 'Invalid sign-in state');
  let state: SsoState;
  try {
    const { payload } = await jwtDecrypt(raw, stateKey(project), { keyManagementAlgorithms: ['dir'] });
    state = payload as unknown as SsoState;
  } catch {
    throw new ApiError('INVALID_TOKEN', 'Invalid or expired sign-in state');
  }
  const binding = request.cookies?.[bindingCookieName(project)];
  if (state.provider !== name || !binding || sha256(binding) !== state.bind) {
    throw new ApiError('INVALID_TOKEN', 'Sign-in state does not belong to this browser');
  }
  return state;
}

class ProviderError extends Error {}

async function oauth2Email(
  project: ProjectContext,
  name: string,
  p: SsoProviderConfig,
  code: string,
  state: SsoState,
) {
  const response = await fetch(p.token_url!, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: callbackUrl(project, name),
      client_id: p.client_id,
      client_secret: p.client_secret,
      code_verifier: state.verifier,
    }),
    signal: AbortSignal.timeout(10_000),
    redirect: 'error',
  });
  const text = await response.text();
  if (!response.ok) throw new ProviderError(`token endpoint answered ${response.status}`);
  let accessToken: unknown;
  try {
    accessToken = JSON.parse(text).access_token;
  } catch {
    accessToken = new URLSearchParams(text).get('access_token');
  }
  if (typeof accessToken !== 'string' || !accessToken) throw new ProviderError('no access token');
  const info = await fetch(p.userinfo_url!, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json', 'User-Agent': 'Octavo' },
    signal: AbortSignal.timeout(10_000),
    redirect: 'error',
  });
  if (!info.ok) throw new ProviderError(`user-info endpoint answered ${info.status}`);
  const data = (await info.json()) as Record<string, unknown>;
  return data[p.email_key ?? 'email'];
}

async function oidcEmail(
  project: ProjectContext,
  name: string,
  p: SsoProviderConfig,
  request: FastifyRequest,
  state: SsoState,
) {
  const config = await oidcConfig(p);
  const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  const current = new URL(`${callbackUrl(project, name)}${search}`);
  const tokens = await oidc.authorizationCodeGrant(config, current, {
    pkceCodeVerifier: state.verifier,
    expectedState: (request.query as Record<string, string>).state,
    expectedNonce: state.nonce,
    idTokenExpected: true,
  });
  let claims: Record<string, unknown> = { ...(tokens.claims() ?? {}) };
  const key = p.email_key ?? 'email';
  if (typeof claims[key] !== 'string') {
    claims = { ...claims, ...(await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub))) };
  }
  // An address the provider has not verified does not prove who the person is.
  if (claims.email_verified === false)
    throw new ApiError('SSO_NOT_ALLOWED', 'The provider has not verified this email');
  return claims[key];
}

function errorCode(error: unknown): number {
  if (error instanceof ApiError) return error.code;
  return catalogueEntry('INVALID_TOKEN')!.code;
}

/**
 * `GET /auth/sso/:provider/callback`: exchanges the code, matches an existing user by email (no
 * provisioning) and returns where to send the browser: the redirect URL with the session cookie
 * set (cookie mode) or `request_token` added (jwt mode), or with `error=1&code=<n>` on failure.
 * A missing or forged state raises its error instead (there is no trusted place to send it).
 */
export async function finishSso(
  project: ProjectContext,
  name: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string> {
  const p = provider(project, name);
  const query = request.query as Record<string, unknown>;
  const state = await readState(project, name, query.state, request);
  reply.clearCookie(bindingCookieName(project), { path: bindingCookiePath(project) });
  try {
    if (typeof query.error === 'string' || typeof query.code !== 'string' || !query.code) {
      throw new ProviderError('the provider refused or returned no code');
    }
    const email =
      p.type === 'oidc'
        ? await oidcEmail(project, name, p, request, state)
        : await oauth2Email(project, name, p, query.code, state);
    if (typeof email !== 'string' || !email) throw new ApiError('USER_WITH_EMAIL_NOT_FOUND');
    const user = await findUserByEmail(project.knex, email);
    if (!user) throw new ApiError('USER_WITH_EMAIL_NOT_FOUND');
    assertActive(user.status);
    if (user['2fa_secret'] || (await roleEnforces2FA(project.knex, user.role)))
      throw new ApiError('SSO_NOT_ALLOWED');
    await recordLoginActivity(
      project,
      'authenticate',
      Number(user.id),
      request.ip,
      request.headers['user-agent'],
    );
    if (state.mode === 'cookie') {
      await startSession(project, request, reply, {
        userId: Number(user.id),
        mode: 'cookie',
        needs2FA: false,
      });
      return state.redirect;
    }
    const settings = await readSettings(project.knex);
    const ttl = Math.max(1, numberSetting(settings, 'auth_token_ttl', 20));
    const requestToken = await signToken(
      project,
      'request_token',
      { id: Number(user.id), url: project.server.publicUrl },
      ttl,
    );
    return withParams(state.redirect, { request_token: requestToken });
  } catch (error) {
    if (!(error instanceof ApiError))
      request.log.warn({ provider: name, reason: (error as Error).message }, 'sso failed');
    return withParams(state.redirect, { error: '1', code: String(errorCode(error)) });
  }
}

/** `POST /auth/sso/access_token`: trades a request token (once) for an auth JWT. */
export async function exchangeRequestToken(
  project: ProjectContext,
  request: FastifyRequest,
  reply: FastifyReply,
  requestToken: string,
): Promise<string> {
  if (!looksLikeJwt(requestToken)) throw new ApiError('INVALID_REQUEST_TOKEN');
  const claims = await verifyToken(project, requestToken, 'request_token');
  const ttlSeconds = Math.max(60, (claims.exp ?? 0) - Math.floor(Date.now() / 1000) + 60);
  if (
    !claims.jti ||
    !(await authStoresFor(project.server).claimOnce(`rt:${project.key}:${claims.jti}`, ttlSeconds))
  ) {
    throw new ApiError('INVALID_REQUEST_TOKEN', 'Request token was already used');
  }
  const user = await project
    .knex('directus_users')
    .where('id', claims.id)
    .first('id', 'status', 'role', '2fa_secret');
  if (!user) throw new ApiError('USER_NOT_FOUND');
  assertActive(user.status);
  if (user['2fa_secret'] || (await roleEnforces2FA(project.knex, user.role)))
    throw new ApiError('SSO_NOT_ALLOWED');
  return (await startSession(project, request, reply, {
    userId: Number(user.id),
    mode: 'jwt',
    needs2FA: false,
  }))!;
}
