/**
 * `npm run bench [-- --vendor sqlite|postgres|mysql] [--items 100000] [--seconds 4] [--concurrency 16]
 *   [--skip-startup] [--only list,one,fanout,mixed] [--load-clients 50] [--load-minutes 10]`
 *
 * 0. The app's bundle report: each chunk's size and gzip size, and what the first page loads
 *    (bench/bundle.ts; `--only bundle` prints only this).
 * 1. Start-up figures of `octavo start` (cold start, idle memory; bench/startup.ts).
 * 2. The items benchmark: a generated collection of `--items` articles (m2o author, o2m comments,
 *    searchable text) on the chosen vendor; the server in a process of its own, signed in as a
 *    non-admin role (permissions, activity and revisions on); requests/second, p50 / p99 latency and
 *    the server's resident memory per case. Then the same list and one-item reads served straight
 *    from the database driver (bench/serve.ts, "floor"), and Octavo's throughput as a fraction of it.
 * 3. On the same server and data (bench/abuse.ts): "fanout", deep `fields=*.*.*.*.*.*.*` reads
 *    anonymous and signed in, and "mixed", a `--load-clients` × `--load-minutes` mixed load with the
 *    server's memory printed every 30 s.
 * 4. "upload" (bench/upload.ts): one `--upload-mb` MiB file (1024 by default) sent as multipart, generated
 *    while it is written; the server's resident memory growth during the upload (target under 100 MB).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Vendor } from '../server/config';
import { createDataset, EDITOR, PROJECT, type Dataset } from './dataset';
import { call, runLoad, type LoadCase, type LoadResult } from './load';
import { startupFigures } from './startup';
import { printBundleReport } from './bundle';
import { fanoutBenchmark, mixedBenchmark } from './abuse';
import { uploadBenchmark } from './upload';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i !== -1) return process.argv[i + 1];
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
}

const vendor = (arg('vendor') ?? 'sqlite') as Vendor;
if (!['sqlite', 'postgres', 'mysql'].includes(vendor)) throw new Error(`--vendor: unknown vendor ${vendor}`);
const items = Number(arg('items') ?? 100_000);
const seconds = Number(arg('seconds') ?? 4);
const concurrency = Number(arg('concurrency') ?? 16);
const only = arg('only')?.split(',');
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

async function itemsBenchmark(): Promise<void> {
  console.log(
    `\nitems benchmark on ${vendor}: ${items} items, concurrency ${concurrency}, ${seconds} s per case`,
  );
  const data = await createDataset(vendor, items, (text) => console.log(text));
  let octavo: { child: ChildProcess; port: number } | undefined;
  let floor: { child: ChildProcess; port: number } | undefined;
  try {
    octavo = await startServer('octavo', data);
    floor = await startServer('floor', data);
    const signIn = await call(octavo.port, {
      method: 'POST',
      path: `/${PROJECT}/auth/authenticate`,
      body: () => EDITOR,
    });
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(signIn.json)}`);
    const headers = { authorization: `Bearer ${signIn.json.data.token}` };
    const list = await call(octavo.port, {
      path: `/${PROJECT}/items/articles?fields=id&limit=1000&filter[status][eq]=published`,
      headers,
    });
    const ids = (list.json.data as Array<{ id: number }>).map((row) => row.id);
    const base = `/${PROJECT}/items/articles`;
    const cases: Array<[string, string, LoadCase]> = [
      ['list', 'list 100', { path: `${base}?limit=100`, headers }],
      [
        'filtered',
        'filtered + sorted list 100',
        {
          path: `${base}?limit=100&filter[status][eq]=published&filter[rating][gte]=3&sort=-published_on`,
          headers,
        },
      ],
      ['author', 'list 100 fields=*,author.*', { path: `${base}?limit=100&fields=*,author.*`, headers }],
      ['search', 'search q=octavo, limit 100', { path: `${base}?limit=100&q=octavo`, headers }],
      ['one', 'one item', { path: (n) => `${base}/${ids[n % ids.length]}`, headers }],
      [
        'create',
        'create (activity + revision)',
        {
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
      ],
      [
        'meta',
        'meta=total_count,filter_count',
        { path: `${base}?limit=100&meta=total_count,filter_count`, headers },
      ],
    ];
    const floorCases: Record<string, LoadCase> = {
      list: { path: `/${PROJECT}/items/articles` },
      one: { path: (n) => `/${PROJECT}/items/articles/${ids[n % ids.length]}` },
    };

    console.log(`\nOctavo, signed in as a non-admin role (idle rss ${mib(rss(octavo.child.pid!).rss)})`);
    const results = new Map<string, Measured>();
    for (const [key, name, c] of cases) {
      if (only && !only.includes(key)) continue;
      const result = await measure(c, octavo, seconds);
      results.set(key, result);
      console.log(line(name, result, mib(rss(octavo.child.pid!).rss)));
    }
    console.log(`server peak rss ${mib(rss(octavo.child.pid!).peak)}`);

    // Octavo and the floor in alternating rounds, so a change in the machine's load hits both.
    const compared = Object.keys(floorCases).filter((key) => results.has(key));
    if (compared.length > 0) {
      console.log(
        '\nfloor: the same reads from the database driver (prepared statement, JSON.stringify, node:http)',
      );
      const rounds = 3;
      const summary: string[] = [];
      for (const key of compared) {
        const octavoCase = cases.find(([k]) => k === key)![2];
        const ratios: number[] = [];
        const cpuRatios: number[] = [];
        let last: Measured | undefined;
        for (let round = 0; round < rounds; round++) {
          const ours = await measure(octavoCase, octavo, seconds / 2);
          const theirs = await measure(floorCases[key], floor, seconds / 2);
          ratios.push(ours.perSecond / theirs.perSecond);
          cpuRatios.push(theirs.cpuPerRequest / ours.cpuPerRequest);
          last = theirs;
        }
        const name = cases.find(([k]) => k === key)![1];
        console.log(line(name, last!, mib(rss(floor.child.pid!).rss)));
        const ratio = median(ratios);
        summary.push(
          `${name}: ${(ratio * 100).toFixed(0)}% of the floor's req/s${ratio >= 0.5 ? '' : ' (target 50%)'}, ` +
            `${(median(cpuRatios) * 100).toFixed(0)}% of its CPU efficiency`,
        );
      }
      console.log(`\nOctavo / floor (median of ${rounds} alternating rounds)\n  ${summary.join('\n  ')}`);
    }

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
    if (wants('fanout')) await fanoutBenchmark(abuse);
    if (wants('mixed')) await mixedBenchmark(abuse);
  } finally {
    if (octavo) await stop(octavo.child);
    if (floor) await stop(floor.child);
    await data.drop();
  }
}

if (!only || only.includes('bundle')) await printBundleReport();
if (!skipStartup && vendor === 'sqlite' && !(only?.length === 1 && ['bundle', 'upload'].includes(only[0])))
  await startupFigures();
const alone = only?.length === 1 && (only[0] === 'bundle' || only[0] === 'upload');
if (!alone) await itemsBenchmark();
if (wants('upload')) {
  await uploadBenchmark({ serveScript, vendor, megabytes: Number(arg('upload-mb') ?? 1024) });
}
