import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ledgerEntries, orderRefunds, transfers } from '../../db/schema/payouts';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { attemptKey, failureOf } from '../../platform/payments/payment-provider';
import { recordOrderRefund, type PaidOrderAmounts } from '../ledger/record-payment';
import { recordTransferMovement } from '../ledger/record-transfer-movement';
import { retryDelayMs } from '../transfers/retry-delay';
import { cancelPendingTransfer } from '../transfers/transfer-schedule';
import { unspentAmounts } from './unspent-amounts';

/**
 * The key the provider deduplicates an order's refund by (ADR 034: a retry never pays twice).
 * One per order, whoever refunds it (the platform team's cancellation or the giver's
 * withdrawal, ADR 064): an order is refunded in full at most once. After a definite refusal
 * the next try derives a key of its own from its attempt number (ADR 084: `refundKey`).
 */
export const orderRefundKey = (orderId: string) => `regalo-refund-order-${orderId}`;
/** Likewise for taking back the order's transfer (ADR 053); a share paid again is reversed under a key of its own. */
export const orderTransferReversalKey = (orderId: string, round = 1) => attemptKey(`regalo-transfer-reversal-${orderId}`, round);

/** The key an order's next refund sends, given what its earlier tries left (`order_refunds`). */
export const refundKey = (orderId: string, earlier: { keyAttempt: number } | undefined) => attemptKey(orderRefundKey(orderId), earlier?.keyAttempt ?? 1);

/**
 * What one request has already made happen at the provider, across the orders it refunds:
 * once something has (a reversal, another order's refund), a failing refund can no longer be
 * undone by rolling the request back.
 */
export interface ProviderEffects {
  made: boolean;
}

export type RefundOutcome = { state: 'refunded'; refundRef: string } | { state: 'pending'; error: string };

/**
 * The refund failed and nothing had happened at the provider in this request: the caller's
 * transaction rolls back (502 `refund_failed`, nothing changed), and `recordRefundNotMade`
 * then keeps the attempt, so the next try knows which key to send.
 */
export class RefundNotMadeError extends AppError {
  constructor(
    readonly attempt: { orderId: string; amount: number; attempts: number; keyAttempt: number; error: string },
  ) {
    super('refund_failed', 502, `The payment provider refused the refund: ${attempt.error}`);
  }
}

/**
 * Gives a paid order's full price back to the giver (a card spent in part: its unspent balance, ADR 104), inside the caller's transaction with the
 * order's row locked (FOR UPDATE) by the caller (ADR 084 orders the steps):
 * 1. the share must not reach (or stay with) the business: a transfer still due or failed is
 *    cancelled, a sent one is reversed through the provider and the reversal enters the ledger;
 * 2. the provider refunds the total (order-derived idempotency key);
 * 3. the ledger records the refund: commission, its VAT and the share come back out.
 * When the refund fails:
 * - if nothing happened at the provider in this request (`effects`), it throws
 *   RefundNotMadeError and the caller's transaction rolls back;
 * - otherwise the reversal (or an earlier order's refund) must stay recorded: the refund
 *   becomes `pending` (its try and key kept in `order_refunds`), the caller moves the order to
 *   `refund_pending` and commits, and the refunds job (refunds/retry-pending-refunds)
 *   tries again.
 * A reversal the provider refuses throws `refund_failed` before anything was refunded.
 */
export async function refundPaidOrder(
  tx: Executor,
  ctx: Pick<AppContext, 'payments'>,
  order: PaidOrderAmounts & { checkoutId: string | null },
  paymentRef: string,
  now: Date,
  effects: ProviderEffects,
): Promise<RefundOutcome> {
  // A card spent in part gives back its unspent balance only (ADR 104); the rest is paid for.
  const refunded = await unspentAmounts(tx, order);
  if (await takeBackTransfer(tx, ctx, order.id, refunded.netAmount, now)) effects.made = true;
  const [earlier] = await tx.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id)).for('update');
  const attempts = (earlier?.attempts ?? 0) + 1;
  let refundRef: string;
  try {
    ({ refundRef } = await ctx.payments.refund(paymentRef, refunded.totalAmount, refundKey(order.id, earlier)));
  } catch (error) {
    const failed = {
      orderId: order.id,
      amount: refunded.totalAmount,
      attempts,
      // Refused for good under this key: the provider keeps that answer, so the next try needs its own.
      keyAttempt: failureOf(error) === 'refused' ? attempts + 1 : (earlier?.keyAttempt ?? 1),
      error: (error as Error).message || String(error),
    };
    if (!effects.made) throw new RefundNotMadeError(failed);
    await saveRefundAttempt(tx, { ...failed, state: 'pending', nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)) }, now);
    return { state: 'pending', error: failed.error };
  }
  effects.made = true;
  await recordOrderRefund(tx, refunded, { refundRef, at: now });
  if (earlier) {
    await tx
      .update(orderRefunds)
      .set({ state: 'refunded', attempts, nextAttemptAt: null, lastError: null, providerRefundId: refundRef, updatedAt: now })
      .where(eq(orderRefunds.orderId, order.id));
  }
  return { state: 'refunded', refundRef };
}

