import { drizzle } from 'drizzle-orm/node-postgres';
import { withdrawalPeriodEnd } from './transfer-schedule';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { ledgerEntries, transferAttempts, transfers } from '../../db/schema/payouts';
import type { PaymentProvider } from '../../platform/payments/payment-provider';
import { createBusiness, createGift, createOrder, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { testDatabaseKind } from '../../testing/test-database';
import { createClock, testProvider } from '../payouts-test-world';
import { sendDueTransfers } from './send-due-transfers';

const WORKERS = 2;
const ORDERS = 20;
const ROUNDS = 4;

/**
 * Two servers running the transfers job at once must send each order's share once: the claim
 * (FOR UPDATE SKIP LOCKED on the transfer and its order) is about concurrent transactions, so
 * it is tested on PostgreSQL, each worker on its own connections. Every provider call is
 * counted, so a second call for one order would show even though the provider's idempotency
 * key would have hidden it.
 */
describe.runIf(testDatabaseKind() === 'postgresql')('transfers job race (PostgreSQL)', () => {
  const clock = createClock(new Date('2027-06-01T10:00:00Z'));
  let t: TestApp;
  let pool: pg.Pool;
  let racers: Database;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    const { connectionString } = (t.database.db as unknown as { $client: pg.Pool }).$client.options;
    pool = new pg.Pool({ connectionString, max: WORKERS * 2 });
    racers = drizzle(pool) as unknown as Database;
    const clients = await Promise.all(Array.from({ length: WORKERS * 2 }, () => pool.connect()));
    for (const client of clients) client.release();
  });
  afterAll(async () => {
    await pool.end();
    await t.close();
  });

  it(`${WORKERS} workers over ${ORDERS} due transfers send each exactly once, ${ROUNDS} times over`, async () => {
    const owner = await createUser(t.database.db, { userType: 'business' });
    const business = await createBusiness(t.database.db, { ownerId: owner.id });
    const gift = await createGift(t.database.db, { businessId: business.id, price: 1500 });
    const buyer = await createUser(t.database.db);
    const provider = testProvider(t);
    const splits: number[][] = [];

    for (let round = 0; round < ROUNDS; round++) {
      const paidAt = new Date(clock.now().getTime() + 1000);
      const orders = [];
      for (let i = 0; i < ORDERS; i++) orders.push(await createOrder(t.database.db, { buyerId: buyer.id, giftId: gift.id, status: 'paid', paidAt, createdAt: paidAt, now: paidAt }));
      clock.set(withdrawalPeriodEnd(paidAt));
      const calls: string[] = [];
      const counting: PaymentProvider = { ...provider, createTransfer: (input) => (calls.push(input.orderId), provider.createTransfer(input)) };
      const ctx = { ...t.app.ctx, db: racers, payments: counting };
      const runs = await Promise.all(Array.from({ length: WORKERS }, () => sendDueTransfers(ctx)));

      const ids = orders.map((o) => o.id);
      expect(runs.reduce((sum, r) => sum + r.sent, 0), `round ${round}`).toBe(ORDERS);
      expect(runs.every((r) => r.failed === 0)).toBe(true);
      expect(calls.sort()).toEqual([...ids].sort());
      const rows = await t.database.db.select().from(transfers).where(inArray(transfers.orderId, ids));
      expect(rows.every((r) => r.state === 'sent' && r.attempts === 1)).toBe(true);
      const sentRows = await t.database.db.select().from(ledgerEntries).where(inArray(ledgerEntries.orderId, ids));
      expect(sentRows.filter((r) => r.kind === 'transfer_sent')).toHaveLength(ORDERS);
      const attempts = await t.database.db.select().from(transferAttempts).where(inArray(transferAttempts.transferId, rows.map((r) => r.id)));
      expect(attempts).toHaveLength(ORDERS);
      splits.push(runs.map((r) => r.sent));
    }
    // The race was real: in some round both workers sent transfers side by side.
    expect(splits.some((split) => split.every((sent) => sent > 0)), JSON.stringify(splits)).toBe(true);
    expect(await t.database.db.select().from(transfers).where(eq(transfers.businessId, business.id))).toHaveLength(ORDERS * ROUNDS);
    // Building the orders dominates on a busy machine; the race itself takes well under a second a round.
  }, 120_000);
});
