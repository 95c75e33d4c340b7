import { and, eq } from 'drizzle-orm';
import type { BusinessBooking } from '@shared/contracts/bookings';
import { bookings, bookingSessions, bookingSlots } from '../../db/schema/bookings';
import { gifts } from '../../db/schema/gifts';
import { orders } from '../../db/schema/orders';
import { markBookingCancelled } from '../../domain/bookings/booking-changes';
import { requireOwnedBusiness } from '../../domain/businesses/owned-business';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { businessBookingColumns, toBusinessBooking } from './list-business-bookings';

/**
 * The business cancels a booking with a reason, at any time (it is the business that cannot
 * honour it); the places go back and the recipient can book again.
 */
export async function cancelBookingByBusiness(ctx: Pick<AppContext, 'db' | 'now'>, userId: string, bookingId: string, reason: string): Promise<BusinessBooking> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const business = await requireOwnedBusiness(tx, userId, { mustBeActive: true });
    const select = () =>
      tx
        .select(businessBookingColumns)
        .from(bookings)
        .innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
        .innerJoin(bookingSessions, eq(bookingSessions.id, bookingSlots.sessionId))
        .innerJoin(orders, eq(orders.id, bookings.orderId))
        .innerJoin(gifts, eq(gifts.id, orders.giftId))
        .where(and(eq(bookings.id, bookingId), eq(bookingSessions.businessId, business.id)));
    const [found] = await select();
    if (!found) throw new AppError('booking_not_found', 404, 'No such booking');
    await markBookingCancelled(tx, bookingId, 'business', now, reason);
    const [row] = await select();
    return toBusinessBooking(row!);
  });
}
