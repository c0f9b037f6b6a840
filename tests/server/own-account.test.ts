import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, generateSecret } from 'otplib';
import { testVendors } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { cookiePair, createUser, flag, guardedInject } from './auth-helpers';

const PASSWORD = 'own account password 1';
const NEW_PASSWORD = 'own account password 2';
const COOKIE = 'directus-test-session';
const now = () => Math.floor(Date.now() / 1000);

/**
 * "My profile" on the server (Octavo additions): one's own password only with the current one, 2FA
 * off only with a code or the password, and one's own sessions listed without their tokens.
 */
describe.each(testVendors)("one's own account (%s)", (vendor) => {
  let server: TestServer;
  let inject: ReturnType<typeof guardedInject>;

  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { loginRateLimit: 10_000 } });
    inject = guardedInject(server, [PASSWORD, NEW_PASSWORD]);
    // Writers may update their own record, as the demo's editors may.
    await server.project
      .knex('directus_roles')
      .insert({ id: 3, name: 'Writers', enforce_2fa: flag(server, false) });
    await server.project
      .knex('directus_roles')
      .insert({ id: 4, name: 'Strict', enforce_2fa: flag(server, true) });
    const admin = { authorization: `Bearer ${await server.login()}` };
    const granted = await server.inject({
      method: 'POST',
      url: '/test/permissions',
      headers: admin,
      payload: { collection: 'directus_users', role: 3, status: 'active', read: 'full', update: 'mine' },
    });
    expect(granted.statusCode).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  const signIn = async (email: string, password = PASSWORD, otp?: string) => {
    const res = await inject({
      method: 'POST',
      url: '/test/auth/authenticate',
      payload: { email, password, ...(otp ? { otp } : {}) },
      headers: { 'user-agent': 'Test Browser/1.0' },
    });
    return res;
  };
  const bearer = async (email: string, password = PASSWORD) => {
    const res = await signIn(email, password);
    expect(res.statusCode).toBe(200);
    return { authorization: `Bearer ${res.json().data.token}` };
  };
  const call = async (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => {
    const res = await inject({ method, url: `/test${url}`, headers, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };

  it('changes the password only with the current one, under the policy, keeping this session', async () => {
    const id = await createUser(server, { email: 'pw@example.com', password: PASSWORD, role: 3 });
    const here = await bearer('pw@example.com');
    const elsewhere = await bearer('pw@example.com');

    // A plain PATCH of one's own password is refused; nothing changes.
    const patched = await call('PATCH', '/users/me', here, { password: NEW_PASSWORD });
    expect([patched.status, patched.body.error.code]).toEqual([403, 10]);
    expect(patched.body.error.message).toContain('/users/me/password');
    const byId = await call('PATCH', `/users/${id}`, here, { password: NEW_PASSWORD });
    expect(byId.status).toBe(403);

    const blank = await call('POST', '/users/me/password', here, { password: NEW_PASSWORD });
    expect([blank.status, blank.body.error.code]).toEqual([422, 4]);
    const wrong = await call('POST', '/users/me/password', here, {
      current_password: 'not my password',
      password: NEW_PASSWORD,
    });
    expect([wrong.status, wrong.body.error.code]).toEqual([404, 100]);
    expect((await signIn('pw@example.com')).statusCode).toBe(200);

    await server.project
      .knex('directus_settings')
      .where('key', 'password_policy')
      .update({ value: '/^.{30,}$/' });
    try {
      const weak = await call('POST', '/users/me/password', here, {
        current_password: PASSWORD,
        password: NEW_PASSWORD,
      });
      expect([weak.status, weak.body.error.code]).toEqual([422, 4]);
    } finally {
      await server.project.knex('directus_settings').where('key', 'password_policy').update({ value: '' });
    }

    const ok = await call('POST', '/users/me/password', here, {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
    });
    expect(ok.status).toBe(204);
    expect((await signIn('pw@example.com')).statusCode).toBe(404);
    expect((await signIn('pw@example.com', NEW_PASSWORD)).statusCode).toBe(200);
    // This session stays; the other one ended with the change.
    expect((await call('GET', '/users/me', here)).status).toBe(200);
    expect((await call('GET', '/users/me', elsewhere)).status).toBe(401);
    const activity = await server.project
      .knex('directus_activity')
      .where({ collection: 'directus_users', item: String(id), action: 'update' })
      .first('action_by');
    expect(Number(activity?.action_by)).toBe(id);
  });

  it('lets an administrator set another user’s password with PATCH, but not their own', async () => {
    const other = await createUser(server, { email: 'other@example.com', password: PASSWORD, role: 3 });
    await createUser(server, { email: 'boss@example.com', password: PASSWORD, role: 1 });
    const boss = await bearer('boss@example.com');
    expect((await call('PATCH', `/users/${other}`, boss, { password: NEW_PASSWORD })).status).toBe(200);
    expect((await signIn('other@example.com', NEW_PASSWORD)).statusCode).toBe(200);
    const own = await call('PATCH', '/users/me', boss, { password: NEW_PASSWORD });
    expect([own.status, own.body.error.code]).toEqual([403, 10]);
    // Other fields of one's own record still save with PATCH.
    const named = await call('PATCH', '/users/me', boss, {
      first_name: 'Bo',
      theme: 'dark',
      locale: 'en-GB',
    });
    expect(named.status).toBe(200);
    expect(named.body.data).toMatchObject({ first_name: 'Bo', theme: 'dark', locale: 'en-GB' });
  });

  it('turns 2FA off only with a current code or the password; an enforcing role keeps it', async () => {
    const left = 30 - (now() % 30);
    if (left < 12) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 200));
    const secret = generateSecret();
    const id = await createUser(server, {
      email: 'tfa@example.com',
      password: PASSWORD,
      role: 3,
      extra: { '2fa_secret': secret },
    });
    const signedIn = await signIn('tfa@example.com', PASSWORD, await generate({ secret, epoch: now() - 30 }));
    expect(signedIn.statusCode).toBe(200);
    const me = { authorization: `Bearer ${signedIn.json().data.token}` };
    const secretOf = async () =>
      (await server.project.knex('directus_users').where('id', id).first('2fa_secret'))['2fa_secret'];

    expect((await call('GET', '/users/me/two_factor', me)).body.data).toEqual({
      enabled: true,
      enforced: false,
    });
    const patched = await call('PATCH', '/users/me', me, { '2fa_secret': null });
    expect([patched.status, patched.body.error.code]).toEqual([403, 10]);
    expect((await call('POST', '/users/me/deactivate_2fa', me, {})).status).toBe(422);
    const badCode = await call('POST', '/users/me/deactivate_2fa', me, { otp: '000000' });
    expect([badCode.status, badCode.body.error.code]).toEqual([404, 112]);
    const badPassword = await call('POST', '/users/me/deactivate_2fa', me, { password: 'nope nope' });
    expect([badPassword.status, badPassword.body.error.code]).toEqual([404, 100]);
    expect(await secretOf()).toBe(secret);

    const off = await call('POST', '/users/me/deactivate_2fa', me, {
      otp: await generate({ secret, epoch: now() }),
    });
    expect(off.status).toBe(204);
    expect(await secretOf()).toBeNull();
    expect((await signIn('tfa@example.com')).statusCode).toBe(200);
    expect((await call('GET', '/users/me/two_factor', me)).body.data).toEqual({
      enabled: false,
      enforced: false,
    });

    // Again on, then off with the password.
    await server.project.knex('directus_users').where('id', id).update({ '2fa_secret': secret });
    expect((await call('POST', '/users/me/deactivate_2fa', me, { password: PASSWORD })).status).toBe(204);
    expect(await secretOf()).toBeNull();

    // A role that enforces 2FA keeps it.
    await server.project.knex('directus_users').where('id', id).update({ '2fa_secret': secret, role: 4 });
    const strict = await call('POST', '/users/me/deactivate_2fa', me, { password: PASSWORD });
    expect([strict.status, strict.body.error.code]).toEqual([403, 10]);
    expect(await secretOf()).toBe(secret);
  });

  it('lists one’s own open sessions, marks the current one, shows no token, and signs one out', async () => {
    const id = await createUser(server, { email: 'sessions@example.com', password: PASSWORD, role: 3 });
    const other = await createUser(server, { email: 'someone@example.com', password: PASSWORD, role: 3 });
    await bearer('someone@example.com');
    const jwt = await bearer('sessions@example.com');
    const cookieSignIn = await inject({
      method: 'POST',
      url: '/test/auth/authenticate',
      payload: { email: 'sessions@example.com', password: PASSWORD, mode: 'cookie' },
      headers: { 'user-agent': 'Cookie Browser/2.0' },
    });
    const cookie = { cookie: cookiePair(cookieSignIn, COOKIE)! };

    const list = await call('GET', '/users/me/sessions', jwt);
    expect(list.status).toBe(200);
    const sessions = list.body.data as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(2);
    for (const session of sessions) {
      expect(Object.keys(session).sort()).toEqual(
        [
          'created_on',
          'current',
          'expires_on',
          'id',
          'ip_address',
          'last_used_on',
          'type',
          'user_agent',
        ].sort(),
      );
      expect(session.last_used_on! >= session.created_on!).toBe(true);
    }
    const stored = await server.project.knex('directus_user_sessions').where('user', id).select('token');
    for (const { token } of stored) expect(list.body && JSON.stringify(list.body)).not.toContain(token);
    const mine = sessions.find((s) => s.current)!;
    expect(mine).toMatchObject({ type: 'jwt', user_agent: 'Test Browser/1.0' });
    const viaCookie = sessions.find((s) => !s.current)!;
    expect(viaCookie).toMatchObject({ type: 'cookie', user_agent: 'Cookie Browser/2.0' });

    // From the cookie session, the cookie one is current.
    const fromCookie = await call('GET', '/users/me/sessions', cookie);
    expect((fromCookie.body.data as Array<Record<string, unknown>>).find((s) => s.current)?.id).toBe(
      viaCookie.id,
    );

    // From the cookie session, signing out another session keeps the cookie.
    const third = await bearer('sessions@example.com');
    const thirdId = (await call('GET', '/users/me/sessions', third)).body.data.find(
      (s: { current: boolean }) => s.current,
    ).id;
    const fromCookieOut = await inject({
      method: 'POST',
      url: `/test/auth/logout/${id}/${thirdId}`,
      headers: { ...cookie, 'content-type': 'application/json' },
      payload: {},
    });
    expect(fromCookieOut.statusCode).toBe(204);
    expect(fromCookieOut.headers['set-cookie']).toBeUndefined();
    expect((await call('GET', '/users/me', third)).status).toBe(401);
    expect((await call('GET', '/users/me', cookie)).status).toBe(200);

    // Sign out the cookie session only, then everywhere.
    expect((await call('POST', `/auth/logout/${id}/${viaCookie.id}`, jwt)).status).toBe(204);
    expect((await call('GET', '/users/me', cookie)).status).toBe(401);
    expect((await call('GET', '/users/me/sessions', jwt)).body.data).toHaveLength(1);
    expect((await call('POST', `/auth/logout/${other}`, jwt)).status).toBe(403);
    expect((await call('POST', `/auth/logout/${id}`, jwt)).status).toBe(204);
    expect((await call('GET', '/users/me/sessions', jwt)).status).toBe(401);
    // The other user's session is untouched.
    expect(await server.project.knex('directus_user_sessions').where('user', other)).toHaveLength(1);
  });

  it('answers anonymous callers with 401', async () => {
    for (const [method, url] of [
      ['GET', '/users/me/sessions'],
      ['POST', '/users/me/password'],
      ['POST', '/users/me/deactivate_2fa'],
    ] as const) {
      const res = await call(method, url, {}, method === 'POST' ? { password: 'x' } : undefined);
      expect(res.status).toBe(401);
    }
  });
});
