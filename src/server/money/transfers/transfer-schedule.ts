import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { withdrawalDeadline } from '@shared/domain/withdrawal';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { ledgerEntries, transfers } from '../../db/schema/payouts';

/**
 * When an unredeemed order's share goes out: the first moment after its withdrawal period
 * (ADR 053), which ends at midnight in Madrid at the end of the 14th calendar day (ADR 064),
 * or of the next working day when that one is not (ADR 083), so no share leaves while the
 * giver may still withdraw.
 */
export function withdrawalPeriodEnd(paidAt: Date): Date {
  return new Date(withdrawalDeadline(paidAt).getTime() + 1);
}

export interface PaidOrderMoney {
  id: string;
  /** The gift's `issued` movement: the transfer settles its share (ADR 096). */
  movementId: string;
  businessId: string;
  checkoutId: string | null;
  netAmount: number;
  paidAt: Date;
}

/**
 * Gives each newly paid order its one transfer, `due` at the end of its withdrawal period
 * (redemption brings it forward). unique(movement_id) makes a second call a no-op.
 */
export async function scheduleOrderTransfers(tx: Executor, paid: readonly PaidOrderMoney[]): Promise<void> {
  if (paid.length === 0) return;
  await tx
    .insert(transfers)
    .values(
      paid.map((o) => ({
        orderId: o.id,
        movementId: o.movementId,
        businessId: o.businessId,
        checkoutId: o.checkoutId,
        amount: o.netAmount,
        state: 'due',
        nextAttemptAt: withdrawalPeriodEnd(o.paidAt),
        createdAt: o.paidAt,
        updatedAt: o.paidAt,
      })),
    )
    .onConflictDoNothing({ target: transfers.movementId });
}

/**
 * A redeemed order's business is paid now rather than at the end of the withdrawal period:
 * its transfer (still `due`) becomes due at the redemption, inside the redemption's transaction.
 */
export async function bringTransferForward(tx: Executor, orderId: string, redeemedAt: Date): Promise<void> {
  await tx
    .update(transfers)
    .set({ nextAttemptAt: redeemedAt, updatedAt: redeemedAt })
    .where(and(eq(transfers.orderId, orderId), eq(transfers.state, 'due'), gt(transfers.nextAttemptAt, redeemedAt)));
}

/**
 * An order cancelled before its share left: the transfer never goes (no reversal needed).
 * Returns the state the transfer had, so the caller knows whether a reversal is needed
 * (`sent`) — null when the order has no transfer.
 */
export async function cancelPendingTransfer(tx: Executor, orderId: string, now: Date): Promise<string | null> {
  const [row] = await tx.select({ state: transfers.state }).from(transfers).where(eq(transfers.orderId, orderId)).for('update');
  if (!row) return null;
  if (row.state === 'due' || row.state === 'failed') {
    await tx
      .update(transfers)
      .set({ state: 'cancelled', nextAttemptAt: null, updatedAt: now })
      .where(and(eq(transfers.orderId, orderId), sql`${transfers.state} in ('due', 'failed')`));
  }
  return row.state;
}

/**
 * The share goes to the business after all (ADR 084: the giver's refund was abandoned, the
 * order is live again): a reversed transfer is due again at once, a cancelled one at the
 * moment it had (redemption brings it forward as usual). A share paid again is a second
 * provider transfer, so it gets a key of its own: the one derived from its next attempt.
 */
export async function repayShare(tx: Executor, orderId: string, paidAt: Date, now: Date): Promise<void> {
  const [transfer] = await tx.select().from(transfers).where(eq(transfers.orderId, orderId)).for('update');
  if (!transfer) return;
  const [order] = await tx.select({ netAmount: orders.netAmount }).from(orders).where(eq(orders.id, orderId));
  // A card spent in part (ADR 104) had its transfer lowered, or reversed in part while it
  // stayed `sent`: the part taken back goes again (a reversal's part under a key of its own).
  if ((transfer.state === 'due' || transfer.state === 'failed') && transfer.amount < order!.netAmount!) {
    await tx.update(transfers).set({ amount: order!.netAmount!, updatedAt: now }).where(eq(transfers.id, transfer.id));
    return;
  }
  const reversedInPart = transfer.state === 'sent' && transfer.providerReversalId !== null;
  if (transfer.state !== 'reversed' && transfer.state !== 'cancelled' && !reversedInPart) return;
  const [reversal] = reversedInPart
    ? await tx
        .select({ amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.kind, 'transfer_reversed')))
        .orderBy(desc(ledgerEntries.createdAt))
        .limit(1)
    : [];
  const dueAt = transfer.state === 'cancelled' ? new Date(Math.max(now.getTime(), withdrawalPeriodEnd(paidAt).getTime())) : now;
  await tx
    .update(transfers)
    .set({
      ...(reversal ? { amount: reversal.amount } : {}),
      state: 'due',
      nextAttemptAt: dueAt,
      keyAttempt: transfer.attempts + 1,
      providerTransferId: null,
      providerReversalId: null,
      sentAt: null,
      reversedAt: null,
      lastError: null,
      updatedAt: now,
    })
    .where(eq(transfers.id, transfer.id));
}
