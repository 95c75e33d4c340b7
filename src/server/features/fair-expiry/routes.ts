import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { extensionDecisionResultSchema, extensionDecisionSchema, extensionParamsSchema } from '@shared/contracts/business-dashboard';
import { requireUser } from '../../platform/auth/guard';
import { decideExtension } from './decide-extension';

/**
 * The business's answer to a recipient's request for more time (ADR 064; contract:
 * business-dashboard.ts). The recipient's request is a form on the gift page (gift-page/routes.ts).
 */
export const fairExpiryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/business/orders/:id/extension',
    {
      config: {
        abuse: {
          does: ['sends-mail'],
          limits: [],
          boundedBy: "one mail to the gift's recipient per request for more time, which its recipient makes once and the owner answers once",
        },
      },
      schema: { params: extensionParamsSchema, body: extensionDecisionSchema, response: { 200: extensionDecisionResultSchema } },
    },
    async (request) => {
      const user = await requireUser(request);
      return decideExtension(app.ctx, user.id, request.params.id, request.body);
    },
  );
};
