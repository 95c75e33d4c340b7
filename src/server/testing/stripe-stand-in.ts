import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** The webhook secret the servers under test are given (STRIPE_WEBHOOK_SECRET). */
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_regalo_test_secret';
/**
 * Every Checkout Session the stand-in creates closes at this moment (seconds, as Stripe
 * sends it): a day after the test process started, Stripe's default lifetime. A fixed
 * date would turn into a past one, and the expiry job would close every checkout at once.
 */
export const STRIPE_SESSION_EXPIRES = Math.floor(Date.now() / 1000) + 24 * 60 * 60;

/**
 * A tiny stand-in for the Stripe endpoints the driver calls (Checkout Sessions, their
 * expiry, and refunds), on a free port: STRIPE_API_URL points the driver at it.
 */
export class StripeStandIn {
  requests: { path: string; idempotencyKey: string | undefined; auth: string | undefined; form: URLSearchParams }[] = [];
  failNext = false;
  /** The session created for each checkout (client_reference_id → session id). */
  readonly sessionOf = new Map<string, string>();
  private server: Server = createServer((req, res) => void this.handle(req, res));
  private sessions = 0;

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let body = '';
    for await (const chunk of req) body += chunk;
    const form = new URLSearchParams(body);
    this.requests.push({ path: req.url ?? '', idempotencyKey: req.headers['idempotency-key'] as string | undefined, auth: req.headers.authorization, form });
    res.setHeader('content-type', 'application/json');
    if (this.failNext) {
      this.failNext = false;
      res.statusCode = 500;
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'Stripe is having a bad day' } }));
      return;
    }
    if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
      this.sessions += 1;
      const id = `cs_test_${this.sessions}`;
      const reference = form.get('client_reference_id');
      if (reference) this.sessionOf.set(reference, id);
      res.end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}`, expires_at: STRIPE_SESSION_EXPIRES, client_reference_id: reference }));
      return;
    }
    const expire = req.method === 'POST' ? /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(req.url ?? '') : null;
    if (expire) {
      res.end(JSON.stringify({ id: expire[1], object: 'checkout.session', status: 'expired', url: null }));
      return;
    }
    if (req.method === 'POST' && req.url === '/v1/refunds') {
      res.end(JSON.stringify({ id: 're_test_1', object: 'refund', amount: Number(form.get('amount')), payment_intent: form.get('payment_intent') }));
      return;
    }
    res.statusCode = 404;
    res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'unknown' } }));
  }
}

const signer = new Stripe('sk_test_signer');

/** A `stripe-signature` header for `payload`, as Stripe's servers compute it. */
export function signStripePayload(payload: string, secret = STRIPE_TEST_WEBHOOK_SECRET): string {
  return signer.webhooks.generateTestHeaderString({ payload, secret });
}

/** The JSON body of a Checkout Session event, as Stripe posts it to the webhook. */
export function checkoutSessionEvent(type: string, session: { id: string; checkoutId: string; paymentStatus?: string }, eventId: string): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type,
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        client_reference_id: session.checkoutId,
        metadata: { checkoutId: session.checkoutId },
        payment_status: session.paymentStatus ?? 'paid',
        payment_intent: 'pi_test_1',
      },
    },
  });
}
