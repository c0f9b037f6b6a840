/**
 * `npm run bench [-- --vendor sqlite|postgres|mysql] [--items 100000] [--seconds 4] [--concurrency 16]
 *   [--skip-startup] [--only <keys>] [--load-clients 50] [--load-minutes 10]
 *   [--million [--reuse]] [--bulk] [--upload-mb 1024] [--text natural|lorem]`
 *
 * `--only` keys: bundle; the items cases list, filtered, published, author, search, one, create,
 * total, meta, score; search-writes; fanout, mixed, soak; upload; app.
 *
 * 0. The app's bundle report: each chunk's size and gzip size, and what the first page loads
 *    (bench/bundle.ts; `--only bundle` prints only this).
 * 1. Start-up figures of `octavo start` (cold start, idle memory; bench/startup.ts).
 * 2. The items benchmark: a generated collection of `--items` articles (m2o author, o2m comments,
 *    searchable text: `--text natural`, words drawn with Zipf's law from a large vocabulary, or
 *    `--text lorem`, 30 equally likely words, the worst case for search) on the chosen vendor; the
 *    server in a process of its own, signed in as a
 *    non-admin role (permissions, activity and revisions on). Each read runs in three alternating
 *    rounds with the floor: the same SQL through the database driver (bench/floor.ts,
 *    bench/serve.ts). A table at the end gives req/s, p50 / p99, the floor's req/s and p50, the
 *    fraction of the floor, and the target with PASS or MISS. `search` draws its terms from the
 *    data; `score` creates a field through the API without an index, sorts a filtered listing on
 *    it, then indexes it (`PATCH /fields`) and measures again. `search-writes` (only when asked;
 *    bench/search-writes.ts) times 5,000 inserts, updates and deletes without and with the search
 *    index.
 *    `--million` (PostgreSQL, 1,000,000 articles; or `--bulk` with `--items N --vendor postgres`)
 *    generates the data inside the database (bench/bulk.ts) and runs list, one, published (filter +
 *    sort on indexed fields, p50 < 50 ms) and total (`meta=total_count`, p50 < 20 ms) unless
 *    `--only` names others; `--reuse` keeps that database for the next run and reuses it.
 * 3. On the same server and data (bench/abuse.ts): "fanout", deep `fields=*.*.*.*.*.*.*` reads
 *    anonymous and signed in, and "mixed", a `--load-clients` × `--load-minutes` mixed load with the
 *    server's memory printed every 30 s. "soak" (only when asked): the same mixed load with the
 *    memory printed every minute and its spread around the first minute (target within ± 10 %).
 * 4. "upload" (bench/upload.ts): one `--upload-mb` MiB file (1024 by default) sent as multipart, generated
 *    while it is written; the server's resident memory growth during the upload (target under 100 MB).
 * 5. "app" (only when asked; bench/app.ts): the demo in headless Chromium: in-app navigation to a
 *    100-row listing (p50 of 10, target 300 ms) and the row elements in the DOM while scrolling a
 *    10,000-row collection (target: visible rows plus overscan).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import knexFactory from 'knex';
import type { DatabaseConfig, Vendor } from '../server/config';
import { ADMIN, createDataset, EDITOR, PROJECT, type Dataset, type TextKind } from './dataset';
import { createBulkDataset } from './bulk';
import { SCORE_FIELD } from './floor';
import { call, runLoad, type LoadCase, type LoadResult } from './load';
import { startupFigures } from './startup';
import { printBundleReport } from './bundle';
import { fanoutBenchmark, mixedBenchmark } from './abuse';
import { uploadBenchmark } from './upload';
import { appBenchmark } from './app';
import { searchWritesBenchmark } from './search-writes';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i !== -1) return process.argv[i + 1];
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
}

const million = process.argv.includes('--million');
const reuse = process.argv.includes('--reuse');
const vendor = (arg('vendor') ?? (million ? 'postgres' : 'sqlite')) as Vendor;
if (!['sqlite', 'postgres', 'mysql'].includes(vendor)) throw new Error(`--vendor: unknown vendor ${vendor}`);
const items = Number(arg('items') ?? (million ? 1_000_000 : 100_000));
if (million && vendor !== 'postgres')
  throw new Error('--million: the large data set is generated on PostgreSQL');
const seconds = Number(arg('seconds') ?? 4);
const concurrency = Number(arg('concurrency') ?? 16);
const only = arg('only')?.split(',');
const textKind = (arg('text') ?? 'natural') as TextKind;
if (!['natural', 'lorem'].includes(textKind)) throw new Error(`--text: natural or lorem, not ${textKind}`);
const skipStartup = process.argv.includes('--skip-startup');
const profile = arg('cpu-prof');
const loadClients = Number(arg('load-clients') ?? 50);
const loadMinutes = Number(arg('load-minutes') ?? 10);
const wants = (key: string) => !only || only.includes(key);

function rss(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    return { rss: 0, peak: 0 };
  }
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/**
 * The server side, compiled as `npm start` runs the server (bin/server-build.js): plain JavaScript
 * bundled by esbuild, not TypeScript transformed on load.
 */
