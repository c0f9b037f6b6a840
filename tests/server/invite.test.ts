import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, type ItemEvent } from '../../server/services/events';
import { testVendors } from '../helpers/databases';
import { ADMIN, startTestServer, type TestServer } from '../helpers/server';
import { decodeQuotedPrintable, startTestSmtp, type TestSmtp } from '../helpers/smtp';

const EDITOR = { email: 'editor@example.com', password: 'an editor password 123' };

function linkIn(raw: string): URL {
  const text = decodeQuotedPrintable(raw);
  const match = /https?:\/\/[^\s"<>]+accept-invite\?[^\s"<>]+/.exec(text);
  if (!match) throw new Error('no link in the message');
  return new URL(match[0].replace(/&amp;/g, '&'));
}

function tokenOf(link: URL): string {
  return new URLSearchParams(link.hash.split('?')[1]).get('token')!;
}

describe.each(testVendors)('user invitations (%s)', (vendor) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let admin: string;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(vendor, {
      config: {
        mail: { smtpUrl: smtp.url, from: 'Octavo <octavo@example.com>' },
        publicUrl: 'https://cms.example.com/api/',
        loginRateLimit: 10_000,
      },
    });
    const { hashPassword } = await import('../../server/services/passwords');
    await server.project.knex('directus_users').insert({
      email: EDITOR.email,
      password: await hashPassword(EDITOR.password),
      status: 'active',
      role: 2,
    });
    admin = await server.login();
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const invite = (payload: unknown, token: string | null = admin, host?: string) =>
    server.inject({
      method: 'POST',
      url: '/test/users/invite',
      payload: payload as object,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(host ? { host } : {}) },
    });
  const accept = (token: string, method: 'GET' | 'POST' = 'POST') =>
    server.inject({ method, url: `/test/users/invite/${encodeURIComponent(token)}` });

  it('creates an invited user, mails a link from the public URL, and the link activates the user once', async () => {
    const seen: ItemEvent[] = [];
    const listener = (event: ItemEvent) => seen.push(event);
    events.on('item', listener);
    try {
      const before = smtp.messages.length;
      const res = await invite({ email: 'new.person@example.com' }, admin, 'evil.example.net');
      expect(res.statusCode).toBe(200);
      const [user] = res.json().data;
      expect(user).toMatchObject({ email: 'new.person@example.com', status: 'invited', role: null });
      expect(user).not.toHaveProperty('password');
      expect(smtp.messages).toHaveLength(before + 1);
      const mail = smtp.messages.at(-1)!;
      expect(mail.to).toEqual(['new.person@example.com']);
      expect(mail.raw).toMatch(/Subject: You have been invited to Test project/);

      const link = linkIn(mail.raw);
      // From the configured public URL, never the request's Host header.
      expect(`${link.origin}${link.pathname}`).toBe('https://cms.example.com/api/admin/');
      expect(link.hash.startsWith('#/accept-invite?')).toBe(true);
      expect(new URLSearchParams(link.hash.split('?')[1]).get('project')).toBe('test');
      const token = tokenOf(link);
      const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
      expect(claims).toMatchObject({
        type: 'invitation',
        email: 'new.person@example.com',
        sender: 1,
        project: 'test',
      });
      expect(claims.exp - claims.iat).toBe(30 * 24 * 3600);

      const accepted = await accept(token);
      expect(accepted.statusCode).toBe(200);
      // v8 answers the user as read before the activation.
      expect(accepted.json()).toMatchObject({ data: { id: user.id, status: 'invited' }, public: true });
      const stored = await server.project.knex('directus_users').where('id', user.id).first('status', 'role');
      expect(stored).toEqual({ status: 'active', role: null });

      // The link works once.
      const again = await accept(token, 'GET');
      expect([again.statusCode, again.json().error.code]).toEqual([404, 106]);

      await new Promise((resolve) => setImmediate(resolve));
      expect(seen.map((e) => [e.action, e.collection, e.keys])).toEqual([
        ['create', 'directus_users', [Number(user.id)]],
        ['update', 'directus_users', [Number(user.id)]],
      ]);
    } finally {
      events.off('item', listener);
    }
  });

  it('invites a list; existing active users get no mail, still-invited ones get it again', async () => {
    await invite({ email: 'twice@example.com' });
    const before = smtp.messages.length;
    const res = await invite({
      email: ['twice@example.com', 'third@example.com', EDITOR.email, ADMIN.email],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((u: { email: string; status: string }) => [u.email, u.status])).toEqual([
      ['twice@example.com', 'invited'],
      ['third@example.com', 'invited'],
      [EDITOR.email, 'active'],
      [ADMIN.email, 'active'],
    ]);
    expect(
      smtp.messages
        .slice(before)
        .map((m) => m.to[0])
        .sort(),
    ).toEqual(['third@example.com', 'twice@example.com']);
    const [{ n }] = await server.project
      .knex('directus_users')
      .where('email', 'twice@example.com')
      .count('* as n');
    expect(Number(n)).toBe(1);
  });

  it('assigns the role an invitation names; refuses an unknown role and the Public role', async () => {
    const role = await server.project.knex('directus_roles').insert({ name: 'Writers' }, ['id']);
    const roleId = Number(typeof role[0] === 'object' ? role[0].id : role[0]);
    const res = await invite({ email: 'writer@example.com', role: roleId });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({
      email: 'writer@example.com',
      status: 'invited',
      role: roleId,
    });
    // Invited again into another role while still invited: the new role.
    const again = await invite({ email: ['writer@example.com'], role: 1 });
    expect(again.json().data[0]).toMatchObject({ role: 1 });
    for (const bad of [2, 9999, 'admin', 1.5]) {
      const refused = await invite({ email: 'nobody@example.com', role: bad });
      expect([refused.statusCode, refused.json().error.code]).toEqual([422, 4]);
    }
    expect(
      await server.project.knex('directus_users').where('email', 'nobody@example.com').first(),
    ).toBeUndefined();
  });

  it('accepts with a new password (policy checked), after which the user signs in', async () => {
    await invite({ email: 'with.password@example.com' });
    const token = tokenOf(linkIn(smtp.messages.at(-1)!.raw));
    const post = (payload: unknown) =>
      server.inject({
        method: 'POST',
        url: `/test/users/invite/${encodeURIComponent(token)}`,
        payload: payload as object,
      });
    await server.project
      .knex('directus_settings')
      .where('key', 'password_policy')
      .update({ value: '/^.{12,}$/' });
    try {
      for (const bad of [{ password: 'short' }, { password: '' }, { password: 42 }]) {
        const refused = await post(bad);
        expect([refused.statusCode, refused.json().error.code]).toEqual([422, 4]);
      }
      const stored = () =>
        server.project.knex('directus_users').where('email', 'with.password@example.com').first();
      expect((await stored()).status).toBe('invited');
      const accepted = await post({ password: 'a long enough password' });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.body).not.toContain('a long enough password');
      expect((await stored()).status).toBe('active');
      expect((await stored()).password).not.toBe('a long enough password');
      await expect(server.login('with.password@example.com', 'a long enough password')).resolves.toBeTruthy();
    } finally {
      await server.project.knex('directus_settings').where('key', 'password_policy').update({ value: '' });
    }
  });

  it('refuses non-admins with 403 code 10 and invalid emails with 422 code 4', async () => {
    const editor = await server.login(EDITOR.email, EDITOR.password);
    for (const token of [editor, null]) {
      const res = await invite({ email: 'x@example.com' }, token);
      expect([res.statusCode, res.json().error.code]).toEqual([403, 10]);
    }
    for (const payload of [
      {},
      { email: '' },
      { email: 'no-at-sign' },
      { email: ['ok@example.com', 5] },
      { email: [] },
    ]) {
      const res = await invite(payload);
      expect([res.statusCode, res.json().error.code], JSON.stringify(payload)).toEqual([422, 4]);
    }
    expect(
      await server.project.knex('directus_users').where('email', 'ok@example.com').first(),
    ).toBeUndefined();
  });

  it('rejects forged, foreign and expired tokens with 101/102, and a token without its invited user with 106', async () => {
    const secret = new TextEncoder().encode(server.project.config.auth.secret_key);
    const now = Math.floor(Date.now() / 1000);
    await invite({ email: 'late@example.com' });
    const user = await server.project.knex('directus_users').where('email', 'late@example.com').first('id');
    const base = {
      id: Number(user.id),
      email: 'late@example.com',
      type: 'invitation',
      key: server.project.config.auth.public_key,
      project: 'test',
    };
    const sign = (claims: object, key = secret, exp = now + 3600) =>
      new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime(exp)
        .sign(key);

    const cases: Array<[string, number, number]> = [
      ['not-a-jwt', 401, 101],
      [await sign(base, new TextEncoder().encode('another secret')), 401, 101],
      [await sign({ ...base, type: 'auth' }), 401, 101],
      [await sign({ ...base, project: 'other' }), 401, 101],
      [await sign({ ...base, key: 'another-key' }), 401, 101],
      [await sign(base, secret, now - 60), 401, 102],
      [await sign({ ...base, email: 'someone.else@example.com' }), 404, 106],
      [await sign({ ...base, id: 1, email: ADMIN.email }), 404, 106],
    ];
    for (const [token, status, code] of cases) {
      const res = await accept(token);
      expect([res.statusCode, res.json().error.code], token).toEqual([status, code]);
    }
    // An admin's own auth token is not an invitation either.
    expect((await accept(admin)).json().error.code).toBe(101);
    expect(
      (await server.project.knex('directus_users').where('email', 'late@example.com').first('status')).status,
    ).toBe('invited');
    // The genuine, unexpired token still works.
    expect((await accept(await sign(base))).statusCode).toBe(200);
  });

  it('answers 500 code 503 when the invitation cannot be sent', async () => {
    smtp.failing = true;
    try {
      const res = await invite({ email: 'unlucky@example.com' });
      expect([res.statusCode, res.json().error.code]).toEqual([500, 503]);
    } finally {
      smtp.failing = false;
    }
    // The user stays invited; inviting again sends the mail.
    const res = await invite({ email: 'unlucky@example.com' });
    expect(res.statusCode).toBe(200);
    expect(smtp.messages.at(-1)!.to).toEqual(['unlucky@example.com']);
  });
});

describe.each(testVendors)('user invitations without SMTP (%s)', (vendor) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(vendor);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 500 code 500 and creates nobody', async () => {
    const token = await server.login();
    const res = await server.inject({
      method: 'POST',
      url: '/test/users/invite',
      payload: { email: 'x@example.com' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect([res.statusCode, res.json().error.code]).toEqual([500, 500]);
    expect(
      await server.project.knex('directus_users').where('email', 'x@example.com').first(),
    ).toBeUndefined();
  });
});
