import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawalDeadline } from '@shared/domain/withdrawal';
import { withdrawalPeriodEnd } from './transfer-schedule';
import { authedInject } from '../../testing/auth-helpers';
import { signedIn } from '../../testing/checkout-test-world';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { getBusinessBalances } from '../ledger/ledger-balances';
import { accountOf, attemptsOf, createClock, DAY_MS, ledgerOf, paidOrderWorld, testProvider, transferOf } from '../payouts-test-world';
import { orderTransferKey, sendDueTransfers, transferRetryDelayMs } from './send-due-transfers';

/**
 * When a business is paid (ADR 053): at redemption or when the 14-day withdrawal period ends,
 * whichever is first; never for an order cancelled before; reversed for one cancelled after.
 * 10 % of 25,00 € = 2,50 € commission, 0,53 € IVA on it, 21,97 € for the business.
 */
describe('transfers', () => {
  const clock = createClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t.close());

  const ctx = () => t.app.ctx;
  const job = () => sendDueTransfers(ctx());
  let n = 0;
  /** Each test pays at its own moment, so earlier tests' due transfers never interfere. */
  const payDay = () => new Date(Date.UTC(2026, 3, 1 + 40 * n++, 10));

  async function cancelAsAdmin(orderId: string) {
    const admin = await signedIn(t, { role: 'admin' });
    return authedInject(t, admin.cookie, { method: 'POST', url: `/api/admin/orders/${orderId}/cancel`, payload: { reason: 'Business closed' } });
  }

  it('redeemed on day 3 → transferred then, once, with the order-derived key, group and source', async () => {
    const paidAt = payDay();
    const { owner, business, order } = await paidOrderWorld(t, { paidAt });
    clock.at(paidAt, 2);
    expect((await job()).sent).toBe(0);

    clock.at(paidAt, 3);
    const redeemed = await authedInject(t, owner.cookie, { method: 'POST', url: '/api/business/redemptions', payload: { code: order.qrCode } });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(await job()).toEqual({ sent: 1, failed: 0, cancelled: 0 });
    const transfer = await transferOf(t, order.id);
    expect(transfer).toMatchObject({ state: 'sent', amount: 2197, attempts: 1, sentAt: clock.now() });
    const sent = testProvider(t).transfers.filter((x) => x.orderId === order.id);
    expect(sent).toEqual([
      expect.objectContaining({
        transferId: transfer.providerTransferId,
        amount: 2197,
        destination: (await accountOf(t, business.id)).providerAccountId,
        transferGroup: order.checkoutId,
        idempotencyKey: orderTransferKey(order.id),
      }),
    ]);
    expect(sent[0]!.sourcePayment).toMatch(/^test_payment_/);
    expect(await ledgerOf(t, order.id)).toEqual(['commission:250', 'commission_vat:53', 'share_owed:2197', 'transfer_sent:2197']);
    expect(await getBusinessBalances(t.database.db, business.id)).toMatchObject({ owed: 0, inTransit: 2197, paidOut: 0 });

    // Later runs find nothing: one transfer per order.
    clock.at(paidAt, 20);
    expect((await job()).sent).toBe(0);
    expect(testProvider(t).transfers.filter((x) => x.orderId === order.id)).toHaveLength(1);
  });

  it('never redeemed → transferred when day 14 ends in Madrid, not a moment before', async () => {
    const paidAt = payDay();
    const { business, order } = await paidOrderWorld(t, { paidAt });
    // The last moment the giver may still withdraw (ADR 064): nothing leaves.
    clock.set(withdrawalDeadline(paidAt));
    expect((await job()).sent).toBe(0);
    expect(await transferOf(t, order.id)).toMatchObject({ state: 'due', attempts: 0 });
    clock.set(new Date(withdrawalDeadline(paidAt).getTime() + 1));
    expect((await job()).sent).toBe(1);
    expect(await transferOf(t, order.id)).toMatchObject({ state: 'sent' });
    expect(await getBusinessBalances(t.database.db, business.id)).toMatchObject({ owed: 0, inTransit: 2197 });
  });

  it('cancelled by the team on day 5 → refunded, the transfer never goes, nothing owed', async () => {
    const paidAt = payDay();
    const { business, order } = await paidOrderWorld(t, { paidAt });
    clock.at(paidAt, 5);
    const res = await cancelAsAdmin(order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await transferOf(t, order.id)).toMatchObject({ state: 'cancelled', nextAttemptAt: null, providerTransferId: null });
    clock.at(paidAt, 15);
    expect(await job()).toEqual({ sent: 0, failed: 0, cancelled: 0 });
    expect(testProvider(t).transfers.filter((x) => x.orderId === order.id)).toEqual([]);
    expect(await ledgerOf(t, order.id)).toEqual([
      'commission:250', 'commission_vat:53', 'share_owed:2197',
      'refund_commission:250', 'refund_commission_vat:53', 'refund_share:2197',
    ]);
    expect(await getBusinessBalances(t.database.db, business.id)).toEqual({ owed: 0, inTransit: 0, paidOut: 0, commission: 0, commissionVat: 0 });
  });

  it('cancelled by the team after the transfer → the transfer is reversed in the same change, then refunded', async () => {
    const paidAt = payDay();
    const { business, order } = await paidOrderWorld(t, { paidAt });
    clock.set(withdrawalPeriodEnd(paidAt));
    expect((await job()).sent).toBe(1);
    clock.at(paidAt, 20);
    const res = await cancelAsAdmin(order.id);
    expect(res.statusCode, res.body).toBe(200);
    const transfer = await transferOf(t, order.id);
    expect(transfer).toMatchObject({ state: 'reversed', reversedAt: clock.now() });
    const [made] = testProvider(t).transfers.filter((x) => x.orderId === order.id);
    expect(made!.reversalId).toBe(transfer.providerReversalId);
    expect(testProvider(t).refunds.filter((r) => r.idempotencyKey?.endsWith(order.id))).toHaveLength(1);
    expect(await ledgerOf(t, order.id)).toEqual([
      'commission:250', 'commission_vat:53', 'share_owed:2197', 'transfer_sent:2197',
      'transfer_reversed:2197', 'refund_commission:250', 'refund_commission_vat:53', 'refund_share:2197',
    ]);
    expect(await getBusinessBalances(t.database.db, business.id)).toEqual({ owed: 0, inTransit: 0, paidOut: 0, commission: 0, commissionVat: 0 });
  });

  it('a refused transfer fails with its reason and back-off, and goes out once account.updated says the account is fixed', async () => {
    const paidAt = payDay();
    const { owner, business, order } = await paidOrderWorld(t, { paidAt });
    const account = await accountOf(t, business.id);
    testProvider(t).refusingAccounts.add(account.providerAccountId);
    clock.set(withdrawalPeriodEnd(paidAt));
    expect(await job()).toEqual({ sent: 0, failed: 1, cancelled: 0 });
    let transfer = await transferOf(t, order.id);
    expect(transfer).toMatchObject({ state: 'failed', attempts: 1, nextAttemptAt: new Date(clock.now().getTime() + transferRetryDelayMs(1)) });
    expect(transfer.lastError).toContain('cannot receive transfers');
    // Not due again before its back-off.
    expect((await job()).failed).toBe(0);

    // The provider restricts the account (account.updated); the job then refuses locally, without calling it.
    await authedInject(t, owner.cookie, { method: 'POST', url: '/api/payouts/test/onboarding/incomplete' });
    clock.set(new Date(withdrawalPeriodEnd(paidAt).getTime() + 0.1 * DAY_MS));
    expect((await job()).failed).toBe(1);
    transfer = await transferOf(t, order.id);
    expect(transfer).toMatchObject({ state: 'failed', attempts: 2 });
    expect(transfer.lastError).toBe('payout_account_restricted: requirements.past_due');
    expect(transfer.nextAttemptAt!.getTime() - clock.now().getTime()).toBe(transferRetryDelayMs(2));

    // Fixed: the failed transfer is due at once, long before its back-off ends.
    testProvider(t).refusingAccounts.delete(account.providerAccountId);
    const fixed = await authedInject(t, owner.cookie, { method: 'POST', url: '/api/payouts/test/onboarding/complete' });
    expect(fixed.json()).toMatchObject({ status: 'active', transfersActive: true });
    expect((await transferOf(t, order.id)).nextAttemptAt).toEqual(clock.now());
    expect(await job()).toEqual({ sent: 1, failed: 0, cancelled: 0 });
    transfer = await transferOf(t, order.id);
    expect(transfer).toMatchObject({ state: 'sent', attempts: 3, lastError: null });
    expect((await attemptsOf(t, transfer.id)).map((a) => a.succeeded)).toEqual([false, false, true]);
    const ledger = await ledgerOf(t, order.id);
    expect(ledger.filter((k) => k.startsWith('transfer_'))).toEqual(['transfer_failed:2197', 'transfer_failed:2197', 'transfer_sent:2197']);
    expect(await getBusinessBalances(t.database.db, business.id)).toMatchObject({ owed: 0, inTransit: 2197 });
  });
});
