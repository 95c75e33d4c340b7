import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { checkouts, orders } from '../../db/schema/orders';
import type { AppContext } from '../../platform/context';

/**
 * The periodic clean-up of checkouts nobody paid: past its lifetime (test: 30 minutes;
 * Stripe: the session's expiry plus a grace period for late webhooks) a pending checkout
 * becomes `expired`, and the unpaid orders of every unpaid checkout past its lifetime are
 * cancelled (`cancel_reason` says why). One transaction; conditional updates make a second
 * server running it at the same time a no-op.
 */
export async function expireCheckouts(ctx: Pick<AppContext, 'db' | 'now'>): Promise<{ checkouts: number; orders: number }> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const expired = await tx
      .update(checkouts)
      .set({ status: 'expired', paymentUrl: null, updatedAt: now })
      .where(and(eq(checkouts.status, 'pending'), lt(checkouts.expiresAt, now)))
      .returning({ id: checkouts.id });
    const closed = tx
      .select({ id: checkouts.id })
      .from(checkouts)
      .where(and(ne(checkouts.status, 'succeeded'), ne(checkouts.status, 'pending'), lt(checkouts.expiresAt, now)));
    const cancelled = await tx
      .update(orders)
      .set({
        status: 'cancelled',
        cancelledAt: now,
        cancelReason: sql`case when (select c.status from checkouts c where c.id = ${orders.checkoutId}) = 'failed' then 'payment_failed' else 'checkout_expired' end`,
        updatedAt: now,
      })
      .where(and(eq(orders.status, 'unpaid'), inArray(orders.checkoutId, closed)))
      .returning({ id: orders.id });
    return { checkouts: expired.length, orders: cancelled.length };
  });
}
