import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { BusinessBooking } from '@shared/contracts/bookings';
import { addDays, startOfLocalDay } from '@shared/domain/analytics';
import type { Executor } from '../../db/client';
import { bookings, bookingSessions, bookingSlots } from '../../db/schema/bookings';
import { gifts } from '../../db/schema/gifts';
import { orders } from '../../db/schema/orders';
import { requireOwnedBusiness } from '../../domain/businesses/owned-business';

export const businessBookingColumns = {
  id: bookings.id,
  startsAt: bookingSlots.startsAt,
  endsAt: bookingSlots.endsAt,
  giftName: gifts.name,
  name: bookings.name,
  partySize: bookings.partySize,
  notes: bookings.notes,
  status: bookings.status,
  cancelledBy: bookings.cancelledBy,
  cancelReason: bookings.cancelReason,
};

export const toBusinessBooking = (row: { startsAt: Date; endsAt: Date; status: string } & Omit<BusinessBooking, 'startsAt' | 'endsAt' | 'status'>): BusinessBooking => ({
  ...row,
  status: row.status as BusinessBooking['status'],
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
});

/** The bookings of a day or a week (Madrid days from `from`), in time order, cancelled ones included with their reason. */
export async function listBusinessBookings(db: Executor, userId: string, query: { from: string; days: number }): Promise<{ bookings: BusinessBooking[] }> {
  const business = await requireOwnedBusiness(db, userId, { mustBeActive: true });
  const rows = await db
    .select(businessBookingColumns)
    .from(bookings)
    .innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
    .innerJoin(bookingSessions, eq(bookingSessions.id, bookingSlots.sessionId))
    .innerJoin(orders, eq(orders.id, bookings.orderId))
    .innerJoin(gifts, eq(gifts.id, orders.giftId))
    .where(
      and(
        eq(bookingSessions.businessId, business.id),
        gte(bookingSlots.startsAt, startOfLocalDay(query.from)),
        lt(bookingSlots.startsAt, startOfLocalDay(addDays(query.from, query.days))),
      ),
    )
    .orderBy(asc(bookingSlots.startsAt), asc(bookings.createdAt));
  return { bookings: rows.map(toBusinessBooking) };
}
