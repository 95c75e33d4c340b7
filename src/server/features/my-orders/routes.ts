import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateDeliveryInputSchema } from '@shared/contracts/checkout';
import { myOrderListSchema, myOrderParamsSchema, myOrderSchema, myOrdersQuerySchema, pendingPurchaseListSchema } from '@shared/contracts/my-orders';
import { requireUser } from '../../platform/auth/guard';
import type { RateLimitRule } from '../../platform/rate-limit';
import { unprovenMailLimits } from '../../platform/route-limits';
import { discardPendingPurchase } from './discard-pending-purchase';
import { findMyOrderId, listMyOrders } from './list-my-orders';
import { listPendingPurchases } from './list-pending-purchases';
import { resendGiftEmail } from './resend-gift-email';
import { updateOrderDelivery } from './update-order-delivery';

const HOUR = 60 * 60 * 1000;
/**
 * Each resend puts an email in a recipient's inbox: enough for "it went to spam, send it
 * again", too few to flood anyone. Keys carry the giver's id, so nobody else (a business
 * that sees the order id, say) can use up a giver's allowance.
 */
export const RESEND_LIMITS = {
  perOrder: { limit: 3, windowMs: HOUR },
  perGiver: { limit: 10, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>;

/** The gifts the signed-in user sent; never anyone else's (another's id answers 404). */
export const myOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/my/orders',
    { schema: { querystring: myOrdersQuerySchema, response: { 200: myOrderListSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return listMyOrders(app.ctx.db, { buyerId: user.id }, request.query, app.ctx.config.publicUrl, app.ctx.now());
    },
  );

  app.get(
    '/api/my/pending-purchases',
    { schema: { response: { 200: pendingPurchaseListSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return { items: await listPendingPurchases(app.ctx.db, user.id, app.ctx.now()) };
    },
  );

  app.post(
    '/api/my/pending-purchases/:id/discard',
    { schema: { params: myOrderParamsSchema } },
    async (request, reply) => {
      const user = await requireUser(request);
      await discardPendingPurchase(app.ctx, user.id, request.params.id);
      return reply.status(204).send();
    },
  );

  /** The giver and the order as the database found them (keys never use the id as typed). */
  const orderKey = async (request: FastifyRequest) => {
    const user = await requireUser(request);
    const id = await findMyOrderId(app.ctx.db, { buyerId: user.id }, (request.params as { id: string }).id);
    return id === null ? undefined : `${user.id}:${id}`;
  };
  const giverKey = async (request: FastifyRequest) => (await requireUser(request)).id;

  app.post(
    '/api/my/orders/:id/resend',
    {
      config: {
        abuse: {
          does: ['sends-mail'],
          limits: [
            { name: 'gift-resend-order', rule: RESEND_LIMITS.perOrder, key: orderKey },
            { name: 'gift-resend-giver', rule: RESEND_LIMITS.perGiver, key: giverKey },
          ],
        },
      },
      schema: { params: myOrderParamsSchema },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await resendGiftEmail(app.ctx, { buyerId: user.id }, request.params.id);
      return reply.status(204).send();
    },
  );

  app.patch(
    '/api/my/orders/:id/delivery',
    {
      // A new recipient address is mailed the gift: an address nobody has proven yet.
      config: {
        abuse: {
          does: ['sends-mail'],
          limits: [
            { name: 'gift-resend-giver', rule: RESEND_LIMITS.perGiver, key: giverKey },
            ...unprovenMailLimits((request) => (request.body as { recipientEmail?: string | null }).recipientEmail ?? undefined),
          ],
        },
      },
      schema: { params: myOrderParamsSchema, body: updateDeliveryInputSchema, response: { 200: myOrderSchema } },
    },
    async (request) => {
      const user = await requireUser(request);
      return updateOrderDelivery(app.ctx, { buyerId: user.id }, request.params.id, request.body);
    },
  );
};
