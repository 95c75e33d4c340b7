import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogBusinessDetailSchema,
  catalogBusinessPageSchema,
  catalogGiftPageSchema,
  type CatalogBusinessDetail,
  type CatalogBusinessPage,
  type CatalogGiftPage,
} from '@shared/contracts/catalog';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { authedInject, signIn } from '../../testing/auth-helpers';
import { createBusiness, createGift, createUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * The catalogue cache (ADR 037) with two servers on one database: a change made through one
 * server, or straight in the database, shows on the other server's very next request, on
 * PGlite and PostgreSQL alike (TEST_DB).
 */
describe('catalogue cache across servers', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  async function world() {
    const owner = await createUser(a.database.db, { userType: 'business' });
    const business = await createBusiness(a.database.db, { ownerId: owner.id, name: 'Forn de Russafa' });
    const cheap = await createGift(a.database.db, { businessId: business.id, name: 'Coca', price: 500 });
    const dear = await createGift(a.database.db, { businessId: business.id, name: 'Tarta', price: 2500 });
    const consumer = await createUser(a.database.db);
    const { cookie } = await signIn(a, { email: consumer.email, password: consumer.password });
    const { cookie: ownerCookie } = await signIn(a, { email: owner.email, password: owner.password });
    const admin = await createUser(a.database.db, { role: 'admin' });
    const { cookie: adminCookie } = await signIn(a, { email: admin.email, password: admin.password });
    return { business, cheap, dear, cookie, ownerCookie, adminCookie };
  }

  const giftsOn = async (t: TestApp, cookie: string) => {
    const res = await authedInject(t, cookie, { method: 'GET', url: '/api/catalog/gifts?sort=price_asc&page=1&pageSize=24' });
    expect(res.statusCode).toBe(200);
    return res.json() as CatalogGiftPage;
  };
  const businessesOn = async (t: TestApp, cookie: string) =>
    (await authedInject(t, cookie, { method: 'GET', url: '/api/catalog/businesses' })).json() as CatalogBusinessPage;
  const names = (page: CatalogGiftPage) => page.items.map((g) => g.name);

  it('serves a repeated listing from the cache: a change that bypasses the triggers is not seen', async () => {
    const { cheap, cookie } = await world();
    expect(names(await giftsOn(b, cookie))).toEqual(['Coca', 'Tarta']);
    // With triggers off (replica mode) the version stays, so the cached page is what answers;
    // this proves the cache is used, and that the triggers are what keeps it correct.
    await b.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(gifts).set({ name: 'Coca (renamed quietly)' }).where(eq(gifts.id, cheap.id));
    });
    expect(names(await giftsOn(b, cookie))).toEqual(['Coca', 'Tarta']);
    // Any ordinary change renews the version; the next answer is read afresh.
    await b.database.db.update(gifts).set({ price: 600 }).where(eq(gifts.id, cheap.id));
    expect(names(await giftsOn(b, cookie))).toEqual(['Coca (renamed quietly)', 'Tarta']);
  });

  it('drops a gift its business makes unavailable, on the other server at once', async () => {
    const { cheap, cookie, ownerCookie } = await world();
    expect(names(await giftsOn(a, cookie))).toEqual(['Coca', 'Tarta']);
    expect(names(await giftsOn(b, cookie))).toEqual(['Coca', 'Tarta']);

    const off = await authedInject(a, ownerCookie, { method: 'PATCH', url: `/api/business/gifts/${cheap.id}`, payload: { isAvailable: false } });
    expect(off.statusCode).toBe(200);
    const after = await giftsOn(b, cookie);
    expect(names(after)).toEqual(['Tarta']);
    expect(after.total).toBe(1);
    expect(names(await giftsOn(a, cookie))).toEqual(['Tarta']);
    expect((await businessesOn(b, cookie)).items[0]).toMatchObject({ giftCount: 1 });
  });

  it('shows a new price, a new gift and a deleted gift at once', async () => {
    const { business, dear, cookie, ownerCookie } = await world();
    expect(names(await giftsOn(b, cookie))).toEqual(['Coca', 'Tarta']);

    // Prices are typed in euros: 1 € is 100 cents.
    const cheaper = await authedInject(a, ownerCookie, { method: 'PATCH', url: `/api/business/gifts/${dear.id}`, payload: { price: '1' } });
    expect(cheaper.statusCode).toBe(200);
    expect((await giftsOn(b, cookie)).items.map((g) => [g.name, g.price])).toEqual([['Tarta', 100], ['Coca', 500]]);

    await createGift(a.database.db, { businessId: business.id, name: 'Bunyols', price: 300 });
    expect(names(await giftsOn(b, cookie))).toEqual(['Tarta', 'Bunyols', 'Coca']);

    const del = await authedInject(a, ownerCookie, { method: 'DELETE', url: `/api/business/gifts/${dear.id}` });
    expect(del.statusCode).toBe(200);
    expect(names(await giftsOn(b, cookie))).toEqual(['Bunyols', 'Coca']);
  });

  it('hides a deactivated business and its gifts at once, and shows them again when reactivated', async () => {
    const { business, cookie, adminCookie } = await world();
    const detail = (t: TestApp) => authedInject(t, cookie, { method: 'GET', url: `/api/catalog/businesses/${business.id}` });
    expect((await detail(b)).json()).toMatchObject({ business: { id: business.id } } satisfies Partial<Record<keyof CatalogBusinessDetail, unknown>>);
    expect((await businessesOn(b, cookie)).total).toBe(1);

    const off = await authedInject(a, adminCookie, { method: 'POST', url: `/api/admin/businesses/${business.id}/deactivate`, payload: {} });
    expect(off.statusCode).toBe(200);
    expect((await giftsOn(b, cookie)).items).toEqual([]);
    expect((await businessesOn(b, cookie)).total).toBe(0);
    expect((await detail(b)).statusCode).toBe(404);

    const on = await authedInject(a, adminCookie, { method: 'POST', url: `/api/admin/businesses/${business.id}/reactivate`, payload: {} });
    expect(on.statusCode).toBe(200);
    expect(names(await giftsOn(b, cookie))).toEqual(['Coca', 'Tarta']);
    expect((await detail(b)).statusCode).toBe(200);
  });

  it('follows a rename of the business and the loss of its owner (account deleted)', async () => {
    const { business, cookie } = await world();
    expect((await giftsOn(b, cookie)).items[0]?.business.name).toBe('Forn de Russafa');
    await a.database.db.update(businesses).set({ name: 'Forn Nou' }).where(eq(businesses.id, business.id));
    expect((await giftsOn(b, cookie)).items[0]?.business.name).toBe('Forn Nou');
    // The owner's row goes; the foreign key clears owner_id, which unlists the business.
    await a.database.db.execute(sql`delete from users where id = ${business.ownerId}`);
    expect((await giftsOn(b, cookie)).items).toEqual([]);
  });

  it('answers JSON that is exactly the contract, the same from the cache as fresh', async () => {
    const { business, cookie } = await world();
    for (const [url, schema] of [
      ['/api/catalog/gifts', catalogGiftPageSchema],
      ['/api/catalog/businesses', catalogBusinessPageSchema],
      [`/api/catalog/businesses/${business.id}`, catalogBusinessDetailSchema],
    ] as const) {
      const fresh = await authedInject(b, cookie, { method: 'GET', url });
      const cached = await authedInject(b, cookie, { method: 'GET', url });
      expect(fresh.statusCode, url).toBe(200);
      expect(fresh.headers['content-type']).toBe('application/json; charset=utf-8');
      // Parsing drops unknown keys: equal means nothing beyond the contract was sent.
      expect(schema.parse(fresh.json())).toEqual(fresh.json());
      expect(cached.body).toBe(fresh.body);
    }
    const missing = await authedInject(b, cookie, { method: 'GET', url: '/api/catalog/businesses/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/problem+json');
  });

  it('answers each query its own page (filters, sort and page are part of the key)', async () => {
    const { cookie } = await world();
    const get = async (query: string) =>
      ((await authedInject(b, cookie, { method: 'GET', url: `/api/catalog/gifts?${query}` })).json() as CatalogGiftPage).items.map((g) => g.name);
    expect(await get('sort=price_asc')).toEqual(['Coca', 'Tarta']);
    expect(await get('sort=price_desc')).toEqual(['Tarta', 'Coca']);
    expect(await get('sort=price_asc&pageSize=1&page=2')).toEqual(['Tarta']);
    expect(await get('q=tarta')).toEqual(['Tarta']);
    expect(await get('category=coffee_bakery')).toEqual([]);
    expect(await get('sort=price_asc')).toEqual(['Coca', 'Tarta']);
  });
});
