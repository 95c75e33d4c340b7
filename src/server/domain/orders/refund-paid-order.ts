import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { transfers } from '../../db/schema/payouts';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { recordLedgerEntries } from '../ledger/record-ledger-entries';
import { recordOrderRefund, type PaidOrderAmounts } from '../ledger/record-payment';
import { cancelPendingTransfer } from '../payouts/transfer-schedule';

/**
 * The key the provider deduplicates an order's refund by (ADR 034: a retry never pays twice).
 * One per order, whoever refunds it (the platform team's cancellation or the giver's
 * withdrawal, ADR 064): an order is refunded in full at most once.
 */
export const orderRefundKey = (orderId: string) => `regalo-refund-order-${orderId}`;
/** Likewise for taking back the order's transfer (ADR 053). */
export const orderTransferReversalKey = (orderId: string) => `regalo-transfer-reversal-${orderId}`;

/**
 * Gives a paid order's full price back to the giver, inside the caller's transaction with the
 * order's row locked (FOR UPDATE) by the caller:
 * 1. the share must not reach (or stay with) the business: a transfer still due or failed is
 *    cancelled, a sent one is reversed through the provider and the reversal enters the ledger;
 * 2. the provider refunds the total (order-derived idempotency key);
 * 3. the ledger records the refund: commission, its VAT and the share come back out.
 * A provider failure throws `refund_failed` (502) and the caller's transaction rolls back.
 */
export async function refundPaidOrder(
  tx: Executor,
  ctx: Pick<AppContext, 'payments'>,
  order: PaidOrderAmounts & { checkoutId: string | null },
  paymentRef: string,
  now: Date,
): Promise<{ refundRef: string }> {
  await takeBackTransfer(tx, ctx, order.id, now);
  let refundRef: string;
  try {
    ({ refundRef } = await ctx.payments.refund(paymentRef, order.totalAmount, orderRefundKey(order.id)));
  } catch (error) {
    throw new AppError('refund_failed', 502, `The payment provider refused the refund: ${(error as Error).message}`);
  }
  await recordOrderRefund(tx, order, { refundRef, at: now });
  return { refundRef };
}

/**
 * The order's share must not reach (or stay with) the business: a transfer still due or
 * failed is cancelled; a sent one is reversed through the provider (keyed by the order, so a
 * retry after a failed commit reverses once) and the reversal enters the ledger.
 */
async function takeBackTransfer(tx: Executor, ctx: Pick<AppContext, 'payments'>, orderId: string, now: Date) {
  const state = await cancelPendingTransfer(tx, orderId, now);
  if (state !== 'sent') return;
  const [transfer] = await tx.select().from(transfers).where(eq(transfers.orderId, orderId));
  let reversalId: string;
  try {
    ({ reversalId } = await ctx.payments.reverseTransfer({
      transferId: transfer!.providerTransferId!,
      amount: transfer!.amount,
      idempotencyKey: orderTransferReversalKey(orderId),
    }));
  } catch (error) {
    throw new AppError('refund_failed', 502, `The payment provider refused to reverse the transfer: ${(error as Error).message}`);
  }
  await tx
    .update(transfers)
    .set({ state: 'reversed', providerReversalId: reversalId, reversedAt: now, updatedAt: now })
    .where(and(eq(transfers.id, transfer!.id), eq(transfers.state, 'sent')));
  await recordLedgerEntries(tx, [
    {
      kind: 'transfer_reversed',
      amount: transfer!.amount,
      businessId: transfer!.businessId,
      orderId,
      checkoutId: transfer!.checkoutId,
      providerRef: reversalId,
      at: now,
    },
  ]);
}
