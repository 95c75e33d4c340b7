import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '@shared/locale';
import { businesses } from '../../db/schema/businesses';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { orders } from '../../db/schema/orders';
import { bookGiftTime } from '../../domain/bookings/book-gift-time';
import { slotKey } from '../../domain/bookings/claim-slot';
import { bookableOrder, weeklySession } from '../../testing/booking-test-world';
import { as, signedInOwner } from '../../testing/dashboard-test-world';
import { createGift } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * The business cancels a booking (ADR 105): the recipient gets a mail in their language with
 * the reason, the time that was booked and the way back to the gift, which books again.
 */
describe('the recipient told of a business’s cancellation', () => {
  // Monday 7 December 2026, 10:00 in Madrid.
  const now = new Date('2026-12-07T09:00:00Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  async function bookedGift(locale: Locale, email: string | null) {
    const owner = await signedInOwner(t);
    await db().update(businesses).set({ phone: '+34 963 12 34 56' }).where(eq(businesses.id, owner.business.id));
    const gift = await createGift(db(), { businessId: owner.business.id, bookingRequired: true, partySize: 2, name: 'Esmorzar per a dos' });
    const session = await weeklySession(db(), owner.business.id, { isoWeekday: 6, startTime: '10:00', places: 4 });
    const order = await bookableOrder(db(), gift.id, now);
    await db().update(orders).set({ recipientEmail: email, recipientLocale: locale, recipientName: 'Neus' }).where(eq(orders.id, order.id));
    const booked = await bookGiftTime(t.app.ctx, order.qrCode, { slot: slotKey({ sessionId: session.id, date: '2026-12-12' }), name: 'Neus' });
    return { owner, order, session, bookingId: booked.id };
  }
  const mailsTo = (to: string) => db().select().from(mailOutbox).where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, 'booking-cancelled-by-business')));

  it.each([
    ['en', 'Saturday, 12 December 2026', 'cancelled your booking', 'Book another time'],
    ['es', 'sábado, 12 de diciembre de 2026', 'ha cancelado tu reserva', 'Reservar otra hora'],
    ['va', 'dissabte, 12 de desembre de 2026', 'ha cancel·lat la teua reserva', 'Reservar una altra hora'],
  ] as const)('mails the reason in %s, and the gift books again', async (locale, date, subject, action) => {
    const email = `neus-${locale}@example.test`;
    const { owner, order, session, bookingId } = await bookedGift(locale, email);
    expect(await mailsTo(email)).toEqual([]);
    const cancelled = await as(t, owner.cookie)({ method: 'POST', url: `/api/business/bookings/${bookingId}/cancel`, payload: { reason: 'Tanquem per una avaria' } });
    expect(cancelled.statusCode).toBe(200);
    const [mail, ...more] = await mailsTo(email);
    expect(more).toEqual([]);
    expect(mail!.locale).toBe(locale);
    expect(mail!.subject).toContain(subject);
    expect(mail!.text).toContain(date);
    expect(mail!.text).toContain('10:00');
    expect(mail!.text).toContain('Tanquem per una avaria');
    expect(mail!.text).toContain(`/g/${order.qrCode}`);
    expect(mail!.text).toContain(action);
    // The business's phone, as a way to call.
    expect(mail!.html).toContain('href="tel:+34963123456"');
    // The owner is not told back of their own cancellation (only the booking was).
    const ownerMails = await db().select({ subject: mailOutbox.subject }).from(mailOutbox).where(and(eq(mailOutbox.to, owner.user.email), eq(mailOutbox.template, 'owner-order-event')));
    expect(ownerMails).toHaveLength(1);
    // And the gift books again, from the link the mail gives.
    await bookGiftTime(t.app.ctx, order.qrCode, { slot: slotKey({ sessionId: session.id, date: '2026-12-19' }), name: 'Neus' });
  });

  it('writes no mail when the gift has no address, nor when the cancellation is refused', async () => {
    const { owner, bookingId } = await bookedGift('es', null);
    const before = await db().select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.template, 'booking-cancelled-by-business'));
    expect((await as(t, owner.cookie)({ method: 'POST', url: `/api/business/bookings/${bookingId}/cancel`, payload: { reason: 'Avaria' } })).statusCode).toBe(200);
    // A second cancellation is refused (409) and tells nobody again.
    expect((await as(t, owner.cookie)({ method: 'POST', url: `/api/business/bookings/${bookingId}/cancel`, payload: { reason: 'Avaria' } })).statusCode).toBe(409);
    const after = await db().select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.template, 'booking-cancelled-by-business'));
    expect(after).toHaveLength(before.length);
  });

  it('does not mail when another owner tries to cancel', async () => {
    const email = 'neus-other@example.test';
    const { bookingId } = await bookedGift('es', email);
    const other = await signedInOwner(t);
    expect((await as(t, other.cookie)({ method: 'POST', url: `/api/business/bookings/${bookingId}/cancel`, payload: { reason: 'x' } })).statusCode).toBe(404);
    expect(await mailsTo(email)).toEqual([]);
  });
});
