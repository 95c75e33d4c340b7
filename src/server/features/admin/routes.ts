import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAuditPageSchema,
  adminBusinessDetailSchema,
  adminBusinessListSchema,
  adminOrderPageSchema,
  adminOrderSchema,
  adminOverviewSchema,
  applicationQueueSchema,
  approveBodySchema,
  auditQuerySchema,
  businessListQuerySchema,
  cancelOrderBodySchema,
  commissionBodySchema,
  documentViewParamsSchema,
  extendExpiryBodySchema,
  idParamsSchema,
  orderSearchQuerySchema,
  reasonBodySchema,
  rejectBodySchema,
} from '@shared/contracts/admin';
import { adminPayoutsQuerySchema, adminPayoutsSchema } from '@shared/contracts/admin-payouts';
import { bookingHealthSchema } from '@shared/contracts/admin-booking-health';
import {
  adminReportListSchema,
  adminReportQuerySchema,
  adminReportSchema,
  decideReportInputSchema,
  reportParamsSchema,
} from '@shared/contracts/listing-reports';
import { requireAdmin } from '../../platform/auth/guard';
import { adminCardUseUndoneSchema, undoCardUseInputSchema } from '@shared/contracts/redemption';
import { undoCardUse } from '../../domain/orders/undo-card-use';
import { adminGiftMovementsSchema } from '@shared/contracts/admin';
import { listGiftMovements } from './list-gift-movements';
import { approveApplication } from './approve-application';
import { cancelOrder } from './cancel-order';
import { changeCommissionRate } from './change-commission-rate';
import { deactivateBusiness } from './deactivate-business';
import { decideReport } from './decide-report';
import { extendOrderExpiry } from './extend-order-expiry';
import { getAdminBusiness } from './get-admin-business';
import { getAdminOverview } from './get-admin-overview';
import { listAdminBusinesses } from './list-admin-businesses';
import { listAdminPayouts } from './list-admin-payouts';
import { listAuditLog } from './list-audit-log';
import { listBookingHealth } from './list-booking-health';
import { listPendingApplications } from './list-pending-applications';
import { listReports } from './list-reports';
import { reactivateBusiness } from './reactivate-business';
import { rejectApplication } from './reject-application';
import { retryTransfer } from '../../money/transfers/retry-transfer';
import { searchOrders } from './search-orders';
import { viewDocument } from './view-document';

/** Their mails go out on a platform-team member's action only. */
const teamMail = { abuse: { does: ['sends-mail' as const], limits: [], boundedBy: 'the platform team only (requireAdmin)' } };

const noStore = { 'cache-control': 'no-store' };

