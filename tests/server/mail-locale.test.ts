import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVendors } from '../helpers/databases';
import { ADMIN, startTestServer, type TestServer } from '../helpers/server';
import { decodeQuotedPrintable, startTestSmtp, type TestSmtp } from '../helpers/smtp';
import { createUser } from './auth-helpers';
import { passwordResetsSettled } from '../../server/services/password-reset';

/** The message as text: quoted-printable undone, its UTF-8 read. */
function bodyOf(raw: string): string {
  return Buffer.from(decodeQuotedPrintable(raw), 'latin1').toString('utf8');
}

/** An encoded-word subject (`=?UTF-8?Q?…?=` or `=?UTF-8?B?…?=`) as text. */
function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1] ?? '';
  return header
    .replace(/\r?\n[ \t]/g, '')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(decodeQuotedPrintable(text.replace(/_/g, ' ')), 'latin1').toString('utf8'),
    );
}

describe.each(testVendors)('mails in the recipient’s language (%s)', (vendor) => {
  let server: TestServer;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(vendor, {
      config: { loginRateLimit: 10_000, mail: { smtpUrl: smtp.url, from: 'Octavo <octavo@example.com>' } },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const requestReset = async (email: string) => {
    const res = await server.inject({
      method: 'POST',
      url: '/test/auth/password/request',
      payload: { email },
    });
    expect(res.statusCode).toBe(200);
    await passwordResetsSettled();
    return smtp.messages.at(-1)!;
  };

  it('sends a user whose locale is de-DE a German reset mail', async () => {
    await createUser(server, {
      email: 'greta@example.com',
      password: 'a long password',
      extra: { locale: 'de-DE' },
    });
    const mail = await requestReset('greta@example.com');
    expect(mail.to).toEqual(['greta@example.com']);
    const body = bodyOf(mail.raw);
    expect(subjectOf(mail.raw)).toBe('Test project: Passwort zurücksetzen');
    expect(body).toContain('<html lang="de-DE" dir="ltr">');
    expect(body).toContain('Passwort zurücksetzen</a>');
    expect(body).toContain('läuft in 20 Minuten ab');
    expect(body).not.toContain('reset your password');
  });

  it('falls back to the project’s default language, and words an invitation in it (Arabic, right to left)', async () => {
    const settings = () => server.project.knex('directus_settings').where({ key: 'default_locale' });
    const before = (await settings().first()) as { value: string | null } | undefined;
    await settings().update({ value: 'ar-SA' });
    try {
      await createUser(server, { email: 'nolocale@example.com', password: 'a long password' });
      const reset = await requestReset('nolocale@example.com');
      expect(bodyOf(reset.raw)).toContain('<html lang="ar-SA" dir="rtl">');
      expect(subjectOf(reset.raw)).toBe('Test project: إعادة تعيين كلمة المرور');

      const token = await server.login(ADMIN.email, ADMIN.password);
      const invited = await server.inject({
        method: 'POST',
        url: '/test/users/invite',
        headers: { authorization: `Bearer ${token}` },
        payload: { email: 'guest@example.com' },
      });
      expect(invited.statusCode).toBe(200);
      const invitation = smtp.messages.at(-1)!;
      expect(invitation.to).toEqual(['guest@example.com']);
      expect(subjectOf(invitation.raw)).toBe('تمت دعوتك إلى Test project');
      const body = bodyOf(invitation.raw);
      expect(body).toContain('dir="rtl"');
      expect(body).toContain('قبول الدعوة</a>');
    } finally {
      await settings().update({ value: before?.value ?? null });
    }
  });

  it('keeps en-US for a user and project without a language', async () => {
    await createUser(server, { email: 'plain@example.com', password: 'a long password' });
    const mail = await requestReset('plain@example.com');
    expect(subjectOf(mail.raw)).toBe('Test project: reset your password');
    expect(bodyOf(mail.raw)).toContain('expires in 20 minutes');
  });
});
