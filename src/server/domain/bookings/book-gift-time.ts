import { bookings } from '../../db/schema/bookings';
import { notifyOwnerOfBookingEvent } from '../owner-notices/notify-owner-of-booking-event';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { findBookableGift } from './bookable-gift';
import { refusedForRoom } from './booking-changes';
import { claimSlot } from './claim-slot';
import { findLiveBooking, type LiveBooking } from './find-live-booking';
import { tellGiverBooked } from './tell-giver-booked';

export interface BookingRequest {
  /** `<session id>_<YYYY-MM-DD>`. */
  slot: string;
  partySize?: number | undefined;
  name: string;
  notes?: string | undefined;
  /** The recipient lets the giver's "it is booked" mail say the date; kept only when the giver asked for that mail. */
  shareDateWithGiver?: boolean | undefined;
}

/**
 * The recipient books a time for their gift. The order row's lock queues two changes of one
 * gift; the slot's count (a trigger) and its check decide who gets the last places (ADR 105).
 */
export async function bookGiftTime(ctx: Pick<AppContext, 'db' | 'now' | 'config'>, code: string, request: BookingRequest): Promise<LiveBooking> {
  const now = ctx.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const gift = await findBookableGift(tx, code, now, { lock: true });
      const partySize = gift.partySize ?? request.partySize;
      if (!partySize) throw AppError.validation({ partySize: 'party_size_required' });
      if (await findLiveBooking(tx, gift.orderId)) throw new AppError('already_booked', 409, 'This gift is already booked');
      const { slotId } = await claimSlot(tx, gift, request.slot, now);
      // Kept only where the form offered it: the giver asked and has not been told yet.
      const shareDateWithGiver = gift.giverWantsBookingNotice && !gift.giverToldBookedAt && request.shareDateWithGiver === true;
      const [booked] = await tx
        .insert(bookings)
        .values({ orderId: gift.orderId, slotId, partySize, name: request.name, notes: request.notes || null, shareDateWithGiver, createdAt: now, updatedAt: now })
        .returning({ id: bookings.id });
      await notifyOwnerOfBookingEvent(tx, { bookingId: booked!.id, kind: 'booked', at: now, publicUrl: ctx.config.publicUrl });
      const live = (await findLiveBooking(tx, gift.orderId))!;
      await tellGiverBooked(tx, ctx, { orderId: gift.orderId, startsAt: live.startsAt, bookedName: request.name, shareDate: shareDateWithGiver, at: now });
      return live;
    });
  } catch (error) {
    refusedForRoom(error);
  }
}
