import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTestWorld, testWorldKinds } from './create-test-world';

/**
 * Fresh accounts for the end-to-end journeys (e2e/support/fixtures.ts), only with DEV_TOOLS=on,
 * which config.ts refuses on a reachable or production server; without it the route does not
 * exist (404).
 */
export const devTestWorldRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.ctx.config.devTools) return;
  app.post('/api/dev/test-world', { schema: { body: z.object({ kind: z.enum(testWorldKinds) }) } }, async (request, reply) => {
    return reply.code(201).header('cache-control', 'no-store').send(await createTestWorld(app.ctx.db, request.body.kind));
  });
};
