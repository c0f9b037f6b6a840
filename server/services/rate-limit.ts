import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { ServerConfig } from '../config';

/**
 * Counters shared by every node of an instance: the per-IP limit on sign-in and password-reset
 * requests and on failed static-token uses, and "seen once" markers (used one-time passwords,
 * used SSO request tokens). With `redisUrl` they live in Redis so several nodes share them;
 * otherwise in this process's memory.
 */
export interface AuthStores {
  /** Consumes one point for `key`; the answer says whether the request may proceed. */
  consume(key: string): Promise<RateLimitResult>;
  /** Whether `key` has used up its points in the current window (consumes nothing). */
  isLimited(key: string): Promise<boolean>;
  /** True the first time a key is claimed within `ttlSeconds`, false afterwards. */
  claimOnce(key: string, ttlSeconds: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix time (seconds) when the window resets. */
  reset: number;
}

const PREFIX = 'octavo:';

function result(limit: number, res: RateLimiterRes, allowed: boolean): RateLimitResult {
  return {
    allowed,
    limit,
    remaining: Math.max(0, res.remainingPoints),
    reset: Math.ceil((Date.now() + res.msBeforeNext) / 1000),
  };
}

export function createAuthStores(server: ServerConfig): AuthStores {
  const limit = Math.max(1, server.loginRateLimit);
  const memoryOptions = { points: limit, duration: 60, keyPrefix: `${PREFIX}auth` };
  let redis: Redis | undefined;
  let limiter: RateLimiterAbstract;
  const seen = new Map<string, number>();

  if (server.redisUrl) {
    redis = new Redis(server.redisUrl, { maxRetriesPerRequest: 2 });
    // Errors surface on the commands that fail; the insurance limiter then takes over.
    redis.on('error', () => {});
    limiter = new RateLimiterRedis({
      ...memoryOptions,
      storeClient: redis,
      insuranceLimiter: new RateLimiterMemory(memoryOptions),
    });
  } else {
    limiter = new RateLimiterMemory(memoryOptions);
  }

  return {
    async consume(key) {
      try {
        return result(limit, await limiter.consume(key), true);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return result(limit, rejection, false);
        throw rejection;
      }
    },
    async isLimited(key) {
      // Redis unreachable: the failed attempts still count through `consume`'s insurance limiter.
      const res = await limiter.get(key).catch(() => null);
      return res !== null && res.consumedPoints >= limit;
    },
    async claimOnce(key, ttlSeconds) {
      if (redis) {
        const answer = await redis.set(`${PREFIX}once:${key}`, '1', 'EX', Math.ceil(ttlSeconds), 'NX');
        return answer === 'OK';
      }
      const now = Date.now();
      if (seen.size > 10_000) for (const [k, until] of seen) if (until <= now) seen.delete(k);
      const until = seen.get(key);
      if (until !== undefined && until > now) return false;
      seen.set(key, now + ttlSeconds * 1000);
      return true;
    },
    async close() {
      seen.clear();
      if (redis) await redis.quit().catch(() => redis?.disconnect());
    },
  };
}

const byServer = new WeakMap<ServerConfig, AuthStores>();

/** The stores of one server instance (created on first use, one set per ServerConfig). */
export function authStoresFor(server: ServerConfig): AuthStores {
  let stores = byServer.get(server);
  if (!stores) {
    stores = createAuthStores(server);
    byServer.set(server, stores);
  }
  return stores;
}

/** Closes the instance's stores (its Redis connection); called when the HTTP server closes. */
export async function closeAuthStores(server: ServerConfig): Promise<void> {
  const stores = byServer.get(server);
  byServer.delete(server);
  await stores?.close();
}
