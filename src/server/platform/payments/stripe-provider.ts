import Stripe from 'stripe';
import type { PaymentEvent, PaymentProvider } from './payment-provider';
import { PaymentSignatureError, STRIPE_EXPIRY_GRACE_MS } from './payment-provider';

// Defined with the interface so readers of checkouts need not load the Stripe SDK.
export { STRIPE_EXPIRY_GRACE_MS } from './payment-provider';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** A stand-in for api.stripe.com (tests): protocol, host and port are taken from it. */
  apiUrl?: string;
  publicUrl: string;
}

function clientOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  if (!apiUrl) return { maxNetworkRetries: 2 };
  const url = new URL(apiUrl);
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80,
    protocol: url.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 0,
  };
}

type SessionLike = {
  id: string;
  client_reference_id?: string | null;
  metadata?: Record<string, string> | null;
  payment_status?: string;
  payment_intent?: string | { id: string } | null;
};

function checkoutIdOf(session: SessionLike): string | null {
  return session.client_reference_id ?? session.metadata?.checkoutId ?? null;
}

function paymentRefOf(session: SessionLike): string | null {
  const intent = session.payment_intent;
  if (!intent) return null;
  return typeof intent === 'string' ? intent : intent.id;
}

/** The four Checkout Session events that change a checkout; everything else is ignored. */
export function toPaymentEvent(event: { id: string; type: string; data: { object: unknown } }): PaymentEvent {
  const session = event.data.object as SessionLike;
  const base = { eventId: event.id, checkoutId: checkoutIdOf(session), providerRef: session.id };
  switch (event.type) {
    case 'checkout.session.completed':
      // Card payments are paid now; delayed methods (SEPA debit…) complete "unpaid" and
      // report later with async_payment_succeeded / _failed.
      return session.payment_status === 'paid' || session.payment_status === 'no_payment_required'
        ? { kind: 'succeeded', ...base, paymentRef: paymentRefOf(session) }
        : { kind: 'ignored', eventId: event.id, type: `${event.type}:${session.payment_status ?? 'unknown'}` };
    case 'checkout.session.async_payment_succeeded':
      return { kind: 'succeeded', ...base, paymentRef: paymentRefOf(session) };
    case 'checkout.session.async_payment_failed':
      return { kind: 'failed', ...base };
    case 'checkout.session.expired':
      return { kind: 'expired', ...base };
    default:
      return { kind: 'ignored', eventId: event.id, type: event.type };
  }
}

export function createStripePaymentProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, clientOptions(settings.apiUrl));
  return {
    name: 'stripe',
    async createPayment({ checkoutId, currency, lines, customerEmail, locale }) {
      const returnUrl = `${settings.publicUrl}/checkout/${checkoutId}`;
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: lines.map((line) => ({
            quantity: 1,
            price_data: { currency: currency.toLowerCase(), unit_amount: line.amount, product_data: { name: line.name } },
          })),
          client_reference_id: checkoutId,
          metadata: { checkoutId },
          payment_intent_data: { metadata: { checkoutId } },
          ...(customerEmail ? { customer_email: customerEmail } : {}),
          locale,
          success_url: `${returnUrl}?payment=success`,
          cancel_url: `${returnUrl}?payment=cancelled`,
        },
        // A retried create (same checkout) gets the same session back, never a second one.
        { idempotencyKey: `regalo-checkout-${checkoutId}` },
      );
      if (!session.url) throw new Error(`Stripe returned session ${session.id} without a url`);
      return {
        providerRef: session.id,
        paymentUrl: session.url,
        expiresAt: new Date(session.expires_at * 1000 + STRIPE_EXPIRY_GRACE_MS),
      };
    },
    parseWebhook(rawBody, signature) {
      if (!signature) throw new PaymentSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch {
        throw new PaymentSignatureError();
      }
      return toPaymentEvent(event);
    },
    async refund(paymentRef, amount, idempotencyKey) {
      const refund = await stripe.refunds.create(
        { payment_intent: paymentRef, amount },
        // Keyed by what is refunded: two orders of one payment with the same price are two refunds.
        { idempotencyKey: idempotencyKey ?? `regalo-refund-${paymentRef}-${amount}` },
      );
      return { refundRef: refund.id };
    },
  };
}
