import { eq } from 'drizzle-orm';
import { effectiveOrderStatus, type OrderStatus } from '@shared/domain/order-status';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { orders } from '../../db/schema/orders';
import { AppError } from '../../platform/errors';
import type { GiftForBooking } from './list-free-times';

export interface BookableGift extends GiftForBooking {
  orderId: string;
  recipientName: string;
  /** The gift's "for N people", or null: the recipient says, 1 to MAX_PARTY_SIZE. */
  partySize: number | null;
  businessPhone: string | null;
  /** The giver asked to be told once it is booked (ADR 105); the booking form then offers to share the date. */
  giverWantsBookingNotice: boolean;
  /** When the giver was told (once, ever); a booking after that tells nobody. */
  giverToldBookedAt: Date | null;
  /** The giver's first name as the gift signs it; null when it names nobody. */
  senderName: string | null;
}

/**
 * The gift behind a code while it can be booked: paid, not past its expiry, needing booking.
 * `lock` takes the order row's lock, so two changes of one gift's booking queue on it.
 */
export async function findBookableGift(db: Executor, code: string, now: Date, options: { lock?: boolean } = {}): Promise<BookableGift> {
  const query = db
    .select({
      orderId: orders.id,
      status: orders.status,
      expiresAt: orders.expiresAt,
      recipientName: orders.recipientName,
      businessId: orders.businessId,
      giftId: orders.giftId,
      bookingRequired: gifts.bookingRequired,
      partySize: gifts.partySize,
      validWeekdays: gifts.validWeekdays,
      businessPhone: businesses.phone,
      giverWantsBookingNotice: orders.giverWantsBookingNotice,
      giverToldBookedAt: orders.giverToldBookedAt,
      senderName: orders.senderName,
    })
    .from(orders)
    .innerJoin(gifts, eq(gifts.id, orders.giftId))
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(eq(orders.qrCode, code));
  const [row] = options.lock ? await query.for('update', { of: orders }) : await query;
  if (!row) throw new AppError('gift_not_found', 404, 'No gift has this code');
  if (!row.bookingRequired || effectiveOrderStatus(row.status as OrderStatus, row.expiresAt, now) !== 'paid') {
    throw new AppError('gift_not_bookable', 409, 'This gift cannot be booked');
  }
  const { status: _status, bookingRequired: _booking, ...gift } = row;
  return gift;
}
