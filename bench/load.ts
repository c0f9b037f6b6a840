/**
 * A bounded loopback load generator: `concurrency` keep-alive connections each sending requests
 * back to back, for at most `seconds` (after a short warm-up) and at most `maxRequests`.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface LoadCase {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** A path, or a function of the request number (to vary keys or bodies). */
  path: string | ((n: number) => string);
  body?: (n: number) => unknown;
  headers?: Record<string, string>;
}

export interface LoadResult {
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
  firstError?: string;
}

export interface LoadOptions {
  port: number;
  seconds: number;
  concurrency: number;
  warmupSeconds?: number;
  maxRequests?: number;
}

/** One request on `agent`; the answer's status and text. */
export function send(
  agent: Agent,
  port: number,
  c: LoadCase,
  n: number,
): Promise<{ status: number; body: string }> {
  const path = typeof c.path === 'function' ? c.path(n) : c.path;
  const payload = c.body ? JSON.stringify(c.body(n)) : undefined;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: c.method ?? 'GET',
        agent,
        headers: {
          ...c.headers,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** One request, for set-up calls (sign-in, key lists). */
export async function call(port: number, c: LoadCase): Promise<{ status: number; json: any }> {
  const agent = new Agent({ keepAlive: false });
  try {
    const res = await send(agent, port, c, 0);
    return { status: res.status, json: res.body ? JSON.parse(res.body) : null };
  } finally {
    agent.destroy();
  }
}

export async function runLoad(c: LoadCase, options: LoadOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const maxRequests = options.maxRequests ?? 200_000;
  let counter = 0;
  try {
    // Warm-up: the JIT, connection pools and caches settle before measuring.
    const warmEnd = performance.now() + (options.warmupSeconds ?? 0.5) * 1000;
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (performance.now() < warmEnd) await send(agent, options.port, c, counter++);
      }),
    );
    const latencies: number[] = [];
    let errors = 0;
    let firstError: string | undefined;
    const started = performance.now();
    const end = started + options.seconds * 1000;
    let issued = 0;
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (performance.now() < end && issued < maxRequests) {
          issued++;
          const t = performance.now();
          const res = await send(agent, options.port, c, counter++);
          latencies.push(performance.now() - t);
          if (res.status >= 400) {
            errors++;
            firstError ??= `HTTP ${res.status} ${res.body.slice(0, 200)}`;
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
    return {
      requests: latencies.length,
      errors,
      perSecond: latencies.length / elapsed,
      p50: at(0.5),
      p99: at(0.99),
      firstError,
    };
  } finally {
    agent.destroy();
  }
}
