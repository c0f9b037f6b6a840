import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVendors } from '../helpers/databases';
import { ADMIN, startTestServer, type TestServer } from '../helpers/server';
import { passwordResetsSettled, requestPasswordReset } from '../../server/services/password-reset';

/**
 * Threat: `POST /auth/password/request` made the token, wrote it and mailed the link before
 * answering, so an existing account answered measurably slower than an unknown email (and a
 * delivery failure answered 500 for existing accounts only): an account oracle. The answer now
 * comes first; the background part's failures are logged.
 */

/** An "SMTP server" that keeps every connection waiting `delayMs`, then hangs up. */
async function slowSmtp(delayMs: number): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    setTimeout(() => socket.destroy(), delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.each(testVendors)('password reset request timing (%s)', (vendor) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof slowSmtp>>;
  beforeAll(async () => {
    smtp = await slowSmtp(800);
    server = await startTestServer(vendor, {
      config: { loginRateLimit: 10_000, mail: { smtpUrl: smtp.url, from: 'Octavo <octavo@example.com>' } },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const timed = async (email: string) => {
    const started = Date.now();
    const res = await server.inject({
      method: 'POST',
      url: '/test/auth/password/request',
      payload: { email },
    });
    return { ms: Date.now() - started, status: res.statusCode, body: res.json() };
  };

  it('answers an existing and an unknown email alike and before the mail is sent', async () => {
    const existing = await timed(ADMIN.email);
    const unknown = await timed('nobody@example.com');
    expect(existing.status).toBe(200);
    expect(existing.body).toEqual(unknown.body);
    expect(existing.body).toEqual({ public: true });
    // The mail server takes 800 ms (and then fails): the answer did not wait for it.
    expect(existing.ms).toBeLessThan(600);
    await passwordResetsSettled();
    // The token is written by the background part, which still happens.
    const after = await server.project.knex('directus_users').where('email', ADMIN.email).first();
    expect(after.password_reset_token).toBeTruthy();
  });

  it('logs the failures of the background part instead of losing them', async () => {
    const errors: Array<{ details: object; message: string }> = [];
    await requestPasswordReset(server.project, ADMIN.email, undefined, {
      error: (details, message) => errors.push({ details, message }),
    });
    expect(errors).toEqual([]);
    await passwordResetsSettled();
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(/reset link was not sent/);
    expect((errors[0].details as { err: unknown }).err).toBeInstanceOf(Error);
  });
});