/**
 * Keeps a refund the provider did not make, after the request's transaction rolled back
 * (RefundNotMadeError), so a later withdrawal or cancellation sends the right key. Anything
 * else is rethrown untouched by the caller.
 */
export async function recordRefundNotMade(db: Executor, error: unknown, now: Date): Promise<void> {
  if (!(error instanceof RefundNotMadeError)) return;
  await db.transaction(async (tx) => saveRefundAttempt(tx, { ...error.attempt, state: 'refused', nextAttemptAt: null }, now));
}

async function saveRefundAttempt(
  tx: Executor,
  row: { orderId: string; amount: number; attempts: number; keyAttempt: number; error: string; state: 'refused' | 'pending'; nextAttemptAt: Date | null },
  now: Date,
) {
  const values = { state: row.state, amount: row.amount, attempts: row.attempts, keyAttempt: row.keyAttempt, nextAttemptAt: row.nextAttemptAt, lastError: row.error, updatedAt: now };
  await tx
    .insert(orderRefunds)
    .values({ orderId: row.orderId, ...values, createdAt: now })
    .onConflictDoUpdate({ target: orderRefunds.orderId, set: values });
}

/**
 * The order's share must not reach (or stay with) the business: a transfer still due or
 * failed is cancelled; a sent one is reversed through the provider (keyed by the order and
 * how many times its share went out, so a retry after a failed commit reverses once) and the
 * reversal enters the ledger. Returns whether the provider reversed something. Shared with
 * the exchange (exchange-paid-order.ts), whose old gift gives its whole share back.
 */
export async function takeBackTransfer(tx: Executor, ctx: Pick<AppContext, 'payments'>, orderId: string, shareBack: number, now: Date): Promise<boolean> {
  const [current] = await tx.select().from(transfers).where(eq(transfers.orderId, orderId)).for('update');
  // A card spent in part (ADR 104): the business keeps the share of what was used. A transfer
  // not yet sent goes for that part only; a sent one is reversed by the part given back.
  const partial = current !== undefined && shareBack < current.amount;
  if (partial && (current.state === 'due' || current.state === 'failed')) {
    await tx.update(transfers).set({ amount: current.amount - shareBack, updatedAt: now }).where(eq(transfers.id, current.id));
    return false;
  }
  const state = partial ? current.state : await cancelPendingTransfer(tx, orderId, now);
  if (state !== 'sent' || shareBack === 0) return false;
  const [transfer] = await tx.select().from(transfers).where(eq(transfers.orderId, orderId));
  const [reversals] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.kind, 'transfer_reversed')));
  let reversalId: string;
  try {
    ({ reversalId } = await ctx.payments.reverseTransfer({
      transferId: transfer!.providerTransferId!,
      amount: shareBack,
      idempotencyKey: orderTransferReversalKey(orderId, reversals!.count + 1),
    }));
  } catch (error) {
    throw new AppError('refund_failed', 502, `The payment provider refused to reverse the transfer: ${(error as Error).message}`);
  }
  // Reversed in part, the transfer stands for the rest: still `sent`, with its reversal.
  await tx
    .update(transfers)
    .set({ state: partial ? 'sent' : 'reversed', providerReversalId: reversalId, reversedAt: now, updatedAt: now })
    .where(and(eq(transfers.id, transfer!.id), eq(transfers.state, 'sent')));
  await recordTransferMovement(tx, {
    kind: 'transfer_reversed',
    amount: shareBack,
    businessId: transfer!.businessId,
    orderId,
    movementId: transfer!.movementId,
    checkoutId: transfer!.checkoutId,
    providerRef: reversalId,
    at: now,
  });
  return true;
}
