import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authedInject, createSignedInUser } from '../../testing/auth-helpers';
import { createBusiness, createGift, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('catalog endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function fixture() {
    const db = t.database.db;
    const owner = await createUser(db, { userType: 'business' });
    const shop = await createBusiness(db, { ownerId: owner.id, name: 'Mercat Gifts', category: 'retail' });
    const hiddenOwner = await createUser(db, { userType: 'business' });
    const hidden = await createBusiness(db, { ownerId: hiddenOwner.id, verificationStatus: 'rejected', isActive: false });
    const gift = await createGift(db, { businessId: shop.id, name: 'Cesta', price: 2500 });
    await createGift(db, { businessId: hidden.id, price: 1000 });
    return { shop, hidden, gift };
  }

  it('serves the listed businesses, one business with its gifts, and the gifts to a signed-in user', async () => {
    const { shop, hidden, gift } = await fixture();
    const { cookie } = await createSignedInUser(t);

    const businesses = await authedInject(t, cookie, { method: 'GET', url: '/api/catalog/businesses?category=retail&page=1' });
    expect(businesses.statusCode).toBe(200);
    expect(businesses.json()).toMatchObject({ total: 1, page: 1, items: [{ id: shop.id, name: 'Mercat Gifts', giftCount: 1 }] });

    const detail = await authedInject(t, cookie, { method: 'GET', url: `/api/catalog/businesses/${shop.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().gifts.map((g: { id: string }) => g.id)).toEqual([gift.id]);
    const hiddenDetail = await authedInject(t, cookie, { method: 'GET', url: `/api/catalog/businesses/${hidden.id}` });
    expect(hiddenDetail.statusCode).toBe(404);

    const gifts = await authedInject(t, cookie, { method: 'GET', url: '/api/catalog/gifts?sort=price_desc&category=&q=' });
    expect(gifts.statusCode).toBe(200);
    expect(gifts.json()).toMatchObject({ total: 1, items: [{ id: gift.id, price: 2500, business: { id: shop.id } }] });
  });

  it('rejects unknown filters with a validation problem', async () => {
    const { cookie } = await createSignedInUser(t);
    const res = await authedInject(t, cookie, { method: 'GET', url: '/api/catalog/gifts?sort=cheapest&pageSize=1000' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { sort: 'invalid', pageSize: 'invalid' } });
  });

  it('answers 401 to anonymous visitors', async () => {
    const { shop } = await fixture();
    for (const url of ['/api/catalog/businesses', `/api/catalog/businesses/${shop.id}`, '/api/catalog/gifts']) {
      const res = await authedInject(t, null, { method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('unauthenticated');
    }
  });
});
