import { eq } from 'drizzle-orm';
import type { BookingSession } from '@shared/contracts/bookings';
import { bookingSessions } from '../../db/schema/bookings';
import { requireOwnedBusiness } from '../../domain/businesses/owned-business';
import type { AppContext } from '../../platform/context';
import { findOwnSession } from './update-booking-session';
import { toBookingSession } from './session-row';

/**
 * The business stops offering a session: no new bookings; the ones already made stand until
 * the business honours or cancels them (with a reason), so nobody loses a time silently.
 */
export async function withdrawBookingSession(ctx: Pick<AppContext, 'db' | 'now'>, userId: string, sessionId: string): Promise<BookingSession> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const business = await requireOwnedBusiness(tx, userId, { mustBeActive: true });
    await findOwnSession(tx, business.id, sessionId);
    const [row] = await tx.update(bookingSessions).set({ withdrawnAt: now, updatedAt: now }).where(eq(bookingSessions.id, sessionId)).returning();
    return toBookingSession(row!);
  });
}
