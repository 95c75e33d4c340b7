import type { AppContext } from '../../platform/context';
import { findBookableGift } from './bookable-gift';
import { changeableBooking, markBookingCancelled } from './booking-changes';
import { notifyOwnerOfBookingEvent } from '../owner-notices/notify-owner-of-booking-event';

/** The recipient cancels their booking, until the business's cut-off; the gift can be booked again. */
export async function cancelBookingByRecipient(ctx: Pick<AppContext, 'db' | 'now' | 'config'>, code: string): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const gift = await findBookableGift(tx, code, now, { lock: true });
    const live = await changeableBooking(tx, gift.orderId, gift.businessId, now);
    await markBookingCancelled(tx, live.id, 'recipient', now);
    await notifyOwnerOfBookingEvent(tx, { bookingId: live.id, kind: 'booking_cancelled', at: now, publicUrl: ctx.config.publicUrl });
  });
}
