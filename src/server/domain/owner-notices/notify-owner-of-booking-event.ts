import { eq } from 'drizzle-orm';
import type { OwnerBookingEventKind } from '@shared/domain/owner-notices';
import { formatDateTime, formatPrice } from '@shared/format';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { bookings, bookingSlots } from '../../db/schema/bookings';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { orders } from '../../db/schema/orders';
import { ownerOrderEvents } from '../../db/schema/owner-notices';
import { partyWords } from '../../mail/booking-texts';
import { enqueueMail, toMailLocale } from '../../mail/enqueue-mail';

/** Where a booking notice sends the owner: the Bookings tab of their dashboard. */
export const ownerBookingsUrl = (publicUrl: string) => `${publicUrl}/business/dashboard?tab=bookings`;

/**
 * Tells the business's owner that a recipient booked, moved or cancelled a time (ADR 105), as
 * order events are told (ADR 065): in the change's transaction, by mail now or in the next
 * morning's summary, by the owner's own setting. Each change is its own event (a gift may be
 * booked, moved and cancelled several times), keyed by its booking, kind and moment, and
 * records the time as it stood after the change. The business's own cancellation is not
 * told back to it.
 */
export async function notifyOwnerOfBookingEvent(
  tx: Executor,
  input: { bookingId: string; kind: OwnerBookingEventKind; at: Date; publicUrl: string },
): Promise<void> {
  const [row] = await tx
    .select({
      orderId: orders.id,
      businessId: orders.businessId,
      totalAmount: orders.totalAmount,
      giftName: gifts.name,
      businessName: businesses.name,
      digest: businesses.orderMailDigest,
      startsAt: bookingSlots.startsAt,
      partySize: bookings.partySize,
      owner: { name: users.name, email: users.email, locale: users.locale },
    })
    .from(bookings)
    .innerJoin(bookingSlots, eq(bookingSlots.id, bookings.slotId))
    .innerJoin(orders, eq(orders.id, bookings.orderId))
    .innerJoin(gifts, eq(gifts.id, orders.giftId))
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .leftJoin(users, eq(users.id, businesses.ownerId))
    .where(eq(bookings.id, input.bookingId));
  if (!row) return;
  const [event] = await tx
    .insert(ownerOrderEvents)
    .values({ businessId: row.businessId, orderId: row.orderId, kind: input.kind, occurredAt: input.at, bookingId: input.bookingId, bookingStartsAt: row.startsAt })
    .onConflictDoNothing()
    .returning({ id: ownerOrderEvents.id });
  if (!event || row.digest || !row.owner?.email) return;
  const locale = toMailLocale(row.owner.locale) ?? 'es';
  await enqueueMail(tx, {
    to: row.owner.email,
    template: 'owner-order-event',
    locale,
    data: {
      name: row.owner.name || row.owner.email,
      businessName: row.businessName,
      event: {
        kind: input.kind,
        giftName: row.giftName,
        price: formatPrice(row.totalAmount),
        at: formatDateTime(input.at, locale),
        booking: { when: formatDateTime(row.startsAt, locale), partySize: partyWords[locale](row.partySize) },
      },
      dashboardUrl: ownerBookingsUrl(input.publicUrl),
    },
  });
  await tx.update(ownerOrderEvents).set({ mailedAt: input.at }).where(eq(ownerOrderEvents.id, event.id));
}
