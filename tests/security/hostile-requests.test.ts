import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVendors } from '../helpers/databases';
import { FAMILIES } from './fuzz/families';
import { describeRequest, LEAK, runFuzz, startFuzzServer, type FuzzServer } from './fuzz/harness';

/**
 * A fixed-seed sample of the hostile-input run (`npm run fuzz`, issue 16 item 10): 500 generated
 * requests over every endpoint family, as the admin, the demo editor, the public and with broken
 * credentials. Each answer: no 5xx, no driver, SQL or stack text, within 5 s, a 4xx carries a
 * code of schemas/errors.json, and a refused write leaves the database and the storage unchanged.
 */
const SEED = 16_010;
const COUNT = 500;

describe.each(testVendors)('hostile requests to every endpoint family (%s)', (vendor) => {
  let fuzz: FuzzServer;

  beforeAll(async () => {
    fuzz = await startFuzzServer(vendor);
  }, 60_000);

  afterAll(async () => {
    await fuzz?.close();
  });

  it('answers each with data or a clear refusal that wrote nothing', async () => {
    const result = await runFuzz(fuzz, { seed: SEED, count: COUNT, families: FAMILIES });
    const failures = Object.values(result.families).flatMap((f) =>
      f.failures.map((o) => `${o.failures.join('; ')}\n  ${describeRequest(o.request)}`),
    );
    expect(failures).toEqual([]);
    // Every family was reached, and both sides were exercised.
    expect(Object.keys(result.families).sort()).toEqual(FAMILIES.map((f) => f.name).sort());
    const statuses = Object.values(result.families).flatMap((f) => Object.entries(f.statuses));
    const count = (digit: string) =>
      statuses.filter(([s]) => s.startsWith(digit)).reduce((n, [, c]) => n + c, 0);
    expect(count('2')).toBeGreaterThan(40);
    expect(count('4')).toBeGreaterThan(250);
  }, 120_000);

  it('answers the requests earlier runs failed on with a clear refusal', async () => {
    const admin = { authorization: `Bearer ${await fuzz.server.login()}` };
    const send = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => {
      const res = await fuzz.server.inject({
        method,
        url: `/test${url}`,
        headers: admin,
        payload: payload as never,
      });
      expect(res.body).not.toMatch(LEAK);
      return [res.statusCode, res.json().error?.code];
    };
    // A key past the integer range (PostgreSQL refused the comparison: 500).
    expect(await send('GET', '/webhooks/2147483648/deliveries')).toEqual([404, 203]);
    // The router's refusals carried the framework's own error shape.
    expect(await send('GET', '/items/%/1')).toEqual([400, 2]);
    // A key list as long as a URL may carry is a lookup; past the path limit, a clear refusal.
    expect(await send('GET', `/roles/${'9'.repeat(300)}`)).toEqual([404, 203]);
    expect(await send('GET', `/roles/${'9'.repeat(70_000)}`)).toEqual([422, 4]);
    // A read-back query the answer cannot be read with (the write was made, then refused).
    const before = await fuzz.fingerprint();
    expect(await send('POST', '/folders?fields=nope', { name: 'x' })).toEqual([422, 202]);
    expect(
      await send('POST', '/files?fields=nope', { data: 'aGVsbG8=', filename_download: 'a.txt' }),
    ).toEqual([422, 202]);
    expect(await send('PATCH', '/items/topics/1?fields=nope', { name: 'x' })).toEqual([422, 202]);
    expect(await fuzz.fingerprint()).toEqual(before);
    // Keys that are objects no text can be made of (TypeError: 500).
    expect(
      await send('POST', '/activity/comment', {
        collection: 'articles',
        item: { toString: 1 },
        comment: 'x',
      }),
    ).toEqual([422, 4]);
    expect(await send('POST', '/fields/articles', { field: 'fz_t', type: { toString: 1 } })).toEqual([
      422, 404,
    ]);
    expect(await send('POST', '/utils/hash', { string: 'x', hasher: { toString: 1 } })).toEqual([422, 1000]);
    expect(await send('POST', '/utils/random/string', { length: [[1], { toString: {} }] })).toEqual([422, 4]);
    const folder = await fuzz.server.inject({
      method: 'POST',
      url: '/test/folders',
      headers: admin,
      payload: { name: 'p' },
    });
    expect(await send('PATCH', `/folders/${folder.json().data.id}`, { parent_folder: [[[1]]] })).toEqual([
      422, 4,
    ]);
    expect((await send('GET', '/permissions/me/a%00b'))[0]).toBe(200);
    // PostgreSQL: a key past the integer range, a NUL character in text.
    expect(await send('DELETE', '/files/99999999999999999999')).toEqual([404, 203]);
    expect((await send('POST', '/folders', { name: 'a\u0000b' }))[0]).toBeLessThan(500);
    // A schema write the database refuses (MariaDB: the statement and "Data too long" were shown).
    const [status, code] = await send('PATCH', '/relations/1', { collection_many: 'x'.repeat(300) });
    if (vendor !== 'sqlite') expect([status, code]).toEqual([422, 404]);
    else expect(status).toBeLessThan(500);
  });
});
