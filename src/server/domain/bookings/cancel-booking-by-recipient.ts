import type { AppContext } from '../../platform/context';
import { findBookableGift } from './bookable-gift';
import { changeableBooking, markBookingCancelled } from './booking-changes';

/** The recipient cancels their booking, until the business's cut-off; the gift can be booked again. */
export async function cancelBookingByRecipient(ctx: Pick<AppContext, 'db' | 'now'>, code: string): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const gift = await findBookableGift(tx, code, now, { lock: true });
    const live = await changeableBooking(tx, gift.orderId, gift.businessId, now);
    await markBookingCancelled(tx, live.id, 'recipient', now);
  });
}
