import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { generateSecret } from 'otplib';
import { testVendors } from '../helpers/databases';
import { ADMIN, startTestServer, type TestServer } from '../helpers/server';
import { CLIENT, startOAuthProvider, type TestOAuthProvider } from '../helpers/oauth-provider';
import { configureSso, cookiePair, createUser, flag, guardedInject, setCookieLine } from './auth-helpers';

const APP = 'http://octavo.test/admin/#/';

describe.each(testVendors)('single sign-on (%s)', (vendor) => {
  let server: TestServer;
  let provider: TestOAuthProvider;
  let inject: ReturnType<typeof guardedInject>;

  beforeAll(async () => {
    provider = await startOAuthProvider();
    server = await startTestServer(vendor, { config: { loginRateLimit: 10_000 } });
    await configureSso(server, {
      plain: {
        type: 'oauth2',
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        authorize_url: `${provider.url}/authorize`,
        token_url: `${provider.url}/token`,
        userinfo_url: `${provider.url}/userinfo`,
        icon: 'lock',
      },
      openid: { type: 'oidc', client_id: CLIENT.id, client_secret: CLIENT.secret, issuer: provider.url },
      hidden: {
        type: 'oauth2',
        client_id: 'x',
        client_secret: 'y',
        authorize_url: 'http://x/a',
        token_url: 'http://x/t',
        userinfo_url: 'http://x/u',
        enabled: false,
      },
    });
    inject = guardedInject(server, [ADMIN.password, CLIENT.secret]);
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  /** Start → provider (over real HTTP) → callback; returns the callback's answer. */
  async function roundTrip(
    name: string,
    mode: string,
    redirect = APP,
    tamper?: (url: URL) => void,
  ): Promise<LightMyRequestResponse> {
    const start = await inject({
      method: 'GET',
      url: `/test/auth/sso/${name}?mode=${mode}&redirect_url=${encodeURIComponent(redirect)}`,
    });
    expect(start.statusCode).toBe(302);
    const binding = cookiePair(start, 'octavo-sso-test')!;
    expect(setCookieLine(start, 'octavo-sso-test')).toMatch(/HttpOnly/);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.origin).toBe(provider.url);
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      `http://octavo.test/test/auth/sso/${name}/callback`,
    );
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    const atProvider = await fetch(authorize, { redirect: 'manual' });
    expect(atProvider.status).toBe(302);
    const back = new URL(atProvider.headers.get('location')!);
    tamper?.(back);
    return inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie: binding } });
  }

  function appQuery(location: string): URLSearchParams {
    const url = new URL(location);
    return new URLSearchParams(url.hash.split('?')[1] ?? '');
  }

  it('lists the enabled providers', async () => {
    const res = await inject({ method: 'GET', url: '/test/auth/sso' });
    expect(res.json().data).toEqual([
      { name: 'plain', icon: 'lock' },
      { name: 'openid', icon: null },
    ]);
    expect(res.json().public).toBe(true);
  });

  for (const name of ['plain', 'openid']) {
    it(`${name}: cookie mode signs in with the session cookie`, async () => {
      provider.email = ADMIN.email.toUpperCase();
      const res = await roundTrip(name, 'cookie');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(APP);
      const cookie = cookiePair(res, 'directus-test-session')!;
      expect(setCookieLine(res, 'directus-test-session')).toMatch(/HttpOnly/);
      const me = await inject({ method: 'GET', url: '/test/users/me', headers: { cookie } });
      expect(me.json().data.email).toBe(ADMIN.email);
    });

    it(`${name}: jwt mode hands a single-use request token that buys an access token`, async () => {
      provider.email = ADMIN.email;
      const res = await roundTrip(name, 'jwt');
      expect(res.statusCode).toBe(302);
      const requestToken = appQuery(res.headers.location as string).get('request_token')!;
      expect(requestToken).toBeTruthy();
      // A request token is not an access token.
      expect(
        (
          await inject({
            method: 'GET',
            url: '/test/users/me',
            headers: { authorization: `Bearer ${requestToken}` },
          })
        ).json().error.code,
      ).toBe(101);
      const exchange = await inject({
        method: 'POST',
        url: '/test/auth/sso/access_token',
        payload: { request_token: requestToken },
      });
      expect(exchange.statusCode).toBe(200);
      const token = exchange.json().data.token;
      expect(
        (
          await inject({
            method: 'GET',
            url: '/test/users/me',
            headers: { authorization: `Bearer ${token}` },
          })
        ).json().data.id,
      ).toBe(1);
      const again = await inject({
        method: 'POST',
        url: '/test/auth/sso/access_token',
        payload: { request_token: requestToken },
      });
      expect([again.statusCode, again.json().error.code]).toEqual([401, 109]);
    });

    it(`${name}: an unknown email comes back as error=1&code=107`, async () => {
      provider.email = 'stranger@example.com';
      const res = await roundTrip(name, 'cookie');
      expect(res.statusCode).toBe(302);
      const query = appQuery(res.headers.location as string);
      expect([query.get('error'), query.get('code')]).toEqual(['1', '107']);
      expect(setCookieLine(res, 'directus-test-session')).toBeUndefined();
    });
  }

  it('refuses users with 2FA or an enforcing role (115) and inactive users (103)', async () => {
    await createUser(server, {
      email: 'with-2fa@example.com',
      password: 'p4ssword!',
      extra: { '2fa_secret': generateSecret() },
    });
    await server.project
      .knex('directus_roles')
      .insert({ id: 5, name: 'Strict', enforce_2fa: flag(server, true) });
    await createUser(server, { email: 'strict@example.com', password: 'p4ssword!', role: 5 });
    await createUser(server, { email: 'asleep@example.com', password: 'p4ssword!', status: 'suspended' });
    for (const [email, code] of [
      ['with-2fa@example.com', '115'],
      ['strict@example.com', '115'],
      ['asleep@example.com', '103'],
    ]) {
      provider.email = email;
      const res = await roundTrip('plain', 'jwt');
      expect(appQuery(res.headers.location as string).get('code')).toBe(code);
    }
  });

  it('refuses an unverified OpenID email', async () => {
    provider.email = ADMIN.email;
    provider.emailVerified = false;
    try {
      const res = await roundTrip('openid', 'cookie');
      expect(appQuery(res.headers.location as string).get('code')).toBe('115');
    } finally {
      provider.emailVerified = true;
    }
  });

  it('keeps redirect targets under the public URL; other query strings are kept', async () => {
    provider.email = ADMIN.email;
    const plain = await roundTrip('plain', 'jwt', 'http://octavo.test/admin/landing?x=1');
    const url = new URL(plain.headers.location as string);
    expect(url.searchParams.get('x')).toBe('1');
    expect(url.searchParams.get('request_token')).toBeTruthy();
    for (const bad of ['https://evil.example.com/', 'http://octavo.test.evil.com/admin/']) {
      const res = await inject({
        method: 'GET',
        url: `/test/auth/sso/plain?mode=cookie&redirect_url=${encodeURIComponent(bad)}`,
      });
      expect([res.statusCode, res.json().error.code]).toEqual([422, 4]);
    }
    const unknown = await inject({ method: 'GET', url: '/test/auth/sso/hidden?mode=cookie' });
    expect(unknown.statusCode).toBe(404);
    const badMode = await inject({ method: 'GET', url: '/test/auth/sso/plain?mode=magic' });
    expect(badMode.json().error.code).toBe(4);
  });

  it('refuses a forged state, a state from another browser and a replayed code', async () => {
    provider.email = ADMIN.email;
    const forged = await roundTrip('plain', 'cookie', APP, (url) => url.searchParams.set('state', 'forged'));
    expect([forged.statusCode, forged.json().error.code]).toEqual([401, 101]);
    const start = await inject({
      method: 'GET',
      url: `/test/auth/sso/plain?mode=cookie&redirect_url=${encodeURIComponent(APP)}`,
    });
    const atProvider = await fetch(start.headers.location as string, { redirect: 'manual' });
    const back = new URL(atProvider.headers.get('location')!);
    const noCookie = await inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect([noCookie.statusCode, noCookie.json().error.code]).toEqual([401, 101]);
    const binding = cookiePair(start, 'octavo-sso-test')!;
    const first = await inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: binding },
    });
    expect(first.headers.location).toBe(APP);
    const replay = await inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: binding },
    });
    expect(appQuery(replay.headers.location as string).get('error')).toBe('1');
  });

  it('access_token: 109 for an invalid request token, 110 for an expired one', async () => {
    const { signToken } = await import('../../server/services/tokens');
    const invalid = await inject({
      method: 'POST',
      url: '/test/auth/sso/access_token',
      payload: { request_token: 'nope' },
    });
    expect([invalid.statusCode, invalid.json().error.code]).toEqual([401, 109]);
    const auth = await server.login();
    expect(
      (
        await inject({ method: 'POST', url: '/test/auth/sso/access_token', payload: { request_token: auth } })
      ).json().error.code,
    ).toBe(109);
    const expired = await signToken(server.project, 'request_token', { id: 1 }, 1 / 600);
    await new Promise((r) => setTimeout(r, 1100));
    const late = await inject({
      method: 'POST',
      url: '/test/auth/sso/access_token',
      payload: { request_token: expired },
    });
    expect([late.statusCode, late.json().error.code]).toEqual([401, 110]);
    const missing = await inject({ method: 'POST', url: '/test/auth/sso/access_token', payload: {} });
    expect(missing.json().error.code).toBe(4);
  });
});
