/**
 * The upload benchmark (`npm run bench -- --only upload [--upload-mb 1024]`): one file of `--upload-mb`
 * MiB sent to `POST /files` as multipart, generated chunk by chunk while the request is written (the
 * bench never holds the file either), against the server in a process of its own. Prints the server's
 * resident memory before, its highest value during the upload, and the growth (target under 100 MB:
 * the server streams the bytes to storage instead of holding them).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Vendor } from '../server/config';
import { createDataset, ADMIN, PROJECT } from './dataset';
import { call } from './load';

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

function rssOf(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** The multipart body's parts, yielded chunk by chunk: one 1 MiB block of random bytes, varied per chunk. */
function* multipartBody(boundary: string, bytes: number): Generator<Buffer> {
  yield Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="data"; filename="large.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const block = randomBytes(1024 * 1024);
  let sent = 0;
  let n = 0;
  while (sent < bytes) {
    const size = Math.min(block.length, bytes - sent);
    // Each chunk differs a little (so nothing downstream can share pages between them).
    block.writeUInt32LE(n++, 0);
    yield Buffer.from(block.subarray(0, size));
    sent += size;
  }
  yield Buffer.from(`\r\n--${boundary}--\r\n`);
}

function upload(port: number, token: string, bytes: number): Promise<{ status: number; body: string }> {
  const boundary = `octavo-bench-${Date.now()}`;
  const head = Buffer.byteLength(
    `--${boundary}\r\nContent-Disposition: form-data; name="data"; filename="large.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.byteLength(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/${PROJECT}/files`,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head + bytes + tail,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    const parts = multipartBody(boundary, bytes);
    // Written as the socket drains: at most one chunk waits in the bench process.
    const pump = () => {
      for (;;) {
        const next = parts.next();
        if (next.done) return void req.end();
        if (!req.write(next.value)) return void req.once('drain', pump);
      }
    };
    pump();
  });
}

export async function uploadBenchmark(options: { serveScript: string; vendor: Vendor; megabytes: number }) {
  const bytes = options.megabytes * 1024 * 1024;
  console.log(`\nupload benchmark on ${options.vendor}: one file of ${mib(bytes)}, multipart, streamed`);
  const data = await createDataset(options.vendor, 10, () => {});
  let child: ChildProcess | undefined;
  try {
    child = fork(options.serveScript, ['octavo', data.dataDir, JSON.stringify(data.database)], {
      env: {
        ...process.env,
        OCTAVO_LOG_LEVEL: process.env.OCTAVO_LOG_LEVEL ?? 'warn',
        OCTAVO_MAX_UPLOAD_SIZE: String(bytes + 1024 * 1024),
      },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const server = child;
    const port = await new Promise<number>((resolve, reject) => {
      server.once('message', (message: any) => resolve(message.ready));
      server.once('exit', (code) => reject(new Error(`server exited (${code})`)));
    });
    const signIn = await call(port, {
      method: 'POST',
      path: `/${PROJECT}/auth/authenticate`,
      body: () => ADMIN,
    });
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(signIn.json)}`);
    const token = signIn.json.data.token as string;
    // A small upload first, so the multipart and storage code paths are loaded before the baseline.
    await upload(port, token, 64 * 1024);
    const before = rssOf(server.pid!);
    let highest = before;
    const sampler = setInterval(() => {
      highest = Math.max(highest, rssOf(server.pid!));
    }, 50);
    const started = performance.now();
    const answer = await upload(port, token, bytes);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    highest = Math.max(highest, rssOf(server.pid!));
    if (answer.status !== 200)
      throw new Error(`upload failed: ${answer.status} ${answer.body.slice(0, 300)}`);
    const stored = JSON.parse(answer.body).data?.filesize;
    const growth = highest - before;
    console.log(
      `uploaded ${mib(Number(stored))} in ${seconds.toFixed(1)} s (${mib(bytes / seconds)}/s); server rss ` +
        `${mib(before)} before, ${mib(highest)} at most during the upload: growth ${mib(growth)}` +
        `${growth < 100 * 1024 * 1024 ? '' : ' (target under 100 MB)'}`,
    );
  } finally {
    if (child && child.exitCode === null) {
      const done = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await done;
    }
    await data.drop();
  }
}
