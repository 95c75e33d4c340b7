import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from './errors';

/**
 * Rate limits on top of @fastify/rate-limit (issue 13 replaced a hand-written counter).
 * Counters live in Redis when REDIS_URL is set, so every server behind a load balancer
 * counts together; in process memory otherwise (correct for one server). Windows are
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
  let redis: Redis | undefined;
  if (options.enabled && options.redisUrl) {
    // Fail fast instead of queueing: a sign-in should not hang while Redis reconnects.
    // ioredis is loaded only when Redis is configured (memory, ADR 043).
    const { Redis } = await import('ioredis');
    const client = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
    // Logged, not thrown: a request meanwhile gets 503 (below) and ioredis keeps reconnecting.
    client.on('error', (error: Error) => app.log.warn({ err: error }, 'rate limit store (Redis) error'));
    app.addHook('onClose', async () => {
      if (client.status === 'ready') await client.quit();
      else client.disconnect();
    });
    redis = client;
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'regalo:rate-limit:' } : {}),
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
        // Fail closed: without its counters the server cannot tell a guesser from a user.
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
