import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Locale } from '@shared/locale';
import { users } from '../../db/schema/auth';
import { businesses } from '../../db/schema/businesses';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { ownerOrderEvents } from '../../db/schema/owner-notices';
import { bookGiftTime } from '../../domain/bookings/book-gift-time';
import { cancelBookingByRecipient } from '../../domain/bookings/cancel-booking-by-recipient';
import { slotKey } from '../../domain/bookings/claim-slot';
import { moveBooking } from '../../domain/bookings/move-booking';
import { bookableOrder, bookingBusiness, weeklySession } from '../../testing/booking-test-world';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { sendOwnerDailySummaries } from './send-owner-daily-summaries';

/**
 * New, moved and cancelled bookings reach the owner (ADR 105) as order events do (ADR 065):
 * a mail each, in the owner's language, or the next morning's summary for an owner who chose
 * it. Each change is its own event, so one gift booked, moved twice and cancelled tells four.
 */
describe('owners are told of their bookings', () => {
  // Monday 7 December 2026, 10:00 in Madrid.
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
  const ctx = () => t.app.ctx;

  async function world(locale: Locale, digest: boolean) {
    const { owner, business, gift } = await bookingBusiness(db(), { partySize: 2 });
    await db().update(users).set({ locale }).where(eq(users.id, owner.id));
    await db().update(businesses).set({ orderMailDigest: digest }).where(eq(businesses.id, business.id));
    const session = await weeklySession(db(), business.id, { isoWeekday: 6, startTime: '10:00', places: 6 });
    const order = await bookableOrder(db(), gift.id, now);
    const slot = (date: string) => slotKey({ sessionId: session.id, date });
    return { owner, business, gift, order, slot };
  }
  const ownerMails = (email: string) =>
    db().select().from(mailOutbox).where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'owner-order-event'))).orderBy(mailOutbox.createdAt, mailOutbox.id);

  it('mails each booking, move and cancellation of a gift at once, in the owner’s language, each with its time', async () => {
    const { owner, order, slot } = await world('es', false);
    await bookGiftTime(ctx(), order.qrCode, { slot: slot('2026-12-12'), name: 'Neus' });
    now = new Date(START.getTime() + 60_000);
    await moveBooking(ctx(), order.qrCode, slot('2026-12-19'));
    now = new Date(START.getTime() + 120_000);
    await moveBooking(ctx(), order.qrCode, slot('2026-12-26'));
    now = new Date(START.getTime() + 180_000);
    await cancelBookingByRecipient(ctx(), order.qrCode);
    const mails = await ownerMails(owner.email);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringContaining('Nueva reserva'),
      expect.stringContaining('Reserva cambiada'),
      expect.stringContaining('Reserva cambiada'),
      expect.stringContaining('Reserva cancelada'),
    ]);
    // Each says the time as it stood after the change, in Madrid time, and the party.
    expect(mails[0]!.text).toMatch(/12 dic 2026, 10:00, 2 personas/);
    expect(mails[1]!.text).toMatch(/19 dic 2026, 10:00/);
    expect(mails[2]!.text).toMatch(/26 dic 2026, 10:00/);
    expect(mails[3]!.text).toMatch(/26 dic 2026, 10:00/);
    expect(mails[0]!.text).toContain('/business/dashboard?tab=bookings');
    expect(mails[0]!.text).toContain('Ver mis reservas');
    const events = await db().select().from(ownerOrderEvents).where(eq(ownerOrderEvents.orderId, order.id));
    expect(events.map((e) => e.kind).sort()).toEqual(['booked', 'booking_cancelled', 'booking_moved', 'booking_moved']);
    expect(events.every((e) => e.mailedAt !== null && e.bookingId !== null)).toBe(true);

    // Booking again is a new booking and a new notice.
    await bookGiftTime(ctx(), order.qrCode, { slot: slot('2027-01-02'), name: 'Neus' });
    expect(await ownerMails(owner.email)).toHaveLength(5);
  });

  it('writes in English to an English owner', async () => {
    const { owner, order, slot } = await world('en', false);
    await bookGiftTime(ctx(), order.qrCode, { slot: slot('2026-12-12'), name: 'Neus' });
    const [mail] = await ownerMails(owner.email);
    expect(mail!.subject).toContain('New booking');
    expect(mail!.text).toMatch(/Booked: ".*" for 12 Dec 2026, 10:00, 2 people/);
  });

  it('puts them in the next morning’s summary for an owner who chose it, in Valencian', async () => {
    const { owner, order, slot } = await world('va', true);
    await bookGiftTime(ctx(), order.qrCode, { slot: slot('2026-12-12'), name: 'Neus' });
    now = new Date(START.getTime() + 3_600_000);
    await moveBooking(ctx(), order.qrCode, slot('2026-12-19'));
    now = new Date(START.getTime() + 7_200_000);
    await cancelBookingByRecipient(ctx(), order.qrCode);
    expect(await ownerMails(owner.email)).toEqual([]);
    // The next morning in Madrid.
    now = new Date('2026-12-08T07:00:00Z');
    await sendOwnerDailySummaries(ctx());
    const summaries = await db().select().from(mailOutbox).where(and(eq(mailOutbox.to, owner.email), eq(mailOutbox.template, 'owner-daily-summary')));
    expect(summaries).toHaveLength(1);
    const text = summaries[0]!.text;
    expect(text).toMatch(/Reservat: «.*» per al 12 des\. 2026, 10:00, 2 persones/);
    expect(text).toMatch(/Reserva canviada: «.*» passa al 19 des\. 2026, 10:00/);
    expect(text).toMatch(/Reserva cancel·lada per qui va rebre el regal/);
    expect(summaries[0]!.html).toContain('Canvis de reserves: 3.');
    // A second run sends nothing more.
    await sendOwnerDailySummaries(ctx());
    expect(await db().select().from(mailOutbox).where(and(eq(mailOutbox.to, owner.email), eq(mailOutbox.template, 'owner-daily-summary')))).toHaveLength(1);
  });
});
