import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { createFallbackStore, type FallbackStore, type RateLimitStoreStatus } from './rate-limit-store';

/**
 * Rate limits on top of @fastify/rate-limit (issue 13 replaced a hand-written counter).
 * Counters live in Redis when REDIS_URL is set, so every server behind a load balancer
 * counts together; in process memory otherwise (correct for one server), and while Redis
 * does not answer (rate-limit-store.ts). Windows are
 * fixed: a window starts with its first attempt and lasts `windowMs`.
 */
export interface RateLimitRule {
  /** Allowed attempts per window. */
  limit: number;
  windowMs: number;
}

/** One check: the counter's key (already namespaced by the caller) and its rule. */
export type RateLimitCheck = [key: string, rule: RateLimitRule];

/** Applies checks in order; the first exceeded one throws 429 rate_limited with Retry-After. */
export type RateLimit = (request: FastifyRequest, reply: FastifyReply, checks: RateLimitCheck[]) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    limitRate: RateLimit;
    /** Where the counters are kept now (health reports it). */
    rateLimitStatus(): RateLimitStoreStatus;
  }
}

/** Keys the in-memory store keeps per rule; enough that spraying keys cannot evict a victim's. */
const MEMORY_KEYS = 100_000;
const CURRENT_KEY = Symbol('regalo.rateLimitKey');

/** The client address as a counter key: IPv6 clients count per /64, as they hold whole ranges. */
export function clientKey(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

/**
 * Registers the plugin (no global limit: each route names its own checks) and decorates
 * `app.limitRate`. With `enabled` false (RATE_LIMIT=off, the tests) every check passes.
 */
export async function registerRateLimits(app: FastifyInstance, options: { enabled: boolean; redisUrl?: string }) {
  let store: FallbackStore | undefined;
  if (options.enabled && options.redisUrl) {
    // ioredis is loaded only when Redis is configured (memory, ADR 043).
    const { Redis } = await import('ioredis');
    // A check waits for Redis at most REDIS_ANSWER_MS, then counts in memory
    // (platform/rate-limit-store.ts); ioredis meanwhile keeps reconnecting.
    const client = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
    app.addHook('onClose', async () => {
      if (client.status === 'ready') await client.quit();
      else client.disconnect();
    });
    store = createFallbackStore(client, 'regalo:rate-limit:', app.log);
  }
  app.decorate('rateLimitStatus', (): RateLimitStoreStatus => store?.status() ?? { store: 'memory', degraded: false });
  await app.register(rateLimit, {
    global: false,
    ...(store ? { store: store.Store } : {}),
  });

  type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
  const limiters = new Map<string, Limiter>();
  const limiterFor = (rule: RateLimitRule): Limiter => {
    const id = `${rule.limit}/${rule.windowMs}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = app.createRateLimit({
        max: rule.limit,
        timeWindow: rule.windowMs,
        // The key of the check being made (set just before the call, read synchronously).
        keyGenerator: (request) => (request as unknown as Record<symbol, string>)[CURRENT_KEY]!,
        cache: MEMORY_KEYS,
      } as Parameters<FastifyInstance['createRateLimit']>[0]);
      limiters.set(id, limiter);
    }
    return limiter;
  };

  app.decorate('limitRate', async (request: FastifyRequest, reply: FastifyReply, checks: RateLimitCheck[]) => {
    if (!options.enabled) return;
    for (const [key, rule] of checks) {
      (request as unknown as Record<symbol, string>)[CURRENT_KEY] = `${rule.limit}/${rule.windowMs}:${key}`;
      let result;
      try {
        result = await limiterFor(rule)(request);
      } catch (error) {
        // Not expected (the store falls back to memory); fail closed rather than let guesses through.
        request.log.error({ err: error }, 'rate limit store unavailable');
        throw new AppError('service_unavailable', 503, 'Please try again in a moment');
      }
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
        throw new AppError('rate_limited', 429, 'Too many attempts; try again later');
      }
    }
  });
}
