import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../../db/schema/orders';
import { createGift, createOrder, createUser } from '../../../testing/factories';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { as, signedInOwner } from '../../../testing/dashboard-test-world';

/**
 * ADR 035: timestamptz keeps microseconds, the cursor kept milliseconds, so
 * orders placed within one millisecond after a page boundary were skipped. The rows here
 * get their created_at from the database's own clock in one statement (so they share it to
 * the microsecond, with sub-millisecond digits), as orders placed together would.
 */
describe('business orders keyset pagination', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('returns every order exactly once, page by page, when several share one microsecond', async () => {
    const owner = await signedInOwner(t);
    const gift = await createGift(t.database.db, { businessId: owner.business.id });
    const buyer = await createUser(t.database.db);
    const created = [];
    for (let i = 0; i < 5; i++) created.push(await createOrder(t.database.db, { buyerId: buyer.id, giftId: gift.id }));
    // now() is the statement's clock; 456 µs past its millisecond so the digits are never all 0.
    await t.database.db
      .update(orders)
      .set({ createdAt: sql`date_trunc('milliseconds', now()) + interval '456 microseconds'` })
      .where(eq(orders.giftId, gift.id));

    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2';
      const res = await as(t, owner.cookie)({ method: 'GET', url: `/api/business/orders${query}` });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { items: { id: string }[]; nextCursor: string | null };
      seen.push(...body.items.map((o) => o.id));
      cursor = body.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen)).toEqual(new Set(created.map((o) => o.id)));
    // Ties on created_at are ordered by id, descending.
    expect(seen).toEqual([...seen].sort().reverse());
  });

  it('keeps orders of neighbouring microseconds apart and in order', async () => {
    const owner = await signedInOwner(t);
    const gift = await createGift(t.database.db, { businessId: owner.business.id });
    const buyer = await createUser(t.database.db);
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push((await createOrder(t.database.db, { buyerId: buyer.id, giftId: gift.id })).id);
    for (const [i, id] of ids.entries()) {
      await t.database.db
        .update(orders)
        .set({ createdAt: sql`timestamptz '2026-11-21 10:00:00.123400+00' + ${`${i} microseconds`}::interval` })
        .where(eq(orders.id, id));
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=1&cursor=${encodeURIComponent(cursor)}` : '?limit=1';
      const res = await as(t, owner.cookie)({ method: 'GET', url: `/api/business/orders${query}` });
      const body = res.json() as { items: { id: string }[]; nextCursor: string | null };
      seen.push(...body.items.map((o) => o.id));
      cursor = body.nextCursor;
    } while (cursor && seen.length < 10);
    expect(seen).toEqual([...ids].reverse());
  });
});
