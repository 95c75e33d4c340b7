import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkouts, orders } from '../../db/schema/orders';
import { as, line, paymentState, postCheckout, shop, signedIn } from '../../testing/checkout-test-world';
import { createTestApp, type TestApp } from '../../testing/test-app';

const START = new Date('2026-11-23T10:00:00.000Z');

/**
 * ADR 057: a payment that fails, is cancelled or is never made leaves no ghost
 * orders. The giver sees one pending purchase per checkout while it can be paid, with its
 * payment link and a way to discard it; the business never sees an unpaid order.
 */
describe('pending purchases instead of ghost unpaid orders', () => {
  let t: TestApp;
  let clock = START;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  beforeEach(() => {
    clock = START;
  });
  afterAll(() => t.close());

  async function started() {
    const world = await shop(t);
    const giver = await signedIn(t, { name: 'Ana García' });
    const checkout = async () => {
      const res = await postCheckout(t, giver.cookie, [
        line(world.tea.id, { recipientName: 'Lucía', recipientPhone: '+34600111222', personalMessage: 'Un secreto' }),
        line(world.dinner.id, { recipientName: 'Joan' }),
      ]);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string; paymentUrl: string };
    };
    const giverGet = async (url: string) => (await as(t, giver.cookie)({ method: 'GET', url })).json();
    const ownerGet = async (url: string) => (await as(t, world.owner.cookie)({ method: 'GET', url })).json();
    const pay = (id: string, outcome: 'succeed' | 'fail' | 'cancel') =>
      as(t, giver.cookie)({ method: 'POST', url: `/api/payments/test/${id}/${outcome}` });
    const discard = (id: string, cookie = giver.cookie) => as(t, cookie)({ method: 'POST', url: `/api/my/pending-purchases/${id}/discard` });
    return { ...world, giver, checkout, giverGet, ownerGet, pay, discard };
  }

  it('an unpaid checkout is one pending purchase with its payment link; its orders are nowhere else', async () => {
    const w = await started();
    const open = await w.checkout();
    expect((await w.giverGet('/api/my/orders')).items).toEqual([]);
    const pending = await w.giverGet('/api/my/pending-purchases');
    expect(pending.items).toEqual([
      {
        id: open.id,
        totalAmount: 6500,
        currency: 'EUR',
        createdAt: START.toISOString(),
        expiresAt: new Date(START.getTime() + 30 * 60_000).toISOString(),
        paymentUrl: open.paymentUrl,
        lines: [
          { giftName: 'Cata de tés', businessName: 'Tetería Russafa', recipientName: 'Lucía', totalAmount: 2500 },
          { giftName: 'Cena para dos', businessName: 'Tetería Russafa', recipientName: 'Joan', totalAmount: 4000 },
        ],
      },
    ]);

    // The business sees none of it: not in its list, its updates, its filter or its totals.
    const listed = await as(t, w.owner.cookie)({ method: 'GET', url: '/api/business/orders' });
    expect(listed.json().items).toEqual([]);
    expect(listed.body).not.toContain('Un secreto');
    expect(listed.body).not.toContain('600111222');
    expect((await w.ownerGet('/api/business/orders?status=unpaid')).fields).toEqual({ status: 'invalid' });
    expect((await w.ownerGet('/api/business/orders/updates?since=2000-01-01T00:00:00.000Z')).items).toEqual([]);
    expect((await w.ownerGet('/api/business/me')).totals.orders).toBe(0);

    // Once paid it is an order for both, and no longer pending.
    await w.pay(open.id, 'succeed');
    expect((await w.giverGet('/api/my/pending-purchases')).items).toEqual([]);
    expect((await w.giverGet('/api/my/orders')).items).toHaveLength(2);
    expect((await w.ownerGet('/api/business/orders')).items).toHaveLength(2);
    expect((await w.ownerGet('/api/business/me')).totals.orders).toBe(2);
  });

  it('a failed, cancelled or expired payment leaves nothing to see, before and after the clean-up job', async () => {
    const w = await started();
    const failed = await w.checkout();
    const cancelled = await w.checkout();
    const abandoned = await w.checkout();
    expect((await w.giverGet('/api/my/pending-purchases')).items).toHaveLength(3);
    expect((await w.pay(failed.id, 'fail')).statusCode).toBe(200);
    expect((await w.pay(cancelled.id, 'cancel')).statusCode).toBe(200);
    expect((await w.giverGet('/api/my/pending-purchases')).items.map((p: { id: string }) => p.id)).toEqual([abandoned.id]);
    // Past its lifetime it can no longer be paid: gone before the expiry job has run.
    clock = new Date(START.getTime() + 31 * 60_000);
    expect((await w.giverGet('/api/my/pending-purchases')).items).toEqual([]);
    expect((await w.giverGet('/api/my/orders')).items).toEqual([]);
    expect((await w.ownerGet('/api/business/orders')).items).toEqual([]);
  });

  it('a Stripe checkout is payable until its session closes, not through the grace period kept for late webhooks', async () => {
    const w = await started();
    const open = await w.checkout();
    const setExpiry = (minutes: number) =>
      t.database.db.update(checkouts).set({ provider: 'stripe', expiresAt: new Date(START.getTime() + minutes * 60_000) }).where(eq(checkouts.id, open.id));
    // Session open 30 more minutes (its row keeps an hour of grace on top).
    await setExpiry(90);
    expect((await w.giverGet('/api/my/pending-purchases')).items.map((p: { expiresAt: string }) => p.expiresAt)).toEqual([
      new Date(START.getTime() + 30 * 60_000).toISOString(),
    ]);
    // Session closed 30 minutes ago, the row still pending for a late webhook: nothing to pay.
    await setExpiry(30);
    expect((await w.giverGet('/api/my/pending-purchases')).items).toEqual([]);
  });

  it('discarding closes the checkout and cancels its orders at once; only while it is pending', async () => {
    const w = await started();
    const open = await w.checkout();
    const res = await w.discard(open.id);
    expect(res.statusCode, res.body).toBe(204);
    expect((await w.giverGet('/api/my/pending-purchases')).items).toEqual([]);
    const [row] = await t.database.db.select().from(checkouts).where(eq(checkouts.id, open.id));
    expect(row).toMatchObject({ status: 'expired', paymentUrl: null });
    const cancelled = await t.database.db.select().from(orders).where(eq(orders.checkoutId, open.id));
    expect(cancelled.map((o) => [o.status, o.cancelReason, o.cancelledAt])).toEqual([
      ['cancelled', 'discarded', START],
      ['cancelled', 'discarded', START],
    ]);
    // The payment page can no longer take it.
    expect((await w.pay(open.id, 'succeed')).json().code).toBe('checkout_not_pending');

    const before = await paymentState(t);
    const again = await w.discard(open.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('checkout_not_pending');
    const paid = await w.checkout();
    await w.pay(paid.id, 'succeed');
    const afterPaid = await paymentState(t);
    expect((await w.discard(paid.id)).json().code).toBe('checkout_not_pending');
    expect(await paymentState(t)).toEqual(afterPaid);
    // Someone else's, or no such purchase: "not found", nothing changes.
    const stranger = await signedIn(t);
    const mine = await w.checkout();
    const snapshot = await paymentState(t);
    for (const [id, cookie] of [[mine.id, stranger.cookie], ['00000000-0000-4000-8000-000000000000', w.giver.cookie], ['nope', w.giver.cookie]] as const) {
      const refused = await w.discard(id, cookie);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('checkout_not_found');
    }
    expect(await paymentState(t)).toEqual(snapshot);
    expect(before.checkouts.find((c) => c.id === open.id)?.status).toBe('expired');
  });

  it('a discard racing the payment: exactly one of them wins, and the orders follow the winner', async () => {
    const w = await started();
    for (let round = 0; round < 8; round++) {
      const open = await w.checkout();
      const [discarded, paid] = await Promise.all([w.discard(open.id), w.pay(open.id, 'succeed')]);
      const wins = [discarded.statusCode === 204, paid.statusCode === 200];
      expect(wins.filter(Boolean), `${discarded.body} / ${paid.body}`).toHaveLength(1);
      const [checkout] = await t.database.db.select().from(checkouts).where(eq(checkouts.id, open.id));
      const statuses = (await t.database.db.select({ status: orders.status }).from(orders).where(inArray(orders.checkoutId, [open.id]))).map((o) => o.status);
      if (wins[0]) {
        expect(checkout!.status).toBe('expired');
        expect(statuses).toEqual(['cancelled', 'cancelled']);
      } else {
        expect(checkout!.status).toBe('succeeded');
        expect(statuses).toEqual(['paid', 'paid']);
      }
    }
  });
});
