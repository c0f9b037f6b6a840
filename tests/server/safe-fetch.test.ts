import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVendors } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { ApiError } from '../../server/errors';
import {
  checkUrl,
  guardedLookup,
  isPublicAddress,
  safeFetch,
  type Resolver,
} from '../../server/services/safe-fetch';
import { png } from './files-helpers';

/** A local HTTP server standing in for the internet (and for the internal services an attacker aims at). */
let remote: Server;
let port: number;
let hits: string[] = [];
let picture: Buffer;

beforeAll(async () => {
  picture = await png(20, 10);
  remote = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    hits.push(url.pathname);
    if (url.pathname === '/image.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': picture.length });
      return res.end(picture);
    }
    if (url.pathname === '/redirect') {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/image.png' });
      return res.end();
    }
    if (url.pathname === '/hops') {
      const left = Number(url.searchParams.get('n'));
      res.writeHead(301, { location: left > 0 ? `/hops?n=${left - 1}` : '/image.png' });
      return res.end();
    }
    if (url.pathname === '/big-declared') {
      res.writeHead(200, { 'content-length': 5_000_000 });
      return res.end(Buffer.alloc(5_000_000));
    }
    if (url.pathname === '/big-chunked') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      let sent = 0;
      const push = () => {
        while (sent < 5_000_000) {
          sent += 64 * 1024;
          if (!res.write(Buffer.alloc(64 * 1024, 1))) return res.once('drain', push);
        }
        res.end();
      };
      return push();
    }
    if (url.pathname === '/slow') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('a');
      const timer = setTimeout(() => res.end('b'), 5_000);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    if (url.pathname === '/silent') {
      const timer = setTimeout(() => res.end(), 5_000);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  port = (remote.address() as AddressInfo).port;
});
afterAll(async () => {
  remote.closeAllConnections();
  await new Promise((resolve) => remote.close(resolve));
});

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const stub =
  (table: Record<string, string[]>, calls: string[] = []): Resolver =>
  async (hostname) => {
    calls.push(hostname);
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('address classification', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.10',
    '169.254.169.254',
    '100.64.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    '2002:c0a8:0101::1',
    '2001:db8::1',
    'not-an-ip',
  ])('%s is not public', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });
  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (ip) => {
      expect(isPublicAddress(ip)).toBe(true);
    },
  );
});

describe('URL checks', () => {
  it.each([
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f000001/',
    'http://0x7f.0.0.1/',
    'http://127.1/',
    'http://0.0.0.0/',
    'http://0/',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[fe80::1]/',
    'http://[fc00::1]/',
    'file:///etc/passwd',
    'ftp://example.com/x',
    'gopher://example.com/',
    'javascript:alert(1)',
    'http://user:pass@example.com/',
  ])('refuses %s before any connection', async (url) => {
    const calls: string[] = [];
    const error = await refusal(safeFetch(url, { maxBytes: 1000, resolve: stub({}, calls) }));
    expect([error.status, error.code]).toEqual([422, 4]);
    expect(calls).toEqual([]);
  });

  it('lets an allow-listed host through the static check', () => {
    expect(() => checkUrl(new URL('http://127.0.0.1:1/'), ['127.0.0.1'])).not.toThrow();
    expect(() => checkUrl(new URL('http://127.0.0.1:1/'), [])).toThrow(ApiError);
  });
});

