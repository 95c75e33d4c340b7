import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateDeliveryInputSchema } from '@shared/contracts/checkout';
import { purchaseLinksRequestSchema, purchaseOrderParamsSchema, purchaseParamsSchema, purchaseViewSchema } from '@shared/contracts/guest-checkout';
import { myOrderSchema } from '@shared/contracts/my-orders';
import { getSessionUser, requireUser } from '../../platform/auth/guard';
import { unprovenMailLimits } from '../../platform/route-limits';
import { addPurchaseToAccount } from './add-purchase-to-account';
import { findLinkedPurchase, getPurchase, type LinkedPurchase } from './get-purchase';
import { findMyOrderId } from './list-my-orders';
import { resendGiftEmail } from './resend-gift-email';
import { sendPurchaseLinks } from './send-purchase-links';
import { RESEND_LIMITS } from './routes';
import { updateOrderDelivery } from './update-order-delivery';

/**
 * A guest's purchase page (ADR 075): whoever holds the receipt's signed link sees that one
 * purchase and may do with its gifts what "My orders" offers (contracts/guest-checkout.ts).
 * The resend limits are the signed-in giver's, keyed by the purchase instead of the account.
 */
export const purchaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // The limits' keys and the handler all need the link's purchase: it is read once per request.
  const linked = new WeakMap<FastifyRequest, Promise<LinkedPurchase>>();
  const purchaseFor = (request: FastifyRequest) => {
    let found = linked.get(request);
    if (!found) {
      found = findLinkedPurchase(ctx, (request.params as { token: string }).token);
      linked.set(request, found);
    }
    return found;
  };
  const purchaseOf = async (request: FastifyRequest) => (await purchaseFor(request)).id;
  const orderKey = async (request: FastifyRequest) => {
    const checkoutId = await purchaseOf(request);
    const id = await findMyOrderId(ctx.db, { checkoutId }, (request.params as { id: string }).id);
    return id === null ? undefined : `purchase:${checkoutId}:${id}`;
  };
  const purchaseKey = async (request: FastifyRequest) => `purchase:${await purchaseOf(request)}`;

  app.post(
    '/api/purchase-links',
    {
      // Mail to an address typed on a public form: the limits of every such mail.
      config: { abuse: { does: ['sends-mail'], limits: unprovenMailLimits((request) => (request.body as { email?: string } | undefined)?.email) } },
      schema: { body: purchaseLinksRequestSchema },
    },
    async (request, reply) => {
      await sendPurchaseLinks(ctx, request.body);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/purchases/:token',
    { schema: { params: purchaseParamsSchema, response: { 200: purchaseViewSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // The token is the key to the purchase: it is never sent on to another site.
      reply.header('referrer-policy', 'no-referrer');
      return getPurchase(ctx, await purchaseFor(request), await getSessionUser(request));
    },
  );

  // "Add to my account": the link's holder, signed in to the account with its confirmed address.
  app.post(
    '/api/purchases/:token/claim',
    { schema: { params: purchaseParamsSchema, response: { 200: purchaseViewSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      await addPurchaseToAccount(ctx, await purchaseFor(request), user);
      reply.header('cache-control', 'no-store');
      reply.header('referrer-policy', 'no-referrer');
      // Read again: the purchase is the account's now.
      return getPurchase(ctx, await findLinkedPurchase(ctx, request.params.token), user);
    },
  );

  app.post(
    '/api/purchases/:token/orders/:id/resend',
    {
      config: {
        abuse: {
          does: ['sends-mail'],
          limits: [
            { name: 'gift-resend-order', rule: RESEND_LIMITS.perOrder, key: orderKey },
            { name: 'gift-resend-giver', rule: RESEND_LIMITS.perGiver, key: purchaseKey },
          ],
        },
      },
      schema: { params: purchaseOrderParamsSchema },
    },
    async (request, reply) => {
      const checkoutId = await purchaseOf(request);
      await resendGiftEmail(ctx, { checkoutId }, request.params.id);
      return reply.status(204).send();
    },
  );

  app.patch(
    '/api/purchases/:token/orders/:id/delivery',
    {
      config: {
        abuse: {
          does: ['sends-mail'],
          limits: [
            { name: 'gift-resend-giver', rule: RESEND_LIMITS.perGiver, key: purchaseKey },
            ...unprovenMailLimits((request) => (request.body as { recipientEmail?: string | null }).recipientEmail ?? undefined),
          ],
        },
      },
      schema: { params: purchaseOrderParamsSchema, body: updateDeliveryInputSchema, response: { 200: myOrderSchema } },
    },
    async (request) => {
      const checkoutId = await purchaseOf(request);
      return updateOrderDelivery(ctx, { checkoutId }, request.params.id, request.body);
    },
  );
};
