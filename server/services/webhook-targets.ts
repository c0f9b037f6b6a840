import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { isPublicAddress, type Resolver } from './safe-fetch';

/**
 * Where webhooks may be delivered: the URL-import address policy (services/safe-fetch.ts) — only
 * public unicast addresses, checked on the address actually connected to after DNS resolution,
 * again on every redirect — unless the operator's allow-list (`OCTAVO_WEBHOOK_ALLOW`) names the
 * target. Entries are host names (`hooks.internal`, matched exactly), IP addresses (`127.0.0.1`,
 * `::1`) or CIDR ranges (`10.0.0.0/8`, `fd00::/8`), comma-separated; `*` allows every target.
 */
export interface WebhookTargets {
  /** Why the URL's host may not be connected to before any lookup (an IP literal), or null. */
  refuseLiteral(url: URL): string | null;
  /** A socket `lookup` that refuses names resolving to addresses the policy does not allow. */
  lookup: (
    hostname: string,
    options: { all?: boolean; family?: number | string },
    callback: Callback,
  ) => void;
}

type Callback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

const defaultResolve: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** An IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) as the IPv4 address it stands for. */
function unmapped(ip: string): string {
  const match = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return match ? match[1] : ip;
}

export function webhookTargets(allow: string[] = [], resolve: Resolver = defaultResolve): WebhookTargets {
  const everything = allow.includes('*');
  const hosts = new Set<string>();
  const ranges = new BlockList();
  for (const raw of allow) {
    const entry = raw
      .trim()
      .toLowerCase()
      .replace(/^\[|\]$/g, '');
    if (!entry || entry === '*') continue;
    const [base, bits] = entry.split('/');
    const family = isIP(base);
    if (family && bits !== undefined && /^\d{1,3}$/.test(bits)) {
      ranges.addSubnet(base, Number(bits), family === 4 ? 'ipv4' : 'ipv6');
    } else if (family && bits === undefined) {
      ranges.addAddress(base, family === 4 ? 'ipv4' : 'ipv6');
    } else hosts.add(entry);
  }
  const allowedAddress = (ip: string) => {
    const address = unmapped(ip);
    const family = isIP(address);
    if (!family) return false;
    return isPublicAddress(address) || ranges.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
  const allowedHost = (host: string) => everything || hosts.has(host.toLowerCase());

  return {
    refuseLiteral(url) {
      const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
      if (allowedHost(host) || !isIP(host) || allowedAddress(host)) return null;
      return `refused: ${host} is not a public address (OCTAVO_WEBHOOK_ALLOW)`;
    },
    lookup(hostname, options, callback) {
      resolve(hostname)
        .then((answer) => {
          const addresses = answer.filter(
            (a) => !options.family || options.family === a.family || options.family === `IPv${a.family}`,
          );
          if (!addresses.length)
            throw Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' });
          const bad = allowedHost(hostname) ? undefined : addresses.find((a) => !allowedAddress(a.address));
          if (bad) {
            throw Object.assign(
              new Error(
                `refused: ${hostname} resolves to ${bad.address}, which is not public (OCTAVO_WEBHOOK_ALLOW)`,
              ),
              { code: 'ENOTPUBLIC' },
            );
          }
          if (options.all) callback(null, addresses);
          else callback(null, addresses[0].address, addresses[0].family);
        })
        .catch((error: NodeJS.ErrnoException) => callback(error, ''));
    },
  };
}
