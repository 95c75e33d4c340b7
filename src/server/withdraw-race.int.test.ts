import { drizzle } from 'drizzle-orm/node-postgres';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client';
import { orders, redemptions, withdrawals } from './db/schema/orders';
import { ledgerEntries, transfers } from './db/schema/payouts';
import { orderRefundKey } from './money/refunds/refund-paid-order';
import type { TestPaymentProvider } from './platform/payments/test-provider';
import { createBusiness, createGift, createOrder, createUser } from './testing/factories';
import { createTestApp, type TestApp } from './testing/test-app';
import { testDatabaseKind } from './testing/test-database';
import { redeemOrder } from './features/redemption/redeem-order';
import { withdrawFromPurchase } from './features/withdrawal/withdraw-from-purchase';

const ROUNDS = 20;
const EACH = 4;

/**
 * The giver withdrawing while the recipient shows the QR at the counter (ADR 064): exactly one
 * wins. The withdrawal locks the order (FOR UPDATE) from its check to its commit, and the
 * redemption is one conditional UPDATE from `paid`; on PostgreSQL with a connection per
 * attempt they really overlap. (PGlite runs one transaction at a time: nothing to race.)
 */
describe.runIf(testDatabaseKind() === 'postgresql')('withdrawal against redemption (PostgreSQL)', () => {
  let t: TestApp;
  let pool: pg.Pool;
  let racers: Database;

  beforeAll(async () => {
    t = await createTestApp();
    const { connectionString } = (t.database.db as unknown as { $client: pg.Pool }).$client.options;
    pool = new pg.Pool({ connectionString, max: EACH * 2 });
    racers = drizzle(pool) as unknown as Database;
    const clients = await Promise.all(Array.from({ length: EACH * 2 }, () => pool.connect()));
    for (const client of clients) client.release();
  });
  afterAll(async () => {
    await pool.end();
    await t.close();
  });

  it(`${EACH} withdrawals and ${EACH} redemptions of one gift at once: one kind wins, once, ${ROUNDS} times over`, async () => {
    const owner = await createUser(t.database.db, { userType: 'business' });
    const business = await createBusiness(t.database.db, { ownerId: owner.id });
    const gift = await createGift(t.database.db, { businessId: business.id });
    const buyer = await createUser(t.database.db);
    const ctx = { ...t.app.ctx, db: racers };
    const provider = t.app.ctx.payments as TestPaymentProvider;
    const outcomes = { withdrawn: 0, redeemed: 0 };

    for (let round = 0; round < ROUNDS; round++) {
      const order = await createOrder(t.database.db, { buyerId: buyer.id, giftId: gift.id, status: 'paid' });
      const input = { name: 'Ana', email: buyer.email, orderIds: [order.id], locale: 'es' as const };
      const attempts = Array.from({ length: EACH * 2 }, (_, i) =>
        i % 2 === 0
          ? withdrawFromPurchase(ctx, order.checkoutId!, { kind: 'account', userId: buyer.id }, input).then(() => 'withdraw' as const)
          : redeemOrder(ctx, { business: { id: business.id, name: business.name }, userId: owner.id, code: { kind: 'code', code: order.qrCode } }).then(() => 'redeem' as const),
      );
      const results = await Promise.allSettled(attempts);
      const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
      const redemptionRows = await t.database.db.select().from(redemptions).where(eq(redemptions.orderId, order.id));
      const refundRows = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id));
      const refunds = provider.refunds.filter((r) => r.idempotencyKey === orderRefundKey(order.id));
      const [transfer] = await t.database.db.select().from(transfers).where(eq(transfers.orderId, order.id));

      if (row!.status === 'withdrawn') {
        outcomes.withdrawn += 1;
        // Every withdrawal succeeds (the later ones are replays of the first); no redemption does.
        expect(won.every((w) => w === 'withdraw')).toBe(true);
        expect(redemptionRows).toEqual([]);
        expect(refunds).toHaveLength(1);
        expect(refundRows.filter((r) => r.kind === 'refund_share')).toHaveLength(1);
        expect(transfer!.state).toBe('cancelled');
        expect(await t.database.db.select().from(withdrawals).where(eq(withdrawals.id, row!.withdrawalId!))).toHaveLength(1);
        // The refused redemptions say why.
        for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'order_withdrawn' });
      } else {
        outcomes.redeemed += 1;
        expect(row!.status).toBe('redeemed');
        expect(won.filter((w) => w === 'redeem')).toHaveLength(1);
        expect(won).not.toContain('withdraw');
        expect(redemptionRows).toHaveLength(1);
        expect(refunds).toEqual([]);
        expect(refundRows.some((r) => r.kind.startsWith('refund_'))).toBe(false);
        for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: expect.stringMatching(/^(withdrawal_not_open|order_already_redeemed)$/) });
      }
    }
    // Every round ended in exactly one of the two outcomes.
    expect(outcomes.withdrawn + outcomes.redeemed).toBe(ROUNDS);
  });
});
