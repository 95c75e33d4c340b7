import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remainingValue, type GiftMovementKind } from '@shared/domain/gift-movements';
import type { Database } from './db/client';
import { checkouts, giftMovements, orders, redemptions } from './db/schema/orders';
import { undoCardUse } from './domain/orders/undo-card-use';
import { createBusiness, createGift, createOrder, createUser } from './testing/factories';
import { createTestApp, type TestApp } from './testing/test-app';
import { testDatabaseKind } from './testing/test-database';
import { openRacingPool } from './testing/racing-servers';
import { useCard } from './features/redemption/use-card';
import { withdrawFromPurchase } from './features/withdrawal/withdraw-from-purchase';
import { ledgerEntries } from './db/schema/payouts';
import { testProvider } from './money/payouts-test-world';

const RACERS = 10;
const ROUNDS = 5;

/**
 * Simultaneous uses of one gift card (ADR 104) through the counter's, the undo's and the
 * withdrawal's own use cases: the card's row is locked before its balance
 * is read, so uses, undos and withdrawals of one card are decided one after the other. A
 * claim about concurrent transactions, so on PostgreSQL with one connection per racer.
 */
describe.runIf(testDatabaseKind() === 'postgresql')('gift card races (PostgreSQL)', () => {
  let t: TestApp;
  let racers: Database;
  let closeRacers: () => Promise<void>;

  beforeAll(async () => {
    t = await createTestApp();
    ({ racers, close: closeRacers } = await openRacingPool(t, RACERS + 2));
  });
  afterAll(async () => {
    await closeRacers();
    await t.close();
  });

  async function shop() {
    const owner = await createUser(t.database.db, { userType: 'business' });
    const business = await createBusiness(t.database.db, { ownerId: owner.id });
    const gift = await createGift(t.database.db, { businessId: business.id });
    const buyer = await createUser(t.database.db);
    return { owner, business, gift, buyer };
  }
  const balanceOf = async (orderId: string) =>
    remainingValue((await t.database.db.select().from(giftMovements).where(eq(giftMovements.orderId, orderId))).map((m) => ({ kind: m.kind as GiftMovementKind, amount: m.amount })));

  it(`${RACERS} simultaneous uses of 10 € on a 50 € card: exactly five accepted, the balance 0, ${ROUNDS} times over`, async () => {
    const { owner, business, gift, buyer } = await shop();
    const ctx = { ...t.app.ctx, db: racers };
    for (let round = 0; round < ROUNDS; round++) {
      const card = await createOrder(t.database.db, { buyerId: buyer.id, giftId: gift.id, valueKind: 'card', amountCents: 5000 });
      const results = await Promise.allSettled(
        Array.from({ length: RACERS }, (_, i) =>
          useCard(ctx, {
            business: { id: business.id, name: business.name },
            userId: owner.id,
            code: i % 2 === 0 ? { kind: 'code', code: card.qrCode } : { kind: 'typed', typedCode: card.typedCode! },
            amountCents: 1000,
            idempotencyKey: `race-${round}-${i}`,
          }),
        ),
      );
      const refused = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as { code?: string }).code] : []));
      expect(results.filter((r) => r.status === 'fulfilled'), `round ${round}`).toHaveLength(5);
      // The use that spent the last cent makes the card redeemed: later ones say so, or that nothing is left.
      for (const code of refused) expect(['insufficient_balance', 'order_already_redeemed']).toContain(code);
      expect(refused).toHaveLength(5);
      expect(await balanceOf(card.id)).toBe(0);
      expect(await t.database.db.select().from(redemptions).where(eq(redemptions.orderId, card.id))).toHaveLength(5);
      const [row] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, card.id));
      expect(row!.status).toBe('redeemed');
    }
  });

  it('a use racing an undo and a withdrawal keeps the movements, the refund and the ledger consistent, whatever the order', async () => {
    const { owner, business, gift, buyer } = await shop();
    const ctx = { ...t.app.ctx, db: racers };
    const orders_ = new Set<string>();
    // Rounds until the race has gone more than one way (at least ROUNDS * 2, at most MAX_ROUNDS):
    // which transaction reaches the card's lock first is up to the database, and on a given
    // machine one order can win ten rounds in a row. Odd rounds start the withdrawal first.
    const MAX_ROUNDS = 60;
    for (let round = 0; round < MAX_ROUNDS && (round < ROUNDS * 2 || orders_.size < 2); round++) {
      const card = await createOrder(t.database.db, { buyerId: buyer.id, giftId: gift.id, valueKind: 'card', amountCents: 5000 });
      const who = { business: { id: business.id, name: business.name }, userId: owner.id, code: { kind: 'code' as const, code: card.qrCode } };
      const first = await useCard(ctx, { ...who, amountCents: 1000, idempotencyKey: `w-first-${round}` });
      const startUse = () => useCard(ctx, { ...who, amountCents: 2000, idempotencyKey: `w-second-${round}` });
      const startUndo = () => undoCardUse(racers, { useId: first.card!.uses[0]!.id, undoer: { as: 'business', businessId: business.id, userId: owner.id }, reason: 'Race', now: new Date() });
      const startWithdrawal = () => withdrawFromPurchase(ctx, card.checkoutId!, { kind: 'link' }, { name: 'Ana', email: 'ana@example.test', locale: 'es', orderIds: [card.id] });
      let use: PromiseSettledResult<unknown>, undo: PromiseSettledResult<unknown>, withdrawal: PromiseSettledResult<unknown>;
      if (round % 2 === 0) [use, undo, withdrawal] = await Promise.allSettled([startUse(), startUndo(), startWithdrawal()]);
      else [withdrawal, use, undo] = await Promise.allSettled([startWithdrawal(), startUse(), startUndo()]);
      // The withdrawal is open (a fresh purchase): it always goes, before or after the others.
      expect(withdrawal.status, String((withdrawal as PromiseRejectedResult).reason)).toBe('fulfilled');
      for (const lost of [use, undo]) {
        if (lost.status === 'rejected') expect(['order_withdrawn', 'card_not_live']).toContain((lost.reason as { code?: string }).code);
      }
      const movements = await t.database.db.select().from(giftMovements).where(eq(giftMovements.orderId, card.id));
      const sum = (kind: string) => movements.filter((m) => m.kind === kind).reduce((s, m) => s + m.amount, 0);
      const used = sum('redeemed') - sum('redemption_undone');
      // Whatever won: the card is withdrawn, what was not used went back, nothing is left.
      expect(await balanceOf(card.id)).toBe(0);
      expect(sum('refunded')).toBe(5000 - used);
      const refundRows = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, card.id));
      expect(refundRows.filter((e) => e.kind.startsWith('refund_')).reduce((s, e) => s + e.amount, 0)).toBe(5000 - used);
      const [checkout] = await t.database.db.select({ paymentRef: checkouts.paymentRef }).from(checkouts).where(eq(checkouts.id, card.checkoutId!));
      expect(testProvider(t).refunds.filter((r) => r.paymentRef === checkout!.paymentRef).map((r) => r.amount)).toEqual([5000 - used]);
      const [row] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, card.id));
      expect(row!.status).toBe('withdrawn');
      orders_.add(`${use.status}/${undo.status}`);
    }
    // The race went more than one way (else it tested one order of events only).
    expect(orders_.size, [...orders_].join(', ')).toBeGreaterThan(1);
  });

  it('a use racing the undo of an earlier one keeps the movements consistent, whichever goes first', async () => {
    const { owner, business, gift, buyer } = await shop();
    const ctx = { ...t.app.ctx, db: racers };
    for (let round = 0; round < ROUNDS; round++) {
      // 30 € card, 20 € spent: a use of 25 € fits only if the undo goes first.
      const card = await createOrder(t.database.db, { buyerId: buyer.id, giftId: gift.id, valueKind: 'card', amountCents: 3000 });
      const who = { business: { id: business.id, name: business.name }, userId: owner.id, code: { kind: 'code' as const, code: card.qrCode } };
      const first = await useCard(ctx, { ...who, amountCents: 2000, idempotencyKey: `first-${round}` });
      const useId = first.card!.uses[0]!.id;
      const [use, undo] = await Promise.allSettled([
        useCard(ctx, { ...who, amountCents: 2500, idempotencyKey: `second-${round}` }),
        undoCardUse(racers, { useId, undoer: { as: 'business', businessId: business.id, userId: owner.id }, reason: 'Race', now: new Date() }),
      ]);
      expect(undo.status).toBe('fulfilled');
      const movements = await t.database.db.select().from(giftMovements).where(eq(giftMovements.orderId, card.id));
      const kinds = movements.map((m) => m.kind).sort();
      if (use.status === 'fulfilled') {
        expect(kinds).toEqual(['issued', 'redeemed', 'redeemed', 'redemption_undone']);
        expect(await balanceOf(card.id)).toBe(500);
      } else {
        expect((use.reason as { code?: string }).code).toBe('insufficient_balance');
        expect(kinds).toEqual(['issued', 'redeemed', 'redemption_undone']);
        expect(await balanceOf(card.id)).toBe(3000);
      }
    }
  });
});
