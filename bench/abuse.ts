/**
 * The hostile side of the items benchmark (issue 18), on the same server and data set:
 *
 * fanout: `fields=*.*.*.*.*.*.*` on every collection of the data set, anonymous and signed in, at
 *   the benchmark's concurrency: the server must answer each with its normal answer or a refusal
 *   naming a limit (422 code 1010 rows / 1011 bytes; 401/403 where the caller may not read), never a
 *   500, and its memory must not run away.
 * mixed: `--load-clients` keep-alive clients for `--load-minutes`, each sending a weighted mix of
 *   list, filtered list, search, one item, create, update and the fan-out read back to back; a line
 *   every 30 s with req/s, p99, errors and the server's resident memory, then the totals per kind
 *   and the memory growth from the first sample to the last.
 * An answer outside the statuses a kind expects counts as an error.
 */
import { Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import { PROJECT } from './dataset';
import { call, send, type LoadCase } from './load';

export interface AbuseOptions {
  port: number;
  /** The signed-in non-admin role's headers. */
  headers: Record<string, string>;
  /** Published article keys the role reads. */
  ids: number[];
  authors: number;
  /** The server's resident memory now, in bytes. */
  memory: () => number;
  /** The server's peak resident memory so far, in bytes. */
  peak: () => number;
  concurrency: number;
  seconds: number;
  clients: number;
  minutes: number;
  /** Seconds between the mixed load's progress lines. */
  every?: number;
  /** The soak: the memory spread is the figure, with its target (flat within ± 10 %). */
  soak?: boolean;
}

const DEEP = '*.*.*.*.*.*.*';
const COLLECTIONS = ['articles', 'authors', 'comments', 'tags'];
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/** What a kind of request may answer without it being an error. */
type Expect = (status: number, code: number | undefined) => boolean;
const ok: Expect = (status) => status >= 200 && status < 300;
/** The normal answer, a refusal naming the row or byte cap, or (anonymous) no access. */
const fanoutAnswer: Expect = (status, code) =>
  ok(status, code) ||
  (status === 422 && (code === 1010 || code === 1011)) ||
  status === 401 ||
  status === 403;

interface Kind {
  name: string;
  weight: number;
  request: LoadCase;
  expect: Expect;
}

interface Outcome {
  kind: string;
  status: number;
  code?: number;
  ms: number;
  error: boolean;
  detail?: string;
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

function p99(latencies: number[]): number {
  return percentile(
    [...latencies].sort((a, b) => a - b),
    0.99,
  );
}

/** `clients` connections sending `pick(n)` back to back until `end` (performance.now() ms). */
async function drive(
  port: number,
  clients: number,
  end: number,
  pick: (n: number) => Kind,
  record: (outcome: Outcome) => void,
): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  let counter = 0;
  try {
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < end) {
          const n = counter++;
          const kind = pick(n);
          const t = performance.now();
          let status = 0;
          let code: number | undefined;
          let detail: string | undefined;
          try {
            const res = await send(agent, port, kind.request, n);
            status = res.status;
            if (status >= 400) {
              detail = res.body.slice(0, 200);
              try {
                code = JSON.parse(res.body)?.error?.code;
              } catch {
                // not JSON: the status says enough
              }
            }
          } catch (error) {
            detail = (error as Error).message;
          }
          const ms = performance.now() - t;
          const error = !kind.expect(status, code);
          record({
            kind: kind.name,
            status,
            code,
            ms,
            error,
            detail: error ? `HTTP ${status} ${detail}` : undefined,
          });
        }
      }),
    );
  } finally {
    agent.destroy();
  }
}

const statusKey = (o: Outcome) => (o.code !== undefined ? `${o.status}/${o.code}` : String(o.status));

