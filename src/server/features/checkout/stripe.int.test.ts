import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, sep } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { checkouts, orders, paymentEvents } from '../../db/schema/orders';
import { STRIPE_EXPIRY_GRACE_MS } from '../../platform/payments/stripe-provider';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  checkoutSessionEvent,
  signStripePayload,
  STRIPE_SESSION_EXPIRES,
  STRIPE_TEST_WEBHOOK_SECRET,
  StripeStandIn,
} from '../../testing/stripe-stand-in';
import { as, line, newKey, paymentState, postCheckout, shop, signedIn } from '../../testing/checkout-test-world';

const WEBHOOK_SECRET = STRIPE_TEST_WEBHOOK_SECRET;
const SESSION_EXPIRES = STRIPE_SESSION_EXPIRES;
let eventCount = 0;

function sessionEvent(type: string, session: { id: string; checkoutId: string; paymentStatus?: string }, eventId = `evt_${++eventCount}`) {
  return checkoutSessionEvent(type, session, eventId);
}

describe('the Stripe driver', () => {
  const stripe = new StripeStandIn();
  let t: TestApp;
  beforeAll(async () => {
    const apiUrl = await stripe.start();
    t = await createTestApp({
      env: { PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_regalo', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: apiUrl },
    });
  });
  beforeEach(() => {
    stripe.requests = [];
  });
  afterAll(async () => {
    await t.close();
    await stripe.stop();
  });
  const db = () => t.database.db;

  /** No Origin, as Stripe's servers send it. */
  function webhook(payload: string, signature: string | null = signStripePayload(payload)) {
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      payload,
    });
  }

  async function pendingCheckout() {
    const world = await shop(t);
    const buyer = await signedIn(t, { locale: 'es' });
    const res = await postCheckout(t, buyer.cookie, [line(world.tea.id, { recipientEmail: 'lucia@example.test' }), line(world.dinner.id)]);
    expect(res.statusCode).toBe(201);
    const [row] = await db().select().from(checkouts).where(eq(checkouts.id, res.json().id));
    return { ...world, buyer, checkout: res.json(), session: { id: row!.providerRef!, checkoutId: row!.id } };
  }

  it('creates a Checkout Session from database prices with the checkout as reference', async () => {
    const { checkout, buyer } = await pendingCheckout();
    expect(checkout).toMatchObject({ provider: 'stripe', status: 'pending', totalAmount: 6500, paymentUrl: 'https://checkout.stripe.test/c/pay/cs_test_1' });
    expect(stripe.requests).toHaveLength(1);
    const [req] = stripe.requests;
    expect(req!.path).toBe('/v1/checkout/sessions');
    expect(req!.auth).toBe('Bearer sk_test_regalo');
    expect(req!.idempotencyKey).toBe(`regalo-checkout-${checkout.id}`);
    const f = req!.form;
    expect(Object.fromEntries(f)).toMatchObject({
      mode: 'payment',
      client_reference_id: checkout.id,
      'metadata[checkoutId]': checkout.id,
      'payment_intent_data[metadata][checkoutId]': checkout.id,
      // The transfers of its shares carry the same group (send-due-transfers).
      'payment_intent_data[transfer_group]': checkout.id,
      customer_email: buyer.user.email,
      locale: 'es',
      success_url: `http://localhost:3000/checkout/${checkout.id}?payment=success`,
      cancel_url: `http://localhost:3000/checkout/${checkout.id}?payment=cancelled`,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '2500',
      'line_items[0][price_data][product_data][name]': 'Cata de tés — Tetería Russafa',
      'line_items[1][price_data][unit_amount]': '4000',
    });
    const [row] = await db().select().from(checkouts).where(eq(checkouts.id, checkout.id));
    expect(row).toMatchObject({ providerRef: 'cs_test_1', expiresAt: new Date(SESSION_EXPIRES * 1000 + STRIPE_EXPIRY_GRACE_MS) });
  });

  it('sends the transfer group under the name the stripe package’s types give it (Checkout.SessionCreateParams.PaymentIntentData)', () => {
    // The package's entry point lies inside it (its exports hide package.json).
    const entry = createRequire(import.meta.url).resolve('stripe');
    const root = entry.slice(0, entry.lastIndexOf(`${sep}stripe${sep}`) + `${sep}stripe`.length);
    const types = readFileSync(join(root, 'esm', 'resources', 'Checkout', 'Sessions.d.ts'), 'utf8');
    const paymentIntentData = /interface PaymentIntentData \{([\s\S]*?)\n {8}\}/.exec(types.slice(types.indexOf('interface SessionCreateParams')))?.[1];
    expect(paymentIntentData).toBeDefined();
    expect(paymentIntentData).toMatch(/\btransfer_group\?: string;/);
    expect(paymentIntentData).toMatch(/\bmetadata\?: /);
  });

  it('answers 502 when Stripe fails, and the same key creates the session on retry', async () => {
    const { tea } = await shop(t);
    const buyer = await signedIn(t);
    const key = newKey();
    stripe.failNext = true;
    const failed = await postCheckout(t, buyer.cookie, [line(tea.id)], key);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'payment_provider_unavailable' });
    expect(failed.body).not.toContain('bad day');
    const retry = await postCheckout(t, buyer.cookie, [line(tea.id)], key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().paymentUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(await db().select().from(checkouts)).toHaveLength(1);
    expect(stripe.requests.map((r) => r.idempotencyKey)).toEqual([`regalo-checkout-${retry.json().id}`, `regalo-checkout-${retry.json().id}`]);
  });

  it('refuses a webhook with a missing or wrong signature and changes nothing', async () => {
    const { session } = await pendingCheckout();
    const before = await paymentState(t);
    const payload = sessionEvent('checkout.session.completed', session);
    expect((await webhook(payload, null)).statusCode).toBe(400);
    const forged = signStripePayload(payload, 'whsec_someone_else');
    const res = await webhook(payload, forged);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_signature');
    // A signature over other bytes does not cover a changed body.
    const signed = signStripePayload(payload);
    expect((await webhook(payload.replace('"paid"', '"paid" '), signed)).statusCode).toBe(400);
    expect(await paymentState(t)).toEqual(before);
  });

  it('marks orders paid only from a verified completed event, once however often it is replayed', async () => {
    const { session, checkout } = await pendingCheckout();
    const payload = sessionEvent('checkout.session.completed', session, 'evt_completed_1');
    const res = await webhook(payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, result: 'applied' });
    const paid = await db().select().from(orders).where(eq(orders.checkoutId, checkout.id));
    expect(paid.every((o) => o.status === 'paid' && o.commissionAmount !== null && /^[A-Za-z0-9_-]{43}$/.test(o.qrCode))).toBe(true);
    const [row] = await db().select().from(checkouts).where(eq(checkouts.id, checkout.id));
    expect(row).toMatchObject({ status: 'succeeded', paymentRef: 'pi_test_1' });

    const before = await paymentState(t);
    for (let i = 0; i < 3; i++) {
      const replay = await webhook(payload);
      expect(replay.json()).toEqual({ received: true, result: 'duplicate' });
    }
    // Out of order: an expiry or failure after success changes nothing.
    expect((await webhook(sessionEvent('checkout.session.expired', session))).json().result).toBe('no_change');
    expect((await webhook(sessionEvent('checkout.session.async_payment_failed', session))).json().result).toBe('no_change');
    const after = await paymentState(t);
    expect(after.orders).toEqual(before.orders);
    expect(after.checkouts).toEqual(before.checkouts);
    expect(after.mail).toEqual(before.mail);
    expect(after.events).toHaveLength(3);
  });

  it('waits for delayed payments: completed-but-unpaid changes nothing, async success pays, async failure fails', async () => {
    const one = await pendingCheckout();
    expect((await webhook(sessionEvent('checkout.session.completed', { ...one.session, paymentStatus: 'unpaid' }))).json().result).toBe('applied');
    expect((await db().select().from(checkouts).where(eq(checkouts.id, one.checkout.id)))[0]!.status).toBe('pending');
    expect((await webhook(sessionEvent('checkout.session.async_payment_succeeded', one.session))).json().result).toBe('applied');
    expect((await db().select().from(checkouts).where(eq(checkouts.id, one.checkout.id)))[0]!.status).toBe('succeeded');

    const two = await pendingCheckout();
    expect((await webhook(sessionEvent('checkout.session.async_payment_failed', two.session))).json().result).toBe('applied');
    // A success reported after the failure cannot resurrect it: the money goes back, whole.
    expect((await webhook(sessionEvent('checkout.session.async_payment_succeeded', two.session))).json().result).toBe('refunded');
    expect(stripe.requests.at(-1)).toMatchObject({ path: '/v1/refunds', idempotencyKey: `regalo-refund-checkout-${two.checkout.id}` });
    const [row] = await db().select().from(checkouts).where(eq(checkouts.id, two.checkout.id));
    expect(row!.status).toBe('failed');
    expect((await db().select().from(orders).where(eq(orders.checkoutId, two.checkout.id))).every((o) => o.status === 'unpaid')).toBe(true);
  });

  it('expires a checkout whose session expired; unknown sessions and other event types are recorded and ignored', async () => {
    const { session, checkout } = await pendingCheckout();
    expect((await webhook(sessionEvent('checkout.session.expired', session))).json().result).toBe('applied');
    expect((await db().select().from(checkouts).where(eq(checkouts.id, checkout.id)))[0]!.status).toBe('expired');
    // Paid after it expired: refunded whole, the orders stay unpaid.
    expect((await webhook(sessionEvent('checkout.session.completed', session))).json().result).toBe('refunded');
    const [closed] = await db().select().from(checkouts).where(eq(checkouts.id, checkout.id));
    expect(Object.fromEntries(stripe.requests.at(-1)!.form)).toEqual({ payment_intent: 'pi_test_1', amount: String(closed!.amountTotal) });
    expect((await db().select().from(orders).where(eq(orders.checkoutId, checkout.id))).every((o) => o.status === 'unpaid')).toBe(true);

    expect((await webhook(sessionEvent('checkout.session.completed', { id: 'cs_unknown', checkoutId: checkout.id }))).json().result).toBe('unknown_checkout');
    expect((await webhook(JSON.stringify({ id: 'evt_other', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1' } } }))).json().result).toBe('ignored');
    expect(await db().select().from(paymentEvents)).toHaveLength(4);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.template, 'order-receipt'))).toEqual([]);
  });

  it('has no test-provider buttons, and refunds through Stripe', async () => {
    const { checkout, buyer } = await pendingCheckout();
    const before = await paymentState(t);
    const res = await as(t, buyer.cookie)({ method: 'POST', url: `/api/payments/test/${checkout.id}/succeed` });
    expect(res.statusCode).toBe(404);
    expect(await paymentState(t)).toEqual(before);

    expect(await t.app.ctx.payments.refund('pi_test_1', 2500)).toEqual({ refundRef: expect.stringMatching(/^re_test_\d+$/) });
    const refund = stripe.requests.at(-1)!;
    expect(refund.path).toBe('/v1/refunds');
    expect(Object.fromEntries(refund.form)).toEqual({ payment_intent: 'pi_test_1', amount: '2500' });
  });

  it('the admin cancels a Stripe-paid order: one refund of its amount keyed by the order; a Stripe error changes nothing', async () => {
    const { session, checkout } = await pendingCheckout();
    expect((await webhook(sessionEvent('checkout.session.completed', session))).statusCode).toBe(200);
    const [tea, dinner] = await db().select().from(orders).where(eq(orders.checkoutId, checkout.id)).orderBy(orders.totalAmount);
    const admin = await signedIn(t, { role: 'admin' });
    const cancel = (orderId: string) =>
      as(t, admin.cookie)({ method: 'POST', url: `/api/admin/orders/${orderId}/cancel`, payload: { reason: 'Shop closed' } });

    stripe.requests = [];
    stripe.failNext = true;
    const failed = await cancel(dinner!.id);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().code).toBe('refund_failed');
    expect((await db().select().from(orders).where(eq(orders.id, dinner!.id)))[0]).toMatchObject({ status: 'paid', refundedAt: null });

    expect((await cancel(tea!.id)).json()).toMatchObject({ status: 'cancelled' });
    expect((await cancel(dinner!.id)).json()).toMatchObject({ status: 'cancelled' });
    expect(stripe.requests.map((r) => [r.path, r.idempotencyKey, Object.fromEntries(r.form)])).toEqual([
      ['/v1/refunds', `regalo-refund-order-${dinner!.id}`, { payment_intent: 'pi_test_1', amount: '4000' }],
      ['/v1/refunds', `regalo-refund-order-${tea!.id}`, { payment_intent: 'pi_test_1', amount: '2500' }],
      ['/v1/refunds', `regalo-refund-order-${dinner!.id}`, { payment_intent: 'pi_test_1', amount: '4000' }],
    ]);
    expect((await db().select().from(orders).where(eq(orders.checkoutId, checkout.id))).every((o) => o.status === 'cancelled' && o.refundedAt)).toBe(true);
  });
});
