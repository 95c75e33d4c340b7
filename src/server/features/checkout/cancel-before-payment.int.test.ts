import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, orders } from '../../db/schema/orders';
import type { TestPaymentProvider } from '../../platform/payments/test-provider';
import { as, line, postCheckout, shop, signedIn } from '../../testing/checkout-test-world';
import { checkoutSessionEvent, STRIPE_TEST_WEBHOOK_SECRET, StripeStandIn, postStripeWebhook } from '../../testing/stripe-stand-in';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * ADR 065: the team cancels one gift of a checkout that is not paid yet; the
 * buyer then pays. The buyer must not be charged for the cancelled gift: the cancellation
 * closes the checkout (and its provider session), and a payment that arrives anyway is
 * given back whole.
 */
async function twoGiftCheckout(t: TestApp) {
  const world = await shop(t);
  const buyer = await signedIn(t, { locale: 'es' });
  const res = await postCheckout(t, buyer.cookie, [line(world.tea.id), line(world.dinner.id)]);
  expect(res.statusCode).toBe(201);
  const [tea, dinner] = await t.database.db.select().from(orders).where(eq(orders.checkoutId, res.json().id)).orderBy(orders.totalAmount);
  const admin = await signedIn(t, { role: 'admin' });
  const cancel = (orderId: string) =>
    as(t, admin.cookie)({ method: 'POST', url: `/api/admin/orders/${orderId}/cancel`, payload: { reason: 'Out of stock' } });
  const checkoutRow = async () => (await t.database.db.select().from(checkouts).where(eq(checkouts.id, res.json().id)))[0]!;
  return { buyer, checkoutId: res.json().id as string, tea: tea!, dinner: dinner!, cancel, checkoutRow };
}

describe('cancelling an unpaid gift closes its checkout (test provider)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the buyer cannot pay the closed checkout, is charged nothing, and the other gift stays unpaid', async () => {
    const { buyer, checkoutId, tea, dinner, cancel, checkoutRow } = await twoGiftCheckout(t);
    expect((await cancel(dinner.id)).statusCode).toBe(200);
    expect(await checkoutRow()).toMatchObject({ status: 'expired', paymentUrl: null });

    const pay = await as(t, buyer.cookie)({ method: 'POST', url: `/api/payments/test/${checkoutId}/succeed` });
    expect(pay.statusCode).toBe(409);
    expect(pay.json()).toMatchObject({ code: 'checkout_not_pending' });
    const rows = await t.database.db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
    expect(Object.fromEntries(rows.map((o) => [o.id, o.status]))).toEqual({ [tea.id]: 'unpaid', [dinner.id]: 'cancelled' });
    // The buyer's page says the payment expired, nothing was charged, the cart is kept.
    const view = await as(t, buyer.cookie)({ method: 'GET', url: `/api/checkouts/${checkoutId}` });
    expect(view.json()).toMatchObject({ status: 'expired' });
    expect((t.app.ctx.payments as TestPaymentProvider).refunds).toEqual([]);

    // A second cancel of the same order is still refused; the other one can be cancelled.
    expect((await cancel(dinner.id)).statusCode).toBe(409);
    expect((await cancel(tea.id)).statusCode).toBe(200);
  });
});

describe('cancelling an unpaid gift closes its checkout (Stripe)', () => {
  const stripe = new StripeStandIn();
  let t: TestApp;
  let events = 0;
  beforeAll(async () => {
    const apiUrl = await stripe.start();
    t = await createTestApp({
      env: { PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_regalo', STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET, STRIPE_API_URL: apiUrl },
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.stop();
  });
  const webhook = (payload: string) => postStripeWebhook(t, payload);

  it('expires the Stripe session, and gives back a payment that arrives anyway, once', async () => {
    const { checkoutId, tea, dinner, cancel, checkoutRow } = await twoGiftCheckout(t);
    const session = { id: (await checkoutRow()).providerRef!, checkoutId };
    stripe.requests = [];
    expect((await cancel(dinner.id)).statusCode).toBe(200);
    expect(stripe.requests.map((r) => r.path)).toEqual([`/v1/checkout/sessions/${session.id}/expire`]);

    // The buyer had the payment page open and paid before it closed.
    const paid = checkoutSessionEvent('checkout.session.completed', session, `evt_late_${++events}`);
    stripe.requests = [];
    expect((await webhook(paid)).statusCode).toBe(200);
    const amount = (await checkoutRow()).amountTotal;
    expect(amount).toBe(tea.totalAmount + dinner.totalAmount);
    // (Besides reading which method paid, ADR 106.)
    expect(stripe.requests.filter((r) => r.method === 'POST').map((r) => [r.path, r.idempotencyKey, Object.fromEntries(r.form)])).toEqual([
      ['/v1/refunds', `regalo-refund-checkout-${checkoutId}`, { payment_intent: 'pi_test_1', amount: String(amount) }],
    ]);
    // Replayed: recorded once, refunded once.
    stripe.requests = [];
    expect((await webhook(paid)).statusCode).toBe(200);
    expect(stripe.requests).toEqual([]);
    const rows = await t.database.db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
    expect(Object.fromEntries(rows.map((o) => [o.id, o.status]))).toEqual({ [tea.id]: 'unpaid', [dinner.id]: 'cancelled' });
  });
});