/** Deep reads on every collection, anonymous and signed in, at the benchmark's concurrency. */
export async function fanoutBenchmark(options: AbuseOptions): Promise<void> {
  console.log(
    `\nfanout: GET /items/<collection>?fields=${DEEP}, concurrency ${options.concurrency}, ${options.seconds} s each`,
  );
  // The default page, then every row (`limit=-1`): what the row cap is for.
  const reads = COLLECTIONS.flatMap((collection) => [
    { name: collection, query: `fields=${DEEP}` },
    { name: `${collection} limit=-1`, query: `fields=${DEEP}&limit=-1` },
  ]);
  for (const read of reads) {
    for (const who of ['anonymous', 'signed in'] as const) {
      const kind: Kind = {
        name: `${read.name} ${who}`,
        weight: 1,
        request: {
          path: `/${PROJECT}/items/${read.name.split(' ')[0]}?${read.query}`,
          headers: who === 'anonymous' ? {} : options.headers,
        },
        expect: fanoutAnswer,
      };
      const before = options.memory();
      const latencies: number[] = [];
      const statuses = new Map<string, number>();
      let errors = 0;
      let firstError: string | undefined;
      const started = performance.now();
      await drive(
        options.port,
        options.concurrency,
        started + options.seconds * 1000,
        () => kind,
        (o) => {
          latencies.push(o.ms);
          statuses.set(statusKey(o), (statuses.get(statusKey(o)) ?? 0) + 1);
          if (o.error) {
            errors++;
            firstError ??= o.detail;
          }
        },
      );
      const elapsed = (performance.now() - started) / 1000;
      const seen = [...statuses].map(([key, count]) => `${key}×${count}`).join(' ');
      console.log(
        `${kind.name.padEnd(32)} ${(latencies.length / elapsed).toFixed(1).padStart(7)} req/s  p99 ${p99(
          latencies,
        )
          .toFixed(0)
          .padStart(6)} ms  status ${seen.padEnd(16)} rss ${mib(before)} → ${mib(options.memory())}${
          errors ? `  ${errors} errors (${firstError})` : ''
        }`,
      );
    }
  }
  console.log(`server peak rss ${mib(options.peak())}`);
}

