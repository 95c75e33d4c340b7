import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/bookings';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { orders } from '../../db/schema/orders';
import { bookGiftTime } from '../../domain/bookings/book-gift-time';
import { slotKey } from '../../domain/bookings/claim-slot';
import { bookableOrder, bookingBusiness, weeklySession } from '../../testing/booking-test-world';
import { openRacingServers } from '../../testing/racing-servers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { testDatabaseKind } from '../../testing/test-database';
import { sendBookingReminders } from './send-booking-reminders';

const SERVERS = 2;
const BOOKINGS = 12;

/**
 * Two servers running the day-before reminders at the same moment (ADR 097, 105), each on its
 * own connections to one PostgreSQL: each booking is claimed by a conditional update of
 * `reminded_at` in its mail's transaction, so each recipient gets one reminder.
 */
describe.runIf(testDatabaseKind() === 'postgresql')('booking reminders job race (PostgreSQL)', () => {
  // Monday 7 December 2026, 12:00 in Madrid; the bookings are on Wednesday the 9th.
  let now = new Date('2026-12-07T08:00:00Z');
  let t: TestApp;
  let race: Awaited<ReturnType<typeof openRacingServers>>;
  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
    race = await openRacingServers(t, SERVERS);
  });
  afterAll(async () => {
    await race.close();
    await t.close();
  });

  it(`${SERVERS} servers at once send each of ${BOOKINGS} recipients one reminder`, async () => {
    const db = t.database.db;
    const { business, gift } = await bookingBusiness(db, { partySize: 1 });
    const session = await weeklySession(db, business.id, { isoWeekday: 3, startTime: '19:00', places: 50 });
    const emails: string[] = [];
    const ids: string[] = [];
    for (let i = 0; i < BOOKINGS; i++) {
      const order = await bookableOrder(db, gift.id, now);
      const email = `race-reminder-${i}-${order.id.slice(0, 8)}@example.test`;
      await db.update(orders).set({ recipientEmail: email }).where(inArray(orders.id, [order.id]));
      const booked = await bookGiftTime(t.app.ctx, order.qrCode, { slot: slotKey({ sessionId: session.id, date: '2026-12-09' }), name: 'Neus' });
      emails.push(email);
      ids.push(booked.id);
    }
    now = new Date('2026-12-08T11:00:00Z');

    const runs = await Promise.all(race.servers.map((server) => sendBookingReminders({ ...t.app.ctx, db: server.db, now: () => now })));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(BOOKINGS);

    const mails = await db.select({ to: mailOutbox.to }).from(mailOutbox).where(inArray(mailOutbox.to, emails));
    expect(mails.map((m) => m.to).sort()).toEqual([...emails].sort());
    const rows = await db.select({ remindedAt: bookings.remindedAt }).from(bookings).where(inArray(bookings.id, ids));
    expect(rows.every((r) => r.remindedAt !== null)).toBe(true);
  }, 120_000);
});
