import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVendors } from '../helpers/databases';
import { ADMIN, startTestServer, type TestServer } from '../helpers/server';
import { decodeQuotedPrintable, startTestSmtp, type TestSmtp } from '../helpers/smtp';

const EDITOR = { email: 'editor@example.com', password: 'an editor password 123' };

/** The value of a header in a raw message (unfolded). */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

describe.each(testVendors)('POST /mail (%s)', (vendor) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let admin: string;
  let editorId: number;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(vendor, {
      config: { mail: { smtpUrl: smtp.url, from: 'Octavo <octavo@example.com>' }, loginRateLimit: 10_000 },
    });
    const { hashPassword } = await import('../../server/services/passwords');
    const knex = server.project.knex;
    await knex('directus_users').where('id', 1).update({ first_name: 'Ada', last_name: 'Admin' });
    await knex('directus_users').insert([
      {
        email: EDITOR.email,
        password: await hashPassword(EDITOR.password),
        status: 'active',
        role: 2,
        first_name: 'Ed',
        last_name: 'Itor',
      },
      { email: 'gone@example.com', status: 'suspended', role: 2 },
    ]);
    editorId = Number((await knex('directus_users').where('email', EDITOR.email).first('id')).id);
    admin = await server.login();
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const send = (payload: unknown, token: string | null = admin) =>
    server.inject({
      method: 'POST',
      url: '/test/mail',
      payload: payload as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('sends an HTML message as written, with data values escaped, from the caller', async () => {
    const before = smtp.messages.length;
    const res = await send({
      to: 'reader@example.com',
      subject: 'Weekly news',
      body: '<h1>Hello {{ name }}</h1><p>Issue {{ issue }}</p>',
      type: 'html',
      data: { name: '<script>x</script>', issue: 42 },
    });
    expect(res.statusCode).toBe(204);
    expect(smtp.messages).toHaveLength(before + 1);
    const mail = smtp.messages.at(-1)!;
    expect(mail.to).toEqual(['reader@example.com']);
    // The configured sender stays the envelope sender; From shows the admin.
    expect(mail.from).toBe('octavo@example.com');
    expect(header(mail.raw, 'From')).toBe(`Ada Admin <${ADMIN.email}>`);
    expect(header(mail.raw, 'Subject')).toBe('Weekly news');
    expect(header(mail.raw, 'Content-Type')).toMatch(/^text\/html/);
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain('<h1>Hello &lt;script&gt;x&lt;/script&gt;</h1><p>Issue 42</p>');
  });

  it('sends plain text to user ids and {email, name} objects, from the default sender when asked', async () => {
    const res = await send({
      to: [editorId, { email: 'guest@example.com', name: 'Guest' }],
      subject: 'Plain',
      body: 'Hi {{ who }} & co',
      type: 'plain',
      data: { who: '<you>' },
      use_default_email: true,
    });
    expect(res.statusCode).toBe(204);
    const mail = smtp.messages.at(-1)!;
    expect(mail.to.sort()).toEqual([EDITOR.email, 'guest@example.com']);
    expect(header(mail.raw, 'From')).toBe('Octavo <octavo@example.com>');
    expect(header(mail.raw, 'To')).toBe(`Ed Itor <${EDITOR.email}>, Guest <guest@example.com>`);
    expect(header(mail.raw, 'Content-Type')).toMatch(/^text\/plain/);
    expect(decodeQuotedPrintable(mail.raw)).toContain('Hi <you> & co');
  });

  it('accepts `txt` as plain and defaults to html', async () => {
    expect((await send({ to: 'a@example.com', body: 'x', type: 'txt' })).statusCode).toBe(204);
    expect(header(smtp.messages.at(-1)!.raw, 'Content-Type')).toMatch(/^text\/plain/);
    expect((await send({ to: 'a@example.com', body: '<b>x</b>' })).statusCode).toBe(204);
    expect(header(smtp.messages.at(-1)!.raw, 'Content-Type')).toMatch(/^text\/html/);
  });

  it('is for administrators only', async () => {
    const anonymous = await send({ to: 'a@example.com', body: 'x' }, null);
    expect([anonymous.statusCode, anonymous.json().error.code]).toEqual([401, 3]);
    const editor = await server.login(EDITOR.email, EDITOR.password);
    const asEditor = await send({ to: 'a@example.com', body: 'x' }, editor);
    expect([asEditor.statusCode, asEditor.json().error.code]).toEqual([401, 3]);
  });

  it('validates the request with code 4, and unknown recipients with code 12', async () => {
    const before = smtp.messages.length;
    const cases: Array<[unknown, number]> = [
      [{ body: 'x' }, 4],
      [{ to: [], body: 'x' }, 4],
      [{ to: 'a@example.com' }, 4],
      [{ to: 'a@example.com', body: 'x', type: 'pdf' }, 4],
      [{ to: 'a@example.com', body: 'x', subject: 5 }, 4],
      [{ to: 'a@example.com', body: 'x', data: [1] }, 4],
      [{ to: 'a@example.com', body: '{% if %}' }, 4],
      [{ to: 'not an address', body: 'x' }, 12],
      [{ to: 99999, body: 'x' }, 12],
      [{ to: [editorId, 'gone@example.com', 12345], body: 'x' }, 12],
    ];
    for (const [payload, code] of cases) {
      const res = await send(payload);
      expect([res.statusCode, res.json().error.code], JSON.stringify(payload)).toEqual([422, code]);
    }
    // A suspended user's id is not a recipient.
    const suspended = (
      await server.project.knex('directus_users').where('email', 'gone@example.com').first('id')
    ).id;
    expect((await send({ to: Number(suspended), body: 'x' })).json().error.code).toBe(12);
    expect(smtp.messages.length).toBe(before);
  });

  it('keeps template includes away from the server files', async () => {
    const res = await send({ to: 'a@example.com', body: '{% include "/etc/passwd" %}' });
    expect([res.statusCode, res.json().error.code]).toEqual([422, 4]);
  });

  it('answers 500 code 503 when the SMTP server refuses the message', async () => {
    smtp.failing = true;
    try {
      const res = await send({ to: 'a@example.com', body: 'x' });
      expect([res.statusCode, res.json().error.code]).toEqual([500, 503]);
    } finally {
      smtp.failing = false;
    }
  });
});

describe.each(testVendors)('POST /mail without SMTP (%s)', (vendor) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(vendor);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 500 code 500 when mail is not configured', async () => {
    const token = await server.login();
    const res = await server.inject({
      method: 'POST',
      url: '/test/mail',
      payload: { to: 'a@example.com', body: 'x' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect([res.statusCode, res.json().error.code]).toEqual([500, 500]);
  });

  it('answers 500 code 501 when the SMTP URL cannot be used', async () => {
    server.config.mail.smtpUrl = 'smtp://[broken';
    try {
      const token = await server.login();
      const res = await server.inject({
        method: 'POST',
        url: '/test/mail',
        payload: { to: 'a@example.com', body: 'x' },
        headers: { authorization: `Bearer ${token}` },
      });
      expect([res.statusCode, res.json().error.code]).toEqual([500, 501]);
    } finally {
      server.config.mail.smtpUrl = undefined;
    }
  });
});
