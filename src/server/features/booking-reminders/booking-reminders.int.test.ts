import ICAL from 'ical.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Locale } from '@shared/locale';
import { businesses } from '../../db/schema/businesses';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { orders } from '../../db/schema/orders';
import { bookGiftTime } from '../../domain/bookings/book-gift-time';
import { cancelBookingByRecipient } from '../../domain/bookings/cancel-booking-by-recipient';
import { slotKey } from '../../domain/bookings/claim-slot';
import { moveBooking } from '../../domain/bookings/move-booking';
import { bookableOrder, bookingBusiness, weeklySession } from '../../testing/booking-test-world';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { sendBookingReminders } from './send-booking-reminders';

/**
 * The day-before reminder (ADR 105): from 09:00 in Madrid the day before, each booking for
 * tomorrow gets one mail in its recipient's language with the time, the address, a map link,
 * the phone and the calendar file, which two readers take alike (the RFC's own lines, and
 * ical.js); the file reaches the relay attached. A booking moved to another day is reminded
 * again for that day; a cancelled one, a later one and a gift with no address are not.
 */
describe('the day-before booking reminder', () => {
  // Tuesday 8 December 2026, 08:00 in Madrid.
  const START = new Date('2026-12-08T07:00:00Z');
  let now = START;
  let smtp: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: smtp.url }, now: () => now });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => {
    now = START;
  });
  const db = () => t.database.db;
  const ctx = () => t.app.ctx;

  async function bookedFor(date: string, locale: Locale, email: string | null = `neus-${Math.random().toString(36).slice(2)}@example.test`) {
    const { business, gift } = await bookingBusiness(db(), { partySize: 2 });
    await db().update(businesses).set({ name: 'Orxateria La Palmera', address: 'Carrer de la Palmera, 3', city: 'València' }).where(eq(businesses.id, business.id));
    // Wednesday and Friday at 19:30 (Madrid), 90 minutes.
    const wednesday = await weeklySession(db(), business.id, { isoWeekday: 3, startTime: '19:30', places: 8, lengthMinutes: 90 });
    const friday = await weeklySession(db(), business.id, { isoWeekday: 5, startTime: '19:30', places: 8, lengthMinutes: 90 });
    const order = await bookableOrder(db(), gift.id, now);
    await db().update(orders).set({ recipientEmail: email, recipientLocale: locale, recipientName: 'Neus' }).where(eq(orders.id, order.id));
    const session = ['2026-12-09', '2026-12-16'].includes(date) ? wednesday : friday;
    const booked = await bookGiftTime(ctx(), order.qrCode, { slot: slotKey({ sessionId: session.id, date }), name: 'Neus' });
    return { order, gift, email: email ?? '', booked, slot: (d: string) => slotKey({ sessionId: ['2026-12-09', '2026-12-16'].includes(d) ? wednesday.id : friday.id, date: d }) };
  }
  const reminders = (email: string) => db().select().from(mailOutbox).where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'booking-reminder')));

  it.each([
    ['en', 'Wednesday, 9 December 2026', 'Tomorrow at 19:30', '2 people'],
    ['es', 'miércoles, 9 de diciembre de 2026', 'Mañana a las 19:30', '2 personas'],
    ['va', 'dimecres, 9 de desembre de 2026', 'Demà a les 19:30', '2 persones'],
  ] as const)('mails the day before in %s, once, with the time, address, map, phone and calendar file', async (locale, date, subject, party) => {
    const { order, email } = await bookedFor('2026-12-09', locale);
    // Before 09:00 in Madrid nothing goes.
    await sendBookingReminders(ctx());
    expect(await reminders(email)).toEqual([]);
    now = new Date('2026-12-08T08:00:00Z');
    await sendBookingReminders(ctx());
    await sendBookingReminders(ctx());
    const [mail, ...more] = await reminders(email);
    expect(more).toEqual([]);
    expect(mail!.locale).toBe(locale);
    expect(mail!.subject).toContain(subject);
    expect(mail!.text).toContain(date);
    expect(mail!.text).toContain('19:30');
    expect(mail!.text).toContain(party);
    expect(mail!.text).toContain('Carrer de la Palmera, 3');
    expect(mail!.text).toContain('https://www.google.com/maps/search/?api=1&query=');
    expect(mail!.html).toContain('href="tel:+34963123456"');
    expect(mail!.text).toContain(`/g/${order.qrCode}`);

    // The calendar file: the RFC's lines, read by hand and by ical.js, agree on the time.
    const [file] = mail!.attachments!;
    expect(file).toMatchObject({ filename: 'regalo-booking.ics', contentType: expect.stringContaining('text/calendar') });
    const ics = file!.content;
    expect(ics.endsWith('\r\n')).toBe(true);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n /g, '').split('\r\n');
    expect(unfolded[0]).toBe('BEGIN:VCALENDAR');
    expect(unfolded).toContain(`UID:gift-${order.id}@localhost:3000`);
    expect(unfolded).toContain('DTSTART:20261209T183000Z');
    expect(unfolded).toContain('DTEND:20261209T200000Z');
    expect(unfolded.find((l) => l.startsWith('LOCATION:'))).toContain('Carrer de la Palmera');
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe(`gift-${order.id}@localhost:3000`);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-09T18:30:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-09T20:00:00.000Z');
    expect(event.location).toContain('Orxateria La Palmera');
  });

  it('reaches the relay with the calendar file attached, and blanks it once sent', async () => {
    const { email } = await bookedFor('2026-12-09', 'va');
    now = new Date('2026-12-08T10:00:00Z');
    await sendBookingReminders(ctx());
    await db().update(mailOutbox).set({ nextAttemptAt: now }).where(eq(mailOutbox.status, 'pending'));
    const flushed = await ctx().mail.flush();
    expect(flushed.failed).toBe(0);
    const message = smtp.messages.find((m) => m.to.map((a) => a.toLowerCase()).includes(email));
    expect(message).toBeDefined();
    expect(message!.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/i);
    expect(message!.raw).toMatch(/filename=regalo-booking\.ics/);
    const [row] = await reminders(email);
    expect(row!.status).toBe('sent');
    expect(row!.attachments).toBeNull();
  });

  it('reminds a moved booking the day before its new day, and not a cancelled, later or address-less one', async () => {
    const moved = await bookedFor('2026-12-09', 'es');
    await moveBooking(ctx(), moved.order.qrCode, moved.slot('2026-12-11'));
    const cancelled = await bookedFor('2026-12-09', 'es');
    await cancelBookingByRecipient(ctx(), cancelled.order.qrCode);
    const later = await bookedFor('2026-12-11', 'es');
    const noAddress = await bookedFor('2026-12-09', 'es', null);
    now = new Date('2026-12-08T12:00:00Z');
    await sendBookingReminders(ctx());
    expect(await reminders(moved.email)).toEqual([]);
    expect(await reminders(cancelled.email)).toEqual([]);
    expect(await reminders(later.email)).toEqual([]);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.template, 'booking-reminder'))).not.toContainEqual(expect.objectContaining({ to: noAddress.email }));
    // Thursday: the moved booking and the later one, for Friday the 11th.
    now = new Date('2026-12-10T12:00:00Z');
    await sendBookingReminders(ctx());
    expect(await reminders(moved.email)).toHaveLength(1);
    expect(await reminders(later.email)).toHaveLength(1);
    // Moved again after its reminder (to Wednesday the 16th): reminded again on the 15th.
    await moveBooking(ctx(), later.order.qrCode, later.slot('2026-12-16'));
    now = new Date('2026-12-15T12:00:00Z');
    await sendBookingReminders(ctx());
    const twice = await reminders(later.email);
    expect(twice).toHaveLength(2);
    expect(twice.map((m) => m.subject)).toEqual([expect.stringContaining('19:30'), expect.stringContaining('19:30')]);
    expect(twice.some((m) => m.text.includes('miércoles, 16 de diciembre de 2026'))).toBe(true);
  });
});
