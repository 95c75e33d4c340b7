import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, orders } from '../../../db/schema/orders';
import { createGift } from '../../../testing/factories';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { as, signedInOwner, signedInUser } from '../dashboard-test-world';
import { computeExpiresAt } from '@shared/domain/validity';

describe('POST /api/dev/orders (development aid)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates a paid order priced from the database, with its checkout, that the owner sees arrive', async () => {
    const owner = await signedInOwner(t, { commissionRate: 15 });
    const gift = await createGift(t.database.db, { businessId: owner.business.id, price: 1990, validityDays: 90 });
    const buyer = await signedInUser(t);
    const since = new Date(Date.now() - 1000).toISOString();

    const res = await as(t, buyer.cookie)({
      method: 'POST',
      url: '/api/dev/orders',
      payload: { giftId: gift.id, recipientName: 'Lucía', recipientPhone: '+34600111222', personalMessage: 'Para ti', price: 1, totalAmount: 1 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, body.id));
    expect(order).toMatchObject({
      status: 'paid',
      businessId: owner.business.id,
      buyerId: buyer.user.id,
      totalAmount: 1990,
      commissionRate: 15,
      commissionAmount: 299, // round(298.5)
      netAmount: 1691,
      recipientName: 'Lucía',
      recipientPhone: '+34600111222',
      personalMessage: 'Para ti',
    });
    expect(order!.qrCode).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(order!.expiresAt.toISOString()).toBe(computeExpiresAt(order!.paidAt!, 90).toISOString());
    expect(body).toMatchObject({ id: order!.id, status: 'paid', totalAmount: 1990, qrCodeSuffix: order!.qrCode.slice(-8) });
    expect(res.body).not.toContain(order!.qrCode);
    const [checkout] = await t.database.db.select().from(checkouts).where(eq(checkouts.id, order!.checkoutId!));
    expect(checkout).toMatchObject({ status: 'succeeded', provider: 'test', amountTotal: 1990, buyerId: buyer.user.id });

    const updates = await as(t, owner.cookie)({ method: 'GET', url: `/api/business/orders/updates?since=${since}` });
    expect(updates.json().items.map((o: { id: string }) => o.id)).toEqual([order!.id]);
  });

  it('works without a session (no buyer) and refuses unknown gifts and empty recipients', async () => {
    const owner = await signedInOwner(t);
    const gift = await createGift(t.database.db, { businessId: owner.business.id });
    const anonymous = await as(t, null)({ method: 'POST', url: '/api/dev/orders', payload: { giftId: gift.id, recipientName: 'Pau' } });
    expect(anonymous.statusCode).toBe(201);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, anonymous.json().id));
    expect(order!.buyerId).toBeNull();

    const unknown = await as(t, null)({
      method: 'POST',
      url: '/api/dev/orders',
      payload: { giftId: '0b6f1c3e-2a4d-4c5e-8f9a-1b2c3d4e5f60', recipientName: 'Pau' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'gift_not_found' });
    const empty = await as(t, null)({ method: 'POST', url: '/api/dev/orders', payload: { giftId: gift.id, recipientName: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ fields: { recipientName: 'required' } });
    expect(await t.database.db.select().from(orders)).toHaveLength(1);
  });

  it('does not exist without DEV_TOOLS (even outside production)', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'development', DEV_TOOLS: 'off' } });
    try {
      const owner = await signedInOwner(prod);
      const gift = await createGift(prod.database.db, { businessId: owner.business.id });
      const res = await as(prod, owner.cookie)({ method: 'POST', url: '/api/dev/orders', payload: { giftId: gift.id, recipientName: 'Pau' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ code: 'not_found' });
      expect(await prod.database.db.select().from(orders)).toHaveLength(0);
    } finally {
      await prod.close();
    }
  });
});
