import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Locale } from '@shared/locale';
import { TERMS_VERSION } from '@shared/domain/legal-versions';
import { users } from '../../db/schema/auth';
import { bookings } from '../../db/schema/bookings';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { orders } from '../../db/schema/orders';
import { authedInject, cookieFrom } from '../../testing/auth-helpers';
import { bookableOrder, bookingBusiness, weeklySession } from '../../testing/booking-test-world';
import { line, postCheckout, shop, signedIn } from '../../testing/checkout-test-world';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { bookGiftTime } from './book-gift-time';
import { cancelBookingByRecipient } from './cancel-booking-by-recipient';
import { slotKey } from './claim-slot';
import { moveBooking } from './move-booking';

/**
 * "Tell me when it is booked" (ADR 105): ticked at checkout on a gift booked online, it sends
 * the giver one mail in their language when the recipient books, with the date and time only
 * if the recipient ticked "Tell <giver> the date too" on the gift page. A move, a cancellation
 * and a new booking send nothing more; an unticked gift sends nothing; nobody but the giver's
 * own checkout sets the wish, and the recipient's tick counts only when the giver asked.
 */
describe('telling the giver the gift is booked', () => {
  // Tuesday 8 December 2026, 08:00 in Madrid.
  const START = new Date('2026-12-08T07:00:00Z');
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
  const ctx = () => t.app.ctx;

  /** A paid gift of a business with Wednesday and Friday times at 19:30; the buyer's language and wish as given. */
  async function bookable(options: { wants: boolean; locale?: Locale }) {
    const { business, gift } = await bookingBusiness(db(), { partySize: 2 });
    const wednesday = await weeklySession(db(), business.id, { isoWeekday: 3, startTime: '19:30', places: 8 });
    const friday = await weeklySession(db(), business.id, { isoWeekday: 5, startTime: '19:30', places: 8 });
    const order = await bookableOrder(db(), gift.id, now);
    await db().update(orders).set({ giverWantsBookingNotice: options.wants, senderName: 'Pau', recipientName: 'Neus' }).where(eq(orders.id, order.id));
    await db().update(users).set({ locale: options.locale ?? 'es' }).where(eq(users.id, order.buyerId!));
    const [buyer] = await db().select({ email: users.email }).from(users).where(eq(users.id, order.buyerId!));
    return { order, email: buyer!.email, wednesday: slotKey({ sessionId: wednesday.id, date: '2026-12-09' }), friday: slotKey({ sessionId: friday.id, date: '2026-12-11' }) };
  }
  const giverMails = (email: string) => db().select().from(mailOutbox).where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'booking-made-giver')));
  const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

  it.each([
    ['en', 'Neus booked your gift', 'Wednesday, 9 December 2026 at 19:30'],
    ['es', 'Neus ha reservado tu regalo', 'miércoles, 9 de diciembre de 2026 a las 19:30'],
    ['va', 'Neus ha reservat el teu regal', 'dimecres, 9 de desembre de 2026 a les 19:30'],
  ] as const)('mails the giver in %s with the date and time when the recipient shares them', async (locale, subject, when) => {
    const { order, email, wednesday } = await bookable({ wants: true, locale });
    await bookGiftTime(ctx(), order.qrCode, { slot: wednesday, name: 'Neus', shareDateWithGiver: true });
    const [mail, ...more] = await giverMails(email);
    expect(more).toEqual([]);
    expect(mail!.locale).toBe(locale);
    expect(mail!.subject).toBe(subject);
    expect(mail!.text).toContain(when);
    expect(mail!.text).toContain('/app?tab=orders');
    expect((await orderRow(order.id)).giverToldBookedAt).toEqual(now);
    const [booking] = await db().select().from(bookings).where(eq(bookings.orderId, order.id));
    expect(booking!.shareDateWithGiver).toBe(true);
  });

  it('says only that it is booked, with no date or time, when the recipient does not share them', async () => {
    const { order, email, wednesday } = await bookable({ wants: true, locale: 'en' });
    await bookGiftTime(ctx(), order.qrCode, { slot: wednesday, name: 'Neus' });
    const [mail] = await giverMails(email);
    expect(mail!.text).toContain('Neus booked');
    expect(mail!.text).not.toContain('19:30');
    expect(mail!.text).not.toContain('December');
    expect(mail!.html).not.toContain('19:30');
  });

  it('sends nothing when the giver did not ask, and keeps no "share" the recipient could not be offered', async () => {
    const { order, email, wednesday } = await bookable({ wants: false });
    await bookGiftTime(ctx(), order.qrCode, { slot: wednesday, name: 'Neus', shareDateWithGiver: true });
    expect(await giverMails(email)).toEqual([]);
    expect((await orderRow(order.id)).giverToldBookedAt).toBeNull();
    const [booking] = await db().select().from(bookings).where(eq(bookings.orderId, order.id));
    expect(booking!.shareDateWithGiver).toBe(false);
  });

  it('tells the giver once: a move, a cancellation and a new booking send no second mail', async () => {
    const { order, email, wednesday, friday } = await bookable({ wants: true });
    await bookGiftTime(ctx(), order.qrCode, { slot: wednesday, name: 'Neus', shareDateWithGiver: true });
    now = new Date('2026-12-08T08:00:00Z');
    await moveBooking(ctx(), order.qrCode, friday);
    await cancelBookingByRecipient(ctx(), order.qrCode);
    // Already told: the page no longer offers to share a date no mail will carry.
    const page = await t.app.inject({ method: 'GET', url: `/g/${order.qrCode}?lang=es` });
    expect(page.body).toContain('data-testid="booking-form"');
    expect(page.body).not.toContain('shareDateWithGiver');
    await bookGiftTime(ctx(), order.qrCode, { slot: wednesday, name: 'Neus', shareDateWithGiver: true });
    const mails = await giverMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('19:30');
    expect((await orderRow(order.id)).giverToldBookedAt).toEqual(START);
  });

  describe('through the server', () => {
    it('the gift page offers "Tell Pau the date too" only when the giver asked, and its tick reaches the mail', async () => {
      const asked = await bookable({ wants: true, locale: 'va' });
      const page = await t.app.inject({ method: 'GET', url: `/g/${asked.order.qrCode}?lang=va` });
      expect(page.body).toContain('Dir-li també la data a Pau');
      expect(page.body).toContain('name="shareDateWithGiver"');
      const booked = await t.app.inject({
        method: 'POST',
        url: `/g/${asked.order.qrCode}/booking?lang=va`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.config.publicUrl },
        payload: new URLSearchParams({ slot: asked.wednesday, name: 'Neus', shareDateWithGiver: '1' }).toString(),
      });
      expect(booked.statusCode, booked.body).toBe(303);
      const [mail] = await giverMails(asked.email);
      expect(mail!.text).toContain('dimecres, 9 de desembre de 2026 a les 19:30');

      const notAsked = await bookable({ wants: false, locale: 'en' });
      const plain = await t.app.inject({ method: 'GET', url: `/g/${notAsked.order.qrCode}?lang=en` });
      expect(plain.statusCode).toBe(200);
      expect(plain.body).toContain('data-testid="booking-card"');
      expect(plain.body).not.toContain('shareDateWithGiver');
    });

    it('stores the wish from the giver’s own checkout, only on a gift booked online, and off unless ticked', async () => {
      const { business, gift } = await bookingBusiness(db(), { partySize: 2 });
      await weeklySession(db(), business.id, { isoWeekday: 3, startTime: '19:30', places: 8 });
      const { tea } = await shop(t);
      const giver = await signedIn(t);
      const res = await postCheckout(t, giver.cookie, [
        line(gift.id, { giverWantsBookingNotice: true }),
        line(gift.id),
        line(tea.id, { giverWantsBookingNotice: true }),
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const placed = await db().select().from(orders).where(eq(orders.checkoutId, res.json().id)).orderBy(orders.createdAt);
      expect(placed.map((o) => o.giverWantsBookingNotice)).toEqual([true, false, false]);

      const quote = await authedInject(t, null, { method: 'POST', url: '/api/checkouts/quote', payload: { giftIds: [gift.id, tea.id] } });
      expect(quote.statusCode, quote.body).toBe(200);
      expect(quote.json().items.map((i: { bookedOnline: boolean }) => i.bookedOnline)).toEqual([true, false]);

      // Not a boolean: refused, nothing placed.
      const odd = await postCheckout(t, giver.cookie, [line(gift.id, { giverWantsBookingNotice: 'yes' as unknown as boolean })]);
      expect(odd.statusCode).toBe(400);
    });

    it('lets nobody else set it: no session is refused, and a guest sets it only on the purchase they pay', async () => {
      const { business, gift } = await bookingBusiness(db(), { partySize: 2 });
      await weeklySession(db(), business.id, { isoWeekday: 3, startTime: '19:30', places: 8 });
      const anonymous = await postCheckout(t, null, [line(gift.id, { giverWantsBookingNotice: true })]);
      expect(anonymous.statusCode).toBe(401);

      // A guest who asked is told at their own address and language.
      const email = `guest-${randomUUID().slice(0, 8)}@example.test`;
      const created = await authedInject(t, null, {
        method: 'POST',
        url: '/api/guest-checkouts',
        payload: {
          idempotencyKey: `key_${randomUUID().replaceAll('-', '')}`,
          acceptedTermsVersion: TERMS_VERSION,
          lines: [line(gift.id, { giverWantsBookingNotice: true })],
          buyer: { name: 'Empar Convidada', email, locale: 'en' },
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const paid = await authedInject(t, cookieFrom(created), { method: 'POST', url: `/api/payments/test/${created.json().id}/succeed` });
      expect(paid.statusCode, paid.body).toBe(200);
      const [order] = await db().select().from(orders).where(eq(orders.checkoutId, created.json().id));
      expect(order!.giverWantsBookingNotice).toBe(true);
      const sessions = await weeklySession(db(), business.id, { isoWeekday: 5, startTime: '10:00', places: 8 });
      await bookGiftTime(ctx(), order!.qrCode, { slot: slotKey({ sessionId: sessions.id, date: '2026-12-11' }), name: 'Lucía' });
      const [mail] = await giverMails(email);
      expect(mail!.locale).toBe('en');
      expect(mail!.subject).toBe('Lucía booked your gift');
      expect(mail!.text).toContain('/purchase/');
    });
  });
});