/** The mixed load: weights out of 100, spread evenly over every run of 100 requests. */
export async function mixedBenchmark(options: AbuseOptions): Promise<void> {
  const base = `/${PROJECT}/items/articles`;
  const { headers, ids } = options;
  // Articles the role owns, so updates (permission `mine`) have something to change from the start.
  const owned: number[] = [];
  for (let i = 0; i < 20; i++) {
    const created = await call(options.port, {
      method: 'POST',
      path: base,
      headers,
      body: () => ({
        title: `Mixed load ${i}`,
        status: 'draft',
        author: 1,
        published_on: '2024-01-01 00:00:00',
      }),
    });
    if (created.status !== 200) throw new Error(`mixed: create failed: ${JSON.stringify(created.json)}`);
    owned.push(Number(created.json.data.id));
  }
  const kinds: Kind[] = [
    { name: 'list 100', weight: 25, request: { path: `${base}?limit=100`, headers }, expect: ok },
    {
      name: 'filtered list',
      weight: 15,
      request: {
        path: `${base}?limit=100&filter[status][eq]=published&filter[rating][gte]=3&sort=-published_on`,
        headers,
      },
      expect: ok,
    },
    { name: 'search', weight: 10, request: { path: `${base}?limit=100&q=octavo`, headers }, expect: ok },
    {
      name: 'one item',
      weight: 25,
      request: { path: (n) => `${base}/${ids[n % ids.length]}`, headers },
      expect: ok,
    },
    {
      name: 'create',
      weight: 10,
      request: {
        method: 'POST',
        path: base,
        headers,
        body: (n) => ({
          title: `Mixed load ${n}`,
          body: 'Written by the mixed load',
          status: 'draft',
          rating: 1 + (n % 5),
          author: 1 + (n % options.authors),
          published_on: '2024-01-01 00:00:00',
        }),
      },
      expect: ok,
    },
    {
      name: 'update',
      weight: 13,
      request: {
        method: 'PATCH',
        path: (n) => `${base}/${owned[n % owned.length]}`,
        headers,
        body: (n) => ({ rating: 1 + (n % 5) }),
      },
      expect: ok,
    },
    {
      name: `fanout ${DEEP}`,
      weight: 2,
      // Every other one anonymous, on a collection in turn.
      request: {
        path: (n) =>
          `/${PROJECT}/items/${COLLECTIONS[Math.floor(n / 100) % COLLECTIONS.length]}?fields=${DEEP}`,
        headers,
      },
      expect: fanoutAnswer,
    },
  ];
  const anonymousFanout: Kind = { ...kinds[6], request: { ...kinds[6].request, headers: {} } };
  const schedule: Kind[] = [];
  for (const kind of kinds) for (let i = 0; i < kind.weight; i++) schedule.push(kind);
  // Spread each kind over the hundred slots (a stride coprime to 100) rather than in runs.
  const slots = schedule.map((_, i) => schedule[(i * 37) % schedule.length]);
  const pick = (n: number) => {
    const kind = slots[n % slots.length];
    return kind === kinds[6] && Math.floor(n / slots.length) % 2 === 1 ? anonymousFanout : kind;
  };

  const every = options.every ?? 30;
  console.log(
    `\n${options.soak ? 'soak' : 'mixed load'}: ${options.clients} clients for ${options.minutes} min, signed in as the non-admin role; ` +
      `mix ${kinds.map((k) => `${k.name} ${k.weight}%`).join(', ')} (the fan-out half anonymous)`,
  );
  const startRss = options.memory();
  console.log(`  start rss ${mib(startRss)}`);

  const totals = new Map<string, { latencies: number[]; errors: number; statuses: Map<string, number> }>();
  const all: number[] = [];
  let window: number[] = [];
  let windowErrors = 0;
  let errors = 0;
  let firstError: string | undefined;
  const samples: number[] = [];
  const started = performance.now();
  let windowStart = started;
  const report = () => {
    const now = performance.now();
    const rss = options.memory();
    samples.push(rss);
    console.log(
      `  ${((now - started) / 1000).toFixed(0).padStart(4)} s  ${(
        window.length /
        ((now - windowStart) / 1000)
      )
        .toFixed(0)
        .padStart(6)} req/s  p99 ${p99(window).toFixed(1).padStart(7)} ms  errors ${String(
        windowErrors,
      ).padStart(4)}  rss ${mib(rss)}`,
    );
    window = [];
    windowErrors = 0;
    windowStart = now;
  };
  const timer = setInterval(report, every * 1000);
  try {
    await drive(options.port, options.clients, started + options.minutes * 60_000, pick, (o) => {
      all.push(o.ms);
      window.push(o.ms);
      const total = totals.get(o.kind) ?? { latencies: [], errors: 0, statuses: new Map<string, number>() };
      totals.set(o.kind, total);
      total.latencies.push(o.ms);
      total.statuses.set(statusKey(o), (total.statuses.get(statusKey(o)) ?? 0) + 1);
      if (o.error) {
        errors++;
        windowErrors++;
        total.errors++;
        firstError ??= o.detail;
      }
    });
  } finally {
    clearInterval(timer);
  }
  // The last, shorter window, unless the timer has just reported it.
  if (window.length > 0 && performance.now() - windowStart > 1000) report();
  const elapsed = (performance.now() - started) / 1000;

  console.log('  per kind:');
  for (const [name, total] of totals) {
    const seen = [...total.statuses].map(([key, count]) => `${key}×${count}`).join(' ');
    console.log(
      `    ${name.padEnd(24)} ${String(total.latencies.length).padStart(8)} requests  p99 ${p99(
        total.latencies,
      )
        .toFixed(1)
        .padStart(7)} ms  errors ${total.errors}  status ${seen}`,
    );
  }
  const first = samples[0] ?? startRss;
  const last = samples.at(-1) ?? startRss;
  console.log(
    `  total ${all.length} requests in ${elapsed.toFixed(0)} s: ${(all.length / elapsed).toFixed(0)} req/s, p99 ${p99(
      all,
    ).toFixed(1)} ms, ${errors} errors${firstError ? ` (first: ${firstError})` : ''}`,
  );
  console.log(
    `  rss: start ${mib(startRss)}, first sample ${mib(first)}, last ${mib(last)}, growth first→last ${
      last >= first ? '+' : '-'
    }${mib(Math.abs(last - first))}; peak ${mib(options.peak())}`,
  );
  // The spread of the samples around the first one (the first interval is the warm-up's baseline).
  const low = Math.min(...samples, first);
  const high = Math.max(...samples, first);
  const spread = Math.max(first - low, high - first) / first;
  console.log(
    `  rss spread over ${samples.length} samples: min ${mib(low)} (${pct(low, first)}), max ${mib(high)} ` +
      `(${pct(high, first)}) of the first sample; target within ± 10 %: ${spread <= 0.1 ? 'PASS' : 'MISS'}`,
  );
}

const pct = (value: number, of: number) =>
  `${value >= of ? '+' : '-'}${((Math.abs(value - of) / of) * 100).toFixed(1)} %`;
