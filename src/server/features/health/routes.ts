import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@shared/contracts/health';
import { checkDependencies } from './check-dependencies';

/** The load shedder's view, for monitoring (issue 27, finding 2: health said 200 while every route shed). */
function currentOverload(app: FastifyInstance) {
  const { inFlight, eventLoopDelayMs, shedding } = app.loadState();
  return { shedding, inFlight, eventLoopDelayMs: Math.round(eventLoopDelayMs) };
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { schema: { response: { 200: healthSchema, 503: healthSchema } } }, async (_request, reply) => {
    const { ctx } = app;
    const checks = await checkDependencies(ctx, ctx.config.redisUrl && ctx.config.rateLimit ? app.rateLimitStatus() : null);
    // A load balancer takes this process out of rotation while its database cannot write;
    // the body says what is wrong.
    const status = checks.database.status === 'ok' ? ('ok' as const) : ('degraded' as const);
    if (status !== 'ok') app.log.error({ checks }, 'health: the database cannot write');
    return reply.status(status === 'ok' ? 200 : 503).send({ status, database: ctx.database.kind, overload: currentOverload(app), checks });
  });
};
