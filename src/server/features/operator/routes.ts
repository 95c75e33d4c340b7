import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorSchema } from '@shared/contracts/operator';

/**
 * GET /api/operator — who runs this Regalo and how to reach them, for the
 * privacy page and "Contact support" links. Public: it is what the legal notice publishes.
 */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/operator', { schema: { response: { 200: operatorSchema } } }, async (_request, reply) => {
    // Configuration only changes with a restart: let browsers reuse it for a while.
    void reply.header('cache-control', 'public, max-age=300');
    return app.ctx.config.operator;
  });
};
