import { drizzle } from 'drizzle-orm/node-postgres';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { ledgerEntries, orderRefunds } from '../../db/schema/payouts';
import type { PaymentProvider } from '../../platform/payments/payment-provider';
import { createBusiness, createGift, createOrder, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { testDatabaseKind } from '../../testing/test-database';
import { createClock, testProvider } from '../payouts-test-world';
import { retryPendingRefunds } from './retry-pending-refunds';

const WORKERS = 2;
const ORDERS = 12;

/**
 * Two servers running the refunds job at once (ADR 084) must refund each pending order once:
 * the claim (FOR UPDATE SKIP LOCKED on the pending refund and its order) is about concurrent
 * transactions, so it is tested on PostgreSQL, each worker on its own connections, counting
 * every provider call (the idempotency key would hide a second one).
 */
describe.runIf(testDatabaseKind() === 'postgresql')('refunds job race (PostgreSQL)', () => {
  const clock = createClock(new Date('2027-07-01T10:00:00Z'));
  let t: TestApp;
  let pool: pg.Pool;
  let racers: Database;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    const { connectionString } = (t.database.db as unknown as { $client: pg.Pool }).$client.options;
    pool = new pg.Pool({ connectionString, max: WORKERS * 2 });
    racers = drizzle(pool) as unknown as Database;
  });
  afterAll(async () => {
    await pool.end();
    await t.close();
  });

  it(`${WORKERS} workers over ${ORDERS} pending refunds make each exactly once`, async () => {
    const owner = await createUser(t.database.db, { userType: 'business' });
    const business = await createBusiness(t.database.db, { ownerId: owner.id });
    const gift = await createGift(t.database.db, { businessId: business.id, price: 1500 });
    const buyer = await createUser(t.database.db);
    const paidAt = new Date(clock.now().getTime() - 20 * 24 * 60 * 60 * 1000);
    const ids: string[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const order = await createOrder(t.database.db, { buyerId: buyer.id, giftId: gift.id, status: 'paid', paidAt, createdAt: paidAt, now: paidAt });
      ids.push(order.id);
    }
    // As a cancellation leaves them when the refund after the reversal failed.
    await t.database.db.update(orders).set({ status: 'refund_pending', cancelledAt: clock.now(), cancelReason: 'Race' }).where(inArray(orders.id, ids));
    await t.database.db.insert(orderRefunds).values(ids.map((orderId) => ({ orderId, state: 'pending', amount: 1500, attempts: 1, nextAttemptAt: clock.now(), lastError: 'timeout' })));

    const provider = testProvider(t);
    const calls: string[] = [];
    const counting: PaymentProvider = { ...provider, refund: (paymentRef, amount, key) => (calls.push(key!), provider.refund(paymentRef, amount, key)) };
    const runs = await Promise.all(Array.from({ length: WORKERS }, () => retryPendingRefunds({ ...t.app.ctx, db: racers, payments: counting })));

    expect(runs.reduce((sum, r) => sum + r.refunded, 0)).toBe(ORDERS);
    expect(calls.sort()).toEqual(ids.map((id) => `regalo-refund-order-${id}`).sort());
    const rows = await t.database.db.select().from(orders).where(inArray(orders.id, ids));
    expect(rows.every((r) => r.status === 'cancelled' && r.refundedAt !== null)).toBe(true);
    const ledger = await t.database.db.select().from(ledgerEntries).where(inArray(ledgerEntries.orderId, ids));
    expect(ledger.filter((r) => r.kind === 'refund_share')).toHaveLength(ORDERS);
    expect((await t.database.db.select().from(orderRefunds).where(inArray(orderRefunds.orderId, ids))).every((r) => r.state === 'refunded' && r.attempts === 2)).toBe(true);
  }, 120_000);
});
