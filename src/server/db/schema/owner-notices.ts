import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ownerBookingEventKinds, ownerOrderEventKinds } from '@shared/domain/owner-notices';
import { bookings } from './bookings';
import { businesses } from './businesses';
import { id, sqlList, timestamptz } from './columns';
import { orders } from './orders';

/**
 * The order events an owner is told about (ADR 065), written in the transaction of the change
 * itself. `mailed_at` is set when a mail carried it: at once for an owner who gets a mail per
 * event, or by the daily job's summary for one who asked for a summary instead.
 */
export const ownerOrderEvents = pgTable(
  'owner_order_events',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    occurredAt: timestamptz('occurred_at').notNull(),
    mailedAt: timestamptz('mailed_at'),
    /**
     * A booking's event (booked, moved, cancelled, ADR 105): several per order, each its own
     * row, with the time booked as it stood after the change.
     */
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    bookingStartsAt: timestamptz('booking_starts_at'),
  },
  (t) => [
    check('owner_order_events_kind_check', sql`${t.kind} in (${sqlList(ownerOrderEventKinds)})`),
    // One order event of each kind per order: a replayed payment or a retried cancel tells once.
    uniqueIndex('owner_order_events_order_kind_unique').on(t.orderId, t.kind).where(sql`${t.bookingId} is null`),
    // A booking's events carry their booking and its time; an order's carry neither.
    check(
      'owner_order_events_booking_check',
      sql`(${t.kind} in (${sqlList(ownerBookingEventKinds)})) = (${t.bookingId} is not null and ${t.bookingStartsAt} is not null)`,
    ),
    uniqueIndex('owner_order_events_booking_unique').on(t.bookingId, t.kind, t.occurredAt).where(sql`${t.bookingId} is not null`),
    index('owner_order_events_unmailed_idx').on(t.occurredAt).where(sql`${t.mailedAt} is null`),
  ],
);
