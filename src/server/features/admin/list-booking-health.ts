import { and, count, eq, gte, inArray } from 'drizzle-orm';
import type { BookingHealth, BusinessBookingHealth } from '@shared/contracts/admin-booking-health';
import { BOOKING_ALERT } from '@shared/domain/booking';
import type { Executor } from '../../db/client';
import { bookingMisses, bookingSessions, bookingSlots, bookings } from '../../db/schema/bookings';
import { businesses } from '../../db/schema/businesses';

const DAY_MS = 86_400_000;

/**
 * Per business, over the last `BOOKING_ALERT.windowDays` days: the gifts whose recipient found
 * no free time (`booking_misses`, one per gift and Madrid day) and the bookings the business
 * cancelled. Reaching a threshold is the alert: the constant names the count that is already a
 * pattern, not the last one that is still chance. Only businesses with either count are listed,
 * so the answer stays as small as the problems.
 */
export async function listBookingHealth(db: Executor, now: Date): Promise<BookingHealth> {
  const since = new Date(now.getTime() - BOOKING_ALERT.windowDays * DAY_MS);
  const [missRows, cancellationRows] = await Promise.all([
    db
      .select({ businessId: bookingMisses.businessId, n: count() })
      .from(bookingMisses)
      .where(gte(bookingMisses.createdAt, since))
      .groupBy(bookingMisses.businessId),
    // The session says whose time it was: the business that cancelled it.
    db
      .select({ businessId: bookingSessions.businessId, n: count() })
      .from(bookings)
      .innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
      .innerJoin(bookingSessions, eq(bookingSessions.id, bookingSlots.sessionId))
      .where(and(eq(bookings.status, 'cancelled'), eq(bookings.cancelledBy, 'business'), gte(bookings.cancelledAt, since)))
      .groupBy(bookingSessions.businessId),
  ]);
  const counts = new Map<string, { misses: number; businessCancellations: number }>();
  const entry = (id: string) => counts.get(id) ?? counts.set(id, { misses: 0, businessCancellations: 0 }).get(id)!;
  for (const row of missRows) entry(row.businessId).misses = Number(row.n);
  for (const row of cancellationRows) entry(row.businessId).businessCancellations = Number(row.n);

  const ids = [...counts.keys()];
  const names = ids.length === 0 ? [] : await db.select({ id: businesses.id, name: businesses.name }).from(businesses).where(inArray(businesses.id, ids));
  const list: BusinessBookingHealth[] = names.map(({ id, name }) => {
    const { misses, businessCancellations } = counts.get(id)!;
    const missesAlert = misses >= BOOKING_ALERT.misses;
    const cancellationsAlert = businessCancellations >= BOOKING_ALERT.businessCancellations;
    return { businessId: id, businessName: name, misses, businessCancellations, missesAlert, cancellationsAlert, alert: missesAlert || cancellationsAlert };
  });
  list.sort(
    (a, b) =>
      Number(b.alert) - Number(a.alert) ||
      b.misses + b.businessCancellations - (a.misses + a.businessCancellations) ||
      a.businessName.localeCompare(b.businessName, 'es'),
  );
  return {
    windowDays: BOOKING_ALERT.windowDays,
    thresholds: { misses: BOOKING_ALERT.misses, businessCancellations: BOOKING_ALERT.businessCancellations },
    businesses: list,
  };
}
