import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bcrypt from 'bcryptjs';
import { SignJWT } from 'jose';
import { testVendors } from '../helpers/databases';
import { ADMIN, startTestServer, type TestServer } from '../helpers/server';
import { cookiePair, createUser, guardedInject, setCookieLine } from './auth-helpers';

describe.each(testVendors)('authentication (%s)', (vendor) => {
  let server: TestServer;
  let inject: ReturnType<typeof guardedInject>;
  const COOKIE = 'directus-test-session';
  const PASSWORD = 'another good password';

  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { loginRateLimit: 10_000 } });
    inject = guardedInject(server, [ADMIN.password, PASSWORD]);
  });
  afterAll(async () => {
    await server?.close();
  });

  const authenticate = (payload: unknown, query = '') =>
    inject({ method: 'POST', url: `/test/auth/authenticate${query}`, payload: payload as object });
  const me = (headers: Record<string, string>, url = '/test/users/me') =>
    inject({ method: 'GET', url, headers });

  it('signs in with a JWT and answers as v8 (public flag, user without secrets)', async () => {
    const res = await authenticate({ email: ADMIN.email, password: ADMIN.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.public).toBe(true);
    expect(typeof body.data.token).toBe('string');
    expect(body.data.user).toMatchObject({ email: ADMIN.email, status: 'active' });
    expect(Number(body.data.user.role)).toBe(1);
    for (const hidden of [
      'password',
      'token',
      '2fa_secret',
      'password_reset_token',
      'last_page',
      'last_access_on',
    ]) {
      expect(body.data.user).not.toHaveProperty(hidden);
    }
    const claims = JSON.parse(Buffer.from(body.data.token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({
      type: 'auth',
      project: 'test',
      key: server.project.config.auth.public_key,
      ttl: 20,
    });
    const who = await me({ authorization: `Bearer ${body.data.token}` });
    expect(who.statusCode).toBe(200);
    expect(who.json().data.email).toBe(ADMIN.email);
    expect(who.json().public).toBeUndefined();
    const info = await inject({
      method: 'GET',
      url: '/test/',
      headers: { authorization: `Bearer ${body.data.token}` },
    });
    expect(info.json().public).toBeUndefined();
  });

  it('writes authenticate and invalid-credentials activity', async () => {
    const before = await server.project
      .knex('directus_activity')
      .where('action', 'invalid-credentials')
      .count({ n: '*' });
    await authenticate({ email: ADMIN.email, password: 'wrong password' });
    const after = await server.project
      .knex('directus_activity')
      .where('action', 'invalid-credentials')
      .count({ n: '*' });
    expect(Number(after[0].n)).toBe(Number(before[0].n) + 1);
    await authenticate({ email: ADMIN.email, password: ADMIN.password });
    const row = await server.project
      .knex('directus_activity')
      .where('action', 'authenticate')
      .orderBy('id', 'desc')
      .first();
    expect(row).toMatchObject({ collection: 'directus_users', item: '1' });
    expect(Number(row.action_by)).toBe(1);
  });

  it('validates the payload: 114 for missing or malformed email/password, 13 without a body', async () => {
    for (const payload of [
      {},
      { email: 'not-an-email', password: 'x' },
      { email: ADMIN.email },
      { email: ADMIN.email, password: '' },
    ]) {
      const res = await authenticate(payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe(114);
    }
    const bad = await inject({ method: 'POST', url: '/test/auth/authenticate' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe(13);
  });

  it('answers 404 code 100 alike for an unknown email and a wrong password', async () => {
    const unknown = await authenticate({ email: 'nobody@example.com', password: 'whatever' });
    const wrong = await authenticate({ email: ADMIN.email, password: 'wrong password' });
    expect(unknown.statusCode).toBe(404);
    expect(wrong.statusCode).toBe(404);
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.json().error.code).toBe(100);
  });

  it('checks the status only after the password: inactive 103/401, suspended 103/404', async () => {
    await createUser(server, { email: 'draft@example.com', password: PASSWORD, status: 'draft' });
    await createUser(server, { email: 'suspended@example.com', password: PASSWORD, status: 'suspended' });
    const draftWrong = await authenticate({ email: 'draft@example.com', password: 'wrong' });
    expect(draftWrong.json().error.code).toBe(100);
    const suspendedWrong = await authenticate({ email: 'suspended@example.com', password: 'wrong' });
    expect(suspendedWrong.json().error.code).toBe(100);
    const draft = await authenticate({ email: 'draft@example.com', password: PASSWORD });
    expect(draft.statusCode).toBe(401);
    expect(draft.json().error.code).toBe(103);
    const suspended = await authenticate({ email: 'suspended@example.com', password: PASSWORD });
    expect(suspended.statusCode).toBe(404);
    expect(suspended.json().error.code).toBe(103);
  });

  // Changed by issue 18 (Medium 4): failures used to suspend the account for good (code 103);
  // they now lock it for a while and answer as for a wrong password (tests/security/sign-in-lockout).
  it('locks a user temporarily, without suspending, after login_attempts_allowed failures', async () => {
    const knex = server.project.knex;
    await knex('directus_settings').where('key', 'login_attempts_allowed').update({ value: '3' });
    try {
      const id = await createUser(server, { email: 'clumsy@example.com', password: PASSWORD });
      const codes: number[] = [];
      for (let i = 0; i < 4; i++)
        codes.push((await authenticate({ email: 'clumsy@example.com', password: 'nope' })).json().error.code);
      expect(codes).toEqual([100, 100, 100, 100]);
      expect((await knex('directus_users').where('id', id).first('status')).status).toBe('active');
      const right = await authenticate({ email: 'clumsy@example.com', password: PASSWORD });
      expect(right.statusCode).toBe(404);
      expect(right.json().error.code).toBe(100);
      // A success resets the count: three failures, a success, three failures do not lock.
      await createUser(server, { email: 'careful@example.com', password: PASSWORD });
      for (let i = 0; i < 3; i++) await authenticate({ email: 'careful@example.com', password: 'nope' });
      expect((await authenticate({ email: 'careful@example.com', password: PASSWORD })).statusCode).toBe(200);
      for (let i = 0; i < 3; i++) await authenticate({ email: 'careful@example.com', password: 'nope' });
      expect((await authenticate({ email: 'careful@example.com', password: PASSWORD })).statusCode).toBe(200);
    } finally {
      await knex('directus_settings').where('key', 'login_attempts_allowed').update({ value: '25' });
    }
  });

  it('verifies Directus 8 bcrypt ($2y$) hashes and rehashes them to argon2id', async () => {
    const legacy = bcrypt.hashSync('legacy password', 10).replace(/^\$2[ab]\$/, '$2y$');
    const id = await createUser(server, { email: 'legacy@example.com' });
    await server.project.knex('directus_users').where('id', id).update({ password: legacy });
    const res = await authenticate({ email: 'legacy@example.com', password: 'legacy password' });
    expect(res.statusCode).toBe(200);
    const row = await server.project.knex('directus_users').where('id', id).first('password');
    expect(row.password.startsWith('$argon2id$')).toBe(true);
    expect(
      (await authenticate({ email: 'legacy@example.com', password: 'legacy password' })).statusCode,
    ).toBe(200);
  });

  it('cookie mode: HttpOnly SameSite=Lax session cookie, no token in the body, logout clears it', async () => {
    const res = await authenticate({ email: ADMIN.email, password: ADMIN.password, mode: 'cookie' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.token).toBeUndefined();
    expect(res.json().data.user.email).toBe(ADMIN.email);
    const line = setCookieLine(res, COOKIE)!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Path=\//);
    expect(line).not.toMatch(/Secure/);
    const expires = new Date(/Expires=([^;]+)/.exec(line)![1]).getTime();
    expect(Math.abs(expires - (Date.now() + 10080 * 60_000))).toBeLessThan(120_000);
    const cookie = cookiePair(res, COOKIE)!;
    expect((await me({ cookie })).json().data.email).toBe(ADMIN.email);
    const sessions = await server.project.knex('directus_user_sessions').where('token_type', 'cookie');
    expect(sessions.length).toBeGreaterThan(0);
    // The stored token is a digest, not the cookie's content.
    expect(cookie).not.toContain(sessions[0].token);

    const out = await inject({ method: 'POST', url: '/test/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ public: true });
    expect(setCookieLine(out, COOKIE)).toMatch(/Expires=Thu, 01 Jan 1970/);
    // The stale cookie now means "anonymous", not an error.
    const after = await me({ cookie });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe(3);
    const info = await inject({ method: 'GET', url: '/test/', headers: { cookie } });
    expect(info.statusCode).toBe(200);
    expect(info.json().public).toBe(true);
    // A cookie that does not decrypt is anonymous too.
    expect(
      (await inject({ method: 'GET', url: '/test/', headers: { cookie: `${COOKIE}=garbage` } })).json()
        .public,
    ).toBe(true);
  });

  it('cookie mode from the query string, and Secure behind HTTPS with trustProxy', async () => {
    const res = await authenticate({ email: ADMIN.email, password: ADMIN.password }, '?mode=cookie');
    expect(setCookieLine(res, COOKIE)).toBeTruthy();
    expect(res.json().data.token).toBeUndefined();
    const proxied = await startTestServer(vendor, { config: { trustProxy: true } });
    try {
      const viaHttps = await proxied.inject({
        method: 'POST',
        url: '/test/auth/authenticate',
        payload: { email: ADMIN.email, password: ADMIN.password, mode: 'cookie' },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(setCookieLine(viaHttps, COOKIE)).toMatch(/Secure/);
    } finally {
      await proxied.close();
    }
  });

  it('refreshes a JWT (new token; 101 invalid, 102 expired, 422 code 4 missing)', async () => {
    const token = await server.login();
    const res = await inject({ method: 'POST', url: '/test/auth/refresh', payload: { token } });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data.token;
    expect(fresh).not.toBe(token);
    expect(JSON.parse(Buffer.from(fresh.split('.')[1], 'base64url').toString()).needs2FA).toBe(false);
    expect((await me({ authorization: `Bearer ${fresh}` })).statusCode).toBe(200);

    const missing = await inject({ method: 'POST', url: '/test/auth/refresh', payload: {} });
    expect([missing.statusCode, missing.json().error.code]).toEqual([422, 4]);
    const invalid = await inject({
      method: 'POST',
      url: '/test/auth/refresh',
      payload: { token: `${token}x` },
    });
    expect([invalid.statusCode, invalid.json().error.code]).toEqual([401, 101]);
    const garbage = await inject({ method: 'POST', url: '/test/auth/refresh', payload: { token: 'abc' } });
    expect(garbage.json().error.code).toBe(101);
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 5 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(server.project.config.auth.secret_key));
    const old = await inject({ method: 'POST', url: '/test/auth/refresh', payload: { token: expired } });
    expect([old.statusCode, old.json().error.code]).toEqual([401, 102]);
    // An expired token on an ordinary request is an error too (not a silent downgrade).
    const used = await me({ authorization: `Bearer ${expired}` });
    expect([used.statusCode, used.json().error.code]).toEqual([401, 102]);
    // Other token kinds are not access tokens.
    const { signToken } = await import('../../server/services/tokens');
    const reset = await signToken(server.project, 'reset_password', { id: 1, email: ADMIN.email }, 5);
    expect(
      (await inject({ method: 'POST', url: '/test/auth/refresh', payload: { token: reset } })).json().error
        .code,
    ).toBe(101);
    expect((await me({ authorization: `Bearer ${reset}` })).json().error.code).toBe(101);
  });

  it('logout revokes the JWT session; logout of another user is refused', async () => {
    const token = await server.login();
    const out = await inject({
      method: 'POST',
      url: '/test/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    const after = await me({ authorization: `Bearer ${token}` });
    expect([after.statusCode, after.json().error.code]).toEqual([401, 101]);
    expect(
      (await inject({ method: 'POST', url: '/test/auth/refresh', payload: { token } })).json().error.code,
    ).toBe(101);

    const other = await createUser(server, {
      email: 'editor@example.com',
      password: PASSWORD,
      role: 3,
    }).catch(async () => createUser(server, { email: 'editor@example.com', password: PASSWORD, role: 2 }));
    const editorToken = await server.login('editor@example.com', PASSWORD);
    const refused = await inject({
      method: 'POST',
      url: '/test/auth/logout/1',
      headers: { authorization: `Bearer ${editorToken}` },
    });
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 10]);
    const anonymous = await inject({ method: 'POST', url: `/test/auth/logout/${other}` });
    expect([anonymous.statusCode, anonymous.json().error.code]).toEqual([401, 3]);
    // Own sessions, and an admin for anyone.
    const own = await inject({
      method: 'POST',
      url: `/test/auth/logout/${other}`,
      headers: { authorization: `Bearer ${editorToken}` },
    });
    expect(own.statusCode).toBe(204);
    expect((await me({ authorization: `Bearer ${editorToken}` })).json().error.code).toBe(101);
    const again = await server.login('editor@example.com', PASSWORD);
    const admin = await server.login();
    const byAdmin = await inject({
      method: 'POST',
      url: `/test/auth/logout/${other}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(byAdmin.statusCode).toBe(204);
    expect((await me({ authorization: `Bearer ${again}` })).json().error.code).toBe(101);
  });

  it('static tokens through Bearer, Basic and access_token; unknown ones are 401 code 101', async () => {
    const staticToken = 'static-token-0123456789abcdef';
    await server.project.knex('directus_users').where('id', 1).update({ token: staticToken });
    try {
      expect((await me({ authorization: `Bearer ${staticToken}` })).json().data.id).toBe(1);
      expect((await me({ authorization: `bearer   ${staticToken}` })).json().data.id).toBe(1);
      const basic = Buffer.from(`${staticToken}:`).toString('base64');
      expect((await me({ authorization: `Basic ${basic}` })).json().data.id).toBe(1);
      const basicSame = Buffer.from(`${staticToken}:${staticToken}`).toString('base64');
      expect((await me({ authorization: `Basic ${basicSame}` })).json().data.id).toBe(1);
      // Basic with a real password is not a token: anonymous.
      const basicOther = Buffer.from(`${staticToken}:secret`).toString('base64');
      expect((await me({ authorization: `Basic ${basicOther}` })).json().error.code).toBe(3);
      expect((await me({}, `/test/users/me?access_token=${staticToken}`)).json().data.id).toBe(1);
      const jwt = await server.login();
      expect((await me({}, `/test/users/me?access_token=${jwt}`)).json().data.id).toBe(1);
      // Precedence: access_token wins over the Authorization header.
      const bad = await me(
        { authorization: `Bearer ${staticToken}` },
        '/test/users/me?access_token=unknown-token',
      );
      expect([bad.statusCode, bad.json().error.code]).toEqual([401, 101]);
      const unknown = await me({ authorization: 'Bearer unknown-static-token' });
      expect([unknown.statusCode, unknown.json().error.code]).toEqual([401, 101]);
      // Bearer wins over the cookie.
      const cookieLogin = await authenticate({
        email: ADMIN.email,
        password: ADMIN.password,
        mode: 'cookie',
      });
      const cookie = cookiePair(cookieLogin, COOKIE)!;
      expect((await me({ cookie, authorization: 'Bearer unknown-static-token' })).json().error.code).toBe(
        101,
      );
    } finally {
      await server.project.knex('directus_users').where('id', 1).update({ token: null });
    }
  });

  it('a token of a user who is no longer active is 401 code 103', async () => {
    const id = await createUser(server, { email: 'leaving@example.com', password: PASSWORD });
    const token = await server.login('leaving@example.com', PASSWORD);
    const cookie = cookiePair(
      await authenticate({ email: 'leaving@example.com', password: PASSWORD, mode: 'cookie' }),
      COOKIE,
    )!;
    await server.project.knex('directus_users').where('id', id).update({ status: 'draft' });
    const res = await me({ authorization: `Bearer ${token}` });
    expect([res.statusCode, res.json().error.code]).toEqual([401, 103]);
    await server.project.knex('directus_users').where('id', id).update({ status: 'suspended' });
    const suspended = await me({ authorization: `Bearer ${token}` });
    expect([suspended.statusCode, suspended.json().error.code]).toEqual([404, 103]);
    // The cookie of an inactive user is anonymous.
    expect((await me({ cookie })).json().error.code).toBe(3);
  });

  it('GET /auth/check tells whether the request carries a live session', async () => {
    const token = await server.login();
    const yes = await inject({
      method: 'GET',
      url: '/test/auth/check',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(yes.json().data.authenticated).toBe(true);
    const no = await inject({ method: 'GET', url: '/test/auth/check' });
    expect(no.json().data.authenticated).toBe(false);
  });
});