describe('fetching', () => {
  it('refuses a local server by default and fetches it when allow-listed', async () => {
    hits = [];
    await refusal(safeFetch(`http://127.0.0.1:${port}/image.png`, { maxBytes: 1e6 }));
    expect(hits).toEqual([]);
    const ok = await safeFetch(`http://127.0.0.1:${port}/image.png`, {
      maxBytes: 1e6,
      allowList: ['127.0.0.1'],
    });
    const chunks: Buffer[] = [];
    for await (const chunk of ok.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(picture)).toBe(true);
    expect(ok.contentType).toBe('image/png');
  });

  it('checks names at connect time: a name resolving to a private address is refused', async () => {
    hits = [];
    const calls: string[] = [];
    const resolve = stub({ 'intranet.example': ['127.0.0.1'] }, calls);
    const error = await refusal(
      safeFetch(`http://intranet.example:${port}/image.png`, { maxBytes: 1e6, resolve }),
    );
    expect(error.message).toMatch(/not public/);
    expect(calls).toEqual(['intranet.example']);
    expect(hits).toEqual([]);
    // The stub is what the socket connects with: allow-listing the name reaches the local server.
    const ok = await safeFetch(`http://intranet.example:${port}/image.png`, {
      maxBytes: 1e6,
      resolve,
      allowList: ['intranet.example'],
    });
    ok.body.resume();
    expect(hits).toEqual(['/image.png']);
  });

  it('refuses a name whose answer mixes public and private addresses (DNS rebinding)', async () => {
    hits = [];
    const resolve = stub({ 'rebind.example': ['93.184.216.34', '127.0.0.1'] });
    await refusal(safeFetch(`http://rebind.example:${port}/image.png`, { maxBytes: 1e6, resolve }));
    expect(hits).toEqual([]);
  });

  it('validates every resolution, so a name that turns private later is refused then', async () => {
    let call = 0;
    const flip: Resolver = async () => [
      call++ === 0 ? { address: '93.184.216.34', family: 4 } : { address: '10.0.0.5', family: 4 },
    ];
    const lookup = guardedLookup(flip);
    const first = await new Promise<unknown>((resolve) =>
      lookup('flip.example', {}, (error, address) => resolve(error ?? address)),
    );
    expect(first).toBe('93.184.216.34');
    const second = await new Promise<unknown>((resolve) =>
      lookup('flip.example', { all: true }, (error, address) => resolve(error ?? address)),
    );
    expect((second as NodeJS.ErrnoException).code).toBe('ENOTPUBLIC');
  });

  it('follows redirects by hand and checks every hop', async () => {
    const allowList = ['127.0.0.1'];
    const ok = await safeFetch(`http://127.0.0.1:${port}/hops?n=3`, { maxBytes: 1e6, allowList });
    ok.body.resume();
    expect(ok.url.pathname).toBe('/image.png');
    await refusal(safeFetch(`http://127.0.0.1:${port}/hops?n=6`, { maxBytes: 1e6, allowList }));
    for (const target of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://2130706433/',
      'file:///etc/passwd',
    ]) {
      const error = await refusal(
        safeFetch(`http://127.0.0.1:${port}/redirect?to=${encodeURIComponent(target)}`, {
          maxBytes: 1e6,
          allowList,
        }),
      );
      expect(error.code).toBe(4);
    }
    hits = [];
    const resolve = stub({ 'internal.example': ['192.168.1.20'] });
    await refusal(
      safeFetch(
        `http://127.0.0.1:${port}/redirect?to=${encodeURIComponent(`http://internal.example:${port}/image.png`)}`,
        {
          maxBytes: 1e6,
          allowList,
          resolve,
        },
      ),
    );
    expect(hits).toEqual(['/redirect']);
  });

  it('caps the size while streaming and gives up on slow servers', async () => {
    const allowList = ['127.0.0.1'];
    const declared = await refusal(
      safeFetch(`http://127.0.0.1:${port}/big-declared`, { maxBytes: 1e6, allowList }),
    );
    expect([declared.status, declared.code]).toEqual([413, 601]);
    const chunked = await safeFetch(`http://127.0.0.1:${port}/big-chunked`, { maxBytes: 1e6, allowList });
    const streamed = await refusal(
      (async () => {
        for await (const chunk of chunked.body) void chunk;
      })(),
    );
    expect([streamed.status, streamed.code]).toEqual([413, 601]);
    const silent = await refusal(
      safeFetch(`http://127.0.0.1:${port}/silent`, { maxBytes: 1e6, allowList, timeoutMs: 300 }),
    );
    expect(silent.message).toMatch(/in time/);
    const slow = await safeFetch(`http://127.0.0.1:${port}/slow`, {
      maxBytes: 1e6,
      allowList,
      timeoutMs: 300,
    });
    const stalled = await refusal(
      (async () => {
        for await (const chunk of slow.body) void chunk;
      })(),
    );
    expect(stalled.message).toMatch(/in time/);
  });
});

describe.each(testVendors)('POST /files from a URL (%s)', (vendor) => {
  let server: TestServer;
  let headers: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { maxUploadSize: 1_000_000 } });
    headers = { authorization: `Bearer ${await server.login()}` };
  });
  afterAll(async () => {
    await server?.close();
  });
  const post = (data: string) =>
    server.inject({ method: 'POST', url: '/test/files', headers, payload: { data } });

  it('refuses a local server by default with 422 code 4, and imports from it when allow-listed', async () => {
    hits = [];
    const refused = await post(`http://127.0.0.1:${port}/image.png`);
    expect([refused.statusCode, refused.json().error.code]).toEqual([422, 4]);
    expect(hits).toEqual([]);
    server.config.importAllowList = ['127.0.0.1'];
    try {
      const res = await post(`http://127.0.0.1:${port}/image.png`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        type: 'image/png',
        width: 20,
        height: 10,
        filename_download: 'image.png',
        title: 'Image',
        filesize: picture.length,
      });
      const big = await post(`http://127.0.0.1:${port}/big-chunked`);
      expect([big.statusCode, big.json().error.code]).toEqual([413, 601]);
      const redirected = await post(
        `http://127.0.0.1:${port}/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`,
      );
      expect([redirected.statusCode, redirected.json().error.code]).toEqual([422, 4]);
    } finally {
      server.config.importAllowList = [];
    }
  });

  it('refuses loopback in its other spellings, and other schemes', async () => {
    hits = [];
    for (const url of [
      `http://[::ffff:127.0.0.1]:${port}/image.png`,
      `http://0177.0.0.1:${port}/image.png`,
      `http://2130706433:${port}/image.png`,
      `http://localhost:${port}/image.png`,
      'file:///etc/passwd',
      'gopher://127.0.0.1:6379/_INFO',
    ]) {
      const res = await post(url);
      expect([url, res.statusCode, res.json().error.code]).toEqual([url, 422, 4]);
    }
    expect(hits).toEqual([]);
  });
});
