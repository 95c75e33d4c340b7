import { drizzle } from 'drizzle-orm/node-postgres';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { redemptions } from '../../db/schema/orders';
import { createBusiness, createGift, createOrder, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { testDatabaseKind } from '../../testing/test-database';
import { redeemOrder } from './redeem-order';
import { redemptionState } from './redemption-test-world';

const ATTEMPTS = 50;
const ROUNDS = 20;

/**
 * Two phones scanning one QR at once must redeem it once. The claim is about concurrent
 * transactions, so it is tested on PostgreSQL with one pool connection per attempt. PGlite
 * has a single connection (every transaction runs alone), so there is no race to test there.
 */
describe.runIf(testDatabaseKind() === 'postgresql')('redemption race (PostgreSQL)', () => {
  let t: TestApp;
  let pool: pg.Pool;
  let racers: Database;

  beforeAll(async () => {
    t = await createTestApp();
    const { connectionString } = (t.database.db as unknown as { $client: pg.Pool }).$client.options;
    pool = new pg.Pool({ connectionString, max: ATTEMPTS });
    racers = drizzle(pool) as unknown as Database;
    // Open every connection first, so the attempts start together instead of queueing on connect.
    const clients = await Promise.all(Array.from({ length: ATTEMPTS }, () => pool.connect()));
    for (const client of clients) client.release();
  });
  afterAll(async () => {
    await pool.end();
    await t.close();
  });

  it(`${ATTEMPTS} simultaneous redemptions of one code succeed exactly once, ${ROUNDS} times over`, async () => {
    const owner = await createUser(t.database.db, { userType: 'business' });
    const business = await createBusiness(t.database.db, { ownerId: owner.id });
    const gift = await createGift(t.database.db, { businessId: business.id });
    const buyer = await createUser(t.database.db);
    const ctx = { ...t.app.ctx, db: racers };

    for (let round = 0; round < ROUNDS; round++) {
      const order = await createOrder(t.database.db, { buyerId: buyer.id, giftId: gift.id, status: 'paid' });
      const mailsBefore = (await redemptionState(t, order.id)).enjoyedMails;
      const results = await Promise.allSettled(
        Array.from({ length: ATTEMPTS }, (_, i) =>
          redeemOrder(ctx, {
            business: { id: business.id, name: business.name },
            userId: owner.id,
            // Half scan the QR, half type the code under it.
            code: i % 2 === 0 ? { kind: 'code', code: order.qrCode } : { kind: 'typed', typedCode: order.typedCode! },
          }),
        ),
      );
      const won = results.filter((r) => r.status === 'fulfilled');
      const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as { code?: string }] : []));
      expect(won, `round ${round}`).toHaveLength(1);
      expect(refused.map((e) => e.code)).toEqual(Array(ATTEMPTS - 1).fill('order_already_redeemed'));
      const state = await redemptionState(t, order.id);
      expect(state.order).toMatchObject({ status: 'redeemed' });
      expect(await t.database.db.select().from(redemptions).where(eq(redemptions.orderId, order.id))).toHaveLength(1);
      expect(state.enjoyedMails - mailsBefore).toBe(1);
    }
  });
});
