import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authedInject } from '../../testing/auth-helpers';
import { createGift, createOrder, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { applicant, signedIn, snapshot } from './admin-test-world';

/**
 * Every admin endpoint × {admin, consumer, business owner, anonymous}. The refused get
 * 401/403 and nothing changes (businesses, applications, orders, audit log compared whole).
 */
describe('admin API permissions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  type Ids = { businessId: string; orderId: string };
  const endpoints: { name: string; method: 'GET' | 'POST' | 'PATCH'; url: (ids: Ids) => string; payload?: unknown; adminStatus: number }[] = [
    { name: 'overview', method: 'GET', url: () => '/api/admin/overview', adminStatus: 200 },
    { name: 'booking health', method: 'GET', url: () => '/api/admin/booking-health', adminStatus: 200 },
    { name: 'applications', method: 'GET', url: () => '/api/admin/applications', adminStatus: 200 },
    { name: 'businesses', method: 'GET', url: () => '/api/admin/businesses?status=pending', adminStatus: 200 },
    { name: 'business', method: 'GET', url: (i) => `/api/admin/businesses/${i.businessId}`, adminStatus: 200 },
    { name: 'document view', method: 'GET', url: (i) => `/api/admin/businesses/${i.businessId}/documents/business_license/view`, adminStatus: 200 },
    { name: 'approve', method: 'POST', url: (i) => `/api/admin/businesses/${i.businessId}/approve`, payload: { commissionRate: 12 }, adminStatus: 200 },
    { name: 'reject', method: 'POST', url: (i) => `/api/admin/businesses/${i.businessId}/reject`, payload: { reason: 'Unreadable licence' }, adminStatus: 200 },
    { name: 'commission', method: 'PATCH', url: (i) => `/api/admin/businesses/${i.businessId}/commission`, payload: { commissionRate: 15 }, adminStatus: 200 },
    { name: 'deactivate', method: 'POST', url: (i) => `/api/admin/businesses/${i.businessId}/deactivate`, payload: { reason: 'Closed' }, adminStatus: 200 },
    { name: 'reactivate', method: 'POST', url: (i) => `/api/admin/businesses/${i.businessId}/reactivate`, payload: {}, adminStatus: 409 },
    { name: 'orders', method: 'GET', url: () => '/api/admin/orders?status=paid', adminStatus: 200 },
    {
      name: 'extend expiry',
      method: 'POST',
      url: (i) => `/api/admin/orders/${i.orderId}/extend-expiry`,
      payload: { expiresOn: '2099-12-31', reason: 'Customer was ill' },
      adminStatus: 200,
    },
    { name: 'audit', method: 'GET', url: () => '/api/admin/audit', adminStatus: 200 },
    { name: 'cancel and refund', method: 'POST', url: (i) => `/api/admin/orders/${i.orderId}/cancel`, payload: { reason: 'Business closed' }, adminStatus: 200 },
  ];

  async function world() {
    const { business } = await applicant(t);
    const other = await applicant(t, { verificationStatus: 'approved', isActive: true });
    const gift = await createGift(t.database.db, { businessId: other.business.id });
    const buyer = await createUser(t.database.db);
    const order = await createOrder(t.database.db, { buyerId: buyer.id, giftId: gift.id, status: 'paid', recipientEmail: 'ana@example.test' });
    return { businessId: business.id, orderId: order.id, owner: other.owner };
  }

  it.each(endpoints)('$name: an admin gets $adminStatus', async (endpoint) => {
    const ids = await world();
    const admin = await signedIn(t, { role: 'admin' });
    const res = await authedInject(t, admin.cookie, { method: endpoint.method, url: endpoint.url(ids), payload: endpoint.payload as object });
    expect(res.statusCode, res.body).toBe(endpoint.adminStatus);
  });

  it.each(['consumer', 'business owner', 'anonymous'] as const)('%s is refused everywhere and nothing changes', async (who) => {
    const ids = await world();
    let cookie: string | null = null;
    if (who === 'consumer') cookie = (await signedIn(t)).cookie;
    if (who === 'business owner') cookie = ids.owner.cookie;
    const before = await snapshot(t);
    for (const endpoint of endpoints) {
      const res = await authedInject(t, cookie, { method: endpoint.method, url: endpoint.url(ids), payload: endpoint.payload as object });
      if (who === 'anonymous') {
        expect(res.statusCode, endpoint.name).toBe(401);
        expect(res.json()).toMatchObject({ code: 'unauthenticated' });
      } else {
        expect(res.statusCode, endpoint.name).toBe(403);
        expect(res.json()).toMatchObject({ code: 'forbidden' });
      }
    }
    expect(await snapshot(t)).toBe(before);
  });

  it('bad input from an admin is a 400 with fields and changes nothing', async () => {
    const ids = await world();
    const admin = await signedIn(t, { role: 'admin' });
    const before = await snapshot(t);
    const cases = [
      { method: 'POST', url: `/api/admin/businesses/${ids.businessId}/approve`, payload: { commissionRate: 101 }, field: 'commissionRate' },
      { method: 'POST', url: `/api/admin/businesses/${ids.businessId}/approve`, payload: { commissionRate: 12.345 }, field: 'commissionRate' },
      { method: 'POST', url: `/api/admin/businesses/${ids.businessId}/reject`, payload: { reason: '   ' }, field: 'reason' },
      { method: 'PATCH', url: `/api/admin/businesses/${ids.businessId}/commission`, payload: { commissionRate: -1 }, field: 'commissionRate' },
      { method: 'POST', url: `/api/admin/orders/${ids.orderId}/extend-expiry`, payload: { expiresOn: '2026-02-30', reason: 'x' }, field: 'expiresOn' },
      { method: 'POST', url: `/api/admin/orders/${ids.orderId}/extend-expiry`, payload: { expiresOn: '2000-01-01', reason: 'x' }, field: 'expiresOn' },
      { method: 'POST', url: `/api/admin/orders/${ids.orderId}/extend-expiry`, payload: { expiresOn: '2099-01-01', reason: '' }, field: 'reason' },
      { method: 'POST', url: `/api/admin/orders/${ids.orderId}/cancel`, payload: { reason: '  ' }, field: 'reason' },
      { method: 'POST', url: `/api/admin/orders/${ids.orderId}/cancel`, payload: {}, field: 'reason' },
    ] as const;
    for (const c of cases) {
      const res = await authedInject(t, admin.cookie, { method: c.method, url: c.url, payload: c.payload });
      expect(res.statusCode, `${c.url} ${JSON.stringify(c.payload)}`).toBe(400);
      expect(Object.keys(res.json().fields ?? {})).toContain(c.field);
    }
    expect(await snapshot(t)).toBe(before);
  });
});
