import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { Transform, type Readable } from 'node:stream';
import { ApiError } from '../errors';

/**
 * Server-side fetching of user-given URLs (`POST /files` with `{ data: "<url>" }`) that cannot be
 * turned against the server's own network (SSRF): only http(s), only public unicast addresses,
 * checked on the address actually connected to (the DNS answer is validated inside the socket's
 * lookup, so a name cannot resolve to a public address for a check and a private one for the
 * connection), redirects followed by hand and re-checked, a size cap and a deadline.
 */

/** Resolves a host name to its addresses; injectable so tests can stand in for DNS. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export interface SafeFetchOptions {
  /** Host names or IP literals (as written in the URL) that may be fetched even when not public. */
  allowList?: string[];
  /** Largest body accepted; larger bodies fail with 413 code 601. */
  maxBytes: number;
  /** Deadline for the whole transfer, headers and body (default 20 s). */
  timeoutMs?: number;
  maxRedirects?: number;
  resolve?: Resolver;
}

export interface FetchedResource {
  body: Readable;
  /** The `Content-Type` the remote server claimed (informational only; the content is sniffed). */
  contentType?: string;
  /** The URL the body came from, after redirects. */
  url: URL;
}

function refused(reason: string): ApiError {
  return new ApiError('INVALID_REQUEST', `The URL cannot be imported: ${reason}`);
}

const defaultResolve: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

function ipv4Value(ip: string): number | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = value * 256 + Number(part);
  }
  return value;
}

const V4_BLOCKED: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const V4_RANGES = V4_BLOCKED.map(([base, bits]) => {
  const size = 2 ** (32 - bits);
  return [ipv4Value(base)!, size] as const;
});

function isPublicIpv4(ip: string): boolean {
  const value = ipv4Value(ip);
  if (value === null) return false;
  return !V4_RANGES.some(([base, size]) => value >= base && value < base + size);
}

/** The eight 16-bit groups of an IPv6 address (any notation, incl. an embedded IPv4 tail). */
function ipv6Groups(ip: string): number[] | null {
  let host: string;
  try {
    host = new URL(`http://[${ip}]/`).hostname.slice(1, -1); // canonical, hex only
  } catch {
    return null;
  }
  const [head, tail] = host.includes('::') ? host.split('::') : [host, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array(missing).fill('0'), ...right].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

function embeddedIpv4(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

function isPublicIpv6(ip: string): boolean {
  const g = ipv6Groups(ip);
  if (!g) return false;
  // IPv4-mapped ::ffff:a.b.c.d → judged as the IPv4 address it stands for.
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return isPublicIpv4(embeddedIpv4(g[6], g[7]));
  // NAT64 64:ff9b::/96 and 6to4 2002::/16 carry an IPv4 address too.
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) {
    return isPublicIpv4(embeddedIpv4(g[6], g[7]));
  }
  if (g[0] === 0x2002) return isPublicIpv4(embeddedIpv4(g[1], g[2]));
  // Only global unicast 2000::/3; this leaves out ::, ::1, fc00::/7, fe80::/10, ff00::/8 and
  // the deprecated IPv4-compatible ::a.b.c.d.
  if ((g[0] & 0xe000) !== 0x2000) return false;
  if (g[0] === 0x2001 && g[1] < 0x200) return false; // 2001::/23 special-purpose (Teredo, ORCHID…)
  if (g[0] === 0x2001 && g[1] === 0xdb8) return false; // documentation
  return true;
}

/** True only for public unicast IPv4 and IPv6 addresses. */
export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return isPublicIpv4(ip);
  if (family === 6) return isPublicIpv6(ip);
  return false;
}

function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

/** Throws unless the URL is http(s) and, when it names an IP literal, that address is public. */
export function checkUrl(url: URL, allowList: string[] = []): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw refused(`the scheme "${url.protocol.replace(/:$/, '')}" is not http or https`);
  }
  if (url.username || url.password) throw refused('credentials in the URL are not accepted');
  const host = bareHost(url);
  if (!host) throw refused('the URL has no host');
  if (allowList.includes(host)) return;
  // The WHATWG parser has already turned 2130706433, 0177.0.0.1, 0x7f000001 and 127.1 into
  // 127.0.0.1, so numeric tricks arrive here as plain dotted quads.
  if (isIP(host) && !isPublicAddress(host)) throw refused(`the address ${host} is not public`);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for sockets that resolves through `resolve` and fails unless every address of the
 * answer is public. Used for every connection, so each hop and each reconnect is checked again.
 */
