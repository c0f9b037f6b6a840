/**
 * Start-up figures (no assertions): cold start of `octavo start` to the first answered request, idle
 * memory, and request throughput on a few light endpoints. Part of `npm run bench` (bench/run.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const root = join(import.meta.dirname, '..');
const PASSWORD = 'bench password 123';

function startProcess(dataDir: string, port: number): ChildProcess {
  return spawn(process.execPath, [join(root, 'bin', 'octavo.js'), 'start'], {
    env: {
      ...process.env,
      OCTAVO_DATA: dataDir,
      OCTAVO_PORT: String(port),
      OCTAVO_LOG_LEVEL: 'warn',
      OCTAVO_ADMIN_EMAIL: 'admin@example.com',
      OCTAVO_ADMIN_PASSWORD: PASSWORD,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function waitForPing(port: number, started: number, timeoutMs = 120_000): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/server/ping`);
      if (res.ok) return performance.now() - started;
    } catch {}
    if (performance.now() - started > timeoutMs) throw new Error('server did not answer');
    await new Promise((r) => setTimeout(r, 10));
  }
}

function rssOf(pid: number): number {
  // The CLI wrapper spawns the server as a child; sum the resident memory of both.
  const ids = [pid];
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    ids.push(...children.map(Number));
  } catch {}
  return ids.reduce((sum, id) => {
    try {
      const status = readFileSync(`/proc/${id}/status`, 'utf8');
      return sum + Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      return sum;
    }
  }, 0);
}

async function stop(child: ChildProcess): Promise<void> {
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await done;
}

async function throughput(name: string, url: string, init: RequestInit, seconds = 3, concurrency = 8) {
  let count = 0;
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        const res = await fetch(url, init);
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
        latencies.push(performance.now() - t);
        count++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const p = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(2);
  console.log(
    `${name.padEnd(34)} ${(count / seconds).toFixed(0).padStart(6)} req/s   p50 ${p(0.5)} ms   p99 ${p(0.99)} ms`,
  );
}

export async function startupFigures(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'octavo-bench-'));
  const port = 18000 + Math.floor(Math.random() * 1000);
  try {
    let t = performance.now();
    let child = startProcess(dataDir, port);
    const first = await waitForPing(port, t);
    console.log(`first start (creates and seeds demo)  ${first.toFixed(0)} ms to first answered request`);
    await stop(child);

    const colds: number[] = [];
    for (let i = 0; i < 5; i++) {
      t = performance.now();
      child = startProcess(dataDir, port);
      colds.push(await waitForPing(port, t));
      if (i < 4) await stop(child);
    }
    colds.sort((a, b) => a - b);
    console.log(
      `cold start (existing data)            ${colds[2].toFixed(0)} ms median of 5 (min ${colds[0].toFixed(0)}, max ${colds[4].toFixed(0)})`,
    );

    await fetch(`http://127.0.0.1:${port}/demo/`);
    await new Promise((r) => setTimeout(r, 3000));
    console.log(
      `idle memory (RSS, after first project request)  ${(rssOf(child.pid!) / 1024 / 1024).toFixed(1)} MiB`,
    );

    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/demo/auth/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: PASSWORD }),
    });
    const token = login.ok ? ((await login.json()) as { data: { token: string } }).data.token : undefined;
    await throughput('GET /server/ping', `${base}/server/ping`, {});
    await throughput('GET /demo/ (anonymous)', `${base}/demo/`, {});
    if (token) {
      await throughput('GET /demo/users/me (JWT)', `${base}/demo/users/me`, {
        headers: { authorization: `Bearer ${token}` },
      });
    } else {
      console.log(`sign-in failed (${login.status}); authenticated benchmarks skipped`);
    }
    await stop(child);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
