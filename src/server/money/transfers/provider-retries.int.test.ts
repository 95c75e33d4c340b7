import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, orders } from '../../db/schema/orders';
import { ledgerEntries, orderRefunds, payoutAccounts } from '../../db/schema/payouts';
import { getBusinessBalances } from '../ledger/ledger-balances';
import { orderRefundKey } from '../refunds/refund-paid-order';
import { as, signedIn } from '../../testing/checkout-test-world';
import { createBusiness, createGift, createOrder } from '../../testing/factories';
import { setStandInAccount, STRIPE_TEST_WEBHOOK_SECRET, stripeEvent, StripeStandIn, postStripeWebhook } from '../../testing/stripe-stand-in';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createClock, DAY_MS, ledgerOf, transferOf } from '../payouts-test-world';
import { reconcileLedger } from '../reconciliation/reconcile-ledger';
import { MAX_REFUND_ATTEMPTS, retryPendingRefunds } from '../refunds/retry-pending-refunds';
import { orderTransferKey, sendDueTransfers } from './send-due-transfers';

let eventCount = 0;
const eventId = () => `evt_retries_${++eventCount}`;

/**
 * Retries against Stripe's idempotency rules (ADR 084), through the Stripe driver and the local
 * stand-in, which keeps the first answer for a key (refusals included) as Stripe does:
 * - a refused transfer or refund is retried under a new key, an unanswered one under the same;
 * - a refund that fails after the share was reversed leaves the order `refund_pending`, the
 *   reversal recorded, and the refunds job finishes it, or gives the order back and pays the
 *   share again; either way paid = kept + refunded and every euro of the business is in the ledger.
 */