async function compiledServe(): Promise<string> {
  const { build } = await import('esbuild');
  const outfile = join(import.meta.dirname, '..', 'dist', 'bench', 'serve.mjs');
  await build({
    entryPoints: [join(import.meta.dirname, 'serve.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}
const serveScript = await compiledServe();

async function startServer(
  mode: 'octavo' | 'floor',
  data: Dataset,
): Promise<{ child: ChildProcess; port: number }> {
  const execArgv: string[] = [];
  if (profile && mode === 'octavo') execArgv.push('--cpu-prof', `--cpu-prof-dir=${profile}`);
  const child = fork(serveScript, [mode, data.dataDir, JSON.stringify(data.database)], {
    execArgv,
    env: { ...process.env, OCTAVO_LOG_LEVEL: process.env.OCTAVO_LOG_LEVEL ?? 'info' },
    // The server logs at the default level like a production node; its output is not the benchmark's.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: any) => resolve(message.ready));
    child.once('exit', (code) => reject(new Error(`${mode} server exited (${code})`)));
  });
  return { child, port };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await done;
}

/** CPU time (user + system) the process has used, in ms; ticks are 10 ms on Linux. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

interface Measured extends LoadResult {
  /** Server CPU per request, ms: unlike req/s, barely moved by other load on the machine. */
  cpuPerRequest: number;
}

async function measure(c: LoadCase, server: { child: ChildProcess; port: number }, secs: number) {
  const before = cpuMs(server.child.pid!);
  const result = await runLoad(c, { port: server.port, seconds: secs, concurrency, maxRequests: 500_000 });
  // The warm-up's CPU is included; spread over the measured requests it errs on the high side.
  const cpu = cpuMs(server.child.pid!) - before;
  return { ...result, cpuPerRequest: cpu / Math.max(1, result.requests) } as Measured;
}

function line(name: string, result: Measured, memory?: string): string {
  const errors = result.errors ? `   ${result.errors} errors (${result.firstError})` : '';
  return `${name.padEnd(32)} ${result.perSecond.toFixed(0).padStart(6)} req/s  p50 ${result.p50
    .toFixed(1)
    .padStart(6)} ms  p99 ${result.p99.toFixed(1).padStart(6)} ms  cpu ${result.cpuPerRequest
    .toFixed(2)
    .padStart(5)} ms/req${memory ? `  rss ${memory}` : ''}${errors}`;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** What a figure must reach; printed beside it with PASS or MISS. */
type Target = { kind: 'req/s'; min: number } | { kind: 'p50'; max: number } | { kind: 'floor'; min: number };

interface Scenario {
  /** The `--only` key. */
  key: string;
  name: string;
  octavo: LoadCase;
  /** The same read served from the driver (floor.ts); none for writes and for reads it has no SQL for. */
  floor?: LoadCase;
  target?: Target;
}

interface Row {
  name: string;
  ours: Measured;
  theirs?: Measured;
  /** Octavo's req/s over the floor's, median of the alternating rounds. */
  fraction?: number;
  target?: Target;
}

function targetText(target: Target | undefined): string {
  if (!target) return 'no target';
  if (target.kind === 'req/s') return `>= ${target.min} req/s`;
  if (target.kind === 'p50') return `p50 < ${target.max} ms`;
  return `>= ${(target.min * 100).toFixed(0)}% of floor`;
}

function verdict(row: Row): string {
  const t = row.target;
  if (!t) return '';
  const pass =
    t.kind === 'req/s'
      ? row.ours.perSecond >= t.min
      : t.kind === 'p50'
        ? row.ours.p50 < t.max
        : (row.fraction ?? 0) >= t.min;
  return pass ? 'PASS' : 'MISS';
}

/** The summary table: every scenario with its floor, the fraction of the floor, its target. */
function printTable(title: string, rows: Row[]): void {
  console.log(`\n${title}`);
  console.log(
    `${'scenario'.padEnd(40)} ${'req/s'.padStart(6)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ` +
      `${'floor req/s'.padStart(11)} ${'floor p50'.padStart(9)} ${'of floor'.padStart(8)}  target`,
  );
  for (const row of rows) {
    const floorRate = row.theirs ? row.theirs.perSecond.toFixed(0) : '—';
    const floorP50 = row.theirs ? row.theirs.p50.toFixed(1) : '—';
    const fraction = row.fraction === undefined ? '—' : `${(row.fraction * 100).toFixed(0)}%`;
    console.log(
      `${row.name.padEnd(40)} ${row.ours.perSecond.toFixed(0).padStart(6)} ${row.ours.p50
        .toFixed(1)
        .padStart(7)} ${row.ours.p99.toFixed(1).padStart(7)} ${floorRate.padStart(11)} ${floorP50.padStart(
        9,
      )} ${fraction.padStart(8)}  ${targetText(row.target)} ${verdict(row)}`.trimEnd(),
    );
  }
}

/** Several measurements of one case as one: mean rates and CPU, median percentiles. */
function combine(results: Measured[]): Measured {
  const mean = (pick: (r: Measured) => number) =>
    results.reduce((sum, r) => sum + pick(r), 0) / results.length;
  return {
    requests: results.reduce((sum, r) => sum + r.requests, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    perSecond: mean((r) => r.perSecond),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    cpuPerRequest: mean((r) => r.cpuPerRequest),
    firstError: results.find((r) => r.firstError)?.firstError,
  };
}

/**
 * One scenario: with a floor, Octavo and the floor in alternating rounds (so a change in the
 * machine's load hits both); without one, a single run.
 */
async function runScenario(
  scenario: Scenario,
  octavo: { child: ChildProcess; port: number },
  floor: { child: ChildProcess; port: number },
): Promise<Row> {
  const rounds = 3;
  if (!scenario.floor) {
    const ours = await measure(scenario.octavo, octavo, seconds);
    console.log(line(scenario.name, ours, mib(rss(octavo.child.pid!).rss)));
    return { name: scenario.name, ours, target: scenario.target };
  }
  const ours: Measured[] = [];
  const theirs: Measured[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    ours.push(await measure(scenario.octavo, octavo, seconds / 2));
    theirs.push(await measure(scenario.floor, floor, seconds / 2));
    ratios.push(ours.at(-1)!.perSecond / theirs.at(-1)!.perSecond);
  }
  const row = {
    name: scenario.name,
    ours: combine(ours),
    theirs: combine(theirs),
    fraction: median(ratios),
    target: scenario.target,
  };
  console.log(line(scenario.name, row.ours, mib(rss(octavo.child.pid!).rss)));
  console.log(line('  floor', row.theirs, mib(rss(floor.child.pid!).rss)));
  return row;
}

/**
 * Search terms drawn from the data: whole words, pieces of words (3 to 6 characters), two
 * neighbouring words of a title (rarer) and numbers (which the key and the rating match as text).
 */
function searchTerms(titles: string[]): string[] {
  const next = ((seed: number) => () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  })(7);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  const terms: string[] = [];
  for (let i = 0; i < 16; i++) {
    const words = pick(titles).split(' ');
    const word = pick(words.filter((w) => w.length >= 3));
    const kind = i % 4;
    if (kind === 0) terms.push(word);
    else if (kind === 1) {
      const length = Math.min(word.length, 3 + Math.floor(next() * 4));
      const from = Math.floor(next() * (word.length - length + 1));
      terms.push(word.slice(from, from + length));
    } else if (kind === 2) {
      const at = Math.floor(next() * (words.length - 1));
      terms.push(`${words[at]} ${words[at + 1]}`);
    } else terms.push(String(100 + Math.floor(next() * 900)));
  }
  return terms;
}

/**
 * Each search term alone, one request at a time: its matches (`filter_count`) and the median time
 * of a page of 100 over 7 requests, so that a slow kind of term shows.
 */
async function searchTermsOneByOne(
  port: number,
  base: string,
  headers: Record<string, string>,
  terms: string[],
): Promise<void> {
  console.log('search, each term alone (one connection): matches, p50 of 7 pages of 100');
  for (const term of [...new Set(terms)]) {
    const q = encodeURIComponent(term);
    const counted = await call(port, { path: `${base}?limit=0&meta=filter_count&q=${q}`, headers });
    const times: number[] = [];
    for (let i = 0; i < 7; i++) {
      const started = performance.now();
      const res = await call(port, { path: `${base}?limit=100&q=${q}`, headers });
      times.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`search ${term}: ${JSON.stringify(res.json)}`);
    }
    times.sort((x, y) => x - y);
    const matches = String(counted.json?.meta?.filter_count ?? '?');
    console.log(
      `  ${JSON.stringify(term).padEnd(28)} ${matches.padStart(7)} matches  p50 ${times[3].toFixed(1).padStart(6)} ms`,
    );
  }
}

/** A knex connection of the benchmark's own, for what it does outside the API. */
function openDatabase(data: Dataset) {
  const { vendor: v, ...connection } = data.database as DatabaseConfig & Record<string, unknown>;
  if (v === 'sqlite')
    return knexFactory({
      client: 'better-sqlite3',
      connection: { filename: join(data.dataDir, String(connection.filename)) },
      useNullAsDefault: true,
    });
  return knexFactory({ client: v === 'mysql' ? 'mysql2' : 'pg', connection: connection as any });
}

async function itemsBenchmark(): Promise<void> {
  const bulk = million || (vendor === 'postgres' && (items >= 1_000_000 || process.argv.includes('--bulk')));
  console.log(
    `\nitems benchmark on ${vendor}: ${items} items, concurrency ${concurrency}, ${seconds} s per case`,
  );
  const data = bulk
    ? await createBulkDataset(items, { reuse }, (text) => console.log(text))
    : await createDataset(vendor, items, (line) => console.log(line), textKind);
  // A large data set runs its listing and counting cases unless others are asked for.
  const selected = (key: string) =>
    only ? only.includes(key) : bulk ? ['list', 'one', 'published', 'total'].includes(key) : key !== 'soak';
  let octavo: { child: ChildProcess; port: number } | undefined;
  let floor: { child: ChildProcess; port: number } | undefined;
  try {
    octavo = await startServer('octavo', data);
    floor = await startServer('floor', data);
    const signIn = async (who: { email: string; password: string }) => {
      const res = await call(octavo!.port, {
        method: 'POST',
        path: `/${PROJECT}/auth/authenticate`,
        body: () => who,
      });
      if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.json)}`);
      return { authorization: `Bearer ${res.json.data.token}` };
    };
    const headers = await signIn(EDITOR);
    const list = await call(octavo.port, {
      path: `/${PROJECT}/items/articles?fields=id,title&limit=1000&filter[status][eq]=published`,
      headers,
    });
    const rows = list.json.data as Array<{ id: number; title: string }>;
    const ids = rows.map((row) => row.id);
    const terms = searchTerms(rows.map((row) => row.title));
    const base = `/${PROJECT}/items/articles`;
    const floorOf = (name: string, value?: (n: number) => string): LoadCase => ({
      path: value ? (n) => `/floor/${name}?v=${encodeURIComponent(value(n))}` : `/floor/${name}`,
    });
    const term = (n: number) => terms[n % terms.length];
    const scenarios: Scenario[] = [
      {
        key: 'list',
        name: 'list 100',
        octavo: { path: `${base}?limit=100`, headers },
        floor: floorOf('list'),
        target: { kind: 'floor', min: 0.5 },
      },
      {
        key: 'filtered',
        name: 'filtered + sorted list 100',
        octavo: {
          path: `${base}?limit=100&filter[status][eq]=published&filter[rating][gte]=3&sort=-published_on`,
          headers,
        },
        floor: floorOf('filtered'),
      },
      {
        key: 'published',
        name: 'filter + sort on indexed fields',
        octavo: { path: `${base}?limit=100&filter[status][eq]=published&sort=-published_on`, headers },
        floor: floorOf('published'),
        target: items >= 1_000_000 ? { kind: 'p50', max: 50 } : undefined,
      },
      {
        key: 'author',
        name: 'list 100 fields=*,author.*',
        octavo: { path: `${base}?limit=100&fields=*,author.*`, headers },
      },
      {
        key: 'search',
        name: `search q=<${terms.length} terms>, limit 100`,
        octavo: { path: (n) => `${base}?limit=100&q=${encodeURIComponent(term(n))}`, headers },
        floor: floorOf('search', term),
        target: { kind: 'req/s', min: 800 },
      },
      {
        key: 'one',
        name: 'one item',
        octavo: { path: (n) => `${base}/${ids[n % ids.length]}`, headers },
        floor: floorOf('one', (n) => String(ids[n % ids.length])),
      },
      {
        key: 'create',
        name: 'create (activity + revision)',
        octavo: {
          method: 'POST',
          path: base,
          headers,
          body: (n) => ({
            title: `Benchmark article ${n}`,
            body: 'Written by the benchmark',
            status: 'draft',
            rating: 1 + (n % 5),
            author: 1 + (n % data.authors),
            published_on: '2024-01-01 00:00:00',
          }),
        },
      },
      {
        key: 'total',
        name: 'meta=total_count',
        octavo: { path: `${base}?limit=100&meta=total_count`, headers },
        floor: floorOf('total'),
        target: items >= 1_000_000 ? { kind: 'p50', max: 20 } : undefined,
      },
      {
        key: 'meta',
        name: 'meta=total_count,filter_count',
        octavo: { path: `${base}?limit=100&meta=total_count,filter_count`, headers },
      },
    ];

    console.log(`\nOctavo, signed in as a non-admin role (idle rss ${mib(rss(octavo.child.pid!).rss)})`);
    if (selected('search')) console.log(`search terms: ${terms.map((t) => JSON.stringify(t)).join(' ')}`);
    const results: Row[] = [];
    for (const scenario of scenarios) {
      if (selected(scenario.key)) results.push(await runScenario(scenario, octavo, floor));
    }
    if (selected('search')) await searchTermsOneByOne(octavo.port, base, headers, terms);
    if (only?.includes('search-writes')) {
      const db = openDatabase(data);
      try {
        await searchWritesBenchmark(db, vendor);
      } finally {
        await db.destroy();
      }
    }
    if (selected('score')) {
      results.push(...(await unindexedThenIndexed(data, octavo, floor, await signIn(ADMIN), headers)));
    }
    console.log(`server peak rss ${mib(rss(octavo.child.pid!).peak)}`);
    if (results.length > 0)
      printTable(
        `${vendor}, ${items} articles: Octavo beside the floor (the same SQL through the driver; ` +
          `median of 3 alternating rounds)`,
        results,
      );

    const server = octavo;
    const abuse = {
      port: server.port,
      headers,
      ids,
      authors: data.authors,
      memory: () => rss(server.child.pid!).rss,
      peak: () => rss(server.child.pid!).peak,
      concurrency,
      seconds,
      clients: loadClients,
      minutes: loadMinutes,
    };
    if (selected('fanout')) await fanoutBenchmark(abuse);
    if (selected('mixed')) await mixedBenchmark(abuse);
    if (selected('soak')) await mixedBenchmark({ ...abuse, every: 60, soak: true });
  } finally {
    if (octavo) await stop(octavo.child);
    if (floor) await stop(floor.child);
    await data.drop();
  }
}

/**
 * A field made through the API without an index (`score`, integer, filled outside the API with
 * scattered values), a filtered listing sorted on it, then `PATCH /fields/articles/score` with
 * `index: true` and the same listing again.
 */
async function unindexedThenIndexed(
  data: Dataset,
  octavo: { child: ChildProcess; port: number },
  floor: { child: ChildProcess; port: number },
  admin: Record<string, string>,
  headers: Record<string, string>,
): Promise<Row[]> {
  const fields = `/${PROJECT}/fields/articles`;
  const existing = await call(octavo.port, { path: `${fields}/${SCORE_FIELD}`, headers: admin });
  if (existing.status === 200)
    await call(octavo.port, { method: 'DELETE', path: `${fields}/${SCORE_FIELD}`, headers: admin });
  const created = await call(octavo.port, {
    method: 'POST',
    path: fields,
    headers: admin,
    body: () => ({
      field: SCORE_FIELD,
      type: 'integer',
      datatype: 'INT',
      interface: 'numeric',
      index: false,
    }),
  });
  if (created.status !== 200)
    throw new Error(`score: creating the field failed: ${JSON.stringify(created.json)}`);
  const db = openDatabase(data);
  try {
    const started = Date.now();
    // Scattered values, so the order by score is unrelated to the key's.
    await db.raw(`UPDATE articles SET ${SCORE_FIELD} = (id * 7919) % 100003`);
    if (data.vendor !== 'mysql') await db.raw('ANALYZE articles');
    console.log(`\nscore: field created through the API without index, filled in ${Date.now() - started} ms`);
  } finally {
    await db.destroy();
  }
  const scenario = (name: string): Scenario => ({
    key: 'score',
    name,
    octavo: {
      path: `/${PROJECT}/items/articles?limit=100&filter[status]=published&sort=-${SCORE_FIELD}`,
      headers,
    },
    floor: { path: '/floor/score' },
  });
  const before = await runScenario(scenario(`filter + sort -${SCORE_FIELD}, no index`), octavo, floor);
  const indexed = await call(octavo.port, {
    method: 'PATCH',
    path: `${fields}/${SCORE_FIELD}`,
    headers: admin,
    body: () => ({ index: true }),
  });
  if (indexed.status !== 200)
    throw new Error(`score: adding the index failed: ${JSON.stringify(indexed.json)}`);
  const after = await runScenario(scenario(`filter + sort -${SCORE_FIELD}, indexed`), octavo, floor);
  console.log(
    `score: the index made it ${(after.ours.perSecond / before.ours.perSecond).toFixed(1)}× the req/s ` +
      `(floor ${(after.theirs!.perSecond / before.theirs!.perSecond).toFixed(1)}×)`,
  );
  return [before, after];
}

/** Parts that run apart from the items benchmark's data set and servers. */
const APART = ['bundle', 'upload', 'app'];
if (!only || only.includes('bundle')) await printBundleReport();
const itemsWanted = !only || only.some((key) => !APART.includes(key));
if (!skipStartup && vendor === 'sqlite' && itemsWanted) await startupFigures();
if (itemsWanted) await itemsBenchmark();
if (wants('upload')) {
  await uploadBenchmark({ serveScript, vendor, megabytes: Number(arg('upload-mb') ?? 1024) });
}
// Opt-in: it builds the app when its build is missing or stale.
if (only?.includes('app')) await appBenchmark();
