import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createReportInputSchema, reportReceiptSchema } from '@shared/contracts/listing-reports';
import { getSessionUser } from '../../platform/auth/guard';
import { clientKey, type RateLimitRule } from '../../platform/rate-limit';
import { createReport } from './create-report';

/**
 * Anonymous reports are allowed (DSA art. 16 asks for no account), so each address may send
 * a few an hour: enough for someone reporting several listings, not for flooding the queue.
 */
const REPORTS_PER_IP: RateLimitRule = { limit: 10, windowMs: 60 * 60_000 };

/** POST /api/reports (contract: shared/contracts/listing-reports.ts). */
export const listingReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/reports',
    { schema: { body: createReportInputSchema, response: { 201: reportReceiptSchema } } },
    async (request, reply) => {
      await app.limitRate(request, reply, [[`report:${clientKey(request)}`, REPORTS_PER_IP]]);
      const user = await getSessionUser(request);
      return reply.status(201).send(await createReport(app.ctx, user?.id ?? null, request.body));
    },
  );
};
