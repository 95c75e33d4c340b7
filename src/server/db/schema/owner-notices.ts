import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ownerOrderEventKinds } from '@shared/domain/owner-notices';
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
  },
  (t) => [
    check('owner_order_events_kind_check', sql`${t.kind} in (${sqlList(ownerOrderEventKinds)})`),
    // One event of each kind per order: a replayed payment or a retried cancel tells once.
    uniqueIndex('owner_order_events_order_kind_unique').on(t.orderId, t.kind),
    index('owner_order_events_unmailed_idx').on(t.occurredAt).where(sql`${t.mailedAt} is null`),
  ],
);
