import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVendors } from '../helpers/databases';
import { ADMIN, startTestServer, type TestServer } from '../helpers/server';
import { createUser } from '../server/auth-helpers';

/**
 * Threat: anyone could suspend any account, the only administrator included, by failing its
 * sign-in `login_attempts_allowed` times, and the answer (code 103) confirmed the email existed.
 * Failed sign-ins now lock temporarily with back-off (per account, and per account and source),
 * never change the account's status, never keep the last active administrator out from another
 * source, and a locked email answers exactly like an unknown one.
 */
const randomIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const randomEmail = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`;
const PASSWORD = 'the right password';
const ALLOWED = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const allowAttempts = (target: TestServer) =>
  target.project
    .knex('directus_settings')
    .where('key', 'login_attempts_allowed')
    .update({ value: String(ALLOWED) });
/** Locks of 1 s (2 s, 4 s, …) for the tests that wait for them to end. */
const SHORT_LOCKS = { loginRateLimit: 10_000, loginLockSeconds: 1, loginLockMaxSeconds: 30 };

describe.each(testVendors)('sign-in lockout (%s)', (vendor) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(vendor, {
      config: { loginRateLimit: 10_000, loginLockSeconds: 20, loginLockMaxSeconds: 60 },
    });
    await allowAttempts(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const signIn = (email: string, password: string, remoteAddress: string, target = server) =>
    target.inject({
      method: 'POST',
      url: '/test/auth/authenticate',
      payload: { email, password },
      remoteAddress,
    });
  const fail = async (email: string, ip: string, times: number, target = server) => {
    const codes: number[] = [];
    for (let i = 0; i < times; i++) codes.push((await signIn(email, 'wrong', ip, target)).json().error.code);
    return codes;
  };
  const status = async (email: string) =>
    (await server.project.knex('directus_users').whereRaw('lower(email) = ?', [email]).first('status'))
      .status;

  it('never locks the last active administrator out from another source, nor suspends them', async () => {
    const attacker = randomIp();
    expect(await fail(ADMIN.email, attacker, ALLOWED + 3)).toEqual(Array(ALLOWED + 3).fill(100));
    expect(await status(ADMIN.email)).toBe('active');
    // The source that failed is locked (even with the right password)...
    const fromAttacker = await signIn(ADMIN.email, ADMIN.password, attacker);
    expect([fromAttacker.statusCode, fromAttacker.json().error.code]).toEqual([404, 100]);
    // ...the administrator, elsewhere, is not.
    expect((await signIn(ADMIN.email, ADMIN.password, randomIp())).statusCode).toBe(200);
  });

  it('locks an account temporarily after login_attempts_allowed failures, answering as for an unknown email', async () => {
    const email = randomEmail('victim');
    await createUser(server, { email, password: PASSWORD });
    const ip = randomIp();
    expect(await fail(email, ip, ALLOWED + 1)).toEqual(Array(ALLOWED + 1).fill(100));
    expect(await status(email)).toBe('active');
    // Locked for every source (the account is not the last administrator), right password or not.
    const locked = await signIn(email, PASSWORD, ip);
    const elsewhere = await signIn(email, PASSWORD, randomIp());
    const unknown = await signIn(randomEmail('nobody'), PASSWORD, randomIp());
    for (const res of [locked, elsewhere]) {
      expect(res.statusCode).toBe(unknown.statusCode);
      expect(res.json()).toEqual(unknown.json());
    }
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 100]);
  });

  it('spends a password verification on a locked email, as on an unknown one', async () => {
    const email = randomEmail('timing');
    await createUser(server, { email, password: PASSWORD });
    await fail(email, randomIp(), ALLOWED + 1);
    const time = async (address: string) => {
      const started = process.hrtime.bigint();
      await signIn(address, PASSWORD, randomIp());
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const locked: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      locked.push(await time(email));
      unknown.push(await time(randomEmail('nobody')));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[1];
    expect(median(locked)).toBeGreaterThan(median(unknown) * 0.4);
  });

  it('ends a lock by itself, and backs off: each lock in a row lasts twice as long', async () => {
    const short = await startTestServer(vendor, { config: SHORT_LOCKS });
    try {
      await allowAttempts(short);
      const email = randomEmail('backoff');
      await createUser(short, { email, password: PASSWORD });
      const ip = randomIp();
      await fail(email, ip, ALLOWED + 1, short);
      await sleep(1100);
      // The first lock (1 s) is over; the next run of failures locks for 2 s.
      await fail(email, ip, ALLOWED + 1, short);
      const locked = Date.now();
      await sleep(1100);
      expect((await signIn(email, PASSWORD, ip, short)).json().error?.code).toBe(100);
      await sleep(Math.max(0, 2100 - (Date.now() - locked)));
      expect((await signIn(email, PASSWORD, ip, short)).statusCode).toBe(200);
      // A success forgets the back-off: the next lock is 1 s again.
      await fail(email, ip, ALLOWED + 1, short);
      await sleep(1100);
      expect((await signIn(email, PASSWORD, ip, short)).statusCode).toBe(200);
    } finally {
      await short.close();
    }
  });

  it('shares the counters between nodes through Redis', async () => {
    const redisUrl = 'redis://127.0.0.1:6379';
    const config = { ...SHORT_LOCKS, redisUrl };
    const first = await startTestServer(vendor, { config });
    const second = await startTestServer(vendor, { config });
    try {
      const email = randomEmail('shared');
      for (const node of [first, second]) {
        await createUser(node, { email, password: PASSWORD });
        await allowAttempts(node);
      }
      const ip = randomIp();
      for (let i = 0; i <= ALLOWED; i++) await fail(email, ip, 1, i % 2 ? second : first);
      const onSecond = await signIn(email, PASSWORD, randomIp(), second);
      expect([onSecond.statusCode, onSecond.json().error.code]).toEqual([404, 100]);
      await sleep(1100);
      expect((await signIn(email, PASSWORD, ip, first)).statusCode).toBe(200);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