export function guardedLookup(resolve: Resolver, allowList: string[] = []) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number | string },
    callback: LookupCallback,
  ) => {
    resolve(hostname)
      .then((answer) => {
        const allowed = allowList.includes(hostname.toLowerCase());
        const addresses = answer.filter(
          (a) => !options.family || options.family === a.family || options.family === `IPv${a.family}`,
        );
        if (!addresses.length)
          throw Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' });
        const bad = addresses.find((a) => !isPublicAddress(a.address));
        if (bad && !allowed) {
          throw Object.assign(new Error(`${hostname} resolves to ${bad.address}, which is not public`), {
            code: 'ENOTPUBLIC',
          });
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, ''));
  };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Fetches a user-given URL under the rules above; errors are ApiErrors (422 code 4, 413 code 601). */
export async function safeFetch(input: string, options: SafeFetchOptions): Promise<FetchedResource> {
  const allowList = (options.allowList ?? []).map((h) => h.toLowerCase().replace(/^\[|\]$/g, ''));
  const maxRedirects = options.maxRedirects ?? 5;
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  const lookup = guardedLookup(options.resolve ?? defaultResolve, allowList);
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw refused('it is not a valid URL');
  }
  for (let hop = 0; ; hop++) {
    checkUrl(url, allowList);
    const response = await request(url, lookup, deadline);
    const status = response.statusCode ?? 0;
    if (REDIRECTS.has(status)) {
      response.resume();
      const location = response.headers.location;
      if (!location) throw refused(`the remote server answered ${status} without a location`);
      if (hop >= maxRedirects) throw refused(`more than ${maxRedirects} redirects`);
      try {
        url = new URL(location, url);
      } catch {
        throw refused('the redirect location is not a valid URL');
      }
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw refused(`the remote server answered ${status}`);
    }
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      response.destroy();
      throw new ApiError('UPLOAD_TOO_LARGE');
    }
    return {
      body: capped(response, options.maxBytes, deadline),
      contentType: response.headers['content-type'],
      url,
    };
  }
}

function request(
  url: URL,
  lookup: ReturnType<typeof guardedLookup>,
  deadline: number,
): Promise<http.IncomingMessage> {
  return new Promise((resolvePromise, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'GET',
      agent: false,
      lookup: lookup as never,
      headers: { 'user-agent': 'Octavo-URL-import', accept: '*/*' },
    });
    const timer = setTimeout(
      () => req.destroy(refused('the remote server did not answer in time')),
      Math.max(0, deadline - Date.now()),
    );
    req.on('response', (response) => {
      clearTimeout(timer);
      resolvePromise(response);
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (error instanceof ApiError) return reject(error);
      if (error.code === 'ENOTPUBLIC') return reject(refused(error.message));
      reject(refused(`the remote server could not be reached (${error.code ?? error.message})`));
    });
    req.end();
  });
}

/** Passes the body through while it stays under the size cap and the deadline. */
function capped(response: http.IncomingMessage, maxBytes: number, deadline: number): Readable {
  let seen = 0;
  const out = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) return done(new ApiError('UPLOAD_TOO_LARGE'));
      done(null, chunk);
    },
  });
  const timer = setTimeout(
    () => {
      out.destroy(refused('the remote server did not send the file in time'));
      response.destroy();
    },
    Math.max(0, deadline - Date.now()),
  );
  const stop = () => clearTimeout(timer);
  out.on('close', stop);
  response.on('error', (error) =>
    out.destroy(error instanceof ApiError ? error : refused('the transfer broke off')),
  );
  out.on('error', () => response.destroy());
  response.on('aborted', () => out.destroy(refused('the transfer broke off')));
  response.pipe(out);
  return out;
}
