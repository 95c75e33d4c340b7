import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { bookings, bookingSlots } from '../../db/schema/bookings';
import { bookGiftTime } from '../../domain/bookings/book-gift-time';
import { cancelBookingByRecipient } from '../../domain/bookings/cancel-booking-by-recipient';
import { slotKey } from '../../domain/bookings/claim-slot';
import { moveBooking } from '../../domain/bookings/move-booking';
import { bookableOrder, bookingBusiness, weeklySession } from '../../testing/booking-test-world';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { testDatabaseKind } from '../../testing/test-database';
import { openRacingPool } from '../../testing/racing-servers';

const RECIPIENTS = 20;

/**
 * The database counts a session's places (ADR 105): recipients racing for the last places,
 * each on their own connection, end with exactly as many bookings as places, and a move
 * racing a cancellation of the same booking leaves every count right. PGlite runs one
 * transaction at a time, so the race is PostgreSQL's.
 */
describe.runIf(testDatabaseKind() === 'postgresql')('booking races (PostgreSQL)', () => {
  const now = new Date('2026-12-07T09:00:00Z');
  let t: TestApp;
  let racers: Database;
  let closeRacers: () => Promise<void>;

  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
    ({ racers, close: closeRacers } = await openRacingPool(t, RECIPIENTS));
  });
  afterAll(async () => {
    await closeRacers();
    await t.close();
  });

  const slotRow = async (sessionId: string) => (await t.database.db.select().from(bookingSlots).where(eq(bookingSlots.sessionId, sessionId)));

  it(`${RECIPIENTS} recipients racing for the last 4 places end with exactly 4 bookings`, async () => {
    const db = t.database.db;
    const { business, gift } = await bookingBusiness(db, { partySize: 1 });
    const session = await weeklySession(db, business.id, { isoWeekday: 6, startTime: '10:00', places: 6 });
    const slot = slotKey({ sessionId: session.id, date: '2026-12-12' });
    // Two places already taken: four are left.
    for (let i = 0; i < 2; i++) await bookGiftTime(t.app.ctx, (await bookableOrder(db, gift.id, now)).qrCode, { slot, name: 'Early' });
    const orders = await Promise.all(Array.from({ length: RECIPIENTS }, () => bookableOrder(db, gift.id, now)));
    const ctx = { ...t.app.ctx, db: racers };
    const results = await Promise.allSettled(orders.map((order) => bookGiftTime(ctx, order.qrCode, { slot, name: 'Racer' })));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(4);
    expect(lost.map((r) => (r.reason as { code?: string }).code)).toEqual(Array(RECIPIENTS - 4).fill('slot_full'));
    const [row] = await slotRow(session.id);
    expect(row).toMatchObject({ places: 6, booked: 6 });
    const live = await db.select().from(bookings).where(and(eq(bookings.slotId, row!.id), eq(bookings.status, 'booked')));
    expect(live).toHaveLength(6);
  });

  it('a move racing a cancellation of the same booking keeps every count right', async () => {
    const db = t.database.db;
    const { business, gift } = await bookingBusiness(db, { partySize: 2 });
    const session = await weeklySession(db, business.id, { isoWeekday: 6, startTime: '10:00', places: 10 });
    const first = slotKey({ sessionId: session.id, date: '2026-12-12' });
    const second = slotKey({ sessionId: session.id, date: '2026-12-19' });
    const ctx = { ...t.app.ctx, db: racers };
    for (let round = 0; round < 10; round++) {
      const order = await bookableOrder(db, gift.id, now);
      await bookGiftTime(t.app.ctx, order.qrCode, { slot: first, name: 'Neus' });
      const [moved, cancelled] = await Promise.allSettled([moveBooking(ctx, order.qrCode, second), cancelBookingByRecipient(ctx, order.qrCode)]);
      // The cancellation always wins or comes second; whichever order, the gift ends with no booking.
      expect(cancelled.status === 'fulfilled' || moved.status === 'fulfilled').toBe(true);
      if (cancelled.status === 'rejected') await cancelBookingByRecipient(t.app.ctx, order.qrCode);
    }
    const rows = await slotRow(session.id);
    expect(rows.map((r) => r.booked)).toEqual(rows.map(() => 0));
    const live = await db.select().from(bookings).where(eq(bookings.status, 'booked'));
    const ofSession = live.filter((b) => rows.some((r) => r.id === b.slotId));
    expect(ofSession).toEqual([]);
  });
});
