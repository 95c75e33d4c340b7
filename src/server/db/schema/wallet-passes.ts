import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { orders } from './orders';

/**
 * A gift's wallet pass, from its first download (ADR 107). The serial is derived from the
 * gift's code with the server's secret, so only its hash is kept: the web service finds the
 * pass by it. `state` is what the pass last said (status and validity); the wallet-updates
 * job compares it with the order's and, when they differ, moves `updated_at` (the pass's
 * Last-Modified) and tells the phones and Google.
 */
export const walletPasses = pgTable('wallet_passes', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  serialHash: text('serial_hash').notNull().unique(),
  state: text('state').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
  /** When the job last compared it with its order: only orders changed since are read again. */
  checkedAt: timestamptz('checked_at').notNull(),
  /** Set once a Google Wallet save link was handed out: only those objects are patched. */
  googleIssuedAt: timestamptz('google_issued_at'),
  createdAt: createdAt(),
});

/** A device that keeps the pass and wants its updates (Apple's PassKit web service). */
export const walletPassRegistrations = pgTable(
  'wallet_pass_registrations',
  {
    deviceLibraryId: text('device_library_id').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => walletPasses.orderId, { onDelete: 'cascade' }),
    pushToken: text('push_token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.deviceLibraryId, t.orderId] }), index('wallet_pass_registrations_order_idx').on(t.orderId)],
);
