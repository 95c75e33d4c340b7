import { and, eq, isNull } from 'drizzle-orm';
import { isUuid } from '../../db/query-helpers';
import { checkouts, orders } from '../../db/schema/orders';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';

const checkoutNotFound = () => new AppError('checkout_not_found', 404, 'Checkout not found');

/**
 * The giver drops a purchase they will not pay: the checkout closes (`expired`, as an
 * abandoned one would) and its unpaid orders are cancelled at once, in one transaction.
 * Both updates are conditional on the checkout still being pending, so a payment that
 * completes first wins and the discard answers 409; a payment the provider confirms after
 * the discard takes the late-payment path of handle-payment-event.ts (logged for a refund).
 */
export async function discardPendingPurchase(ctx: Pick<AppContext, 'db' | 'now'>, buyerId: string, checkoutId: string): Promise<void> {
  if (!isUuid(checkoutId)) throw checkoutNotFound();
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [closed] = await tx
      .update(checkouts)
      .set({ status: 'expired', paymentUrl: null, updatedAt: now })
      // Not one waiting for the payer's bank (Bizum, ADR 106): the payer already authorised it.
      .where(and(eq(checkouts.id, checkoutId), eq(checkouts.buyerId, buyerId), eq(checkouts.status, 'pending'), isNull(checkouts.paymentMethod)))
      .returning({ id: checkouts.id });
    if (!closed) {
      const [mine] = await tx
        .select({ id: checkouts.id })
        .from(checkouts)
        .where(and(eq(checkouts.id, checkoutId), eq(checkouts.buyerId, buyerId)));
      if (!mine) throw checkoutNotFound();
      throw new AppError('checkout_not_pending', 409, 'This purchase is already settled');
    }
    await tx
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: now, cancelReason: 'discarded', updatedAt: now })
      .where(and(eq(orders.checkoutId, checkoutId), eq(orders.status, 'unpaid')));
  });
}
