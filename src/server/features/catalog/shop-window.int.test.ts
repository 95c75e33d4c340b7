import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogGiftPage } from '@shared/contracts/catalog';
import { formatPrice } from '@shared/format';
import { LEGAL_VERSIONS, legalPages, PRIVACY_POLICY_DATE } from '@shared/domain/legal-versions';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { payoutAccounts } from '../../db/schema/payouts';
import { authedInject, signIn } from '../../testing/auth-helpers';
import { createBusiness, createGift, createUser, type CreateBusinessInput } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

/*
 * ADR 067: the public shop window. Read through inject without a session, i.e. what a
 * visitor (or a search engine) with no account and no JavaScript gets. Two servers on one
 * database (`a`, `b`), as in catalog-cache.int.test.ts: a change through one shows on the
 * other's very next answer.
 */
describe('the public shop window', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ env: { PUBLIC_URL: 'https://regalos.example' } });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
  /** A word no other test's rows contain, so listings can be compared exactly. */
  const word = () => `w${randomUUID().replace(/-/g, '').slice(0, 10)}`;

  async function shop(overrides: Partial<CreateBusinessInput> = {}) {
    const owner = await createUser(a.database.db, { userType: 'business' });
    return createBusiness(a.database.db, { ownerId: owner.id, ...overrides });
  }
  const ids = (page: CatalogGiftPage) => page.items.map((g) => g.id);
  const jsonLdOf = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
  /** The gift ids a /gifts page links to, in order. */
  const listedOn = (html: string) => [...html.matchAll(/<article class="card" data-testid="shop-gift">[\s\S]*?<h3><a href="([^"]+)"/g)].map((m) => m[1]!.split('?')[0]!);

  it('lists exactly what the signed-in catalogue lists, for the same filters, sort and page', async () => {
    const tag = word();
    // Signed in here: the test database is emptied before each test.
    const consumer = await createUser(a.database.db);
    const consumerCookie = (await signIn(a, { email: consumer.email, password: consumer.password })).cookie;
    const bakery = await shop({ name: `Forn ${tag}`, category: 'coffee_bakery', district: 'quatre_carreres', address: 'Carrer de Sueca 27, Russafa' });
    const bar = await shop({ name: `Bar ${tag}`, category: 'restaurant', district: 'ciutat_vella' });
    const made = [
      await createGift(a.database.db, { businessId: bakery.id, name: `Coca ${tag}`, price: 900, createdAt: new Date('2026-01-01T10:00:00Z') }),
      await createGift(a.database.db, { businessId: bakery.id, name: `Esmorzar per a dos ${tag}`, price: 2400, forTwo: true, createdAt: new Date('2026-02-01T10:00:00Z') }),
      await createGift(a.database.db, { businessId: bar.id, name: `Paella para dos ${tag}`, price: 4800, forTwo: true, createdAt: new Date('2026-03-01T10:00:00Z') }),
      await createGift(a.database.db, { businessId: bar.id, name: `Vermut ${tag}`, price: 1500, createdAt: new Date('2026-04-01T10:00:00Z') }),
    ];
    const giftPath = new Map(made.map((g) => [g.id, `/b/${g.businessId === bakery.id ? bakery.slug : bar.slug}/${g.slug}`]));
    const queries = [
      `q=${tag}`,
      `q=${tag}&sort=price_desc`,
      `q=${tag}&sort=newest`,
      `q=${tag}&category=coffee_bakery`,
      `q=${tag}&district=ciutat_vella`,
      `q=${tag}&forTwo=1`,
      `q=${tag}&minPrice=10&maxPrice=30`,
      `q=${tag}&minPrice=15`,
      `q=${tag}&maxPrice=15&sort=price_desc`,
      `q=${tag}&pageSize=24&page=1&forTwo=1&district=quatre_carreres`,
    ];
    for (const query of queries) {
      const answer = await authedInject(a, consumerCookie, { method: 'GET', url: `/api/catalog/gifts?${query}` });
      expect(answer.statusCode, `${query}: ${answer.body}`).toBe(200);
      const api = answer.json() as CatalogGiftPage;
      const page = await get(b, `/gifts?${query}&lang=en`);
      expect(page.statusCode, query).toBe(200);
      expect(listedOn(page.body), query).toEqual(ids(api).map((id) => giftPath.get(id)));
      expect(page.body, query).toContain(`data-testid="shop-count">${api.total} gift`);
    }
    // The filters did narrow: spot checks against what was made.
    const forTwo = (await authedInject(a, consumerCookie, { method: 'GET', url: `/api/catalog/gifts?q=${tag}&forTwo=1` })).json() as CatalogGiftPage;
    expect(ids(forTwo).sort()).toEqual([made[1]!.id, made[2]!.id].sort());
    const newest = (await authedInject(a, consumerCookie, { method: 'GET', url: `/api/catalog/gifts?q=${tag}&sort=newest` })).json() as CatalogGiftPage;
    expect(ids(newest)).toEqual(made.map((g) => g.id).reverse());
    const range = (await authedInject(a, consumerCookie, { method: 'GET', url: `/api/catalog/gifts?q=${tag}&minPrice=10&maxPrice=30` })).json() as CatalogGiftPage;
    expect(ids(range)).toEqual([made[3]!.id, made[1]!.id]);
    // The API refuses a range upside down; the page drops it and says so.
    expect((await authedInject(a, consumerCookie, { method: 'GET', url: `/api/catalog/gifts?minPrice=30&maxPrice=10` })).statusCode).toBe(400);
    const lenient = await get(b, `/gifts?q=${tag}&minPrice=30&maxPrice=10&category=nonsense&lang=es`);
    expect(lenient.statusCode).toBe(200);
    expect(lenient.body).toContain('Algunos filtros no se entendían');
    // The unknown category and the upper bound that contradicts the lower one are dropped.
    expect(listedOn(lenient.body)).toEqual([giftPath.get(made[2]!.id)]);
  });

  it('keeps the state in the address: the form reflects it, pages link to their neighbours', async () => {
    const tag = word();
    const many = await shop({ name: `Tetería ${tag}`, category: 'coffee_bakery' });
    for (let i = 0; i < 26; i++) await createGift(a.database.db, { businessId: many.id, name: `Té ${i} ${tag}`, price: 1000 + i });
    const first = await get(b, `/gifts?q=${tag}&category=coffee_bakery&lang=es`);
    expect(first.body).toContain(`value="${tag}"`);
    expect(first.body).toContain('<option value="coffee_bakery" selected>');
    expect(first.body).toContain(`href="/gifts?q=${tag}&amp;category=coffee_bakery&amp;page=2&amp;lang=es" rel="next"`);
    expect(listedOn(first.body)).toHaveLength(24);
    const second = await get(b, `/gifts?q=${tag}&category=coffee_bakery&page=2&lang=es`);
    expect(listedOn(second.body)).toHaveLength(2);
    expect(second.body).toContain('rel="prev"');
    expect(second.body).toContain(`<link rel="canonical" href="https://regalos.example/gifts?q=${tag}&amp;category=coffee_bakery&amp;page=2&amp;lang=es">`);
  });

  it('never shows a business that may not be sold: hidden, pending, deactivated, not payable', async () => {
    const tag = word();
    const listed = await shop({ name: `Visible ${tag}` });
    const hidden = await shop({ name: `Hidden ${tag}` });
    await a.database.db.update(businesses).set({ hiddenAt: new Date() }).where(eq(businesses.id, hidden.id));
    const pending = await shop({ name: `Pending ${tag}`, verificationStatus: 'pending', isActive: false });
    const deactivated = await shop({ name: `Deactivated ${tag}`, isActive: false });
    const unpaid = await shop({ name: `Unpaid ${tag}` });
    await a.database.db.update(payoutAccounts).set({ transfersActive: false }).where(eq(payoutAccounts.businessId, unpaid.id));
    // Takes transfers but Stripe will not pay its bank (payouts_enabled false): not sold either.
    const noPayouts = await shop({ name: `No payouts ${tag}` });
    await a.database.db.update(payoutAccounts).set({ payoutsEnabled: false }).where(eq(payoutAccounts.businessId, noPayouts.id));
    const excluded = [hidden, pending, deactivated, unpaid, noPayouts];
    for (const business of [listed, ...excluded]) await createGift(a.database.db, { businessId: business.id, name: `Gift ${tag}` });

    const list = await get(b, `/gifts?q=${tag}&lang=en`);
    expect(listedOn(list.body)).toEqual([`/b/${listed.slug}/gift-${tag}`]);
    const sitemap = (await get(b, '/sitemap.xml')).body;
    expect(sitemap).toContain(`https://regalos.example/b/${listed.slug}?lang=en`);
    for (const business of excluded) {
      const [row] = await a.database.db.select({ slug: businesses.slug }).from(businesses).where(eq(businesses.id, business.id));
      expect(sitemap).not.toContain(`/b/${row!.slug}`);
      const page = await get(b, `/b/${row!.slug}?lang=en`);
      // Once approved and now off sale: gone (410); never approved: not found (404). Never the page.
      expect(page.statusCode, business.name).toBe(business === pending ? 404 : 410);
      expect(page.body).not.toContain(`Gift ${tag}`);
      expect(page.body).toContain('href="/gifts?lang=en"');
      expect(page.body).toContain('<meta name="robots" content="noindex">');
      expect((await get(b, `/b/${row!.slug}/gift-${tag}?lang=en`)).statusCode).toBe(business === pending ? 404 : 410);
    }
    expect((await get(b, `/b/${listed.slug}?lang=en`)).statusCode).toBe(200);
  });

  it('gives readable unique slugs, and an old one answers 301 after a rename', async () => {
    const tag = word();
    const first = await shop({ name: `Cerámica Nolla ${tag}` });
    const twin = await shop({ name: `Ceràmica  Nolla! ${tag}` });
    expect(first.slug).toBe(`ceramica-nolla-${tag}`);
    expect(twin.slug).toBe(`ceramica-nolla-${tag}-2`);
    const gift = await createGift(a.database.db, { businessId: first.id, name: 'Taller de torno (2 h)' });
    const sameName = await createGift(a.database.db, { businessId: first.id, name: 'Taller de torno 2 h' });
    expect([gift.slug, sameName.slug]).toEqual(['taller-de-torno-2-h', 'taller-de-torno-2-h-2']);
    // The same gift name at another business keeps the plain slug: unique within a business.
    expect((await createGift(a.database.db, { businessId: twin.id, name: 'Taller de torno (2 h)' })).slug).toBe('taller-de-torno-2-h');

    // The owner renames the business through the dashboard; the old address moves for good.
    const owner = await a.database.db.select().from(businesses).where(eq(businesses.id, first.id));
    await a.database.db.update(businesses).set({ name: `Nolla Taller ${tag}` }).where(eq(businesses.id, owner[0]!.id));
    const moved = await get(b, `/b/ceramica-nolla-${tag}?lang=es`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/b/nolla-taller-${tag}?lang=es`);
    expect((await get(b, `/b/nolla-taller-${tag}?lang=es`)).statusCode).toBe(200);
    const movedGift = await get(b, `/b/ceramica-nolla-${tag}/taller-de-torno-2-h`);
    expect(movedGift.statusCode).toBe(301);
    expect(movedGift.headers.location).toBe(`/b/nolla-taller-${tag}/taller-de-torno-2-h`);
    // A gift renamed: its old address moves too; a new business cannot take an old slug.
    await a.database.db.update(gifts).set({ name: 'Torno para principiantes' }).where(eq(gifts.id, gift.id));
    const oldGift = await get(b, `/b/nolla-taller-${tag}/taller-de-torno-2-h?lang=en`);
    expect(oldGift.statusCode).toBe(301);
    expect(oldGift.headers.location).toBe(`/b/nolla-taller-${tag}/torno-para-principiantes?lang=en`);
    expect((await shop({ name: `Cerámica Nolla ${tag}` })).slug).toBe(`ceramica-nolla-${tag}-3`);
    // Renaming back takes the old slug back (and it stops redirecting).
    await a.database.db.update(businesses).set({ name: `Cerámica Nolla ${tag}` }).where(eq(businesses.id, first.id));
    expect((await get(b, `/b/ceramica-nolla-${tag}`)).statusCode).toBe(200);
    expect((await get(b, `/b/nolla-taller-${tag}`)).statusCode).toBe(301);
    // A name of symbols only still gets an address.
    expect((await shop({ name: '☕☕' })).slug).toMatch(/^shop(-\d+)?$/);
  });

  it('answers 404 for unknown addresses and 410 for a gift no longer sold, with a way on', async () => {
    const tag = word();
    const business = await shop({ name: `Forn ${tag}` });
    const gift = await createGift(a.database.db, { businessId: business.id, name: `Coca ${tag}` });
    expect((await get(b, `/b/no-such-${tag}?lang=en`)).statusCode).toBe(404);
    expect((await get(b, '/b/Bad%20Slug')).statusCode).toBe(404);
    const unknownGift = await get(b, `/b/${business.slug}/no-such-gift?lang=en`);
    expect(unknownGift.statusCode).toBe(404);
    expect(unknownGift.body).toContain(`href="/b/${business.slug}?lang=en"`);
    await a.database.db.update(gifts).set({ isAvailable: false }).where(eq(gifts.id, gift.id));
    const gone = await get(b, `/b/${business.slug}/${gift.slug}?lang=es`);
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain('Este regalo ya no está a la venta');
    expect(gone.body).toContain(`href="/b/${business.slug}?lang=es"`);
    // No script but the data block and the public pages' one small script (ADR 098).
    expect(gone.body).not.toMatch(/<script(?! type="application\/ld\+json")(?! src="\/page-[0-9a-f]{12}\.js" defer)/);
  });

  it('renders complete pages: language, canonical, hreflang, title, description, Open Graph, JSON-LD with the price', async () => {
    const tag = word();
    const imageUrl = `/api/files/public/gifts/${randomUUID()}/main.0123456789abcdef.webp`;
    const business = await shop({ name: `Horchatería ${tag}`, address: 'Plaça de Santa Caterina 6', description: 'Horchata since 1836', district: 'ciutat_vella' });
    const gift = await createGift(a.database.db, { businessId: business.id, name: `Horchata y fartons ${tag}`, price: 1250, imageUrl, validityDays: 90 });
    for (const language of ['en', 'es'] as const) {
      const res = await get(b, `/b/${business.slug}/${gift.slug}?lang=${language}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const html = res.body;
      expect(html).toContain(`<html lang="${language}" data-language="${language}">`);
      expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
      expect(html).toContain(`<title>Horchata y fartons ${tag} · Horchatería ${tag} · Regalo</title>`);
      expect(html).toMatch(/<meta name="description" content="[^"]{20,}">/);
      const url = `https://regalos.example/b/${business.slug}/${gift.slug}`;
      expect(html).toContain(`<link rel="canonical" href="${url}?lang=${language}">`);
      expect(html).toContain(`<link rel="alternate" hreflang="en" href="${url}?lang=en">`);
      expect(html).toContain(`<link rel="alternate" hreflang="es" href="${url}?lang=es">`);
      expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${url}">`);
      expect(html).toContain('<meta property="og:type" content="product">');
      expect(html).toContain(`<meta property="og:image" content="https://regalos.example/api/files/public/gifts/`);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
      expect(html).toContain(formatPrice(1250));
      // The JSON-LD block and the public pages' one small script (ADR 098), nothing else.
      expect(html.match(/<script/g)).toHaveLength(2);
      expect(html).toMatch(/<script src="\/page-[0-9a-f]{12}\.js" defer><\/script>/);
      const [product] = jsonLdOf(html);
      expect(product).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: `Horchata y fartons ${tag}`,
        offers: { '@type': 'Offer', price: '12.50', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
      });
      expect((product!.offers as { seller: unknown }).seller).toMatchObject({
        '@type': 'LocalBusiness',
        name: `Horchatería ${tag}`,
        address: { '@type': 'PostalAddress', streetAddress: 'Plaça de Santa Caterina 6', addressLocality: 'Valencia', addressCountry: 'ES' },
      });
      // "Send this gift": the checkout with this gift in the cart, with or without an account (ADR 075).
      expect(html).toContain(`href="/checkout?add=${gift.id}"`);
    }
    // Valencian: the document says ca-ES-valencia, its alternates say `ca`, since search engines
    // ignore an hreflang with a variant subtag.
    const valencian = (await get(b, `/b/${business.slug}/${gift.slug}?lang=va`)).body;
    expect(valencian).toContain('<html lang="ca-ES-valencia" data-language="va">');
    const giftUrl = `https://regalos.example/b/${business.slug}/${gift.slug}`;
    expect(valencian).toContain(`<link rel="alternate" hreflang="ca" href="${giftUrl}?lang=va">`);
    expect(valencian).not.toContain('hreflang="ca-ES-valencia"');
    const page = await get(b, `/b/${business.slug}?lang=es`);
    expect(page.body).toContain(`<link rel="alternate" hreflang="ca" href="https://regalos.example/b/${business.slug}?lang=va">`);
    expect(page.body).toContain('Ciutat Vella');
    const [local] = jsonLdOf(page.body);
    expect(local).toMatchObject({ '@type': 'LocalBusiness', address: { streetAddress: 'Plaça de Santa Caterina 6', addressLocality: 'Valencia' } });
    // A name that tries to end the data block stays text.
    const sly = await shop({ name: `</script><script>alert(1)</script> ${tag}` });
    await createGift(a.database.db, { businessId: sly.id, name: 'x' });
    const slyPage = (await get(b, `/b/${sly.slug}`)).body;
    expect(slyPage).not.toContain('<script>alert(1)');
    expect(jsonLdOf(slyPage)[0]).toMatchObject({ name: `</script><script>alert(1)</script> ${tag}` });
  });

  it('shows a gift card with its bounds: "from … to …" on the shop, its page and the catalogue, an AggregateOffer in EUR (ADR 108)', async () => {
    const tag = word();
    const business = await shop({ name: `Orxateria ${tag}` });
    const card = await createGift(a.database.db, { businessId: business.id, name: `Tarjeta regalo ${tag}`, card: { minAmount: 500, maxAmount: 50_000 } });
    const page = (await get(b, `/b/${business.slug}/${card.slug}?lang=es`)).body;
    expect(page).toContain(`<p class="big-price" data-testid="shop-price">De ${formatPrice(500)} a ${formatPrice(50_000)}</p>`);
    expect(page).toContain('Tarjeta regalo</span>');
    const [product] = jsonLdOf(page);
    expect(product).toMatchObject({
      '@type': 'Product',
      offers: { '@type': 'AggregateOffer', lowPrice: '5.00', highPrice: '500.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
    });
    expect(product!.offers).not.toHaveProperty('price');
    const shopPage = (await get(b, `/b/${business.slug}?lang=en`)).body;
    expect(shopPage).toContain(`<p class="price">From ${formatPrice(500)} to ${formatPrice(50_000)}</p>`);
    const consumer = await createUser(a.database.db);
    const { cookie } = await signIn(a, { email: consumer.email, password: consumer.password });
    const listing = await authedInject(a, cookie, { method: 'GET', url: `/api/catalog/gifts?q=${tag}` });
    expect(listing.json().items).toEqual([expect.objectContaining({ id: card.id, kind: 'card', price: 500, minAmount: 500, maxAmount: 50_000 })]);
  });

  it('speaks the chosen language without ?lang=, and keeps a picked one in the cookie', async () => {
    const spanish = await get(b, '/gifts', { 'accept-language': 'es-ES,es;q=0.9' });
    expect(spanish.body).toContain('<html lang="es" data-language="es">');
    expect(spanish.headers.vary).toContain('Accept-Language');
    const picked = await get(b, '/gifts?lang=en', { 'accept-language': 'es' });
    expect(picked.body).toContain('<html lang="en" data-language="en">');
    expect(String(picked.headers['set-cookie'])).toContain('regalo-language=en');
  });

  it('shows a change made on another server at once (versioned cache)', async () => {
    const tag = word();
    const business = await shop({ name: `Forn ${tag}` });
    const gift = await createGift(a.database.db, { businessId: business.id, name: `Coca ${tag}`, price: 900 });
    const path = `/b/${business.slug}/${gift.slug}?lang=en`;
    expect((await get(b, path)).body).toContain(formatPrice(900));
    expect((await get(b, `/gifts?q=${tag}`)).body).toContain(formatPrice(900));
    await a.database.db.update(gifts).set({ price: 1100 }).where(eq(gifts.id, gift.id));
    expect((await get(b, path)).body).toContain(formatPrice(1100));
    expect((await get(b, `/gifts?q=${tag}`)).body).toContain(formatPrice(1100));
    await a.database.db.update(businesses).set({ hiddenAt: new Date() }).where(eq(businesses.id, business.id));
    expect((await get(b, path)).statusCode).toBe(410);
    expect(listedOn((await get(b, `/gifts?q=${tag}`)).body)).toEqual([]);
  });

  it('publishes a sitemap of every public page in both languages, and robots.txt', async () => {
    const tag = word();
    const business = await shop({ name: `Mercat ${tag}` });
    const gift = await createGift(a.database.db, { businessId: business.id, name: `Cistella ${tag}` });
    const [stamp] = await a.database.db.select({ at: sql<string>`greatest(${gifts.updatedAt}, ${businesses.updatedAt})` }).from(gifts).innerJoin(businesses, eq(businesses.id, gifts.businessId)).where(eq(gifts.id, gift.id));
    const res = await get(b, '/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = res.body;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9"/);
    const publicPages = ['/', '/gifts', `/b/${business.slug}`, `/b/${business.slug}/${gift.slug}`, '/privacy', ...legalPages.map((page) => `/${page}`)];
    for (const language of ['en', 'es']) {
      for (const path of publicPages) {
        const loc = `https://regalos.example${path}?lang=${language}`;
        // Each page once per language, and each with when it last changed.
        expect(xml.split(`<loc>${loc}</loc>`)).toHaveLength(2);
        expect(xml).toMatch(new RegExp(`<url><loc>${loc.replace(/[.?]/g, '\\$&')}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[^<]+</lastmod>`));
      }
    }
    expect(xml).toContain(`<url><loc>https://regalos.example/privacy?lang=es</loc><lastmod>${PRIVACY_POLICY_DATE}T00:00:00.000Z</lastmod>`);
    expect(xml).toContain(`<url><loc>https://regalos.example/legal?lang=en</loc><lastmod>${LEGAL_VERSIONS.legal}T00:00:00.000Z</lastmod>`);
    expect(xml.match(/<url>/g)).toHaveLength(xml.match(/<lastmod>/g)!.length);
    const entry = new RegExp(`<url><loc>https://regalos.example/b/${business.slug}/${gift.slug}\\?lang=en</loc><lastmod>([^<]+)</lastmod>`).exec(xml);
    expect(new Date(entry![1]!).getTime()).toBe(new Date(stamp!.at).getTime());
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="es" href="https://regalos.example/b/${business.slug}?lang=es"/>`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="ca" href="https://regalos.example/b/${business.slug}?lang=va"/>`);
    expect(xml).not.toContain('hreflang="ca-ES-valencia"');
    expect(xml).not.toMatch(/\/app|\/checkout|\/admin|\/g\//);

    const robots = await get(b, '/robots.txt');
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toBe(
      'User-agent: *\nDisallow: /app\nDisallow: /checkout\nDisallow: /business/\nDisallow: /admin\nDisallow: /g/\nDisallow: /purchase/\nDisallow: /withdraw/\nAllow: /\n\nSitemap: https://regalos.example/sitemap.xml\n',
    );
  });

  it('gives the landing page a few featured gifts with their public addresses, newest first', async () => {
    const tag = word();
    const business = await shop({ name: `Nou ${tag}` });
    const gift = await createGift(a.database.db, { businessId: business.id, name: `Novetat ${tag}`, price: 3100, createdAt: new Date(Date.now() + 60_000) });
    const res = await b.app.inject({ method: 'GET', url: '/api/shop/featured?lang=es' });
    expect(res.statusCode).toBe(200);
    const { items } = res.json() as { items: unknown[] };
    expect(items.length).toBeLessThanOrEqual(4);
    expect(items[0]).toEqual({ name: `Novetat ${tag}`, businessName: `Nou ${tag}`, price: 3100, priceText: formatPrice(3100), imageUrl: null, href: `/b/${business.slug}/${gift.slug}?lang=es` });
  });
});
