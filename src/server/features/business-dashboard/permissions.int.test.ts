import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gifts } from '../../db/schema/gifts';
import { createGift } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { as, imageUpload, ownerWithSales, signedInOwner, signedInUser } from '../../testing/dashboard-test-world';

/**
 * Every dashboard endpoint × every kind of caller. Ids in the URLs always belong to the
 * first business; what differs is who asks.
 */
describe('business dashboard permissions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  type Endpoint = {
    name: string;
    /** Whether the URL names one of the first business's gifts (another owner gets 404). */
    byId: boolean;
    request: (ids: { giftId: string }) => Promise<Parameters<ReturnType<typeof as>>[0]>;
    ownerStatus: number;
  };

  const endpoints: Endpoint[] = [
    { name: 'GET /api/business/me', byId: false, ownerStatus: 200, request: async () => ({ method: 'GET', url: '/api/business/me' }) },
    {
      name: 'PATCH /api/business/me',
      byId: false,
      ownerStatus: 200,
      request: async () => ({ method: 'PATCH', url: '/api/business/me', payload: { description: 'Nueva descripción' } }),
    },
    { name: 'GET /api/business/gifts', byId: false, ownerStatus: 200, request: async () => ({ method: 'GET', url: '/api/business/gifts' }) },
    {
      name: 'POST /api/business/gifts',
      byId: false,
      ownerStatus: 201,
      request: async () => ({ method: 'POST', url: '/api/business/gifts', payload: { name: 'Cena', price: '30' } }),
    },
    {
      name: 'PATCH /api/business/gifts/:id',
      byId: true,
      ownerStatus: 200,
      request: async ({ giftId }) => ({ method: 'PATCH', url: `/api/business/gifts/${giftId}`, payload: { isAvailable: false } }),
    },
    {
      name: 'DELETE /api/business/gifts/:id',
      byId: true,
      ownerStatus: 200,
      request: async ({ giftId }) => ({ method: 'DELETE', url: `/api/business/gifts/${giftId}` }),
    },
    {
      name: 'POST /api/business/gifts/:id/image',
      byId: true,
      ownerStatus: 200,
      request: async ({ giftId }) => {
        const body = await imageUpload();
        return { method: 'POST', url: `/api/business/gifts/${giftId}/image`, payload: body.payload, headers: body.headers };
      },
    },
    {
      name: 'DELETE /api/business/gifts/:id/image',
      byId: true,
      ownerStatus: 204,
      request: async ({ giftId }) => ({ method: 'DELETE', url: `/api/business/gifts/${giftId}/image` }),
    },
    { name: 'GET /api/business/orders', byId: false, ownerStatus: 200, request: async () => ({ method: 'GET', url: '/api/business/orders' }) },
    {
      name: 'GET /api/business/orders/updates',
      byId: false,
      ownerStatus: 200,
      request: async () => ({ method: 'GET', url: '/api/business/orders/updates?since=2000-01-01T00:00:00.000Z' }),
    },
    {
      name: 'GET /api/business/analytics',
      byId: false,
      ownerStatus: 200,
      request: async () => ({ method: 'GET', url: '/api/business/analytics' }),
    },
  ];

  it.each(endpoints)('$name: owner gets $ownerStatus', async (endpoint) => {
    const owner = await ownerWithSales(t);
    // A gift without orders, so DELETE really deletes it.
    const gift = await createGift(t.database.db, { businessId: owner.business.id });
    const res = await as(t, owner.cookie)(await endpoint.request({ giftId: gift.id }));
    expect(res.statusCode, res.body).toBe(endpoint.ownerStatus);
  });

  it.each(endpoints)('$name: another owner sees 404 for the ids, only their own data otherwise', async (endpoint) => {
    const first = await ownerWithSales(t);
    const other = await ownerWithSales(t);
    const res = await as(t, other.cookie)(await endpoint.request({ giftId: first.gift.id }));
    if (endpoint.byId) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'gift_not_found' });
    } else {
      expect(res.statusCode).toBe(endpoint.ownerStatus);
      expect(res.body).not.toContain(first.business.id);
      expect(res.body).not.toContain(first.gift.id);
      expect(res.body).not.toContain(first.order.id);
    }
    // Whatever they tried, the first business's gift is unchanged.
    const mine = await as(t, first.cookie)({ method: 'GET', url: '/api/business/gifts' });
    expect(mine.json().items).toContainEqual(expect.objectContaining({ id: first.gift.id, isAvailable: true, imageUrl: null }));
  });

  it.each([
    ['a consumer', 'user'],
    ['an admin who owns no business', 'admin'],
  ] as const)('%s gets 403 no_business everywhere (404 business_not_found on /me)', async (_label, role) => {
    const first = await ownerWithSales(t);
    const { cookie } = await signedInUser(t, role);
    for (const endpoint of endpoints) {
      const res = await as(t, cookie)(await endpoint.request({ giftId: first.gift.id }));
      if (endpoint.name === 'GET /api/business/me') {
        expect(res.statusCode, endpoint.name).toBe(404);
        expect(res.json()).toMatchObject({ code: 'business_not_found' });
      } else {
        expect(res.statusCode, endpoint.name).toBe(403);
        expect(res.json(), endpoint.name).toMatchObject({ code: 'no_business' });
      }
    }
  });

  it('anonymous callers get 401 everywhere', async () => {
    const first = await ownerWithSales(t);
    for (const endpoint of endpoints) {
      const res = await as(t, null)(await endpoint.request({ giftId: first.gift.id }));
      expect(res.statusCode, endpoint.name).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthenticated' });
    }
  });

  it('an inactive business may read and edit its profile and analytics, not gifts or orders', async () => {
    const pending = await signedInOwner(t, {
      verificationStatus: 'pending',
      isActive: false,
    });
    const gift = await createGift(t.database.db, { businessId: pending.business.id });
    for (const endpoint of endpoints) {
      const res = await as(t, pending.cookie)(await endpoint.request({ giftId: gift.id }));
      const open = ['GET /api/business/me', 'PATCH /api/business/me', 'GET /api/business/analytics'].includes(endpoint.name);
      if (open) expect(res.statusCode, endpoint.name).toBe(200);
      else {
        expect(res.statusCode, endpoint.name).toBe(403);
        expect(res.json(), endpoint.name).toMatchObject({ code: 'business_inactive' });
      }
    }
    // The gift the inactive business tried to change, delete and illustrate is untouched.
    const [row] = await t.database.db.select().from(gifts).where(eq(gifts.id, gift.id));
    expect(row).toMatchObject({ isAvailable: true, imageUrl: null, archivedAt: null });
    expect((await t.database.db.select().from(gifts).where(eq(gifts.businessId, pending.business.id))).length).toBe(1);
  });
});
