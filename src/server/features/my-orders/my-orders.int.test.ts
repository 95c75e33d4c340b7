import { eq } from 'drizzle-orm';
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
    expect(items.map((o: { id: string }) => o.id)).toEqual([newer.id, older.id, unpaid.id]);
    expect(items[0]).toEqual({
      id: newer.id,
      status: 'paid',
      giftName: 'Cata de tés',
      businessName: 'Tetería Russafa',
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
      deliveredAt: newer.paidAt!.toISOString(),
      canChangeDelivery: false,
      canResend: false,
    });
    expect(items[1].giftPagePath).toBe(`/g/${older.qrCode}`);
    // An unpaid order has no gift for anyone to open yet.
    expect(items[2]).toMatchObject({ status: 'unpaid', giftPagePath: null, giftUrl: null, canChangeDelivery: false, canResend: false });

    const theirs = (await myOrders(other.cookie)).json().items;
    expect(theirs.map((o: { recipientName: string }) => o.recipientName)).toEqual(['Not mine']);
  });

  it('is empty for a giver without orders', async () => {
    const { cookie } = await createSignedInUser(t);
    const res = await myOrders(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [] });
  });

  it('answers 401 when anonymous and 403 when the email is not confirmed', async () => {
    expect((await myOrders(null)).statusCode).toBe(401);
    const { cookie, user } = await createSignedInUser(t);
    await t.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, user.id));
    expect((await myOrders(cookie)).statusCode).toBe(403);
  });
});
