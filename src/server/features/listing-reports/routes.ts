import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createReportInputSchema, reportReceiptSchema } from '@shared/contracts/listing-reports';
import { getSessionUser } from '../../platform/auth/guard';
import { clientKey, type RateLimitRule } from '../../platform/rate-limit';
import { unprovenMailLimits } from '../../platform/route-limits';
import { createReport } from './create-report';

/**
 * Anonymous reports are allowed (DSA art. 16 asks for no account), so each address may send
 * a few an hour: enough for someone reporting several listings, not for flooding the queue.
 */
const REPORTS_PER_IP: RateLimitRule = { limit: 10, windowMs: 60 * 60_000 };

/** The address a reporter left for the acknowledgement: an address that has not proven itself. */
const reporterAddress = (request: FastifyRequest) => (request.body as { email?: string | null }).email || undefined;

/** POST /api/reports (contract: shared/contracts/listing-reports.ts). */
export const listingReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/reports',
    {
      config: {
        abuse: {
          does: ['sends-mail'],
          limits: [{ name: 'report-ip', rule: REPORTS_PER_IP, key: clientKey }, ...unprovenMailLimits(reporterAddress)],
        },
      },
      schema: { body: createReportInputSchema, response: { 201: reportReceiptSchema } },
    },
    async (request, reply) => {
      const user = await getSessionUser(request);
      return reply.status(201).send(await createReport(app.ctx, user?.id ?? null, request.body));
    },
  );
};
