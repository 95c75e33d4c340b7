import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkoutParamsSchema,
  checkoutQuoteInputSchema,
  checkoutQuoteSchema,
  checkoutSchema,
  createCheckoutInputSchema,
  testPaymentInputSchema,
  testPaymentOutcomes,
} from '@shared/contracts/checkout';
import { createGuestCheckoutInputSchema } from '@shared/contracts/guest-checkout';
import { createPurchaseToken } from '../../domain/orders/purchase-link';
import { readerLanguage } from '../../platform/page-language';
import { mailboxKey } from '../../platform/route-limits';
import { getSessionUser, requireUser } from '../../platform/auth/guard';
import { clientKey, type RateLimitRule, type RouteAbuse } from '../../platform/rate-limit';
import { AppError } from '../../platform/errors';
import { PaymentSignatureError } from '../../platform/payments/payment-provider';
import { createCheckout } from './create-checkout';
import { getCheckout, type CheckoutAccess } from './get-checkout';
import { guestCheckoutOf, purchaseCookieValue } from './purchase-cookie';
import { handlePaymentEvent } from './handle-payment-event';
import { payTestCheckout } from './pay-test-checkout';
import { quoteCheckout } from './quote-checkout';

/** A giver pays a cart a few times an hour at most; a script making checkouts in bulk does not (ADR 054). */
export const CHECKOUT_LIMITS = {
  perAccount: { limit: 10, windowMs: 60_000 },
  perIp: { limit: 30, windowMs: 60_000 },
} satisfies Record<string, RateLimitRule>;

/** A paid checkout mails its recipients once; how many checkouts there are is what is limited. */
const paymentMail: RouteAbuse = { does: ['sends-mail'], limits: [], boundedBy: 'one mail per order paid; POST /api/checkouts is limited' };

/** Checkout and the test provider's buttons (contracts: shared/contracts/checkout.ts, guest-checkout.ts). */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const secureCookies = app.ctx.config.publicUrl.startsWith('https:');
  /**
   * The buyer of checkout `id`: the guest whose purchase cookie names it, else the signed-in
   * giver (401/403 without one). Either way only their own checkout is found.
   */
  const checkoutAccess = async (request: FastifyRequest, id: string): Promise<CheckoutAccess> => {
    if (guestCheckoutOf(request, app.ctx.config.authSecret, app.ctx.now()) === id) return { guestCheckoutId: id };
    return { userId: (await requireUser(request)).id };
  };

  app.post(
    '/api/checkouts/quote',
    { schema: { body: checkoutQuoteInputSchema, response: { 200: checkoutQuoteSchema } } },
    // Open to guests (ADR 075): prices of gifts on sale are public anyway.
    async (request) => {
      return quoteCheckout(app.ctx, request.body.giftIds, readerLanguage(request));
    },
  );

  app.post(
    '/api/checkouts',
    {
      // Each new checkout is a call to the payment provider, whose rate limit every giver shares.
      config: {
        abuse: {
          does: ['creates-checkout'],
          limits: [
            { name: 'checkout-ip', rule: CHECKOUT_LIMITS.perIp, key: clientKey },
            { name: 'checkout-account', rule: CHECKOUT_LIMITS.perAccount, key: async (request) => (await getSessionUser(request))?.id },
          ],
        },
      },
      schema: { body: createCheckoutInputSchema, response: { 200: checkoutSchema, 201: checkoutSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { checkout, created } = await createCheckout(app.ctx, user, request.body);
      return reply.status(created ? 201 : 200).send(checkout);
    },
  );

  app.post(
    '/api/guest-checkouts',
    {
      config: {
        abuse: {
          does: ['creates-checkout'],
          limits: [
            { name: 'checkout-ip', rule: CHECKOUT_LIMITS.perIp, key: clientKey },
            {
              name: 'checkout-guest-email',
              rule: CHECKOUT_LIMITS.perAccount,
              key: (request) => {
                const email = (request.body as { buyer?: { email?: unknown } } | undefined)?.buyer?.email;
                return typeof email === 'string' ? mailboxKey(email) : undefined;
              },
            },
          ],
        },
      },
      schema: { body: createGuestCheckoutInputSchema, response: { 200: checkoutSchema, 201: checkoutSchema } },
    },
    async (request, reply) => {
      const { buyer, ...input } = request.body;
      const { checkout, created } = await createCheckout(app.ctx, { guest: true, ...buyer }, input);
      const token = createPurchaseToken(app.ctx.config.authSecret, checkout.id, new Date(checkout.createdAt));
      return reply
        .status(created ? 201 : 200)
        .header('set-cookie', purchaseCookieValue(token, secureCookies))
        .header('cache-control', 'no-store')
        .send(checkout);
    },
  );

  app.get(
    '/api/checkouts/:id',
    { schema: { params: checkoutParamsSchema, response: { 200: checkoutSchema } } },
    async (request, reply) => {
      const checkout = await getCheckout(app.ctx, await checkoutAccess(request, request.params.id), request.params.id, readerLanguage(request));
      return reply.header('cache-control', 'no-store').send(checkout);
    },
  );

  const testParams = z.object({ checkoutId: z.string().max(64), outcome: z.enum(testPaymentOutcomes) });
  app.post(
    '/api/payments/test/:checkoutId/:outcome',
    { config: { abuse: paymentMail }, schema: { params: testParams, body: testPaymentInputSchema, response: { 200: checkoutSchema } } },
    async (request) => {
      // The test provider's page only exists when it is the configured provider.
      if (app.ctx.payments.name !== 'test') throw AppError.notFound();
      const access = await checkoutAccess(request, request.params.checkoutId);
      const { checkoutId, outcome } = request.params;
      return payTestCheckout(app.ctx, access, checkoutId, { outcome, method: request.body?.method ?? 'card' }, readerLanguage(request));
    },
  );
};

/**
 * Stripe's webhook. Its own plugin so that only this route reads the body raw (the
 * signature is over the exact bytes) — every other route keeps Fastify's JSON parser. The
 * CSRF check lets this one path through: it carries Stripe's signature, not an Origin.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));

  app.post('/api/payments/stripe/webhook', { config: { abuse: paymentMail } }, async (request, reply) => {
    if (app.ctx.payments.name !== 'stripe') throw AppError.notFound();
    const signature = request.headers['stripe-signature'];
    let event;
    try {
      event = app.ctx.payments.parseWebhook(request.body as Buffer, typeof signature === 'string' ? signature : undefined);
    } catch (error) {
      if (error instanceof PaymentSignatureError) throw new AppError('invalid_signature', 400, error.message);
      throw error;
    }
    const result = await handlePaymentEvent(app.ctx, event, request.log);
    request.log.info({ eventId: event.eventId, kind: event.kind, result }, 'payment event');
    return reply.status(200).send({ received: true, result });
  });
};