describe('retries the provider has already answered', () => {
  const stripe = new StripeStandIn();
  const clock = createClock(new Date());
  let t: TestApp;
  let apiUrl: string;
  beforeAll(async () => {
    apiUrl = await stripe.start();
    t = await createTestApp({
      now: clock.now,
      env: { PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_regalo', STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET, STRIPE_API_URL: apiUrl },
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.stop();
  });
  const db = () => t.database.db;
  const webhook = (payload: string) => postStripeWebhook(t, payload);

  /** A business at 10 % with an onboarded Stripe account, and a signed-in buyer's Stripe-paid 25,00 € order. */
  // Paid long enough ago that the withdrawal period has ended whatever today is: 14 days, and
  // up to four days more when the 14th starts a run of non-working days (ADR 083).
  const PAST_WITHDRAWAL_DAYS = 19;
  async function world(paidDaysAgo: number) {
    clock.set(new Date());
    const owner = await signedIn(t, { userType: 'business' });
    const business = await createBusiness(db(), { ownerId: owner.user.id, commissionRate: 10, payoutAccount: null });
    expect((await as(t, owner.cookie)({ method: 'POST', url: '/api/business/payout-account/onboarding' })).statusCode).toBe(200);
    const [account] = await db().select().from(payoutAccounts).where(eq(payoutAccounts.businessId, business.id));
    const accountId = account!.providerAccountId;
    expect((await webhook(stripeEvent('account.updated', setStandInAccount(stripe, accountId, true), eventId()))).json().result).toBe('applied');

    const buyer = await signedIn(t);
    const gift = await createGift(db(), { businessId: business.id, price: 2500 });
    const paidAt = new Date(clock.now().getTime() - paidDaysAgo * DAY_MS);
    const pi = `pi_${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`;
    const [checkout] = await db()
      .insert(checkouts)
      .values({ buyerId: buyer.user.id, status: 'succeeded', provider: 'stripe', providerRef: `cs_${pi}`, paymentRef: pi, amountTotal: 2500, idempotencyKey: pi, completedAt: paidAt, createdAt: paidAt })
      .returning();
    stripe.charge(pi, 2500, paidAt);
    const order = await createOrder(db(), { buyerId: buyer.user.id, giftId: gift.id, status: 'paid', checkoutId: checkout!.id, createdAt: paidAt, paidAt, now: paidAt });
    const admin = await signedIn(t, { role: 'admin' });
    return {
      owner,
      admin,
      business,
      accountId,
      order,
      pi,
      paidAt,
      cancel: () => as(t, admin.cookie)({ method: 'POST', url: `/api/admin/orders/${order.id}/cancel`, payload: { reason: 'Closed for works' } }),
      withdraw: () =>
        as(t, buyer.cookie)({ method: 'POST', url: `/api/my/withdrawals/${checkout!.id}`, payload: { name: 'Ana', email: buyer.user.email, locale: 'es', orderIds: [order.id] } }),
      status: async () => (await db().select({ s: orders.status }).from(orders).where(eq(orders.id, order.id)))[0]!.s,
    };
  }

  const keysTo = (path: string, matches: (form: URLSearchParams) => boolean) =>
    stripe.requests.filter((r) => r.method === 'POST' && r.path === path && matches(r.form)).map((r) => r.idempotencyKey);

  /** paid = kept + refunded at Stripe; the ledger's refunds are Stripe's; the business's euros all in its balances. */
  async function expectConsistent(w: Awaited<ReturnType<typeof world>>, expected: { kept: boolean }) {
    const [order] = await db().select().from(orders).where(eq(orders.id, w.order.id));
    const refunded = stripe.refunds.filter((r) => r.paymentIntent === w.pi).reduce((n, r) => n + r.amount, 0);
    expect(refunded).toBe(expected.kept ? 0 : 2500);
    expect(['paid', 'redeemed', 'expired'].includes(order!.status)).toBe(expected.kept);
    const rows = await db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, w.order.id));
    const sum = (kinds: string[]) => rows.filter((r) => kinds.includes(r.kind)).reduce((n, r) => n + r.amount, 0);
    expect(sum(['refund_commission', 'refund_commission_vat', 'refund_share'])).toBe(refunded);
    // Every euro of the business: what Stripe moved to and from its account is the ledger's.
    const transfers = [...stripe.transfers.values()].filter((x) => x.metadata.orderId === w.order.id);
    const atStripe = transfers.reduce((n, x) => n + x.amount - x.amount_reversed, 0);
    expect(sum(['transfer_sent']) - sum(['transfer_reversed'])).toBe(atStripe);
    const balances = await getBusinessBalances(db(), w.business.id);
    expect(balances.owed + balances.inTransit + balances.paidOut + balances.commission + balances.commissionVat).toBe(expected.kept ? 2500 : 0);
    // Stripe stamps its movements in real time, the ledger with the app's clock (moved ahead by the retries).
    const to = new Date(Math.max(Date.now(), clock.now().getTime()) + 60_000);
    const result = await reconcileLedger(t.app.ctx, { from: new Date(w.paidAt.getTime() - 60_000), to });
    const refs = new Set([w.pi, ...rows.map((r) => r.providerRef).filter((r): r is string => r !== null)]);
    expect(result.differences.filter((d) => refs.has(d.providerRef))).toEqual([]);
  }

  it('the stand-in keeps Stripe’s answer for a key: a refusal is replayed, other parameters are an idempotency_error', async () => {
    const w = await world(PAST_WITHDRAWAL_DAYS);
    stripe.refusingAccounts.add(w.accountId);
    const post = (amount: number) =>
      fetch(`${apiUrl}/v1/transfers`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_regalo', 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': 'regalo-probe' },
        body: `amount=${amount}&currency=eur&destination=${w.accountId}`,
      });
    const first = await post(100);
    expect(first.status).toBe(400);
    stripe.refusingAccounts.delete(w.accountId);
    // The account can receive transfers now, but the key's stored answer is the refusal.
    const again = await post(100);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual(await (await post(100)).json());
    const other = await post(200);
    expect(other.status).toBe(400);
    expect(((await other.json()) as { error: { type: string } }).error.type).toBe('idempotency_error');
  });

  it('a transfer refused because the account could not yet receive transfers goes out after account.updated, under a new key', async () => {
    const w = await world(PAST_WITHDRAWAL_DAYS);
    setStandInAccount(stripe, w.accountId, false);
    // Regalo has not heard yet: its stored state still says the account can receive transfers.
    expect(await sendDueTransfers(t.app.ctx)).toMatchObject({ sent: 0, failed: 1 });
    expect((await transferOf(t, w.order.id)).lastError).toContain('capabilities');

    expect((await webhook(stripeEvent('account.updated', setStandInAccount(stripe, w.accountId, true), eventId()))).json().result).toBe('applied');
    expect(await sendDueTransfers(t.app.ctx)).toMatchObject({ sent: 1, failed: 0 });
    expect(await transferOf(t, w.order.id)).toMatchObject({ state: 'sent', attempts: 2, keyAttempt: 2 });
    const mine = (form: URLSearchParams) => form.get('metadata[orderId]') === w.order.id;
    expect(keysTo('/v1/transfers', mine)).toEqual([orderTransferKey(w.order.id), `${orderTransferKey(w.order.id)}-attempt-2`]);
    expect([...stripe.transfers.values()].filter((x) => x.metadata.orderId === w.order.id)).toHaveLength(1);

    // An unanswered attempt (a 5xx before Stripe ran it) keeps its key: a retry cannot pay twice.
    const next = await world(PAST_WITHDRAWAL_DAYS);
    stripe.failNextTo = '/v1/transfers';
    expect(await sendDueTransfers(t.app.ctx)).toMatchObject({ sent: 0, failed: 1 });
    clock.set(new Date(clock.now().getTime() + DAY_MS));
    expect(await sendDueTransfers(t.app.ctx)).toMatchObject({ sent: 1 });
    const theirs = (form: URLSearchParams) => form.get('metadata[orderId]') === next.order.id;
    expect(keysTo('/v1/transfers', theirs)).toEqual([orderTransferKey(next.order.id), orderTransferKey(next.order.id)]);
    await expectConsistent(w, { kept: true });
  });

  it('a refund refused once answers 502, changes nothing, and a later withdrawal refunds it under a new key', async () => {
    const w = await world(2);
    stripe.refusingRefunds.add(w.pi);
    const refused = await w.withdraw();
    expect(refused.statusCode).toBe(502);
    expect(refused.json().code).toBe('refund_failed');
    expect(await w.status()).toBe('paid');
    expect(await db().select().from(orderRefunds).where(eq(orderRefunds.orderId, w.order.id))).toMatchObject([{ state: 'refused', attempts: 1, keyAttempt: 2 }]);

    stripe.refusingRefunds.delete(w.pi);
    const res = await w.withdraw();
    expect(res.statusCode, res.body).toBe(200);
    expect(await w.status()).toBe('withdrawn');
    const mine = (form: URLSearchParams) => form.get('payment_intent') === w.pi;
    expect(keysTo('/v1/refunds', mine)).toEqual([orderRefundKey(w.order.id), `${orderRefundKey(w.order.id)}-attempt-2`]);
    expect(await db().select().from(orderRefunds).where(eq(orderRefunds.orderId, w.order.id))).toMatchObject([{ state: 'refunded', attempts: 2 }]);
    await expectConsistent(w, { kept: false });
  });

  it('…and by a later cancellation', async () => {
    const w = await world(2);
    stripe.refusingRefunds.add(w.pi);
    expect((await w.cancel()).statusCode).toBe(502);
    expect(await w.status()).toBe('paid');
    stripe.refusingRefunds.delete(w.pi);
    const res = await w.cancel();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled' });
    expect(keysTo('/v1/refunds', (form) => form.get('payment_intent') === w.pi)).toEqual([orderRefundKey(w.order.id), `${orderRefundKey(w.order.id)}-attempt-2`]);
    await expectConsistent(w, { kept: false });
  });

  it('a refund failing after the reversal leaves the order refund_pending with the reversal recorded; the job refunds it later', async () => {
    const w = await world(PAST_WITHDRAWAL_DAYS);
    expect(await sendDueTransfers(t.app.ctx)).toMatchObject({ sent: 1 });
    stripe.refusingRefunds.add(w.pi);
    const res = await w.cancel();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'refund_pending' });
    // The reversal stands at Stripe, and so it stands in the ledger and on the transfer.
    const transfer = await transferOf(t, w.order.id);
    expect(transfer).toMatchObject({ state: 'reversed' });
    expect((await ledgerOf(t, w.order.id)).filter((k) => k.startsWith('transfer_'))).toEqual(['transfer_sent:2197', 'transfer_reversed:2197']);
    // Regalo holds the share again, until the giver has their money back.
    expect(await getBusinessBalances(db(), w.business.id)).toMatchObject({ owed: 2197, inTransit: 0 });
    // The owner and the team see the state where they see orders'; it can be neither redeemed nor cancelled again.
    const ownerList = await as(t, w.owner.cookie)({ method: 'GET', url: '/api/business/orders' });
    expect(ownerList.json().items.find((o: { id: string }) => o.id === w.order.id)).toMatchObject({ status: 'refund_pending' });
    const adminList = await as(t, w.admin.cookie)({ method: 'GET', url: `/api/admin/orders?status=refund_pending` });
    expect(adminList.json().items.map((o: { id: string }) => o.id)).toContain(w.order.id);
    expect((await w.cancel()).statusCode).toBe(409);
    // Stripe's transfer.reversed confirms what is recorded: nothing changes.
    const sent = stripe.transfers.get(transfer.providerTransferId!)!;
    expect((await webhook(stripeEvent('transfer.reversed', sent, eventId()))).json().result).toBe('no_change');

    // Still refused: the job retries after its back-off, each time under the next attempt's key.
    expect(await retryPendingRefunds(t.app.ctx)).toEqual({ refunded: 0, failed: 0, abandoned: 0 });
    clock.set(new Date(clock.now().getTime() + 10 * 60_000));
    expect(await retryPendingRefunds(t.app.ctx)).toEqual({ refunded: 0, failed: 1, abandoned: 0 });
    stripe.refusingRefunds.delete(w.pi);
    clock.set(new Date(clock.now().getTime() + DAY_MS));
    expect(await retryPendingRefunds(t.app.ctx)).toEqual({ refunded: 1, failed: 0, abandoned: 0 });
    expect(await w.status()).toBe('cancelled');
    expect(keysTo('/v1/refunds', (form) => form.get('payment_intent') === w.pi)).toEqual([
      orderRefundKey(w.order.id),
      `${orderRefundKey(w.order.id)}-attempt-2`,
      `${orderRefundKey(w.order.id)}-attempt-3`,
    ]);
    expect(await getBusinessBalances(db(), w.business.id)).toMatchObject({ owed: 0, inTransit: 0, commission: 0, commissionVat: 0 });
    await expectConsistent(w, { kept: false });
  });

  it('a refund finally abandoned gives the order back and pays the share to the business again', async () => {
    const w = await world(PAST_WITHDRAWAL_DAYS);
    expect(await sendDueTransfers(t.app.ctx)).toMatchObject({ sent: 1 });
    stripe.refusingRefunds.add(w.pi);
    expect((await w.cancel()).json()).toMatchObject({ status: 'refund_pending' });
    for (let i = 1; i < MAX_REFUND_ATTEMPTS; i++) {
      clock.set(new Date(clock.now().getTime() + DAY_MS));
      expect(await retryPendingRefunds(t.app.ctx)).toEqual(i < MAX_REFUND_ATTEMPTS - 1 ? { refunded: 0, failed: 1, abandoned: 0 } : { refunded: 0, failed: 0, abandoned: 1 });
    }
    expect(await w.status()).toBe('paid');
    expect(await transferOf(t, w.order.id)).toMatchObject({ state: 'due', providerTransferId: null });
    expect(await sendDueTransfers(t.app.ctx)).toMatchObject({ sent: 1 });
    const transfers = [...stripe.transfers.values()].filter((x) => x.metadata.orderId === w.order.id);
    expect(transfers.map((x) => [x.amount, x.amount_reversed])).toEqual([
      [2197, 2197],
      [2197, 0],
    ]);
    expect(new Set(keysTo('/v1/transfers', (form) => form.get('metadata[orderId]') === w.order.id)).size).toBe(2);
    expect((await ledgerOf(t, w.order.id)).filter((k) => k.startsWith('transfer_'))).toEqual(['transfer_sent:2197', 'transfer_reversed:2197', 'transfer_sent:2197']);
    expect(await getBusinessBalances(db(), w.business.id)).toMatchObject({ owed: 0, inTransit: 2197 });
    await expectConsistent(w, { kept: true });

    // Cancelled again later, the second transfer is reversed under a key of its own and the refund goes through.
    stripe.refusingRefunds.delete(w.pi);
    expect((await w.cancel()).json()).toMatchObject({ status: 'cancelled' });
    const reversals = stripe.requests.filter((r) => /\/reversals$/.test(r.path) && transfers.some((x) => r.path.includes(x.id))).map((r) => r.idempotencyKey);
    expect(reversals).toEqual([`regalo-transfer-reversal-${w.order.id}`, `regalo-transfer-reversal-${w.order.id}-attempt-2`]);
    await expectConsistent(w, { kept: false });
  });
});
