import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, type Health } from '@shared/contracts/health';
import { createDependencyChecks } from './check-dependencies';

/** The load shedder's view, for monitoring (ADR 036: health said 200 while every route shed). */
function currentOverload(app: FastifyInstance): Health['overload'] {
  const { inFlight, eventLoopDelayMs, shedding } = app.loadState();
  return { shedding, inFlight, eventLoopDelayMs: Math.round(eventLoopDelayMs) };
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const dependencyChecks = createDependencyChecks(app.ctx);
  app.get('/api/health', { schema: { response: { 200: healthSchema, 503: healthSchema } } }, async (_request, reply) => {
    const { ctx } = app;
    // As a request arriving with this probe would be judged, and again once the checks are in.
    const arrival = currentOverload(app);
    const checks = await dependencyChecks();
    const latest = currentOverload(app);
    const overload = arrival.shedding && !latest.shedding ? arrival : latest;
    const redis = ctx.config.redisUrl && ctx.config.rateLimit ? app.rateLimitStatus() : null;
    // A load balancer takes this process out of rotation while its database cannot write or
    // while it turns requests away (ADR 082); the body says what is wrong.
    const reason = checks.database.status === 'degraded' ? ('database_cannot_write' as const) : overload.shedding ? ('shedding' as const) : undefined;
    if (reason === 'database_cannot_write') app.log.error({ checks }, 'health: the database cannot write');
    return reply.status(reason ? 503 : 200).send({
      status: reason ? 'degraded' : 'ok',
      ...(reason ? { reason } : {}),
      database: ctx.database.kind,
      overload,
      checks: { ...checks, redis: { status: redis === null ? 'off' : redis.degraded ? 'degraded' : 'ok' } },
    });
  });
};
