import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@shared/contracts/health';
import { pingDatabase } from '../../db/client';

/** A database that takes longer than this to answer `select 1` counts as unreachable. */
const PING_TIMEOUT_MS = 2000;

/** The load shedder's view, for monitoring (issue 27, finding 2: health said 200 while every route shed). */
function currentOverload(app: FastifyInstance) {
  const { inFlight, eventLoopDelayMs, shedding } = app.loadState();
  return { shedding, inFlight, eventLoopDelayMs: Math.round(eventLoopDelayMs) };
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { schema: { response: { 200: healthSchema, 503: healthSchema } } }, async (_request, reply) => {
    const { database, db } = app.ctx;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
    });
    const reachable = await Promise.race([pingDatabase(db), timeout]).finally(() => clearTimeout(timer));
    const overload = currentOverload(app);
    // A load balancer takes this process out of rotation, the body says why.
    if (!reachable) return reply.status(503).send({ status: 'degraded' as const, database: database.kind, overload });
    return { status: 'ok' as const, database: database.kind, overload };
  });
};
