import { and, eq, gt, isNull } from 'drizzle-orm';
import type { BookingSession } from '@shared/contracts/bookings';
import { bookingSessions, bookingSlots } from '../../db/schema/bookings';
import type { Executor } from '../../db/client';
import { isCheckViolation } from '../../db/check-violation';
import { requireOwnedBusiness } from '../../domain/businesses/owned-business';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { toBookingSession } from './session-row';

/** The caller's live session, locked; another business's looks like a missing one. */
export async function findOwnSession(tx: Executor, businessId: string, sessionId: string) {
  const [row] = await tx
    .select()
    .from(bookingSessions)
    .where(and(eq(bookingSessions.id, sessionId), eq(bookingSessions.businessId, businessId), isNull(bookingSessions.withdrawnAt)))
    .for('update');
  if (!row) throw new AppError('session_not_found', 404, 'No such session');
  return row;
}

/**
 * New places for a session: its future occurrences already made take them too, and the slots'
 * check refuses fewer places than are booked there (409 `places_below_booked`).
 */
export async function updateBookingSession(ctx: Pick<AppContext, 'db' | 'now'>, userId: string, sessionId: string, input: { places: number }): Promise<BookingSession> {
  const now = ctx.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const business = await requireOwnedBusiness(tx, userId, { mustBeActive: true });
      await findOwnSession(tx, business.id, sessionId);
      await tx.update(bookingSlots).set({ places: input.places }).where(and(eq(bookingSlots.sessionId, sessionId), gt(bookingSlots.startsAt, now)));
      const [row] = await tx.update(bookingSessions).set({ places: input.places, updatedAt: now }).where(eq(bookingSessions.id, sessionId)).returning();
      return toBookingSession(row!);
    });
  } catch (error) {
    if (isCheckViolation(error, 'booking_slots_booked_check')) throw new AppError('places_below_booked', 409, 'More people are already booked on a time of this session');
    throw error;
  }
}
