import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { testVendors } from '../helpers/databases';
import { ADMIN, startTestServer, type TestServer } from '../helpers/server';

/** A random client address per run, so runs sharing one Redis never share counters. */
const randomIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

describe.each(testVendors)('sign-in rate limit (%s)', (vendor) => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  it('answers 429 with an empty body past the per-minute limit, per IP and with X-RateLimit headers', async () => {
    const server = await startTestServer(vendor, { config: { loginRateLimit: 3 } });
    servers.push(server);
    const ip = randomIp();
    const attempt = (remoteAddress: string, url = '/test/auth/authenticate') =>
      server.inject({
        method: 'POST',
        url,
        payload: { email: ADMIN.email, password: 'wrong' },
        remoteAddress,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt(ip)).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429]);
    const limited = await attempt(ip);
    expect(limited.body).toBe('');
    expect(limited.headers['x-ratelimit-limit']).toBe('3');
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(limited.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
    // Even the right password is refused now; another IP is not affected.
    const right = await server.inject({
      method: 'POST',
      url: '/test/auth/authenticate',
      payload: { ...ADMIN },
      remoteAddress: ip,
    });
    expect(right.statusCode).toBe(429);
    expect((await attempt(randomIp())).statusCode).toBe(404);
    // Password-reset requests have a counter of their own, with the same limit.
    const resets: number[] = [];
    for (let i = 0; i < 4; i++) resets.push((await attempt(ip, '/test/auth/password/request')).statusCode);
    expect(resets.slice(0, 3).every((s) => s !== 429)).toBe(true);
    expect(resets[3]).toBe(429);
  });

  it('shares the count between two server instances through Redis', async () => {
    const redisUrl = 'redis://127.0.0.1:6379';
    const first = await startTestServer(vendor, { config: { loginRateLimit: 4, redisUrl } });
    servers.push(first);
    const second = await startTestServer(vendor, { config: { loginRateLimit: 4, redisUrl } });
    servers.push(second);
    const ip = randomIp();
    const attempt = (server: TestServer) =>
      server.inject({
        method: 'POST',
        url: '/test/auth/authenticate',
        payload: { email: ADMIN.email, password: 'wrong' },
        remoteAddress: ip,
      });
    const statuses = [];
    for (const server of [first, second, first, second, first, second])
      statuses.push((await attempt(server)).statusCode);
    expect(statuses).toEqual([404, 404, 404, 404, 429, 429]);
  });
});