/** The platform team's back-office API (contract and guards: shared/contracts/admin.ts). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every route here is admin-only: the guard runs before parsing so that anonymous callers
  // get 401 and everyone else 403 whatever they send, and nothing is read for them.
  // (The hook is encapsulated in this plugin, so it covers exactly the routes below.)
  app.addHook('preValidation', async (request) => {
    await requireAdmin(request);
  });
  const actorOf = async (request: Parameters<typeof requireAdmin>[0]) => {
    const user = await requireAdmin(request);
    return { id: user.id, email: user.email };
  };

  app.get('/api/admin/overview', { schema: { response: { 200: adminOverviewSchema } } }, async (request, reply) => {
    await requireAdmin(request);
    return reply.headers(noStore).send(await getAdminOverview(app.ctx.db, app.ctx.now()));
  });

  // The businesses whose recipients find no time, or whose bookings it cancels (ADR 109).
  app.get('/api/admin/booking-health', { schema: { response: { 200: bookingHealthSchema } } }, async (request, reply) => {
    await requireAdmin(request);
    return reply.headers(noStore).send(await listBookingHealth(app.ctx.db, app.ctx.now()));
  });

  app.get('/api/admin/applications', { schema: { response: { 200: applicationQueueSchema } } }, async (request, reply) => {
    await requireAdmin(request);
    return reply.headers(noStore).send(await listPendingApplications(app.ctx));
  });

  app.post(
    '/api/admin/businesses/:id/approve',
    { config: teamMail, schema: { params: idParamsSchema, body: approveBodySchema, response: { 200: adminBusinessDetailSchema } } },
    async (request) => approveApplication(app.ctx, await actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/businesses/:id/reject',
    { config: teamMail, schema: { params: idParamsSchema, body: rejectBodySchema, response: { 200: adminBusinessDetailSchema } } },
    async (request) => rejectApplication(app.ctx, await actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/admin/businesses',
    { schema: { querystring: businessListQuerySchema, response: { 200: adminBusinessListSchema } } },
    async (request, reply) => {
      await requireAdmin(request);
      return reply.headers(noStore).send(await listAdminBusinesses(app.ctx.db, request.query));
    },
  );

  app.get(
    '/api/admin/businesses/:id',
    { schema: { params: idParamsSchema, response: { 200: adminBusinessDetailSchema } } },
    async (request, reply) => {
      await requireAdmin(request);
      return reply.headers(noStore).send(await getAdminBusiness(app.ctx.db, request.params.id, app.ctx.now()));
    },
  );

  app.patch(
    '/api/admin/businesses/:id/commission',
    { config: teamMail, schema: { params: idParamsSchema, body: commissionBodySchema, response: { 200: adminBusinessDetailSchema } } },
    async (request) => changeCommissionRate(app.ctx, await actorOf(request), request.params.id, request.body),
  );

  // Reports of listings (DSA arts. 16-17; contract: shared/contracts/listing-reports.ts)
  app.get(
    '/api/admin/reports',
    { schema: { querystring: adminReportQuerySchema, response: { 200: adminReportListSchema } } },
    async (request, reply) => reply.headers(noStore).send({ items: await listReports(app.ctx.db, request.query.status) }),
  );

  app.post(
    '/api/admin/reports/:id/decision',
    { config: teamMail, schema: { params: reportParamsSchema, body: decideReportInputSchema, response: { 200: adminReportSchema } } },
    async (request) => decideReport(app.ctx, await actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/businesses/:id/deactivate',
    { config: teamMail, schema: { params: idParamsSchema, body: reasonBodySchema, response: { 200: adminBusinessDetailSchema } } },
    async (request) => deactivateBusiness(app.ctx, await actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/businesses/:id/reactivate',
    { schema: { params: idParamsSchema, body: reasonBodySchema, response: { 200: adminBusinessDetailSchema } } },
    async (request) => reactivateBusiness(app.ctx, await actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/admin/businesses/:id/documents/:type/view',
    { schema: { params: documentViewParamsSchema } },
    async (request, reply) => {
      const actor = await actorOf(request);
      const file = await viewDocument(app.ctx, actor, request.params.id, request.params.type);
      // Shown inside the admin page's <iframe sandbox>: inline, but the response itself is
      // sandboxed too (no scripts, opaque origin) should it be opened on its own.
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('x-frame-options', 'SAMEORIGIN')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'")
        .send(file.body);
    },
  );

  app.get(
    '/api/admin/orders',
    { schema: { querystring: orderSearchQuerySchema, response: { 200: adminOrderPageSchema } } },
    async (request, reply) => {
      await requireAdmin(request);
      return reply.headers(noStore).send(await searchOrders(app.ctx.db, request.query, app.ctx.now()));
    },
  );

  app.post(
    '/api/admin/orders/:id/extend-expiry',
    { config: teamMail, schema: { params: idParamsSchema, body: extendExpiryBodySchema, response: { 200: adminOrderSchema } } },
    async (request) => extendOrderExpiry(app.ctx, await actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/orders/:id/cancel',
    { config: teamMail, schema: { params: idParamsSchema, body: cancelOrderBodySchema, response: { 200: adminOrderSchema } } },
    async (request) => cancelOrder(app.ctx, await actorOf(request), request.params.id, request.body),
  );

  app.get('/api/admin/orders/:id/movements', { schema: { params: idParamsSchema, response: { 200: adminGiftMovementsSchema } } }, async (request, reply) => {
    await requireAdmin(request);
    return reply.headers(noStore).send(await listGiftMovements(app.ctx.db, request.params.id));
  });

  app.post(
    '/api/admin/card-uses/:id/undo',
    { schema: { params: idParamsSchema, body: undoCardUseInputSchema, response: { 200: adminCardUseUndoneSchema } } },
    async (request) =>
      undoCardUse(app.ctx.db, { useId: request.params.id, undoer: { as: 'team', actor: await actorOf(request) }, reason: request.body.reason, now: app.ctx.now() }),
  );

  app.get(
    '/api/admin/audit',
    { schema: { querystring: auditQuerySchema, response: { 200: adminAuditPageSchema } } },
    async (request, reply) => {
      await requireAdmin(request);
      return reply.headers(noStore).send(await listAuditLog(app.ctx.db, request.query));
    },
  );

  app.get('/api/admin/payouts', { schema: { querystring: adminPayoutsQuerySchema, response: { 200: adminPayoutsSchema } } }, async (request, reply) =>
    reply.headers(noStore).send(await listAdminPayouts(app.ctx.db, request.query.state)),
  );

  app.post('/api/admin/transfers/:id/retry', { schema: { params: idParamsSchema } }, async (request, reply) => {
    await retryTransfer(app.ctx, await actorOf(request), request.params.id);
    return reply.status(204).send();
  });
};
