import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { createFallbackStore, type FallbackStore, type RateLimitStoreStatus } from './rate-limit-store';

/**
 * Rate limits on top of @fastify/rate-limit, which replaced a hand-written counter (ADR 035).
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

/**
 * What a route does that an attacker gains by repeating (ADR 054): mail to an address, a
 * password check, a checkout (a call to the payment provider), a lookup by a guessable code.
 */
export type Abuse = 'sends-mail' | 'checks-password' | 'creates-checkout' | 'looks-up-code';

/**
 * One counter a route declares. `name` names the counter, not the route: two routes that
 * declare the same name share one count (every mail to an unproven address counts together).
 * `key` returns the canonical value counted — a normalised email, a user id, the id the
 * database returned — or undefined when the request has none (that counter is skipped; the
 * route refuses such a request itself).
 */
export interface DeclaredLimit {
  name: string;
  rule: RateLimitRule;
  key: (request: FastifyRequest) => string | undefined | Promise<string | undefined>;
  /**
   * 'misses': counted only when the route calls app.limitMisses: when it finds nothing (the
   * gift page), so a visitor opening real gifts is never refused, or when the catalogue cache
   * does not hold a search's answer, so pages already computed are never refused;
   * 'requests' (the default): every request, by the hook.
   */
  counts?: 'requests' | 'misses';
  /**
   * With 'misses': once the misses reach the limit, every request with that key is refused
   * (429) until the window ends, found or not, before the route runs. Without it a guesser
   * past the limit still tells a right guess (200) from a wrong one (429).
   */
  lockout?: boolean;
}

/**
 * A route's declaration: what it does, and the limits that bound it — or, when something
 * else already bounds it, which (`boundedBy`, e.g. "platform team only", "one mail per
 * payment; checkouts are limited"), said where a reviewer reads the route.
 */
export interface RouteAbuse {
  does: Abuse[];
  limits: DeclaredLimit[];
  boundedBy?: string;
}

/**
 * Better Auth's one catch-all route serves many endpoints: it declares each endpoint's path
 * (null: nothing to bound). A path missing from the table is refused at runtime (404), so a
 * Better Auth upgrade cannot add an unbounded endpoint unnoticed.
 */
export interface PathAbuse {
  byPath: Record<string, RouteAbuse | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    limitRate: RateLimit;
    /** Counts a miss against the route's declared 'misses' limits; 429 once over. */
    limitMisses: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Where the counters are kept now (health reports it). */
    rateLimitStatus(): RateLimitStoreStatus;
  }
  interface FastifyContextConfig {
    /** Read by one hook (registerRateLimits); ADR 054. */
    abuse?: RouteAbuse | PathAbuse;
  }
}

export function isPathAbuse(abuse: RouteAbuse | PathAbuse): abuse is PathAbuse {
  return 'byPath' in abuse;
}

/** The declaration that applies to this request, if any. */
export function declaredAbuse(request: FastifyRequest): RouteAbuse | null {
  const abuse = (request.routeOptions.config as { abuse?: RouteAbuse | PathAbuse }).abuse;
  if (!abuse) return null;
  if (!isPathAbuse(abuse)) return abuse;
  const path = request.url.split('?')[0] ?? '';
  const entry = Object.entries(abuse.byPath).find(([pattern]) => pathMatches(pattern, path));
  if (!entry) throw AppError.notFound();
  return entry[1];
}

/** `/api/auth/callback/:id` matches `/api/auth/callback/google`: one segment per parameter. */
export function pathMatches(pattern: string, path: string): boolean {
  if (!pattern.includes(':')) return pattern === path;
  const want = pattern.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]));
}

/** A declaration that says what a route does must bound it: checked as each route registers. */
function checkDeclaration(method: string, url: string, abuse: RouteAbuse | PathAbuse | undefined) {
  if (!abuse) return;
  const entries = isPathAbuse(abuse) ? Object.entries(abuse.byPath) : [[url, abuse] as const];
  for (const [path, declared] of entries) {
    if (declared && declared.does.length > 0 && declared.limits.length === 0 && !declared.boundedBy) {
      throw new Error(`${method} ${path} declares ${declared.does.join(', ')} but no limit (ADR 054)`);
    }
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

  const limitRate: RateLimit = async (request, reply, checks) => {
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
  };
  app.decorate('limitRate', limitRate);

  /** Refuses a request whose key has used up a lockout counter (read, never counted here). */
  const refuseLocked = async (request: FastifyRequest, reply: FastifyReply, checks: RateLimitCheck[]) => {
    if (!options.enabled) return;
    for (const [key, rule] of checks) {
      (request as unknown as Record<symbol, string>)[CURRENT_KEY] = `${rule.limit}/${rule.windowMs}:${key}`;
      let result;
      try {
        result = await limiterFor(rule)(request, { increment: false });
      } catch (error) {
        request.log.error({ err: error }, 'rate limit store unavailable');
        throw new AppError('service_unavailable', 503, 'Please try again in a moment');
      }
      if (!result.isAllowed && result.remaining === 0) {
        reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
        throw new AppError('rate_limited', 429, 'Too many attempts; try again later');
      }
    }
  };

  // Routes declare their limits in their own definition (config.abuse); this one hook applies
  // them, after the body is parsed and validated so keys come from checked values (ADR 054).
  app.addHook('onRoute', (route) => checkDeclaration(String(route.method), route.url, route.config?.abuse));
  const applyDeclared = async (request: FastifyRequest, reply: FastifyReply, counts: 'requests' | 'misses') => {
    const declared = declaredAbuse(request);
    if (!declared) return;
    const checks: RateLimitCheck[] = [];
    const locks: RateLimitCheck[] = [];
    for (const limit of declared.limits) {
      const counted = (limit.counts ?? 'requests') === counts;
      const locking = counts === 'requests' && limit.counts === 'misses' && limit.lockout === true;
      if (!counted && !locking) continue;
      const key = await limit.key(request);
      if (key === undefined) continue;
      (counted ? checks : locks).push([`${limit.name}:${key}`, limit.rule]);
    }
    await refuseLocked(request, reply, locks);
    await limitRate(request, reply, checks);
  };
  app.addHook('preHandler', (request, reply) => applyDeclared(request, reply, 'requests'));
  app.decorate('limitMisses', (request: FastifyRequest, reply: FastifyReply) => applyDeclared(request, reply, 'misses'));
}
