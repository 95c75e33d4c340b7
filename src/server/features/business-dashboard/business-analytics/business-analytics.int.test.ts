import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatuses } from '@shared/domain/order-status';
import { createGift, createOrder, createUser } from '../../../testing/factories';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { as, signedInOwner } from '../../../testing/dashboard-test-world';

describe('business analytics', () => {
  let t: TestApp;
  beforeAll(async () => {
    // 23:30 UTC on the 20th is already the 21st in Madrid.
    t = await createTestApp({ now: () => new Date('2026-11-20T23:30:00Z') });
  });
  afterAll(() => t.close());

  /**
   * Hand-computed fixture, period 2 Nov (Mon) – 22 Nov (Sun) 2026, commission 12.5 %:
   *   sold: A paid 3 Nov, A redeemed 10 Nov, B redeemed Sun 15 Nov 23:30 Madrid,
   *         B expired 16 Nov, A paid Sun 22 Nov 23:30 Madrid              → 5 sales
   *   not counted: A cancelled (refunded), C unpaid, A on 1 Nov 23:30 Madrid (before),
   *         C on 23 Nov 00:30 Madrid (after), another business's sale.
   *   revenue 2500·3 + 4000·2 = 15500; commission round(312.5)=313 ·3 + 500·2 = 1939;
   *   net 15500 − 1939 = 13561; redeemed 2 → rate 0.4.
   *   weeks: 2 Nov: 1 / 2500; 9 Nov: 2 / 6500; 16 Nov: 2 / 6500.
   */
  async function fixture() {
    const owner = await signedInOwner(t, { commissionRate: 12.5 });
    const db = t.database.db;
    const a = await createGift(db, { businessId: owner.business.id, name: 'Almuerzo', price: 2500 });
    const b = await createGift(db, { businessId: owner.business.id, name: 'Barco por la Albufera', price: 4000 });
    const c = await createGift(db, { businessId: owner.business.id, name: 'Café', price: 1000 });
    const buyer = await createUser(db);
    const at = (iso: string) => new Date(iso);
    const sale = (giftId: string, status: (typeof orderStatuses)[number], createdAt: string, extra = {}) =>
      createOrder(db, { buyerId: buyer.id, giftId, status, createdAt: at(createdAt), ...extra });
    await sale(a.id, 'paid', '2026-11-03T10:00:00Z');
    await sale(a.id, 'redeemed', '2026-11-10T10:00:00Z');
    await sale(b.id, 'redeemed', '2026-11-15T22:30:00Z');
    await sale(b.id, 'expired', '2026-11-16T09:00:00Z', { expiresAt: at('2026-11-18T22:59:59.999Z') });
    await sale(a.id, 'paid', '2026-11-22T22:30:00Z');
    await sale(a.id, 'cancelled', '2026-11-04T10:00:00Z', { paidAt: at('2026-11-04T10:01:00Z') });
    await sale(c.id, 'unpaid', '2026-11-05T10:00:00Z');
    await sale(a.id, 'paid', '2026-11-01T22:30:00Z');
    await sale(c.id, 'paid', '2026-11-22T23:30:00Z');
    const other = await signedInOwner(t);
    const theirs = await createGift(db, { businessId: other.business.id, price: 9900 });
    await sale(theirs.id, 'paid', '2026-11-10T10:00:00Z');
    return { ...owner, a, b, c };
  }

  const analytics = (cookie: string, query = '') => as(t, cookie)({ method: 'GET', url: `/api/business/analytics${query}` });

  it('sums the paid, redeemed and expired orders of the period exactly', async () => {
    const { cookie, a, b } = await fixture();
    const res = await analytics(cookie, '?from=2026-11-02&to=2026-11-22');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      from: '2026-11-02',
      to: '2026-11-22',
      timeZone: 'Europe/Madrid',
      currency: 'EUR',
      giftsSold: 5,
      revenue: 15500,
      commission: 1939,
      commissionVat: 408, // 21 % IVA on each order's commission, rounded per order (ADR 053)
      net: 13153,
      redeemed: 2,
      redemptionRate: 0.4,
      topGifts: [
        { giftId: a.id, name: 'Almuerzo', count: 3, revenue: 7500 },
        { giftId: b.id, name: 'Barco por la Albufera', count: 2, revenue: 8000 },
      ],
      weeks: [
        { weekStart: '2026-11-02', giftsSold: 1, revenue: 2500 },
        { weekStart: '2026-11-09', giftsSold: 2, revenue: 6500 },
        { weekStart: '2026-11-16', giftsSold: 2, revenue: 6500 },
      ],
    });
  });

  it('counts exactly the orders the orders list shows for the same period', async () => {
    const { cookie } = await fixture();
    for (const [from, to] of [
      ['2026-11-02', '2026-11-22'],
      ['2026-11-09', '2026-11-15'],
      ['2026-11-01', '2026-11-30'],
    ]) {
      const figures = (await analytics(cookie, `?from=${from}&to=${to}`)).json();
      const listed = (await as(t, cookie)({ method: 'GET', url: `/api/business/orders?from=${from}&to=${to}&limit=100` })).json();
      const sold = listed.items.filter((o: { status: string }) => ['paid', 'redeemed', 'expired'].includes(o.status));
      expect(figures.giftsSold, `${from}..${to}`).toBe(sold.length);
      expect(figures.revenue).toBe(sold.reduce((sum: number, o: { totalAmount: number }) => sum + o.totalAmount, 0));
    }
  });

  it('defaults to the last 30 days ending today in Madrid, zero weeks included; no sales → rate null', async () => {
    const { cookie } = await signedInOwner(t);
    const res = await analytics(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      from: '2026-10-23',
      to: '2026-11-21',
      giftsSold: 0,
      revenue: 0,
      commission: 0,
      net: 0,
      redemptionRate: null,
      topGifts: [],
    });
    expect(res.json().weeks.map((w: { weekStart: string }) => w.weekStart)).toEqual([
      '2026-10-19',
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
    ]);
  });

  it.each([
    ['?from=2026-11-10&to=2026-11-01', { to: 'invalidRange' }],
    ['?from=2025-01-01&to=2026-01-02', { to: 'rangeTooLong' }],
    ['?from=2026-02-30', { from: 'invalidDate' }],
    ['?to=tomorrow', { to: 'invalidDate' }],
  ])('refuses %s', async (query, fields) => {
    const { cookie } = await signedInOwner(t);
    const res = await analytics(cookie, query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields });
  });
});
