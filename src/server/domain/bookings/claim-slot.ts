import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bookingSlots } from '../../db/schema/bookings';
import { AppError } from '../../platform/errors';
import type { BookableGift } from './bookable-gift';
import { listFreeTimes, type FreeTime } from './list-free-times';

/** `<session id>_<YYYY-MM-DD>`: how a form names one occurrence. */
export const slotKey = (time: { sessionId: string; date: string }) => `${time.sessionId}_${time.date}`;

export function parseSlotKey(key: string): { sessionId: string; date: string } | null {
  const match = /^([0-9a-f-]{36})_(\d{4}-\d{2}-\d{2})$/.exec(key);
  return match ? { sessionId: match[1]!, date: match[2]! } : null;
}

/**
 * The occurrence `key` names, checked to be one the gift may book now (whether it has room is
 * the database's to say), and its `booking_slots` row, made the first time it is booked.
 */
export async function claimSlot(tx: Executor, gift: BookableGift, key: string, now: Date): Promise<{ slotId: string; time: FreeTime }> {
  const wanted = parseSlotKey(key);
  if (!wanted) throw new AppError('time_not_offered', 409, 'This time is not offered');
  const { times } = await listFreeTimes(tx, gift, { from: wanted.date, to: wanted.date, partySize: 0, now });
  const time = times.find((t) => t.sessionId === wanted.sessionId);
  if (!time) throw new AppError('time_not_offered', 409, 'This time is not offered');
  await tx
    .insert(bookingSlots)
    .values({ sessionId: time.sessionId, startsAt: time.startsAt, endsAt: time.endsAt, places: time.places })
    .onConflictDoNothing({ target: [bookingSlots.sessionId, bookingSlots.startsAt] });
  const [slot] = await tx
    .select({ id: bookingSlots.id })
    .from(bookingSlots)
    .where(and(eq(bookingSlots.sessionId, time.sessionId), eq(bookingSlots.startsAt, time.startsAt)));
  return { slotId: slot!.id, time };
}
