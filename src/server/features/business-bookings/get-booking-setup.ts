import { and, asc, eq, isNull } from 'drizzle-orm';
import type { BookingSetup } from '@shared/contracts/bookings';
import { localDateOf } from '@shared/domain/analytics';
import type { Executor } from '../../db/client';
import { gifts } from '../../db/schema/gifts';
import { loadBookingCalendar } from '../../domain/bookings/booking-calendar';
import { toBookingSession } from './session-row';

/** What the Bookings tab edits: settings, closed days from today on, live sessions, the gifts that need booking. */
export async function readBookingSetup(db: Executor, businessId: string, now: Date): Promise<BookingSetup> {
  const { settings, calendar, sessions } = await loadBookingCalendar(db, businessId, localDateOf(now));
  const bookingGifts = await db
    .select({ id: gifts.id, name: gifts.name, partySize: gifts.partySize })
    .from(gifts)
    .where(and(eq(gifts.businessId, businessId), eq(gifts.bookingRequired, true), isNull(gifts.archivedAt)))
    .orderBy(asc(gifts.name));
  return { settings, closedDays: [...calendar.closedDays].sort(), sessions: sessions.map(toBookingSession), gifts: bookingGifts };
}
