import { unspentAmounts } from './unspent-amounts';
import { and, asc, eq, lte } from 'drizzle-orm';
import { checkouts, orders } from '../../db/schema/orders';
import { orderRefunds } from '../../db/schema/payouts';
import { paidAmountsOf, recordOrderRefund } from '../ledger/record-payment';
import { refundKey } from './refund-paid-order';
import { retryDelayMs } from '../transfers/retry-delay';
import { repayShare } from '../transfers/transfer-schedule';
import type { AppContext } from '../../platform/context';
import { failureOf } from '../../platform/payments/payment-provider';

/**
 * Tries after which a pending refund is given up (ADR 084): with the back-off (5 min,
 * doubling) the last is about ten hours after the first failure.
 */
export const MAX_REFUND_ATTEMPTS = 8;

export interface RefundRun {
  refunded: number;
  failed: number;
  abandoned: number;
}

type Outcome = keyof RefundRun;

/**
 * Retries the refunds that failed after their share had already been taken back from the
 * business (orders in `refund_pending`, ADR 084), as send-due-transfers does for transfers:
 * each pending refund is claimed with its order (FOR UPDATE … SKIP LOCKED), one per
 * transaction, and the provider is called while the claim is held. A refund made moves the
 * order to what was asked (withdrawn or cancelled) and enters the ledger; a failure waits out
 * its back-off, under the same key unless the provider definitely refused it; after
 * MAX_REFUND_ATTEMPTS the refund is abandoned: the order is live again (paid; the expiry job
 * expires it if its time is over) and its share is paid to the business again.
 */
export async function retryPendingRefunds(ctx: Pick<AppContext, 'db' | 'now' | 'payments'>, options: { limit?: number } = {}): Promise<RefundRun> {
  const run: RefundRun = { refunded: 0, failed: 0, abandoned: 0 };
  const limit = options.limit ?? 100;
  for (let i = 0; i < limit; i++) {
    const outcome = await retryOneRefund(ctx);
    if (!outcome) break;
    run[outcome] += 1;
  }
  return run;
}

async function retryOneRefund(ctx: Pick<AppContext, 'db' | 'now' | 'payments'>): Promise<Outcome | null> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .select({ refund: orderRefunds, order: orders, paymentRef: checkouts.paymentRef, provider: checkouts.provider })
      .from(orderRefunds)
      .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
      .leftJoin(checkouts, eq(checkouts.id, orders.checkoutId))
      .where(and(eq(orderRefunds.state, 'pending'), lte(orderRefunds.nextAttemptAt, now)))
      .orderBy(asc(orderRefunds.nextAttemptAt), asc(orderRefunds.orderId))
      .limit(1)
      .for('update', { of: [orderRefunds, orders], skipLocked: true });
    if (!claimed) return null;
    const { refund, order } = claimed;
    const attempts = refund.attempts + 1;

    let error: string;
    let keyAttempt = refund.keyAttempt;
    if (order.status !== 'refund_pending') {
      // Nothing else moves an order out of refund_pending; this only guards a future path that forgets.
      error = `order_not_refund_pending: the order is ${order.status}`;
    } else if (!claimed.paymentRef || claimed.provider !== ctx.payments.name) {
      error = 'order_not_refundable: no payment the current provider can refund';
    } else {
      try {
        const { refundRef } = await ctx.payments.refund(claimed.paymentRef, refund.amount, refundKey(order.id, refund));
        // The amounts the refund was asked for (a card spent in part: its unspent balance).
        await recordOrderRefund(tx, await unspentAmounts(tx, paidAmountsOf(order)), { refundRef, at: now });
        await tx
          .update(orders)
          .set({ status: order.withdrawalId ? 'withdrawn' : 'cancelled', refundedAt: now, updatedAt: now })
          .where(and(eq(orders.id, order.id), eq(orders.status, 'refund_pending')));
        await tx
          .update(orderRefunds)
          .set({ state: 'refunded', attempts, nextAttemptAt: null, lastError: null, providerRefundId: refundRef, updatedAt: now })
          .where(eq(orderRefunds.orderId, order.id));
        return 'refunded';
      } catch (e) {
        error = (e as Error).message || String(e);
        if (failureOf(e) === 'refused') keyAttempt = attempts + 1;
      }
    }

    if (attempts >= MAX_REFUND_ATTEMPTS || order.status !== 'refund_pending') {
      if (order.status === 'refund_pending') {
        await tx
          .update(orders)
          .set({ status: 'paid', withdrawnAt: null, withdrawalId: null, cancelledAt: null, cancelReason: null, updatedAt: now })
          .where(eq(orders.id, order.id));
        await repayShare(tx, order.id, order.paidAt!, now);
      }
      await tx
        .update(orderRefunds)
        .set({ state: 'abandoned', attempts, keyAttempt, nextAttemptAt: null, lastError: error, updatedAt: now })
        .where(eq(orderRefunds.orderId, order.id));
      return 'abandoned';
    }
    await tx
      .update(orderRefunds)
      .set({ attempts, keyAttempt, lastError: error, nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)), updatedAt: now })
      .where(eq(orderRefunds.orderId, order.id));
    return 'failed';
  });
}
