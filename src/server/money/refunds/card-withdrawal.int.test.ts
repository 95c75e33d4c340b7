import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { giftMovements, orders } from '../../db/schema/orders';
import { ledgerEntries } from '../../db/schema/payouts';
import { as, line, postCheckout, signedIn } from '../../testing/checkout-test-world';
import { createBusiness, createGift } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createClock, DAY_MS, testProvider, transferOf } from '../payouts-test-world';
import { reconcileLedger } from '../reconciliation/reconcile-ledger';
import { sendDueTransfers } from '../transfers/send-due-transfers';
import { settleRedemption } from '../transfers/settle-redemption';

/**
 * Withdrawing gift cards (ADR 104) through the real checkout, payment, withdrawal and provider
 * stand-in: an unused card is refunded whole, a card spent in part its unspent balance, split
 * among commission, VAT and share, with the business's transfer lowered (not yet sent) or
 * reversed in part (sent at the first use); the reconciliation finds nothing.
 */
describe('withdrawing gift cards', () => {
  const clock = createClock(new Date('2026-03-02T10:00:00Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t.close());

  /** Two 50 € cards bought in one checkout (the checkout's orders made cards before payment: a test's shortcut for the card checkout). */
  async function twoCards() {
    const start = clock.now();
    const buyer = await signedIn(t);
    const owner = await signedIn(t, { userType: 'business' });
    const business = await createBusiness(t.database.db, { ownerId: owner.user.id, commissionRate: 10 });
    const gift = await createGift(t.database.db, { businessId: business.id, price: 5000, name: 'Tarjeta regalo' });
    const created = await postCheckout(t, buyer.cookie, [line(gift.id), line(gift.id)]);
    expect(created.statusCode, created.body).toBe(201);
    const checkoutId = created.json().id as string;
    await t.database.db.update(orders).set({ valueKind: 'card' }).where(eq(orders.checkoutId, checkoutId));
    const paid = await as(t, buyer.cookie)({ method: 'POST', url: `/api/payments/test/${checkoutId}/succeed` });
    expect(paid.statusCode, paid.body).toBe(200);
    const cards = await t.database.db.select().from(orders).where(eq(orders.checkoutId, checkoutId)).orderBy(orders.id);
    const use = (card: (typeof cards)[number], amount: number, key: string) =>
      settleRedemption(t.database.db, { orderId: card.id, businessId: business.id, checkoutId, amount, redeemedBy: owner.user.id, method: 'manual', at: clock.now(), useKey: key });
    const withdraw = (orderIds: string[]) =>
      as(t, buyer.cookie)({ method: 'POST', url: `/api/my/withdrawals/${checkoutId}`, payload: { name: 'Ana Giver', email: buyer.user.email, locale: 'es', orderIds } });
    return { start, business, cards, use, withdraw, checkoutId };
  }

  const rowsOf = async (orderId: string) =>
    Object.fromEntries(
      (await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId))).filter((e) => e.kind.startsWith('refund_')).map((e) => [e.kind, e.amount]),
    );

  it('refunds an unused card whole and a card spent in part its balance; the transfer not yet sent goes for the used part only', async () => {
    const { start, cards, use, withdraw } = await twoCards();
    const [unused, spent] = cards as [(typeof cards)[number], (typeof cards)[number]];
    await use(spent, 1840, 'first-use');
    const res = await withdraw([unused.id, spent.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refund).toBe(5000 + 3160);

    const refunds = testProvider(t).refunds.filter((r) => r.paymentRef !== null);
    expect(refunds.slice(-2).map((r) => r.amount).sort()).toEqual([3160, 5000]);
    // 50 € at 10 % + 21 % VAT: 5,00 + 1,05 + 43,95; back of 31,60 €: 3,16 + 0,66 + 27,78.
    expect(await rowsOf(unused.id)).toEqual({ refund_commission: 500, refund_commission_vat: 105, refund_share: 4395 });
    expect(await rowsOf(spent.id)).toEqual({ refund_commission: 316, refund_commission_vat: 66, refund_share: 2778 });
    const movements = await t.database.db.select().from(giftMovements).where(inArray(giftMovements.orderId, [unused.id, spent.id]));
    expect(movements.filter((m) => m.kind === 'refunded').map((m) => m.amount).sort()).toEqual([3160, 5000]);

    expect((await transferOf(t, unused.id)).state).toBe('cancelled');
    const lowered = await transferOf(t, spent.id);
    expect(lowered).toMatchObject({ state: 'due', amount: 4395 - 2778 });
    await sendDueTransfers(t.app.ctx);
    expect((await transferOf(t, spent.id)).state).toBe('sent');
    const [row] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, spent.id));
    expect(row!.status).toBe('withdrawn');

    const reconciled = await reconcileLedger(t.app.ctx, { from: new Date(start.getTime() - 1000), to: new Date(clock.now().getTime() + 1000) });
    expect(reconciled.differences).toEqual([]);
  });

  it('a card whose share went at its first use: the part given back is reversed from the business', async () => {
    clock.set(new Date(clock.now().getTime() + 20 * DAY_MS));
    const { start, cards, use, withdraw } = await twoCards();
    const card = cards[0]!;
    await use(card, 1000, 'use-one');
    clock.set(new Date(clock.now().getTime() + 60_000));
    await use(card, 500, 'use-two');
    await sendDueTransfers(t.app.ctx);
    expect((await transferOf(t, card.id)).state).toBe('sent');

    const res = await withdraw([card.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refund).toBe(3500);
    const refund = await rowsOf(card.id);
    expect(refund.refund_commission! + refund.refund_commission_vat! + refund.refund_share!).toBe(3500);
    const transfer = await transferOf(t, card.id);
    expect(transfer.state).toBe('sent');
    const reversal = testProvider(t).transfers.find((x) => x.orderId === card.id)!;
    expect(reversal.reversalId).not.toBeNull();
    const reversed = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, card.id));
    expect(reversed.filter((e) => e.kind === 'transfer_reversed').map((e) => e.amount)).toEqual([refund.refund_share]);

    const reconciled = await reconcileLedger(t.app.ctx, { from: new Date(start.getTime() - 1000), to: new Date(clock.now().getTime() + 1000) });
    expect(reconciled.differences).toEqual([]);
  });

  it('a refund the provider refuses while a card spent in part is withdrawn: 502 refund_failed, nothing half-written; the retry refunds the balance once', async () => {
    const { cards, use, withdraw } = await twoCards();
    const spent = cards[1]!;
    await use(spent, 1840, 'before-failed-refund');
    const snapshot = async () =>
      JSON.stringify({
        movements: (await t.database.db.select().from(giftMovements).where(eq(giftMovements.orderId, spent.id))).map((m) => `${m.kind}:${m.amount}`).sort(),
        ledger: (await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, spent.id))).map((e) => `${e.kind}:${e.amount}`).sort(),
        transfer: await transferOf(t, spent.id),
        order: (await t.database.db.select({ status: orders.status, refundedAt: orders.refundedAt }).from(orders).where(eq(orders.id, spent.id)))[0],
      });
    const before = await snapshot();
    const refundsBefore = testProvider(t).refunds.length;
    vi.spyOn(t.app.ctx.payments, 'refund').mockRejectedValueOnce(new Error('card_declined'));
    const failed = await withdraw([spent.id]);
    // What the giver sees: the refund could not be made, try again; nothing was withdrawn.
    expect(failed.statusCode, failed.body).toBe(502);
    expect(failed.json().code).toBe('refund_failed');
    expect(await snapshot()).toBe(before);
    expect(testProvider(t).refunds).toHaveLength(refundsBefore);
    // The card is still the holder's: its balance can still be spent.
    const [still] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, spent.id));
    expect(still!.status).toBe('paid');

    const retried = await withdraw([spent.id]);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().refund).toBe(3160);
    const refunded = (await t.database.db.select().from(giftMovements).where(eq(giftMovements.orderId, spent.id))).filter((m) => m.kind === 'refunded');
    expect(refunded.map((m) => m.amount)).toEqual([3160]);
  });
});
