import { eq } from 'drizzle-orm';
import { withdrawalDeadline } from '@shared/domain/withdrawal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/auth';
import { authedInject, createSignedInUser } from '../../testing/auth-helpers';
import { createBusiness, createGift, createOrder, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('GET /api/my/orders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const myOrders = (cookie: string | null) => authedInject(t, cookie, { method: 'GET', url: '/api/my/orders' });

  it("lists the signed-in giver's orders newest first, never another buyer's", async () => {
    const me = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const db = t.database.db;
    const owner = await createUser(db, { userType: 'business' });
    const shop = await createBusiness(db, { ownerId: owner.id, name: 'Tetería Russafa' });
    const tea = await createGift(db, { businessId: shop.id, name: 'Cata de tés', price: 3200 });
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();

    const older = await createOrder(db, {
      buyerId: me.user.id,
      giftId: tea.id,
      status: 'redeemed',
      recipientName: 'Marta',
      createdAt: new Date(now - 3 * day),
    });
    const newer = await createOrder(db, {
      buyerId: me.user.id,
      giftId: tea.id,
      status: 'paid',
      recipientName: 'Joan',
      recipientPhone: '+34600111222',
      personalMessage: '¡Felicidades!',
      createdAt: new Date(now - day),
    });
    const unpaid = await createOrder(db, { buyerId: me.user.id, giftId: tea.id, status: 'unpaid', createdAt: new Date(now - 5 * day) });
    await createOrder(db, { buyerId: other.user.id, giftId: tea.id, status: 'paid', recipientName: 'Not mine' });

    const res = await myOrders(me.cookie);
    expect(res.statusCode).toBe(200);
    const items = res.json().items;
    // An unpaid order is not listed: it belongs to a pending purchase until paid or gone.
    expect(items.map((o: { id: string }) => o.id)).toEqual([newer.id, older.id]);
    expect(res.json().nextCursor).toBeNull();
    expect(res.body).not.toContain(unpaid.id);
    expect(items[0]).toEqual({
      id: newer.id,
      status: 'paid',
      giftName: 'Cata de tés',
      businessName: 'Tetería Russafa',
      handover: 'send',
      recipientName: 'Joan',
      recipientPhone: '+34600111222',
      recipientEmail: null,
      personalMessage: '¡Felicidades!',
      totalAmount: 3200,
      currency: 'EUR',
      createdAt: newer.createdAt.toISOString(),
      expiresAt: newer.expiresAt.toISOString(),
      giftPagePath: `/g/${newer.qrCode}`,
      giftUrl: `http://localhost:3000/g/${newer.qrCode}`,
      recipientLocale: 'es',
      senderName: null,
      deliverAt: null,
      deliveryState: 'delivered',
      deliveredAt: newer.paidAt!.toISOString(),
      canChangeDelivery: false,
      canResend: false,
      checkoutId: newer.checkoutId,
      withdrawal: { state: 'open', until: withdrawalDeadline(newer.paidAt!).toISOString(), at: null },
    });
    expect(items[1].giftPagePath).toBe(`/g/${older.qrCode}`);
    expect(items[1].withdrawal).toMatchObject({ state: 'redeemed' });

    const theirs = (await myOrders(other.cookie)).json().items;
    expect(theirs.map((o: { recipientName: string }) => o.recipientName)).toEqual(['Not mine']);
  });

  it('is empty for a giver without orders', async () => {
    const { cookie } = await createSignedInUser(t);
    const res = await myOrders(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], nextCursor: null });
  });

  it('pages with a cursor, newest first, without repeats or gaps, even when orders share a timestamp', async () => {
    const me = await createSignedInUser(t);
    const db = t.database.db;
    const owner = await createUser(db, { userType: 'business' });
    const shop = await createBusiness(db, { ownerId: owner.id });
    const gift = await createGift(db, { businessId: shop.id });
    const same = new Date('2026-09-01T10:00:00Z');
    const made = [];
    for (let i = 0; i < 7; i++) {
      made.push(await createOrder(db, { buyerId: me.user.id, giftId: gift.id, status: 'paid', createdAt: i < 3 ? same : new Date(same.getTime() + i * 1000) }));
    }
    // Unpaid ones in between never take a place on a page.
    await createOrder(db, { buyerId: me.user.id, giftId: gift.id, status: 'unpaid', createdAt: new Date(same.getTime() + 3500) });
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const res = await authedInject(t, me.cookie, { method: 'GET', url: `/api/my/orders?limit=3${cursor ? `&cursor=${cursor}` : ''}` });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { items: { id: string }[]; nextCursor: string | null };
      expect(body.items.length).toBeLessThanOrEqual(3);
      seen.push(...body.items.map((o) => o.id));
      cursor = body.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(7);
    expect(seen.slice(0, 4)).toEqual([made[6]!.id, made[5]!.id, made[4]!.id, made[3]!.id]);
    expect(new Set(seen)).toEqual(new Set(made.map((o) => o.id)));

    const first = (await authedInject(t, me.cookie, { method: 'GET', url: '/api/my/orders' })).json();
    expect(first.items).toHaveLength(7);
    // Another giver's cursor position shows them only their own orders.
    const other = await createSignedInUser(t);
    const page1 = (await authedInject(t, me.cookie, { method: 'GET', url: '/api/my/orders?limit=2' })).json();
    expect((await authedInject(t, other.cookie, { method: 'GET', url: `/api/my/orders?cursor=${page1.nextCursor}` })).json().items).toEqual([]);

    for (const query of ['cursor=not-ours', 'limit=0', 'limit=101', 'limit=x']) {
      const bad = await authedInject(t, me.cookie, { method: 'GET', url: `/api/my/orders?${query}` });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().code).toBe('validation_failed');
    }
    expect((await authedInject(t, me.cookie, { method: 'GET', url: '/api/my/orders?cursor=not-ours' })).json().fields).toEqual({ cursor: 'invalid' });
  });

  it('answers 401 when anonymous and 403 when the email is not confirmed', async () => {
    expect((await myOrders(null)).statusCode).toBe(401);
    const { cookie, user } = await createSignedInUser(t);
    await t.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, user.id));
    expect((await myOrders(cookie)).statusCode).toBe(403);
  });

  it('shows a paid gift past its expiry as expired before the expiry job runs, still with its gift page', async () => {
    const me = await createSignedInUser(t);
    const db = t.database.db;
    const owner = await createUser(db, { userType: 'business' });
    const shop = await createBusiness(db, { ownerId: owner.id });
    const gift = await createGift(db, { businessId: shop.id });
    const lapsed = await createOrder(db, { buyerId: me.user.id, giftId: gift.id, status: 'paid', expiresAt: new Date(Date.now() - 60_000) });
    const [item] = (await myOrders(me.cookie)).json().items;
    expect(item).toMatchObject({ id: lapsed.id, status: 'expired', giftPagePath: `/g/${lapsed.qrCode}` });
  });
});
