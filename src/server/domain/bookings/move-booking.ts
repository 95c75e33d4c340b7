import { and, eq } from 'drizzle-orm';
import { bookings } from '../../db/schema/bookings';
import { notifyOwnerOfBookingEvent } from '../owner-notices/notify-owner-of-booking-event';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { findBookableGift } from './bookable-gift';
import { changeableBooking, refusedForRoom } from './booking-changes';
import { claimSlot } from './claim-slot';
import { findLiveBooking, type LiveBooking } from './find-live-booking';

/**
 * The recipient moves their booking to another time, until the business's cut-off. The
 * trigger takes the party off the old slot and counts it on the new one in the same update.
 */
export async function moveBooking(ctx: Pick<AppContext, 'db' | 'now' | 'config'>, code: string, slot: string): Promise<LiveBooking> {
  const now = ctx.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const gift = await findBookableGift(tx, code, now, { lock: true });
      const live = await changeableBooking(tx, gift.orderId, gift.businessId, now);
      const { slotId } = await claimSlot(tx, gift, slot, now);
      if (slotId === live.slotId) return live;
      const moved = await tx
        .update(bookings)
        .set({ slotId, updatedAt: now, remindedAt: null })
        .where(and(eq(bookings.id, live.id), eq(bookings.status, 'booked')))
        .returning({ id: bookings.id });
      if (moved.length === 0) throw new AppError('booking_not_live', 409, 'This booking was cancelled');
      await notifyOwnerOfBookingEvent(tx, { bookingId: live.id, kind: 'booking_moved', at: now, publicUrl: ctx.config.publicUrl });
      return (await findLiveBooking(tx, gift.orderId))!;
    });
  } catch (error) {
    refusedForRoom(error);
  }
}
