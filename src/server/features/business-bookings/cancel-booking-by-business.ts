import { and, eq } from 'drizzle-orm';
import type { BusinessBooking } from '@shared/contracts/bookings';
import { instantToMadridLocal } from '@shared/domain/delivery-time';
import { formatFullDate } from '@shared/format';
import type { Executor } from '../../db/client';
import { bookings, bookingSessions, bookingSlots } from '../../db/schema/bookings';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { orders } from '../../db/schema/orders';
import { markBookingCancelled } from '../../domain/bookings/booking-changes';
import { requireOwnedBusiness } from '../../domain/businesses/owned-business';
import { giftPageUrl } from '../../domain/orders/gift-page-url';
import { enqueueMail } from '../../mail/enqueue-mail';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { businessBookingColumns, toBusinessBooking } from './list-business-bookings';

/**
 * The business cancels a booking with a reason, at any time (it is the business that cannot
 * honour it); the places go back and the recipient can book again. The recipient is told by
 * email, with the reason, in the cancellation's transaction (a gift sent by link or handed
 * over with no address gets the reason on its page instead).
 */
export async function cancelBookingByBusiness(ctx: Pick<AppContext, 'db' | 'now' | 'config'>, userId: string, bookingId: string, reason: string): Promise<BusinessBooking> {
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
    await tellRecipient(tx, ctx.config.publicUrl, bookingId, reason);
    const [row] = await select();
    return toBusinessBooking(row!);
  });
}

async function tellRecipient(tx: Executor, publicUrl: string, bookingId: string, reason: string): Promise<void> {
  const [row] = await tx
    .select({
      email: orders.recipientEmail,
      locale: orders.recipientLocale,
      recipientName: orders.recipientName,
      code: orders.qrCode,
      giftName: gifts.name,
      businessName: businesses.name,
      phone: businesses.phone,
      startsAt: bookingSlots.startsAt,
    })
    .from(bookings)
    .innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
    .innerJoin(orders, eq(orders.id, bookings.orderId))
    .innerJoin(gifts, eq(gifts.id, orders.giftId))
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(eq(bookings.id, bookingId));
  if (!row?.email) return;
  await enqueueMail(tx, {
    to: row.email,
    template: 'booking-cancelled-by-business',
    locale: row.locale,
    data: {
      recipientName: row.recipientName,
      giftName: row.giftName,
      businessName: row.businessName,
      date: formatFullDate(row.startsAt, row.locale),
      time: instantToMadridLocal(row.startsAt).time,
      reason,
      giftUrl: giftPageUrl(publicUrl, row.code),
      phone: row.phone,
    },
  });
}
