import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, generateSecret } from 'otplib';
import { testVendors } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { createUser, flag, guardedInject } from './auth-helpers';

const PASSWORD = 'two factor password';
const now = () => Math.floor(Date.now() / 1000);
/** A code for the step `offset` steps from now (distinct steps avoid the replay guard). */
const otpAt = (secret: string, offset: number) => generate({ secret, epoch: now() + offset * 30 });
/**
 * Codes are computed before the server checks them; near the end of a 30 s step the step can turn in
 * between (a −2 code becomes −3 on a loaded machine). Start such a test at the beginning of a step.
 */
async function freshStep(margin = 15): Promise<void> {
  const left = 30 - (now() % 30);
  if (left < margin) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 200));
}

describe.each(testVendors)('two-factor authentication (%s)', (vendor) => {
  let server: TestServer;
  let inject: ReturnType<typeof guardedInject>;

  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { loginRateLimit: 10_000 } });
    inject = guardedInject(server, [PASSWORD]);
    await server.project
      .knex('directus_roles')
      .insert({ id: 3, name: 'Editors', enforce_2fa: flag(server, true) });
    // No permission rows at all: a user still reads their own record (GET /users/me).
  });
  afterAll(async () => {
    await server?.close();
  });

  const login = (email: string, otp?: string) =>
    inject({
      method: 'POST',
      url: '/test/auth/authenticate',
      payload: { email, password: PASSWORD, ...(otp ? { otp } : {}) },
    });

  it('asks for the code (111), refuses a wrong one (112) and a replayed one (112)', async () => {
    await freshStep();
    const secret = generateSecret();
    await createUser(server, {
      email: 'tfa@example.com',
      password: PASSWORD,
      extra: { '2fa_secret': secret },
    });
    const missing = await login('tfa@example.com');
    expect([missing.statusCode, missing.json().error.code]).toEqual([404, 111]);
    const current = await otpAt(secret, 0);
    const wrong = await login('tfa@example.com', current === '000000' ? '000001' : '000000');
    expect([wrong.statusCode, wrong.json().error.code]).toEqual([404, 112]);
    const ok = await login('tfa@example.com', current);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().error).toBeUndefined();
    const replay = await login('tfa@example.com', current);
    expect([replay.statusCode, replay.json().error.code]).toEqual([404, 112]);
    // A code from the edge of the window (−2 steps) still works once.
    expect((await login('tfa@example.com', await otpAt(secret, -2))).statusCode).toBe(200);
    expect((await login('tfa@example.com', await otpAt(secret, -4))).json().error.code).toBe(112);
    // A wrong password with a right code is still 100 (the code is not checked first).
    const badPassword = await inject({
      method: 'POST',
      url: '/test/auth/authenticate',
      payload: { email: 'tfa@example.com', password: 'wrong', otp: await otpAt(secret, 1) },
    });
    expect(badPassword.json().error.code).toBe(100);
  });

  it('enforced 2FA: 200 with data and error 113, only the setup routes work until it is activated', async () => {
    const id = await createUser(server, { email: 'enforced@example.com', password: PASSWORD, role: 3 });
    const res = await login('enforced@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json().error).toEqual({ code: 113, message: expect.any(String) });
    const token = res.json().data.token;
    expect(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).needs2FA).toBe(true);
    const headers = { authorization: `Bearer ${token}` };
    // Allowed: own record, project info (which reports requires2FA).
    const me = await inject({ method: 'GET', url: '/test/users/me', headers });
    expect(me.json().data.id).toBe(id);
    const info = await inject({ method: 'GET', url: '/test/', headers });
    expect(info.json().public).toBeUndefined();
    expect(info.json().data.api.requires2FA).toBe(true);
    // Anything else acts as public.
    const tracking = await inject({
      method: 'PATCH',
      url: '/test/users/me/tracking/page',
      headers,
      payload: { last_page: '/x' },
    });
    expect([tracking.statusCode, tracking.json().error.code]).toEqual([401, 3]);
    // Refresh keeps the flag.
    const refreshed = await inject({ method: 'POST', url: '/test/auth/refresh', payload: { token } });
    expect(
      JSON.parse(Buffer.from(refreshed.json().data.token.split('.')[1], 'base64url').toString()).needs2FA,
    ).toBe(true);

    // Activation: validation, wrong code, then success.
    const secret = generateSecret();
    const activate = (payload: object, url = '/test/users/me/activate_2fa') =>
      inject({ method: 'POST', url, headers, payload });
    expect((await activate({ '2fa_secret': 'short', otp: '123456' })).json().error.code).toBe(4);
    expect((await activate({ '2fa_secret': secret })).json().error.code).toBe(4);
    const current = await otpAt(secret, 0);
    const bad = await activate({ '2fa_secret': secret, otp: current === '000000' ? '000001' : '000000' });
    expect([bad.statusCode, bad.json().error.code]).toEqual([404, 112]);
    const other = await activate({ '2fa_secret': secret, otp: current }, '/test/users/1/activate_2fa');
    expect([other.statusCode, other.json().error.code]).toEqual([403, 10]);
    const good = await activate({ '2fa_secret': secret, otp: current }, `/test/users/${id}/activate_2fa`);
    expect(good.statusCode).toBe(200);
    expect(good.json().data.id).toBe(id);
    expect(good.json().data).not.toHaveProperty('2fa_secret');
    const stored = await server.project.knex('directus_users').where('id', id).first('2fa_secret');
    expect(stored['2fa_secret']).toBe(secret);
    // Now the same token works everywhere, and the next sign-in needs a code (the used one is spent).
    const trackingNow = await inject({
      method: 'PATCH',
      url: '/test/users/me/tracking/page',
      headers,
      payload: { last_page: '/x' },
    });
    expect(trackingNow.statusCode).toBe(200);
    expect((await login('enforced@example.com')).json().error.code).toBe(111);
    expect((await login('enforced@example.com', current)).json().error.code).toBe(112);
    const again = await login('enforced@example.com', await otpAt(secret, 1));
    expect(again.statusCode).toBe(200);
    expect(again.json().error).toBeUndefined();
  });

  it('activate_2fa is refused to anonymous callers', async () => {
    const res = await inject({
      method: 'POST',
      url: '/test/users/me/activate_2fa',
      payload: { '2fa_secret': generateSecret(), otp: '123456' },
    });
    expect([res.statusCode, res.json().error.code]).toEqual([401, 3]);
  });
});
