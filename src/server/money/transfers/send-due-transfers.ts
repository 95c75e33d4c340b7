import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { checkouts, orders } from '../../db/schema/orders';
import { payoutAccounts, transferAttempts, transfers } from '../../db/schema/payouts';
import { recordLedgerEntries } from '../ledger/record-ledger-entries';
import { recordTransferMovement } from '../ledger/record-transfer-movement';
import { retryDelayMs } from './retry-delay';
import type { AppContext } from '../../platform/context';
import { attemptKey, failureOf } from '../../platform/payments/payment-provider';

/**
 * The key Stripe deduplicates an order's transfer by (ADR 053), as long as no attempt was
 * definitely refused (ADR 084: `transferKey`). "One transfer per order, ever" is the
 * database's: transfers.order_id is unique and the job claims the row before it calls.
 */
export const orderTransferKey = (orderId: string) => `regalo-transfer-order-${orderId}`;

/** The key the transfer's next attempt sends: its order's, or one derived from the attempt after a refusal. */
export const transferKey = (transfer: { orderId: string; keyAttempt: number }) => attemptKey(orderTransferKey(transfer.orderId), transfer.keyAttempt);

/** 5 min after the first failure, doubling, at most a day. */
export const transferRetryDelayMs = retryDelayMs;

export interface TransferRun {
  sent: number;
  failed: number;
  cancelled: number;
}

type Outcome = keyof TransferRun;

/**
 * Sends the transfers whose moment has come (redeemed, or the withdrawal period over) and
 * retries failed ones whose back-off has passed. Safe with several servers: each transfer is
 * claimed with its order (FOR UPDATE … SKIP LOCKED), one per transaction, and the provider is
 * called while the claim is held, so two workers never send the same one, and a cancellation
 * of the order waits for the claim (ADR 053). A crash between the provider's answer and the
 * commit is safe too: the retry sends the same idempotency key and gets the first transfer
 * back. The key changes only after the provider definitely refused it (ADR 084): Stripe
 * keeps a refusal for its key, so a retry with it would be refused again for a day even once
 * the account is fixed. Every attempt is recorded.
 */
export async function sendDueTransfers(ctx: Pick<AppContext, 'db' | 'now' | 'payments'>, options: { limit?: number } = {}): Promise<TransferRun> {
  const run: TransferRun = { sent: 0, failed: 0, cancelled: 0 };
  const limit = options.limit ?? 100;
  for (let i = 0; i < limit; i++) {
    const outcome = await sendOneTransfer(ctx);
    if (!outcome) break;
    run[outcome] += 1;
  }
  return run;
}

async function sendOneTransfer(ctx: Pick<AppContext, 'db' | 'now' | 'payments'>): Promise<Outcome | null> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .select({
        transfer: transfers,
        orderStatus: orders.status,
        orderNet: orders.netAmount,
        paymentRef: checkouts.paymentRef,
        account: { provider: payoutAccounts.provider, id: payoutAccounts.providerAccountId, transfersActive: payoutAccounts.transfersActive, disabledReason: payoutAccounts.disabledReason },
      })
      .from(transfers)
      .innerJoin(orders, eq(orders.id, transfers.orderId))
      .leftJoin(checkouts, eq(checkouts.id, transfers.checkoutId))
      .leftJoin(payoutAccounts, eq(payoutAccounts.businessId, transfers.businessId))
      .where(and(inArray(transfers.state, ['due', 'failed']), lte(transfers.nextAttemptAt, now)))
      .orderBy(asc(transfers.nextAttemptAt), asc(transfers.id))
      .limit(1)
      .for('update', { of: [transfers, orders], skipLocked: true });
    if (!claimed) return null;
    const { transfer, account } = claimed;

    // A cancellation normally marks its transfer itself; this only guards a future path that
    // forgets. A card withdrawn after a use keeps the share of what was used (ADR 104): its
    // transfer, lowered to that part, still goes.
    const usedPartOfCard = claimed.orderNet !== null && transfer.amount < claimed.orderNet;
    if (!['paid', 'redeemed', 'expired'].includes(claimed.orderStatus) && !usedPartOfCard) {
      await tx.update(transfers).set({ state: 'cancelled', nextAttemptAt: null, updatedAt: now }).where(eq(transfers.id, transfer.id));
      return 'cancelled';
    }

    const attempt = transfer.attempts + 1;
    let keyAttempt = transfer.keyAttempt;
    let error: string;
    if (!account || account.provider !== ctx.payments.name) {
      error = 'payout_account_missing: the business has not connected a payout account';
    } else if (!account.transfersActive) {
      error = `payout_account_restricted: ${account.disabledReason ?? 'the payout account cannot receive transfers yet'}`;
    } else {
      try {
        const { transferId } = await ctx.payments.createTransfer({
          amount: transfer.amount,
          currency: transfer.currency,
          destination: account.id,
          transferGroup: transfer.checkoutId ?? transfer.orderId,
          sourcePayment: claimed.paymentRef,
          idempotencyKey: transferKey(transfer),
          orderId: transfer.orderId,
        });
        await tx
          .update(transfers)
          .set({ state: 'sent', attempts: attempt, providerTransferId: transferId, sentAt: now, nextAttemptAt: null, lastError: null, updatedAt: now })
          .where(eq(transfers.id, transfer.id));
        await tx.insert(transferAttempts).values({ transferId: transfer.id, attempt, succeeded: true, providerTransferId: transferId, createdAt: now });
        await recordTransferMovement(tx, { kind: 'transfer_sent', amount: transfer.amount, businessId: transfer.businessId, orderId: transfer.orderId, movementId: transfer.movementId, checkoutId: transfer.checkoutId, providerRef: transferId, at: now });
        return 'sent';
      } catch (e) {
        error = (e as Error).message || String(e);
        // Refused for good under this key: the next attempt sends a key of its own.
        if (failureOf(e) === 'refused') keyAttempt = attempt + 1;
      }
    }

    const [failure] = await tx
      .insert(transferAttempts)
      .values({ transferId: transfer.id, attempt, succeeded: false, error, createdAt: now })
      .returning({ id: transferAttempts.id });
    await tx
      .update(transfers)
      .set({ state: 'failed', attempts: attempt, keyAttempt, lastError: error, nextAttemptAt: new Date(now.getTime() + transferRetryDelayMs(attempt)), updatedAt: now })
      .where(eq(transfers.id, transfer.id));
    // Moves no money; kept so the statement and the admin see the refusal where it happened.
    await recordLedgerEntries(tx, [
      {
        kind: 'transfer_failed',
        amount: transfer.amount,
        businessId: transfer.businessId,
        orderId: transfer.orderId,
        movementId: transfer.movementId,
        checkoutId: transfer.checkoutId,
        idempotencyKey: `transfer_failed:${failure!.id}`,
        at: now,
      },
    ]);
    return 'failed';
  });
}
