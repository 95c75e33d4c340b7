import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth/guard';
import { resubmitApplication } from './resubmit-application';

/**
 * POST /api/business/application → 201 {applicationId}: a rejected business's owner submits
 * it for review again. 401 anonymous, 403 `no_business`, 409 `application_not_rejected`,
 * 400 `documents_missing` (fields: document type → documentRequired) or validation_failed
 * (fields.taxId invalidTaxId).
 */
export const businessApplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/business/application',
    { schema: { response: { 201: z.object({ applicationId: z.string() }) } } },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply.status(201).send(await resubmitApplication(app.ctx, user.id));
    },
  );
};
