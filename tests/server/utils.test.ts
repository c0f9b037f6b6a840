import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVendors } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';

describe.each(testVendors)('/utils (%s)', (vendor) => {
  let server: TestServer;
  let headers: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer(vendor);
    headers = { authorization: `Bearer ${await server.login()}` };
  });
  afterAll(async () => {
    await server?.close();
  });
  const post = (url: string, payload: unknown, extra = headers) =>
    server.inject({ method: 'POST', url: `/test/utils${url}`, headers: extra, payload: payload as object });

  it('hashes with argon2id by default and matches it', async () => {
    const res = await post('/hash', { string: 'secret words' });
    expect(res.statusCode).toBe(200);
    const { hash } = res.json().data;
    expect(hash).toMatch(/^\$argon2id\$/);
    expect((await post('/hash/match', { string: 'secret words', hash })).json().data).toEqual({
      valid: true,
    });
    expect((await post('/hash/match', { string: 'other words', hash })).json().data).toEqual({
      valid: false,
    });
  });

  it('hashes with bcrypt ($2y$ as v8) and the hex digests', async () => {
    const bcrypt = (await post('/hash', { string: 'pw', hasher: 'bcrypt', options: { cost: 4 } })).json().data
      .hash;
    expect(bcrypt).toMatch(/^\$2y\$04\$/);
    expect(
      (await post('/hash/match', { string: 'pw', hash: bcrypt, hasher: 'bcrypt' })).json().data.valid,
    ).toBe(true);
    // v8's `core` hasher verifies its bcrypt hashes too.
    expect((await post('/hash/match', { string: 'pw', hash: bcrypt })).json().data.valid).toBe(true);
    const sha = (await post('/hash', { string: 'abc', hasher: 'sha256' })).json().data.hash;
    expect(sha).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect((await post('/hash', { string: 'abc', hasher: 'md5' })).json().data.hash).toBe(
      '900150983cd24fb0d6963f7d28e17f72',
    );
    expect(
      (await post('/hash/match', { string: 'abc', hash: sha, hasher: 'sha256' })).json().data.valid,
    ).toBe(true);
    expect(
      (await post('/hash/match', { string: 'abd', hash: sha, hasher: 'sha256' })).json().data.valid,
    ).toBe(false);
  });

  it('refuses unknown hashers with 422 code 1000 and missing values with 422 code 4', async () => {
    const unknown = await post('/hash', { string: 'x', hasher: 'rot13' });
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([422, 1000]);
    const unknownMatch = await post('/hash/match', { string: 'x', hash: 'y', hasher: 'rot13' });
    expect([unknownMatch.statusCode, unknownMatch.json().error.code]).toEqual([422, 1000]);
    const missing = await post('/hash', { hasher: 'sha1' });
    expect([missing.statusCode, missing.json().error.code]).toEqual([422, 4]);
    const noHash = await post('/hash/match', { string: 'x' });
    expect([noHash.statusCode, noHash.json().error.code]).toEqual([422, 4]);
    const empty = await server.inject({ method: 'POST', url: '/test/utils/hash', headers });
    expect([empty.statusCode, empty.json().error.code]).toEqual([400, 13]);
  });

  it('makes random strings of the asked length', async () => {
    const standard = (await post('/random/string', {})).json().data.random;
    expect(standard).toHaveLength(32);
    expect(standard).toMatch(/^[0-9a-zA-Z!@#$%^&*()_+}{;?>.<,]+$/);
    expect((await post('/random/string', { length: 8 })).json().data.random).toHaveLength(8);
    const viaGet = await server.inject({
      method: 'GET',
      url: '/test/utils/random/string?length=12',
      headers,
    });
    expect(viaGet.json().data.random).toHaveLength(12);
    const bad = await post('/random/string', { length: 'many' });
    expect([bad.statusCode, bad.json().error.code]).toEqual([422, 4]);
    const tooLong = await post('/random/string', { length: 100000 });
    expect(tooLong.statusCode).toBe(422);
    const a = (await post('/random/string', {})).json().data.random;
    expect(a).not.toBe(standard);
  });

  it('makes a base32 2FA secret without storing it', async () => {
    const res = await server.inject({ method: 'GET', url: '/test/utils/2fa_secret', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data['2fa_secret']).toMatch(/^[A-Z2-7]{16,}$/);
    const user = await server.project.knex('directus_users').where('id', 1).first('2fa_secret');
    expect(user['2fa_secret']).not.toBe(res.json().data['2fa_secret']);
  });

  it('is open to the public role as in v8, answering with "public": true', async () => {
    const res = await post('/hash', { string: 'x', hasher: 'sha1' }, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { hash: '11f6ad8ec52a2984abaafd7c3b516503785c2072' },
      public: true,
    });
  });
});
