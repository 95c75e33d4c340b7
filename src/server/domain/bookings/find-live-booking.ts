import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bookings, bookingSlots } from '../../db/schema/bookings';

export interface LiveBooking {
  id: string;
  slotId: string;
  sessionId: string;
  startsAt: Date;
  endsAt: Date;
  partySize: number;
  name: string;
  notes: string | null;
}

/** The gift's booking while it stands (one at most: a partial unique index). */
export async function findLiveBooking(db: Executor, orderId: string): Promise<LiveBooking | null> {
  const [row] = await db
    .select({
      id: bookings.id,
      slotId: bookings.slotId,
      sessionId: bookingSlots.sessionId,
      startsAt: bookingSlots.startsAt,
      endsAt: bookingSlots.endsAt,
      partySize: bookings.partySize,
      name: bookings.name,
      notes: bookings.notes,
    })
    .from(bookings)
    .innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
    .where(and(eq(bookings.orderId, orderId), eq(bookings.status, 'booked')));
  return row ?? null;
}

/** The gift's last booking the business cancelled, and why, while it has no live one (the page tells the recipient). */
export async function findLastBusinessCancellation(db: Executor, orderId: string): Promise<{ startsAt: Date; reason: string | null } | null> {
  const [row] = await db
    .select({ startsAt: bookingSlots.startsAt, reason: bookings.cancelReason, cancelledBy: bookings.cancelledBy })
    .from(bookings)
    .innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
    .where(eq(bookings.orderId, orderId))
    .orderBy(desc(bookings.updatedAt))
    .limit(1);
  return row && row.cancelledBy === 'business' ? { startsAt: row.startsAt, reason: row.reason } : null;
}
