import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CatalogGiftPage } from '@shared/contracts/catalog';
import { bookingSessions } from '../../db/schema/bookings';
import { bookingBusiness, weeklySession } from '../../testing/booking-test-world';
import { as, line, postCheckout, signedIn } from '../../testing/checkout-test-world';
import { createGift } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * What the shop sells of gifts that need booking (ADR 105, "What the shop sells"): a gift
 * booked online says so with its next free time, and is not sold while its business offers
 * no time within SELLABLE_WITHIN_DAYS; a business that never published a session sells its
 * gifts booked by phone as before. Read as a visitor (the shop window) and a signed-in giver
 * (the catalogue and the checkout).
 */
describe('the shop sells a gift that needs booking only with a time to book', () => {
  // Monday 7 December 2026, 10:00 in Madrid: near the real date, as signed-in sessions live in real time.
  const START = new Date('2026-12-07T09:00:00Z');
  let now = START;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    now = START;
  });
  const db = () => t.database.db;
  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  async function catalogue(cookie: string) {
    const answer = await t.app.inject({ method: 'GET', url: '/api/catalog/gifts?pageSize=48', headers: { cookie } });
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as CatalogGiftPage).items;
  }
  async function oneOff(businessId: string, onDate: string, startTime = '11:00') {
    const [row] = await db().insert(bookingSessions).values({ businessId, kind: 'once', onDate, startTime, lengthMinutes: 60, places: 4 }).returning();
    return row!;
  }

  it('sells a gift booked by phone as before while its business has never published a session', async () => {
    const giver = await signedIn(t);
    const { business, gift } = await bookingBusiness(db(), { partySize: 2 });
    const listed = (await catalogue(giver.cookie)).find((item) => item.id === gift.id);
    expect(listed).toMatchObject({ bookingRequired: true, onlineBooking: null });
    const window = await page(`/b/${business.slug}?lang=en`);
    expect(window.body).toContain(`/b/${business.slug}/${gift.slug}`);
    expect(window.body).not.toContain('Book online after you receive it');
    const own = await page(`/b/${business.slug}/${gift.slug}?lang=en`);
    expect(own.body).toContain('data-testid="send-gift"');
    expect((await postCheckout(t, giver.cookie, [line(gift.id)])).statusCode).toBe(201);
  });

  it('says "book online after you receive it" and the next free time, in the shop window, the gift page and the catalogue', async () => {
    const giver = await signedIn(t);
    const { business, gift } = await bookingBusiness(db(), { partySize: 2 });
    // Saturdays at 10:00: the next one is 12 December, 09:00 UTC.
    await weeklySession(db(), business.id, { isoWeekday: 6, startTime: '10:00', places: 6 });
    const listed = (await catalogue(giver.cookie)).find((item) => item.id === gift.id);
    expect(listed?.onlineBooking).toEqual({ nextFreeAt: '2026-12-12T09:00:00.000Z' });
    const window = await page(`/b/${business.slug}?lang=va`);
    expect(window.body).toContain('Reserva&#39;l en línia quan el rebes');
    expect(window.body).toContain('Pròxima hora lliure: 12 des. 2026, 10:00');
    const own = await page(`/b/${business.slug}/${gift.slug}?lang=es`);
    expect(own.body).toContain('Resérvalo en línea cuando lo recibas');
    expect(own.body).toContain('Próxima hora libre: 12 dic 2026, 10:00');
    expect(own.body).toContain('data-testid="send-gift"');
    const listing = await page(`/gifts?lang=en&q=${encodeURIComponent(gift.name)}`);
    expect(listing.body).toContain('Book online after you receive it');
    expect((await postCheckout(t, giver.cookie, [line(gift.id)])).statusCode).toBe(201);
  });

  it('takes off sale a gift whose business publishes no time within 30 days, refuses it at checkout, and sells it again once it does', async () => {
    const giver = await signedIn(t);
    const { business, gift } = await bookingBusiness(db(), { partySize: 2 });
    const other = await createGift(db(), { businessId: business.id, name: 'Vale sin reserva', bookingRequired: false });
    // Sold by phone until the business publishes its first session; read so the answers are cached.
    expect((await catalogue(giver.cookie)).map((item) => item.id)).toEqual(expect.arrayContaining([gift.id, other.id]));
    expect((await page(`/b/${business.slug}?lang=en`)).body).toContain(`/b/${business.slug}/${gift.slug}`);
    // Its only time is 40 days away.
    await oneOff(business.id, '2027-01-16');

    expect((await catalogue(giver.cookie)).map((item) => item.id)).not.toContain(gift.id);
    const window = await page(`/b/${business.slug}?lang=en`);
    expect(window.body).not.toContain(`/b/${business.slug}/${gift.slug}`);
    expect(window.body).toContain(`/b/${business.slug}/${other.slug}`);
    // The search is fuzzy: a neighbour such as "Business 1733" may match "Gift 1734"; this gift must not.
    expect((await page(`/gifts?lang=en&q=${encodeURIComponent(gift.name)}`)).body).not.toContain(`/b/${business.slug}/${gift.slug}`);
    const detail = await t.app.inject({ method: 'GET', url: `/api/catalog/businesses/${business.id}`, headers: { cookie: giver.cookie } });
    expect(detail.json().gifts.map((g: { id: string }) => g.id)).toEqual([other.id]);
    expect((await page('/sitemap.xml')).body).not.toContain(`/b/${business.slug}/${gift.slug}`);

    // Its own page stays, says why, and offers no way to buy it.
    const own = await page(`/b/${business.slug}/${gift.slug}?lang=va`);
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain('data-testid="send-gift"');
    expect(own.body).toContain('no té hores per a reservar en els pròxims 30 dies');

    // The checkout refuses it on the server, with its own translated field error, and the quote knows it not.
    const refused = await postCheckout(t, giver.cookie, [line(other.id), line(gift.id)]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'gift_unavailable', fields: { 'lines.1.giftId': 'no_booking_times' } });
    const quote = await as(t, null)({ method: 'POST', url: '/api/checkouts/quote', payload: { giftIds: [gift.id, other.id] } });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().items.map((item: { available: boolean }) => item.available)).toEqual([false, true]);

    // A time within 30 days puts it back on sale at once.
    await oneOff(business.id, '2026-12-30', '18:00');
    expect((await catalogue(giver.cookie)).find((item) => item.id === gift.id)?.onlineBooking).toEqual({ nextFreeAt: '2026-12-30T17:00:00.000Z' });
    expect((await page(`/b/${business.slug}?lang=en`)).body).toContain(`/b/${business.slug}/${gift.slug}`);
    expect((await postCheckout(t, giver.cookie, [line(gift.id)])).statusCode).toBe(201);
  });

  it('counts a business that withdrew every session as booking online: no time, no sale', async () => {
    const giver = await signedIn(t);
    const { business, gift } = await bookingBusiness(db(), { partySize: 2 });
    const session = await weeklySession(db(), business.id, { isoWeekday: 3, startTime: '17:00', places: 4 });
    expect((await catalogue(giver.cookie)).map((item) => item.id)).toContain(gift.id);
    await db().update(bookingSessions).set({ withdrawnAt: now }).where(eq(bookingSessions.id, session.id));
    expect((await catalogue(giver.cookie)).map((item) => item.id)).not.toContain(gift.id);
    expect((await postCheckout(t, giver.cookie, [line(gift.id)])).json()).toMatchObject({ fields: { 'lines.0.giftId': 'no_booking_times' } });
  });

  it('needs room for the gift\'s party and a time on the gift\'s own days', async () => {
    const giver = await signedIn(t);
    // For four people, Saturdays only; the business offers Fridays with four places and Saturdays with two.
    const { business, gift } = await bookingBusiness(db(), { partySize: 4, validWeekdays: [6] });
    await weeklySession(db(), business.id, { isoWeekday: 5, startTime: '20:00', places: 4 });
    const saturday = await weeklySession(db(), business.id, { isoWeekday: 6, startTime: '20:00', places: 2 });
    expect((await catalogue(giver.cookie)).map((item) => item.id)).not.toContain(gift.id);
    await db().update(bookingSessions).set({ places: 6 }).where(eq(bookingSessions.id, saturday.id));
    expect((await catalogue(giver.cookie)).find((item) => item.id === gift.id)?.onlineBooking).toEqual({ nextFreeAt: '2026-12-12T19:00:00.000Z' });
  });

  it('follows the clock: a gift whose last time has started is off sale with no row changing', async () => {
    const giver = await signedIn(t);
    const { business, gift } = await bookingBusiness(db(), { partySize: 2 });
    await oneOff(business.id, '2026-12-09', '11:00');
    expect((await catalogue(giver.cookie)).find((item) => item.id === gift.id)?.onlineBooking).toEqual({ nextFreeAt: '2026-12-09T10:00:00.000Z' });
    now = new Date('2026-12-09T10:30:00Z');
    expect((await catalogue(giver.cookie)).map((item) => item.id)).not.toContain(gift.id);
  });
});
