import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVendors } from '../helpers/databases';
import { FAMILIES } from './fuzz/families';
import { describeRequest, runFuzz, startFuzzServer, type FuzzServer } from './fuzz/harness';

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
});
