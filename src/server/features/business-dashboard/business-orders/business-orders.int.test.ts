import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../../db/schema/orders';
import { createGift, createOrder, createUser, type GiftRow } from '../../../testing/factories';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { as, signedInOwner } from '../../../testing/dashboard-test-world';

describe('business orders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function shop() {
    const owner = await signedInOwner(t, { commissionRate: 10 });
    const gift = await createGift(t.database.db, { businessId: owner.business.id, name: 'Cesta de fruta', price: 3000 });
    const buyer = await createUser(t.database.db);
    const order = (g: GiftRow, extra: Partial<Parameters<typeof createOrder>[1]> = {}) =>
      createOrder(t.database.db, { buyerId: buyer.id, giftId: g.id, ...extra });
    return { ...owner, gift, order };
  }
  const get = (cookie: string, query = '') => as(t, cookie)({ method: 'GET', url: `/api/business/orders${query}` });

  it('lists orders newest first with what the business needs, and nothing of their codes (they redeem)', async () => {
    const { cookie, gift, order } = await shop();
    const older = await order(gift, {
      status: 'redeemed',
      createdAt: new Date('2026-10-01T09:00:00Z'),
      recipientName: 'Marta',
      recipientPhone: '+34600111222',
      personalMessage: '¡Feliz cumpleaños!',
    });
    const newer = await order(gift, { status: 'paid', createdAt: new Date('2026-10-02T09:00:00Z'), recipientName: 'Pau' });

    const res = await get(cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.nextCursor).toBeNull();
    expect(body.items.map((o: { id: string }) => o.id)).toEqual([newer.id, older.id]);
    expect(body.items[1]).toEqual({
      id: older.id,
      giftId: gift.id,
      giftName: 'Cesta de fruta',
      giftValidityDays: 365,
      status: 'redeemed',
      totalAmount: 3000,
      currency: 'EUR',
      recipientName: 'Marta',
      recipientPhone: '+34600111222',
      personalMessage: '¡Feliz cumpleaños!',
      commissionRate: 10,
      commissionAmount: 300,
      // 21 % IVA on the 3,00 € commission (ADR 053); the share is what is left.
      commissionVatAmount: 63,
      netAmount: 2637,
      // Redeemed: its transfer is due now, and the transfers job sends it.
      transferState: 'due',
      createdAt: '2026-10-01T09:00:00.000Z',
      paidAt: older.paidAt!.toISOString(),
      redeemedAt: older.redeemedAt!.toISOString(),
      expiresAt: older.expiresAt.toISOString(),
      updatedAt: older.updatedAt.toISOString(),
      extensionRequestedAt: null,
      extensionDecision: null,
      card: null,
    });
    expect(body.items[0]).toMatchObject({ commissionRate: 10, commissionAmount: 300, commissionVatAmount: 63, netAmount: 2637, transferState: 'due' });
    for (const o of [older, newer]) {
      expect(res.body).not.toContain(o.qrCode);
      expect(res.body).not.toContain(o.qrCode.slice(0, 16));
      expect(res.body).not.toContain(o.qrCode.slice(-8));
      expect(res.body).not.toContain(o.typedCode);
    }
  });

  it('filters by status and by Madrid calendar days of created_at', async () => {
    const { cookie, gift, order } = await shop();
    const paid = await order(gift, { status: 'paid', createdAt: new Date('2026-11-10T22:30:00Z') }); // 10 Nov 23:30 Madrid
    const late = await order(gift, { status: 'paid', createdAt: new Date('2026-11-10T23:30:00Z') }); // 11 Nov 00:30 Madrid
    await order(gift, { status: 'cancelled', createdAt: new Date('2026-11-10T12:00:00Z') });

    const byStatus = (await get(cookie, '?status=paid')).json();
    expect(byStatus.items.map((o: { id: string }) => o.id)).toEqual([late.id, paid.id]);
    const day = (await get(cookie, '?status=paid&from=2026-11-10&to=2026-11-10')).json();
    expect(day.items.map((o: { id: string }) => o.id)).toEqual([paid.id]);
    const all = (await get(cookie, '?status=&from=2026-11-11')).json();
    expect(all.items.map((o: { id: string }) => o.id)).toEqual([late.id]);

    const bad = await get(cookie, '?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { status: 'invalid' } });
    expect((await get(cookie, '?from=2026-02-30')).json()).toMatchObject({ fields: { from: 'invalidDate' } });
  });

  it('pages with a cursor, without repeats or gaps, even when orders share a timestamp', async () => {
    const { cookie, gift, order } = await shop();
    const same = new Date('2026-09-01T10:00:00Z');
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await order(gift, { createdAt: i < 3 ? same : new Date(same.getTime() + i * 1000) }));
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const res = await get(cookie, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { items: { id: string }[]; nextCursor: string | null };
      seen.push(...body.items.map((o) => o.id));
      cursor = body.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(5);
    expect(seen.slice(0, 2)).toEqual([made[4]!.id, made[3]!.id]);
    expect(new Set(seen)).toEqual(new Set(made.map((o) => o.id)));

    const bad = await get(cookie, '?cursor=not-ours');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed', fields: { cursor: 'invalid' } });
  });

  it('updates: only orders created or changed after `since`, with the next `since` from the server clock', async () => {
    const { cookie, gift, order } = await shop();
    const before = await order(gift, { createdAt: new Date('2026-08-01T10:00:00Z') });
    const since = '2026-08-02T00:00:00.000Z';
    const created = await order(gift, { createdAt: new Date('2026-08-03T10:00:00Z') });
    const changed = await order(gift, { createdAt: new Date('2026-07-01T10:00:00Z') });
    await t.database.db
      .update(orders)
      .set({ status: 'redeemed', redeemedAt: new Date('2026-08-04T10:00:00Z'), updatedAt: new Date('2026-08-04T10:00:00Z') })
      .where(eq(orders.id, changed.id));
    const elsewhere = await signedInOwner(t);
    const theirGift = await createGift(t.database.db, { businessId: elsewhere.business.id });
    await createOrder(t.database.db, { buyerId: null, giftId: theirGift.id, createdAt: new Date('2026-08-05T10:00:00Z') });

    const res = await as(t, cookie)({ method: 'GET', url: `/api/business/orders/updates?since=${since}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.map((o: { id: string }) => o.id)).toEqual([created.id, changed.id]);
    expect(body.items[1]).toMatchObject({ status: 'redeemed' });
    expect(body.items.map((o: { id: string }) => o.id)).not.toContain(before.id);
    expect(Date.parse(body.nextSince)).toBe(Date.parse(body.serverTime) - 5000);
    expect(Math.abs(Date.parse(body.serverTime) - Date.now())).toBeLessThan(60_000);
    for (const o of [created, changed]) expect(res.body).not.toContain(o.qrCode);

    const none = await as(t, cookie)({ method: 'GET', url: `/api/business/orders/updates?since=${body.serverTime}` });
    expect(none.json().items).toEqual([]);

    const bad = await as(t, cookie)({ method: 'GET', url: '/api/business/orders/updates?since=yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { since: 'invalidDate' } });
    expect((await as(t, cookie)({ method: 'GET', url: '/api/business/orders/updates' })).statusCode).toBe(400);
  });

  it('shows a paid order past its expiry as expired before the expiry job runs, and filters by that status', async () => {
    const { cookie, gift, order } = await shop();
    const lapsed = await order(gift, { status: 'paid', expiresAt: new Date(Date.now() - 60_000), createdAt: new Date('2026-10-03T09:00:00Z') });
    const stored = await order(gift, { status: 'expired', createdAt: new Date('2026-10-02T09:00:00Z') });
    const live = await order(gift, { status: 'paid', createdAt: new Date('2026-10-01T09:00:00Z') });

    const all = (await get(cookie)).json().items as { id: string; status: string }[];
    expect(all.map((o) => [o.id, o.status])).toEqual([
      [lapsed.id, 'expired'],
      [stored.id, 'expired'],
      [live.id, 'paid'],
    ]);
    expect((await get(cookie, '?status=expired')).json().items.map((o: { id: string }) => o.id)).toEqual([lapsed.id, stored.id]);
    expect((await get(cookie, '?status=paid')).json().items.map((o: { id: string }) => o.id)).toEqual([live.id]);
  });

  it("shows each gift card with its amount, what was spent, its balance and its uses (an undone use counts for neither)", async () => {
    const { cookie, business, order } = await shop();
    const card = await createGift(t.database.db, { businessId: business.id, name: 'Targeta La Palmera', card: { minAmount: 500, maxAmount: 10_000 } });
    const bought = await order(card, { valueKind: 'card', amountCents: 5000 });
    const unused = await order(card, { valueKind: 'card', amountCents: 2000 });
    const use = (amountCents: number, idempotencyKey: string) =>
      as(t, cookie)({ method: 'POST', url: '/api/business/redemptions', payload: { code: bought.qrCode, amountCents, idempotencyKey } });
    expect((await use(1840, 'orders-list-1')).statusCode).toBe(200);
    expect((await use(1000, 'orders-list-2')).statusCode).toBe(200);
    const third = await use(300, 'orders-list-3');
    const undone = third.json().card.uses[0];
    expect(undone.amountCents).toBe(300);
    const undo = await as(t, cookie)({ method: 'POST', url: `/api/business/redemptions/uses/${undone.id}/undo`, payload: { reason: 'Typed twice' } });
    expect(undo.statusCode, undo.body).toBe(200);

    const items: { id: string; card: unknown }[] = (await get(cookie)).json().items;
    expect(items.find((o) => o.id === bought.id)!.card).toEqual({ amountCents: 5000, spentCents: 2840, balanceCents: 2160, uses: 2 });
    expect(items.find((o) => o.id === unused.id)!.card).toEqual({ amountCents: 2000, spentCents: 0, balanceCents: 2000, uses: 0 });
    // The polling answer carries the same figures.
    const updates = await as(t, cookie)({ method: 'GET', url: `/api/business/orders/updates?since=${encodeURIComponent(new Date(0).toISOString())}` });
    const polled: { id: string; card: unknown }[] = updates.json().items;
    expect(polled.find((o) => o.id === bought.id)!.card).toEqual({ amountCents: 5000, spentCents: 2840, balanceCents: 2160, uses: 2 });
  });
});
