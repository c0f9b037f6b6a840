import type { FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { ServerConfig } from '../config';

/**
 * Counters shared by every node of an instance: the per-IP limit on sign-in, password-reset and
 * hashing requests and on failed static-token uses, the failed sign-ins and temporary locks per
 * account and per account and source (authentication.ts), and "seen once" markers (used one-time
 * passwords, used SSO request tokens). With `redisUrl` they live in Redis so several nodes share
 * them; otherwise in this process's memory.
 */
export interface AuthStores {
  /** Consumes one point for `key`; the answer says whether the request may proceed. */
  consume(key: string): Promise<RateLimitResult>;
  /** Whether `key` has used up its points in the current window (consumes nothing). */
  isLimited(key: string): Promise<boolean>;
  /** True the first time a key is claimed within `ttlSeconds`, false afterwards. */
  claimOnce(key: string, ttlSeconds: number): Promise<boolean>;
  /** Seconds left on a temporary lock of `key` (0: not locked). */
  lockedFor(key: string): Promise<number>;
  /**
   * Counts one failure for `key`. Failures are forgotten `policy.maxSeconds` after the last one.
   * The `policy.threshold`-th failure locks the key for `baseSeconds`, doubled for each lock in a
   * row (a lock counts "in a row" until 2 × maxSeconds pass without one), at most `maxSeconds`;
   * unless `mayLock` says no, in which case the count starts over. Returns the lock's seconds (0:
   * no lock).
   */
  recordFailure(key: string, policy: LockPolicy, mayLock?: () => Promise<boolean>): Promise<number>;
  /** Forgets the failures, locks and back-off of `key` (after a success). */
  clearFailures(key: string): Promise<void>;
  close(): Promise<void>;
}

export interface LockPolicy {
  threshold: number;
  baseSeconds: number;
  maxSeconds: number;
}

/** The lock duration of the `strikes`-th lock in a row. */
export function backoffSeconds(policy: LockPolicy, strikes: number): number {
  return Math.min(policy.maxSeconds, policy.baseSeconds * 2 ** Math.min(30, Math.max(0, strikes - 1)));
}

interface MemoryLock {
  failures: number;
  failuresUntil: number;
  strikes: number;
  strikesUntil: number;
  lockedUntil: number;
}

/** The lock counters in this process's memory (alone, or while Redis cannot be reached). */
function memoryLocks() {
  const locks = new Map<string, MemoryLock>();
  const entry = (key: string, now: number): MemoryLock => {
    if (locks.size > 50_000) {
      for (const [k, e] of locks) {
        if (e.failuresUntil <= now && e.strikesUntil <= now && e.lockedUntil <= now) locks.delete(k);
      }
    }
    let found = locks.get(key);
    if (!found) {
      found = { failures: 0, failuresUntil: 0, strikes: 0, strikesUntil: 0, lockedUntil: 0 };
      locks.set(key, found);
    }
    if (found.failuresUntil <= now) found.failures = 0;
    if (found.strikesUntil <= now) found.strikes = 0;
    return found;
  };
  return {
    lockedFor(key: string): number {
      const until = locks.get(key)?.lockedUntil ?? 0;
      return Math.max(0, (until - Date.now()) / 1000);
    },
    async recordFailure(key: string, policy: LockPolicy, mayLock?: () => Promise<boolean>) {
      const now = Date.now();
      const e = entry(key, now);
      e.failures += 1;
      e.failuresUntil = now + policy.maxSeconds * 1000;
      if (e.failures < policy.threshold) return 0;
      e.failures = 0;
      if (mayLock && !(await mayLock())) return 0;
      e.strikes += 1;
      e.strikesUntil = now + 2 * policy.maxSeconds * 1000;
      const seconds = backoffSeconds(policy, e.strikes);
      e.lockedUntil = now + seconds * 1000;
      return seconds;
    },
    clear(key: string): void {
      locks.delete(key);
    },
    reset(): void {
      locks.clear();
    },
  };
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
  const memory = memoryLocks();

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
    async lockedFor(key) {
      if (!redis) return memory.lockedFor(key);
      try {
        const ms = await redis.pttl(`${PREFIX}lock:${key}`);
        return Math.max(ms > 0 ? ms / 1000 : 0, memory.lockedFor(key));
      } catch {
        return memory.lockedFor(key);
      }
    },
    async recordFailure(key, policy, mayLock) {
      if (!redis) return memory.recordFailure(key, policy, mayLock);
      const failures = `${PREFIX}fail:${key}`;
      const strikes = `${PREFIX}strikes:${key}`;
      try {
        const counted = await redis.multi().incr(failures).expire(failures, policy.maxSeconds).exec();
        if (Number(counted?.[0]?.[1] ?? 0) < policy.threshold) return 0;
        await redis.del(failures);
        if (mayLock && !(await mayLock())) return 0;
        const struck = await redis
          .multi()
          .incr(strikes)
          .expire(strikes, 2 * policy.maxSeconds)
          .exec();
        const seconds = backoffSeconds(policy, Number(struck?.[0]?.[1] ?? 1));
        await redis.set(`${PREFIX}lock:${key}`, '1', 'PX', Math.ceil(seconds * 1000));
        return seconds;
      } catch {
        // Redis is out of reach: this node keeps counting on its own until it is back.
        return memory.recordFailure(key, policy, mayLock);
      }
    },
    async clearFailures(key) {
      memory.clear(key);
      if (!redis) return;
      await redis
        .del(`${PREFIX}fail:${key}`, `${PREFIX}strikes:${key}`, `${PREFIX}lock:${key}`)
        .catch(() => undefined);
    },
    async close() {
      seen.clear();
      memory.reset();
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

/**
 * The per-IP limit of the expensive anonymous endpoints (sign-in, password-reset requests,
 * `/utils/hash` and `/utils/hash/match`): ServerConfig.loginRateLimit a minute per bucket and IP.
 * Sets the X-RateLimit headers; when exceeded, answers 429 with an empty body and returns true.
 */
export async function rateLimited(
  request: FastifyRequest,
  reply: FastifyReply,
  bucket: string,
): Promise<boolean> {
  const answer = await authStoresFor(request.server.config).consume(`${bucket}:${request.ip}`);
  reply.header('X-RateLimit-Limit', answer.limit);
  reply.header('X-RateLimit-Remaining', answer.remaining);
  reply.header('X-RateLimit-Reset', answer.reset);
  if (answer.allowed) return false;
  reply.code(429).send();
  return true;
}
