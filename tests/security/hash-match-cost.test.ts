import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bcrypt from 'bcryptjs';
import { loadConfig, ConfigError } from '../../server/config';
import { testVendors } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Threat: `/utils/hash/match` is public, and argon2 and bcrypt hashes name their own cost. An
 * anonymous caller handing in `m=1048576` (1 GiB a request) or bcrypt cost 16 (seconds a request)
 * took the node from everyone. Hashes above the server's limits are refused before any work,
 * `/utils/hash` options are capped the same way, and both endpoints are limited per IP like sign-in.
 */
const randomIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

describe.each(testVendors)('hash cost limits on /utils/hash(/match) (%s)', (vendor) => {
  let server: TestServer;
  let ownHash: string;
  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { loginRateLimit: 5 } });
    ownHash = (await post('/hash', { string: 'secret' }, randomIp())).json().data.hash;
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (url: string, payload: object, remoteAddress = randomIp(), target = server) =>
    target.inject({ method: 'POST', url: `/test/utils${url}`, payload, remoteAddress });

  it('refuses argon2 hashes whose memory, passes or lanes exceed the limits, before any work', async () => {
    const variants = [
      ownHash.replace(/m=\d+/, 'm=1048576'),
      ownHash.replace(/t=\d+/, 't=200'),
      ownHash.replace(/p=\d+/, 'p=64'),
    ];
    for (const hash of variants) {
      const started = Date.now();
      const res = await post('/hash/match', { string: 'secret', hash });
      expect(Date.now() - started).toBeLessThan(1000);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe(1001);
      expect(res.json().error.message).toMatch(/argon2 [mtp]=\d+ exceeds \d+/);
    }
  });

  it('refuses bcrypt hashes above the cost limit, and cost options of /utils/hash above it', async () => {
    const costly = bcrypt.hashSync('secret', 4).replace(/^\$2[ab]\$04\$/, '$2y$16$');
    for (const hasher of ['core', 'bcrypt']) {
      const res = await post('/hash/match', { string: 'secret', hash: costly, hasher });
      expect([res.statusCode, res.json().error.code]).toEqual([422, 1001]);
    }
    const option = await post('/hash', { string: 'x', hasher: 'bcrypt', options: { cost: 15 } });
    expect([option.statusCode, option.json().error.code]).toEqual([422, 1001]);
  });

  it('still verifies hashes within the limits (its own, v8 bcrypt) and calls unreadable ones invalid', async () => {
    expect((await post('/hash/match', { string: 'secret', hash: ownHash })).json().data.valid).toBe(true);
    const v8 = bcrypt.hashSync('secret', 10).replace(/^\$2[ab]\$/, '$2y$');
    expect((await post('/hash/match', { string: 'secret', hash: v8 })).json().data.valid).toBe(true);
    for (const hash of [
      ownHash.replace(/m=\d+,/, ''),
      ownHash.replace(/m=\d+/, 'm=1,m=1048576'),
      '$argon2id$v=19$m=99999999999,t=1,p=1$c2FsdHNhbHQ$aGFzaA',
    ]) {
      const res = await post('/hash/match', { string: 'secret', hash });
      expect(res.statusCode === 200 ? res.json().data.valid : res.json().error.code).not.toBe(true);
    }
    const long = await post('/hash/match', { string: 'secret', hash: `${ownHash}${'A'.repeat(2000)}` });
    expect([long.statusCode, long.json().error.code]).toEqual([422, 4]);
  });

  it('limits both endpoints per IP like sign-in: 429 past loginRateLimit a minute', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await post('/hash', { string: 'x', hasher: 'md5' }, ip)).statusCode);
    for (let i = 0; i < 3; i++)
      statuses.push((await post('/hash/match', { string: 'x', hash: 'y', hasher: 'md5' }, ip)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await post('/hash/match', { string: 'x', hash: 'y', hasher: 'md5' }, ip);
    expect([limited.statusCode, limited.body]).toEqual([429, '']);
    expect(limited.headers['x-ratelimit-limit']).toBe('5');
    expect((await post('/hash/match', { string: 'x', hash: 'y', hasher: 'md5' })).statusCode).toBe(200);
  });

  it('takes its limits from the configuration, never below its own hashing parameters', () => {
    const base = { dataDir: server.config.dataDir };
    expect(loadConfig({}, base).hashLimits).toEqual({
      argon2Memory: 65536,
      argon2Time: 3,
      argon2Parallelism: 4,
      bcryptCost: 12,
    });
    expect(loadConfig({ OCTAVO_HASH_MAX_BCRYPT_COST: '14' }, base).hashLimits.bcryptCost).toBe(14);
    expect(() => loadConfig({ OCTAVO_HASH_MAX_ARGON2_MEMORY: '1024' }, base)).toThrow(ConfigError);
    expect(() => loadConfig({ OCTAVO_HASH_MAX_BCRYPT_COST: 'x' }, base)).toThrow(ConfigError);
  });

  it('applies a lowered bcrypt limit', async () => {
    const strict = await startTestServer(vendor, {
      config: { hashLimits: { ...server.config.hashLimits, bcryptCost: 10 } },
    });
    try {
      const eleven = bcrypt.hashSync('secret', 4).replace(/^\$2[ab]\$04\$/, '$2y$11$');
      const res = await post('/hash/match', { string: 'secret', hash: eleven }, randomIp(), strict);
      expect([res.statusCode, res.json().error.code]).toEqual([422, 1001]);
    } finally {
      await strict.close();
    }
  });
});
