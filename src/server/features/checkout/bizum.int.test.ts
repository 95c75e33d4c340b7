import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { checkouts, orders } from '../../db/schema/orders';
import { ledgerEntries } from '../../db/schema/payouts';
import { reconcileLedger } from '../../money/reconciliation/reconcile-ledger';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { postStripeWebhook, STRIPE_TEST_WEBHOOK_SECRET, StripeStandIn } from '../../testing/stripe-stand-in';
import { as, line, postCheckout, shop, signedIn } from '../../testing/checkout-test-world';

/**
 * Bizum at checkout (ADR 106), against the Stripe stand-in: the session offers it beside
 * cards, a payment may confirm at once or later (the bank's app), fail or be abandoned, and a
 * Bizum charge is refunded, whole or in part, and reconciled like a card's.
 */
describe('Bizum through Stripe', () => {
  const stripe = new StripeStandIn();
  let t: TestApp;
  let started: Date;
  beforeAll(async () => {
    const apiUrl = await stripe.start();
    t = await createTestApp({
      env: { PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_regalo', STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET, STRIPE_API_URL: apiUrl },
    });
  });
  beforeEach(() => {
    stripe.balance.length = 0;
    stripe.refunds.length = 0;
    // Stripe stamps its movements in whole seconds.
    started = new Date(Math.floor(Date.now() / 1000) * 1000);
  });
  afterAll(async () => {
    await t.close();
    await stripe.stop();
  });
  const db = () => t.database.db;
  const webhook = async (payload: string) => {
    const res = await postStripeWebhook(t, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as string;
  };

  /** A giver (Spanish) buys the tea (25 €) and the dinner (40 €): the checkout, not paid yet. */
  async function checkoutOfTwo() {
    const world = await shop(t);
    const buyer = await signedIn(t, { locale: 'es' });
    const res = await postCheckout(t, buyer.cookie, [line(world.tea.id, { recipientEmail: 'lucia@example.test' }), line(world.dinner.id, { recipientEmail: 'joan@example.test' })]);
    expect(res.statusCode, res.body).toBe(201);
    const checkoutId = res.json().id as string;
    const read = async () => (await db().select().from(checkouts).where(eq(checkouts.id, checkoutId)))[0]!;
    const lines = () => db().select().from(orders).where(eq(orders.checkoutId, checkoutId)).orderBy(orders.totalAmount);
    const view = async () => (await as(t, buyer.cookie)({ method: 'GET', url: `/api/checkouts/${checkoutId}` })).json();
    const mails = (template: string) => db().select().from(mailOutbox).where(and(eq(mailOutbox.to, buyer.user.email), eq(mailOutbox.template, template)));
    const giftMails = () => db().select().from(mailOutbox).where(and(inArray(mailOutbox.to, ['lucia@example.test', 'joan@example.test']), eq(mailOutbox.template, 'gift-received')));
    const ledger = () => db().select().from(ledgerEntries).where(eq(ledgerEntries.checkoutId, checkoutId));
    return { ...world, buyer, checkoutId, read, lines, view, mails, giftMails, ledger };
  }

  it('offers Bizum beside cards for a purchase in euros: the dashboard’s methods, filtered', async () => {
    const c = await checkoutOfTwo();
    const create = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(create.form.getAll('allowed_payment_method_types[0]')).toEqual(['card']);
    expect(create.form.getAll('allowed_payment_method_types[1]')).toEqual(['bizum']);
    expect(create.form.has('payment_method_types[0]')).toBe(false);
    expect(stripe.sessionFor(c.checkoutId).allowedPaymentMethodTypes).toEqual(['card', 'bizum']);
    expect(await c.view()).toMatchObject({ status: 'pending', paymentMethod: null, awaitingBank: false });
  });

  it('confirmed at once: paid, and the thank-you page and the receipt say Bizum', async () => {
    const c = await checkoutOfTwo();
    expect(await webhook(stripe.pay(c.checkoutId, 'bizum', { confirmedAtOnce: true }))).toBe('applied');
    expect(await c.read()).toMatchObject({ status: 'succeeded', paymentMethod: 'bizum', paymentRef: stripe.sessionFor(c.checkoutId).paymentIntent });
    expect(await c.view()).toMatchObject({ status: 'succeeded', paymentMethod: 'bizum', awaitingBank: false });
    const [receipt] = await c.mails('order-receipt');
    expect(receipt!.text).toContain('Pagado con Bizum.');
    expect(await c.giftMails()).toHaveLength(2);
  });

  it('a card is named as a card', async () => {
    const c = await checkoutOfTwo();
    expect(await webhook(stripe.pay(c.checkoutId, 'card'))).toBe('applied');
    expect(await c.view()).toMatchObject({ status: 'succeeded', paymentMethod: 'card' });
    expect((await c.mails('order-receipt'))[0]!.text).toContain('Pagado con tarjeta.');
  });

  it('pending, then the bank confirms: nothing issued before, everything after, each event once', async () => {
    const c = await checkoutOfTwo();
    const completed = stripe.pay(c.checkoutId, 'bizum');
    expect(JSON.parse(completed).data.object).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    expect(await webhook(completed)).toBe('applied');
    // Waiting for the bank: pending, named, nothing paid, issued, mailed or in the ledger.
    expect(await c.view()).toMatchObject({ status: 'pending', paymentMethod: 'bizum', awaitingBank: true });
    expect((await c.lines()).map((o) => o.status)).toEqual(['unpaid', 'unpaid']);
    expect(await c.mails('order-receipt')).toEqual([]);
    expect(await c.giftMails()).toEqual([]);
    expect(await c.ledger()).toEqual([]);
    expect(await webhook(completed)).toBe('duplicate');

    const succeeded = stripe.bankConfirms(c.checkoutId);
    expect(await webhook(succeeded)).toBe('applied');
    expect(await webhook(succeeded)).toBe('duplicate');
    expect(await c.view()).toMatchObject({ status: 'succeeded', paymentMethod: 'bizum', awaitingBank: false });
    expect((await c.lines()).map((o) => o.status)).toEqual(['paid', 'paid']);
    const receipts = await c.mails('order-receipt');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('Pagado con Bizum.');
    expect(await c.giftMails()).toHaveLength(2);
    expect((await c.ledger()).filter((r) => r.kind === 'charge_received').map((r) => r.amount)).toEqual([6500]);
    expect((await reconcileLedger(t.app.ctx, { from: started, to: new Date(Date.now() + 2000) })).differences).toEqual([]);
  });

  it('pending, then the bank refuses: the checkout fails, the giver is told, nothing is issued or charged', async () => {
    const c = await checkoutOfTwo();
    expect(await webhook(stripe.pay(c.checkoutId, 'bizum'))).toBe('applied');
    const failed = stripe.bankRefuses(c.checkoutId);
    expect(await webhook(failed)).toBe('applied');
    expect(await webhook(failed)).toBe('duplicate');
    expect(await c.view()).toMatchObject({ status: 'failed', awaitingBank: false, paymentUrl: null });
    expect((await c.lines()).map((o) => o.status)).toEqual(['unpaid', 'unpaid']);
    const told = await c.mails('payment-failed');
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('Pagabas con Bizum.');
    expect(told[0]!.text).toContain('/checkout');
    expect(await c.mails('order-receipt')).toEqual([]);
    expect(await c.giftMails()).toEqual([]);
    expect(await c.ledger()).toEqual([]);
    expect(stripe.balance).toEqual([]);
  });

  it('abandoned (the session expired before any payment): closed, nothing issued, nobody mailed', async () => {
    const c = await checkoutOfTwo();
    expect(await webhook(stripe.expireSession(c.checkoutId))).toBe('applied');
    expect(await c.view()).toMatchObject({ status: 'expired', paymentMethod: null, awaitingBank: false });
    expect((await c.lines()).map((o) => o.status)).toEqual(['unpaid', 'unpaid']);
    expect(await c.mails('payment-failed')).toEqual([]);
    expect(await c.ledger()).toEqual([]);
  });

  it('refunds a Bizum charge in part (a withdrawal of one gift) and then the rest (the team’s cancellation), reconciled like a card', async () => {
    const c = await checkoutOfTwo();
    expect(await webhook(stripe.pay(c.checkoutId, 'bizum'))).toBe('applied');
    expect(await webhook(stripe.bankConfirms(c.checkoutId))).toBe('applied');
    const [tea, dinner] = await c.lines();
    const paymentIntent = stripe.sessionFor(c.checkoutId).paymentIntent!;

    const withdrawal = await as(t, c.buyer.cookie)({
      method: 'POST',
      url: `/api/my/withdrawals/${c.checkoutId}`,
      payload: { name: 'Ana Giver', email: c.buyer.user.email, locale: 'es', orderIds: [tea!.id] },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    expect(stripe.refunds).toEqual([{ id: expect.any(String), paymentIntent, amount: 2500 }]);

    const admin = await signedIn(t, { role: 'admin' });
    const cancel = await as(t, admin.cookie)({ method: 'POST', url: `/api/admin/orders/${dinner!.id}/cancel`, payload: { reason: 'Closed for works' } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(stripe.refunds.map((r) => [r.paymentIntent, r.amount])).toEqual([
      [paymentIntent, 2500],
      [paymentIntent, 4000],
    ]);
    expect((await c.lines()).map((o) => o.status)).toEqual(['withdrawn', 'cancelled']);

    // The ledger has the charge and both refunds, as Stripe's balance does.
    const rows = await c.ledger();
    const sum = (kinds: string[]) => rows.filter((r) => kinds.includes(r.kind)).reduce((n, r) => n + r.amount, 0);
    expect(sum(['charge_received'])).toBe(6500);
    expect(sum(['refund_commission', 'refund_commission_vat', 'refund_share'])).toBe(6500);
    const result = await reconcileLedger(t.app.ctx, { from: started, to: new Date(Date.now() + 2000) });
    expect(result.differences).toEqual([]);
    expect(result.compared).toBeGreaterThan(0);
  });

  it('the stand-in refuses what Stripe refuses: a refund beyond the charge, and one of a payment still processing', async () => {
    const c = await checkoutOfTwo();
    expect(await webhook(stripe.pay(c.checkoutId, 'bizum'))).toBe('applied');
    const paymentIntent = stripe.sessionFor(c.checkoutId).paymentIntent!;
    await expect(t.app.ctx.payments.refund(paymentIntent, 100, 'processing-refund')).rejects.toMatchObject({ outcome: 'refused' });
    await webhook(stripe.bankConfirms(c.checkoutId));
    await expect(t.app.ctx.payments.refund(paymentIntent, 6501, 'too-much')).rejects.toMatchObject({ outcome: 'refused' });
    expect(await t.app.ctx.payments.refund(paymentIntent, 6500, 'all')).toEqual({ refundRef: expect.any(String) });
    await expect(t.app.ctx.payments.refund(paymentIntent, 1, 'again')).rejects.toMatchObject({ outcome: 'refused' });
  });
});

/** "Bizum (test)" on the test provider's page (ADR 106): the same use cases as Stripe's events. */
describe('Bizum (test) on the test provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function pending() {
    const world = await shop(t);
    const buyer = await signedIn(t, { locale: 'va' });
    const res = await postCheckout(t, buyer.cookie, [line(world.tea.id, { recipientEmail: 'lucia@example.test' })]);
    expect(res.statusCode, res.body).toBe(201);
    const checkoutId = res.json().id as string;
    const pay = (outcome: string, method?: string, cookie: string | null = buyer.cookie) =>
      as(t, cookie)({ method: 'POST', url: `/api/payments/test/${checkoutId}/${outcome}`, payload: method ? { method } : {} });
    const mails = (template: string) => t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, buyer.user.email), eq(mailOutbox.template, template)));
    const statuses = async () => (await t.database.db.select().from(orders).where(eq(orders.checkoutId, checkoutId))).map((o) => o.status);
    return { buyer, checkoutId, pay, mails, statuses };
  }

  it('waits for the bank, then the bank confirms: issued then, and named Bizum in Valencian', async () => {
    const c = await pending();
    const waiting = await c.pay('pending', 'bizum');
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json()).toMatchObject({ status: 'pending', paymentMethod: 'bizum', awaitingBank: true, paymentUrl: expect.stringContaining('/pay') });
    expect(await c.statuses()).toEqual(['unpaid']);
    expect(await c.mails('order-receipt')).toEqual([]);
    // Nothing left to pay or to drop in My orders: the payer authorised it.
    expect((await as(t, c.buyer.cookie)({ method: 'GET', url: '/api/my/pending-purchases' })).json().items).toEqual([]);
    const discard = await as(t, c.buyer.cookie)({ method: 'POST', url: `/api/my/pending-purchases/${c.checkoutId}/discard` });
    expect(discard.statusCode).toBe(409);
    const paid = await c.pay('succeed', 'card');
    // Once the bank is asked, the payment is the Bizum one, whatever the button sends.
    expect(paid.json()).toMatchObject({ status: 'succeeded', paymentMethod: 'bizum', awaitingBank: false });
    expect(await c.statuses()).toEqual(['paid']);
    expect((await c.mails('order-receipt'))[0]!.text).toContain('Pagat amb Bizum.');
  });

  it('waits for the bank, then the bank refuses: failed, the giver told, nothing issued', async () => {
    const c = await pending();
    await c.pay('pending', 'bizum');
    const failed = await c.pay('fail', 'bizum');
    expect(failed.json()).toMatchObject({ status: 'failed', awaitingBank: false });
    expect(await c.statuses()).toEqual(['unpaid']);
    const told = await c.mails('payment-failed');
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('Pagaves amb Bizum.');
    expect((await c.pay('succeed', 'bizum')).statusCode).toBe(409);
  });

  it('a card paid at once is named a card, and failing it on the page mails nobody', async () => {
    const card = await pending();
    expect((await card.pay('succeed')).json()).toMatchObject({ status: 'succeeded', paymentMethod: 'card' });
    expect((await card.mails('order-receipt'))[0]!.text).toContain('Pagat amb targeta.');
    const refused = await pending();
    expect((await refused.pay('fail', 'card')).json()).toMatchObject({ status: 'failed' });
    expect(await refused.mails('payment-failed')).toEqual([]);
  });

  it('only the buyer: anonymous 401, another giver 404, a bad method 400; nothing changes', async () => {
    const c = await pending();
    const other = await signedIn(t);
    expect((await c.pay('pending', 'bizum', null)).statusCode).toBe(401);
    expect((await c.pay('pending', 'bizum', other.cookie)).statusCode).toBe(404);
    expect((await c.pay('succeed', 'cash')).statusCode).toBe(400);
    expect((await as(t, c.buyer.cookie)({ method: 'GET', url: `/api/checkouts/${c.checkoutId}` })).json()).toMatchObject({ status: 'pending', paymentMethod: null, awaitingBank: false });
  });
});
