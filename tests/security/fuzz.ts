/**
 * The hostile-input run (issue 16 item 10): `npm run fuzz` sends generated hostile requests to
 * every endpoint family of a freshly installed demo project, per vendor, and prints per family the
 * requests, the status histogram, the failures (each with its seed and index, and the request) and
 * the time taken. Exits 1 when any request failed.
 *
 *   npm run fuzz -- [--seed N] [--count N] [--vendor sqlite,mysql,postgres] [--family auth,files]
 *                   [--start N] (first request index; with --count 1 it replays one request)
 *
 * Requests are generated one by one from (seed, index), so a failing request is rebuilt by its
 * seed and index; it ran against the database as the requests before it left it.
 */
import { parseArgs } from 'node:util';
import type { Vendor } from '../../server/config';
import { familiesNamed } from './fuzz/generate';
import { describeRequest, runFuzz, startFuzzServer, type RunResult } from './fuzz/harness';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    count: { type: 'string', default: '10000' },
    vendor: { type: 'string', default: 'sqlite,mysql,postgres' },
    family: { type: 'string' },
    start: { type: 'string', default: '0' },
  },
});

const seed = Number(values.seed);
const count = Number(values.count);
const start = Number(values.start);
const families = familiesNamed(values.family);
const vendors = values.vendor.split(',').map((v) => v.trim()) as Vendor[];
const out = (line = '') => process.stdout.write(`${line}\n`);

function print(result: RunResult): number {
  out(
    `\n${result.vendor}: ${result.count} requests, seed ${result.seed}, ${(result.ms / 1000).toFixed(1)} s`,
  );
  out(
    `${'family'.padEnd(13)}${'requests'.padStart(9)}${'2xx'.padStart(7)}${'3xx'.padStart(6)}${'4xx'.padStart(7)}${'5xx'.padStart(6)}${'fail'.padStart(6)}${'known'.padStart(7)}${'ms'.padStart(8)}  statuses`,
  );
  let failed = 0;
  const total = { requests: 0, s2: 0, s3: 0, s4: 0, s5: 0, fail: 0, known: 0 };
  for (const [name, f] of Object.entries(result.families)) {
    const by = (d: string) =>
      Object.entries(f.statuses)
        .filter(([s]) => s.startsWith(d))
        .reduce((n, [, c]) => n + c, 0);
    const known = Object.values(f.known).reduce((a, b) => a + b, 0);
    const row = { s2: by('2'), s3: by('3'), s4: by('4'), s5: by('5') + by('0') };
    total.requests += f.requests;
    total.s2 += row.s2;
    total.s3 += row.s3;
    total.s4 += row.s4;
    total.s5 += row.s5;
    total.fail += f.failures.length;
    total.known += known;
    const histogram = Object.entries(f.statuses)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([s, c]) => `${s}:${c}`)
      .join(' ');
    out(
      `${name.padEnd(13)}${String(f.requests).padStart(9)}${String(row.s2).padStart(7)}${String(row.s3).padStart(6)}${String(row.s4).padStart(7)}${String(row.s5).padStart(6)}${String(f.failures.length).padStart(6)}${String(known).padStart(7)}${Math.round(f.ms).toString().padStart(8)}  ${histogram}`,
    );
  }
  out(
    `${'total'.padEnd(13)}${String(total.requests).padStart(9)}${String(total.s2).padStart(7)}${String(total.s3).padStart(6)}${String(total.s4).padStart(7)}${String(total.s5).padStart(6)}${String(total.fail).padStart(6)}${String(total.known).padStart(7)}${Math.round(result.ms).toString().padStart(8)}`,
  );
  for (const [name, f] of Object.entries(result.families)) {
    if (Object.keys(f.known).length) out(`  ${name}: skipped as known ${JSON.stringify(f.known)}`);
    for (const failure of f.failures) {
      failed++;
      out(`  FAIL ${name} → ${failure.status} in ${failure.ms} ms: ${failure.failures.join('; ')}`);
      out(`       ${describeRequest(failure.request)}`);
    }
  }
  return failed;
}

let failed = 0;
for (const vendor of vendors) {
  const setup = performance.now();
  const fuzz = await startFuzzServer(vendor);
  out(`${vendor}: demo project installed in ${((performance.now() - setup) / 1000).toFixed(1)} s`);
  try {
    const result = await runFuzz(fuzz, {
      seed,
      count,
      start,
      families,
      onProgress: (done) => process.stderr.write(`  ${vendor}: ${done}/${count}\r`),
    });
    failed += print(result);
  } finally {
    await fuzz.close();
  }
}
out(failed ? `\n${failed} failing request(s).` : '\nNo failures.');
process.exit(failed ? 1 : 0);
