import { describe, expect, it } from 'vitest';
import { catalogBusinessesQuerySchema, catalogGiftsQuerySchema } from '@shared/contracts/catalog';
import type { Executor } from '../../db/client';
import { createBusiness, createGift, createUser, type CreateBusinessInput } from '../../testing/factories';
import { getTestDatabase } from '../../testing/test-database';
import { getCatalogBusiness } from './get-catalog-business';
import { listCatalogBusinesses } from './list-catalog-businesses';
import { listCatalogGifts } from './list-catalog-gifts';

const businessesQuery = (input: Record<string, unknown> = {}) => catalogBusinessesQuerySchema.parse(input);
const giftsQuery = (input: Record<string, unknown> = {}) => catalogGiftsQuerySchema.parse(input);

async function db(): Promise<Executor> {
  return (await getTestDatabase()).db;
}

async function listedBusiness(executor: Executor, overrides: Partial<CreateBusinessInput> = {}) {
  const owner = await createUser(executor, { userType: 'business' });
  return createBusiness(executor, { ownerId: owner.id, ...overrides });
}

describe('consumer business listing rule', () => {
  // Each case breaks exactly one condition of "active, approved, Valencia, owner, terms".
  const hidden: [string, Partial<CreateBusinessInput>][] = [
    ['inactive', { isActive: false }],
    ['not approved', { verificationStatus: 'pending', isActive: true }],
    ['outside Valencia', { city: 'Madrid' }],
    ['without an owner', { ownerId: null }],
    ['terms not accepted', { termsAcceptedAt: null }],
  ];

  it.each(hidden)('drops a business that is %s, in the list and the detail', async (_label, overrides) => {
    const executor = await db();
    const visible = await listedBusiness(executor, { name: 'Visible' });
    const excluded = await listedBusiness(executor, { name: 'Excluded', ...overrides });
    await createGift(executor, { businessId: excluded.id });

    const page = await listCatalogBusinesses(executor, businessesQuery(), 'es');
    expect(page.items.map((b) => b.id)).toEqual([visible.id]);
    expect(page.total).toBe(1);
    await expect(getCatalogBusiness(executor, excluded.id, 'es')).rejects.toMatchObject({ status: 404 });
    const gifts = await listCatalogGifts(executor, giftsQuery(), 'es');
    expect(gifts.items).toEqual([]);
  });

  it('orders by name, counts buyable gifts, filters by category and searches text', async () => {
    const executor = await db();
    const bakery = await listedBusiness(executor, {
      name: 'Forn de Russafa',
      category: 'coffee_bakery',
      description: 'Pan de masa madre y cocas',
    });
    const bar = await listedBusiness(executor, { name: 'Bar Central', category: 'restaurant' });
    await createGift(executor, { businessId: bakery.id });
    await createGift(executor, { businessId: bakery.id });
    await createGift(executor, { businessId: bakery.id, isAvailable: false });
    await createGift(executor, { businessId: bakery.id, archivedAt: new Date() });

    const all = await listCatalogBusinesses(executor, businessesQuery(), 'es');
    expect(all.items.map((b) => b.name)).toEqual(['Bar Central', 'Forn de Russafa']);
    expect(all.items.find((b) => b.id === bakery.id)).toMatchObject({
      giftCount: 2,
      category: 'coffee_bakery',
      description: 'Pan de masa madre y cocas',
    });
    expect(all.items.find((b) => b.id === bar.id)?.giftCount).toBe(0);

    const bakeries = await listCatalogBusinesses(executor, businessesQuery({ category: 'coffee_bakery' }), 'es');
    expect(bakeries.items.map((b) => b.id)).toEqual([bakery.id]);
    const search = await listCatalogBusinesses(executor, businessesQuery({ q: 'MASA' }), 'es');
    expect(search.items.map((b) => b.id)).toEqual([bakery.id]);
    // Wildcards typed by the user are literal, not "match anything".
    const literal = await listCatalogBusinesses(executor, businessesQuery({ q: '%' }), 'es');
    expect(literal.items).toEqual([]);
  });

  it('pages businesses with a total', async () => {
    const executor = await db();
    for (const name of ['A', 'B', 'C', 'D', 'E']) await listedBusiness(executor, { name: `Shop ${name}` });
    const second = await listCatalogBusinesses(executor, businessesQuery({ page: '2', pageSize: '2' }), 'es');
    expect(second.items.map((b) => b.name)).toEqual(['Shop C', 'Shop D']);
    expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 });
  });

  it('answers 404 for an unknown or malformed business id', async () => {
    const executor = await db();
    await expect(getCatalogBusiness(executor, '00000000-0000-4000-8000-000000000000', 'es')).rejects.toMatchObject({ status: 404 });
    await expect(getCatalogBusiness(executor, 'not-a-uuid', 'es')).rejects.toMatchObject({ status: 404 });
  });
});

