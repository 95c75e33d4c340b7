import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * Rate-limit counters in Redis (shared by every server) that fall back to this process's
 * memory while Redis cannot answer (ADR 056). Redis is an optimisation for
 * several servers, not a reason to lock people out: with it down every sign-in waited
 * 5–10 s and got 503. Now a call Redis has not answered within REDIS_ANSWER_MS is counted
 * in memory instead, a warning is logged once, and calls go straight to memory until the
 * connection is ready again (ioredis reconnects by itself); then Redis counts again.
 * Counts made in memory meanwhile stay in memory: for that while each process applies the
 * limits alone, as one server without Redis does.
 */

/** How long a check waits for Redis before counting in memory. */
export const REDIS_ANSWER_MS = 200;

type Callback = (error: Error | null, result: { current: number; ttl: number } | null) => void;
interface CounterStore {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  read?(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: StoreOptions): CounterStore;
}
interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
  routeInfo: { method?: string; url?: string };
}
type StoreClass = new (...args: unknown[]) => CounterStore;

// The plugin's own stores (CommonJS files it does not export by name): the same counting,
// window and TTL rules whichever one answers.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as StoreClass;
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as StoreClass;

export interface RateLimitStoreStatus {
  /** Where counters go now: the shared Redis, or this process's memory. */
  store: 'redis' | 'memory';
  /** Redis is configured but not answering: each process counts alone. */
  degraded: boolean;
}

export interface FallbackStore {
  /** The class @fastify/rate-limit's `store` option takes (it calls `new` with its settings). */
  Store: FastifyRateLimitStoreCtor;
  status(): RateLimitStoreStatus;
}

export function createFallbackStore(redis: Redis, nameSpace: string, log: FastifyBaseLogger): FallbackStore {
  // Taken as usable until it reports trouble (a first check waits for the connection, at
  // most REDIS_ANSWER_MS), then again from its next 'ready'.
  let usable = true;
  const fallBack = (reason: string) => {
    if (!usable) return;
    usable = false;
    log.warn({ reason }, 'rate limit store (Redis) unreachable: counting in each process\'s memory until it returns');
  };
  redis.on('ready', () => {
    if (usable) return;
    usable = true;
    log.info('rate limit store (Redis) reachable again: counters are shared');
  });
  redis.on('close', () => fallBack('connection closed'));
  redis.on('error', (error: Error) => fallBack(error.message));

  const both = (shared: CounterStore, local: CounterStore): CounterStore => {
    // `incr` counts; `read` only looks (a lockout's check, ADR 054): both fall back alike.
    const via = (method: 'incr' | 'read'): CounterStore['incr'] => (key, callback, timeWindow, max) => {
      if (!usable) return local[method]!(key, callback, timeWindow, max);
      let settled = false;
      const timer = setTimeout(() => {
        settled = true;
        fallBack(`no answer within ${REDIS_ANSWER_MS} ms`);
        local[method]!(key, callback, timeWindow, max);
      }, REDIS_ANSWER_MS);
      shared[method]!(
        key,
        (error, result) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          if (!error) return callback(null, result);
          fallBack(error.message);
          local[method]!(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    };
    return {
      incr: via('incr'),
      read: via('read'),
      child: (routeOptions) => both(shared.child(routeOptions), local.child(routeOptions)),
    };
  };

  // Returning an object from a constructor makes it what `new` gives.
  class SharedOrLocalStore {
    constructor(globalParams: StoreOptions) {
      const { continueExceeding, exponentialBackoff, cache } = globalParams;
      return both(new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace), new LocalStore(continueExceeding, exponentialBackoff, cache));
    }
  }
  return {
    Store: SharedOrLocalStore as unknown as FallbackStore['Store'],
    status: () => ({ store: usable ? 'redis' : 'memory', degraded: !usable }),
  };
}
