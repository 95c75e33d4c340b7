import { and, eq, isNull } from 'drizzle-orm';
import { instantToMadridLocal } from '@shared/domain/delivery-time';
import { formatFullDate } from '@shared/format';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { orders } from '../../db/schema/orders';
import { enqueueMail } from '../../mail/enqueue-mail';
import type { AppContext } from '../../platform/context';
import { findPurchaser, purchaserContact } from '../orders/find-purchaser';

/**
 * The giver who ticked "Tell me when it is booked" is mailed once, in the booking's own
 * transaction (ADR 105). Claiming `giver_told_booked_at` with a conditional update is what makes
 * it once: a move, a cancellation and a new booking, or a retry, find it set and send nothing.
 * The time goes in only when the recipient agreed (`shareDate`): the gift is theirs.
 */
export async function tellGiverBooked(
  tx: Executor,
  ctx: Pick<AppContext, 'config'>,
  booking: { orderId: string; startsAt: Date; bookedName: string; shareDate: boolean; at: Date },
): Promise<boolean> {
  const claimed = await tx
    .update(orders)
    .set({ giverToldBookedAt: booking.at })
    .where(and(eq(orders.id, booking.orderId), eq(orders.giverWantsBookingNotice, true), isNull(orders.giverToldBookedAt)))
    .returning({ id: orders.id });
  if (claimed.length === 0) return false;
  // Nobody to reach (an account deleted since, no guest details): the claim stays, so it is not retried.
  const giver = purchaserContact(await findPurchaser(tx, { orderId: booking.orderId }), ctx.config);
  if (!giver) return false;
  const [row] = await tx
    .select({ recipientName: orders.recipientName, giftName: gifts.name, businessName: businesses.name })
    .from(orders)
    .innerJoin(gifts, eq(gifts.id, orders.giftId))
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(eq(orders.id, booking.orderId));
  const { locale } = giver;
  await enqueueMail(tx, {
    to: giver.email,
    template: 'booking-made-giver',
    locale,
    data: {
      giverName: giver.name,
      // A gift handed over in person may name nobody: the name it was booked under says who.
      recipientName: row!.recipientName.trim() || booking.bookedName,
      giftName: row!.giftName,
      businessName: row!.businessName,
      date: booking.shareDate ? formatFullDate(booking.startsAt, locale) : null,
      time: booking.shareDate ? instantToMadridLocal(booking.startsAt).time : null,
      ordersUrl: giver.ordersUrl,
    },
  });
  return true;
}