describe('consumer gift listing rule', () => {
  it('lists only available, unarchived gifts of listed businesses, cheapest first', async () => {
    const executor = await db();
    const shop = await listedBusiness(executor, { name: 'Horchatería Daniel', category: 'traditional_drinks' });
    const hiddenShop = await listedBusiness(executor, { isActive: false });
    const cheap = await createGift(executor, { businessId: shop.id, name: 'Horchata', price: 450 });
    const dear = await createGift(executor, { businessId: shop.id, name: 'Cata', price: 4000, validityDays: 90 });
    const tieB = await createGift(executor, { businessId: shop.id, name: 'B fartons', price: 1200 });
    const tieA = await createGift(executor, { businessId: shop.id, name: 'A fartons', price: 1200 });
    await createGift(executor, { businessId: shop.id, name: 'Unavailable', price: 100, isAvailable: false });
    await createGift(executor, { businessId: shop.id, name: 'Archived', price: 100, archivedAt: new Date() });
    await createGift(executor, { businessId: hiddenShop.id, name: 'Hidden shop gift', price: 100 });

    const asc = await listCatalogGifts(executor, giftsQuery(), 'es');
    expect(asc.items.map((g) => g.id)).toEqual([cheap.id, tieA.id, tieB.id, dear.id]);
    expect(asc.total).toBe(4);
    expect(asc.items[3]).toEqual({
      id: dear.id,
      name: 'Cata',
      description: dear.description,
      price: 4000,
      kind: 'fixed',
      minAmount: null,
      maxAmount: null,
      currency: 'EUR',
      validityDays: 90,
      imageUrl: null,
      bookingRequired: false,
      partySize: null,
      validWeekdays: null,
      conditions: null,
      onlineBooking: null,
      // The public pages' addresses come along; the API's contract leaves them out.
      slug: 'cata',
      forTwo: false,
      business: {
        id: shop.id,
        name: 'Horchatería Daniel',
        category: 'traditional_drinks',
        booking: { phone: null, whatsapp: null, bookingUrl: null, openingHours: null },
        slug: 'horchateria-daniel',
        district: null,
      },
    });

    const desc = await listCatalogGifts(executor, giftsQuery({ sort: 'price_desc' }), 'es');
    expect(desc.items.map((g) => g.id)).toEqual([dear.id, tieA.id, tieB.id, cheap.id]);

    const detail = await getCatalogBusiness(executor, shop.id, 'es');
    expect(detail.gifts.map((g) => g.id)).toEqual([cheap.id, tieA.id, tieB.id, dear.id]);
    expect(detail.business.giftCount).toBe(4);
  });

  it('filters by business category and by gift or business name', async () => {
    const executor = await db();
    const bakery = await listedBusiness(executor, { name: 'Forn Sant Bult', category: 'coffee_bakery' });
    const spa = await listedBusiness(executor, { name: 'Spa Marítim', category: 'health' });
    const coca = await createGift(executor, { businessId: bakery.id, name: 'Coca de llanda', price: 900 });
    const massage = await createGift(executor, { businessId: spa.id, name: 'Masaje', price: 5000 });

    const health = await listCatalogGifts(executor, giftsQuery({ category: 'health' }), 'es');
    expect(health.items.map((g) => g.id)).toEqual([massage.id]);
    const byGift = await listCatalogGifts(executor, giftsQuery({ q: 'llanda' }), 'es');
    expect(byGift.items.map((g) => g.id)).toEqual([coca.id]);
    const byBusiness = await listCatalogGifts(executor, giftsQuery({ q: 'marítim' }), 'es');
    expect(byBusiness.items.map((g) => g.id)).toEqual([massage.id]);
  });

  it('searches the way people type: without accents, in any case, Ruzafa for Russafa, with a typo', async () => {
    const executor = await db();
    const pottery = await listedBusiness(executor, { name: 'Cerámica Nolla', category: 'artisan_workshop', address: 'Carrer de Quart 22, El Carme' });
    const horchata = await listedBusiness(executor, { name: 'Horchatería Santa Catalina', category: 'traditional_drinks', address: 'Plaça de Santa Caterina 6' });
    const tea = await listedBusiness(executor, { name: 'Tetería', category: 'coffee_bakery', address: 'Carrer de Sueca 27, Russafa' });
    const bar = await listedBusiness(executor, { name: 'Bar Central', category: 'restaurant', description: 'El vi de la casa y paella' });
    const potteryClass = await createGift(executor, { businessId: pottery.id, name: 'Taller de torno', price: 4500 });
    const horchataGift = await createGift(executor, { businessId: horchata.id, name: 'Horchata y fartons', price: 700 });
    const teaGift = await createGift(executor, { businessId: tea.id, name: 'Cata de tés', price: 3200 });
    await createGift(executor, { businessId: bar.id, name: 'Paella para dos', price: 3000 });

    const businessesFor = async (q: string) => (await listCatalogBusinesses(executor, businessesQuery({ q }), 'es')).items.map((b) => b.id);
    const giftsFor = async (q: string) => (await listCatalogGifts(executor, giftsQuery({ q }), 'es')).items.map((g) => g.id);

    expect(await businessesFor('ceramica')).toEqual([pottery.id]);
    expect(await businessesFor('CERAMICA')).toEqual([pottery.id]);
    expect(await businessesFor('horchateria')).toEqual([horchata.id]);
    expect(await businessesFor('Ruzafa')).toEqual([tea.id]);
    expect(await businessesFor('ceramca')).toEqual([pottery.id]); // one letter missing
    expect(await businessesFor('orchateria')).toEqual([horchata.id]);
    expect(await giftsFor('ceramica')).toEqual([potteryClass.id]);
    expect(await giftsFor('horchateria')).toEqual([horchataGift.id]);
    expect(await giftsFor('ruzafa')).toEqual([teaGift.id]);
    // Forgiving, not loose: short words and unrelated ones find nothing.
    expect(await giftsFor('pan')).toEqual([]);
    expect(await businessesFor('vino')).toEqual([]);
    expect(await businessesFor('%')).toEqual([]);
  });

  it('matches word by word: every word typed must be found, in the gift or its business', async () => {
    const executor = await db();
    const oven = await listedBusiness(executor, { name: 'Forn de Russafa', category: 'coffee_bakery' });
    const ana = await createGift(executor, { businessId: oven.id, name: 'Coca de llanda de Ana', price: 900 });
    const pep = await createGift(executor, { businessId: oven.id, name: 'Coca de llanda de Pep', price: 900 });
    const giftsFor = async (q: string) => (await listCatalogGifts(executor, giftsQuery({ q }), 'es')).items.map((g) => g.id).sort();

    // As one phrase the two names are near enough to match each other; word by word they are not.
    expect(await giftsFor('coca de llanda de pep')).toEqual([pep.id]);
    expect(await giftsFor('Coca de llanda')).toEqual([ana.id, pep.id].sort());
    // A word of the gift and a word (misspelt) of its business.
    expect(await giftsFor('coca ruzafa')).toEqual([ana.id, pep.id].sort());
    expect(await giftsFor('coca madrid')).toEqual([]);
  });

  it('pages without repeating or skipping gifts when prices tie', async () => {
    const executor = await db();
    const shop = await listedBusiness(executor);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await createGift(executor, { businessId: shop.id, name: 'Same', price: 1000 })).id);

    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const result = await listCatalogGifts(executor, giftsQuery({ page, pageSize: 3 }), 'es');
      expect(result.total).toBe(7);
      seen.push(...result.items.map((g) => g.id));
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(new Set(ids));
    const beyond = await listCatalogGifts(executor, giftsQuery({ page: 4, pageSize: 3 }), 'es');
    expect(beyond).toMatchObject({ items: [], total: 7 });
  });
});
