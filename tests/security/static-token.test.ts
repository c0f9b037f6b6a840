import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVendors } from '../helpers/databases';
import { ADMIN, startTestServer, type TestServer } from '../helpers/server';
import { decodeQuotedPrintable, startTestSmtp, type TestSmtp } from '../helpers/smtp';

/** A random client address per test, so counters are never shared between tests or runs. */
const randomIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

/**
 * Threat: a non-admin gives itself a permanent API token that outlives sign-out everywhere and a
 * password change, guesses other users' tokens without limit, and learns through 409 which
 * values others hold. Only administrators set static tokens; they are stored hashed, revoked by
 * "sign out everywhere" and by password changes, and failed uses count against the rate limit.
 */
describe.each(testVendors)('static tokens (%s)', (vendor) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let editor: number;

  const signIn = async (email: string, password: string) => {
    const res = await server.inject({
      method: 'POST',
      url: '/test/auth/authenticate',
      payload: { email, password },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(200);
    return { authorization: `Bearer ${res.json().data.token}` };
  };
  const me = (token: string, remoteAddress = randomIp()) =>
    server.inject({
      method: 'GET',
      url: '/test/users/me?fields=id',
      headers: { authorization: `Bearer ${token}` },
      remoteAddress,
    });
  const storedToken = async (id: number) =>
    (await server.project.knex('directus_users').where('id', id).first('token')).token as string | null;
  const setToken = async (id: number, token: string) => {
    const res = await server.inject({
      method: 'PATCH',
      url: `/test/users/${id}`,
      headers: await signIn(ADMIN.email, ADMIN.password),
      payload: { token },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(200);
  };

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(vendor, {
      config: { loginRateLimit: 3, mail: { smtpUrl: smtp.url, from: 'Octavo <octavo@example.com>' } },
    });
    const admin = await signIn(ADMIN.email, ADMIN.password);
    const role = (
      await server.inject({
        method: 'POST',
        url: '/test/roles',
        headers: admin,
        payload: { name: 'Editors' },
      })
    ).json().data.id;
    const created = await server.inject({
      method: 'POST',
      url: '/test/users',
      headers: admin,
      payload: {
        email: 'editor@example.com',
        password: 'editor password 1',
        role,
        status: 'active',
        first_name: 'Ed',
        last_name: 'Itor',
      },
    });
    editor = created.json().data.id;
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('refuses a non-admin setting its own token (403), without a uniqueness oracle', async () => {
    await server.project.knex('directus_users').where('id', 1).update({ token: 'admin-plain-token-1' });
    const headers = await signIn('editor@example.com', 'editor password 1');
    for (const token of ['my-own-permanent-token', 'admin-plain-token-1']) {
      const res = await server.inject({
        method: 'PATCH',
        url: '/test/users/me',
        headers,
        payload: { token },
      });
      expect([res.statusCode, res.json().error.code]).toEqual([403, 10]);
    }
    expect(await storedToken(editor)).toBeNull();
    expect((await me('my-own-permanent-token')).statusCode).toBe(401);
    await server.project.knex('directus_users').where('id', 1).update({ token: null });
  });

  it('stores tokens set by an administrator hashed; v8 plain tokens still work, a stored hash does not', async () => {
    await setToken(editor, 'editor-static-token-0123456789');
    const stored = await storedToken(editor);
    expect(stored).not.toContain('editor-static-token');
    expect(stored).toMatch(/^\$sha256\$[0-9a-f]{64}$/);
    const res = await me('editor-static-token-0123456789');
    expect([res.statusCode, res.json().data.id]).toEqual([200, editor]);
    expect((await me(stored!)).statusCode).toBe(401);
    // A Directus 8 database keeps them as they are.
    await server.project.knex('directus_users').where('id', editor).update({ token: 'v8-plain-token-abc' });
    expect((await me('v8-plain-token-abc')).json().data.id).toBe(editor);
  });

  it('revokes the token on "sign out everywhere"', async () => {
    await setToken(editor, 'editor-static-token-sign-out');
    expect((await me('editor-static-token-sign-out')).statusCode).toBe(200);
    const headers = await signIn('editor@example.com', 'editor password 1');
    const out = await server.inject({ method: 'POST', url: `/test/auth/logout/${editor}`, headers });
    expect(out.statusCode).toBeLessThan(300);
    expect(await storedToken(editor)).toBeNull();
    expect((await me('editor-static-token-sign-out')).statusCode).toBe(401);
  });

  it('revokes the token when the password changes', async () => {
    await setToken(editor, 'editor-static-token-password');
    const headers = await signIn('editor@example.com', 'editor password 1');
    const res = await server.inject({
      method: 'POST',
      url: '/test/users/me/password',
      headers,
      payload: { current_password: 'editor password 1', password: 'editor password 2' },
    });
    expect(res.statusCode).toBe(204);
    expect((await me('editor-static-token-password')).statusCode).toBe(401);
    expect(await storedToken(editor)).toBeNull();
  });

  it('revokes the token on a password reset', async () => {
    await setToken(editor, 'editor-static-token-reset');
    const arriving = smtp.next();
    const asked = await server.inject({
      method: 'POST',
      url: '/test/auth/password/request',
      payload: { email: 'editor@example.com' },
      remoteAddress: randomIp(),
    });
    expect(asked.statusCode).toBe(200);
    const text = decodeQuotedPrintable((await arriving).raw);
    const token = /token=([A-Za-z0-9._-]+)/.exec(text)![1];
    const done = await server.inject({
      method: 'POST',
      url: '/test/auth/password/reset',
      payload: { token, password: 'editor password 3' },
      remoteAddress: randomIp(),
    });
    expect(done.statusCode).toBe(200);
    expect((await me('editor-static-token-reset')).statusCode).toBe(401);
  });

  it('counts failed token uses against the rate limit, then refuses even the right token (429)', async () => {
    await setToken(editor, 'editor-static-token-guess');
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await me(`guess-${i}`, ip)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const right = await me('editor-static-token-guess', ip);
    expect([right.statusCode, right.json().error.code]).toEqual([429, 7]);
    expect((await me('editor-static-token-guess')).statusCode).toBe(200);
  });
});
