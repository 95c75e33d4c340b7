import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { checkouts, orders } from '../../db/schema/orders';
import { payoutAccounts, transferAttempts, transfers } from '../../db/schema/payouts';
import { recordLedgerEntries } from '../../domain/ledger/record-ledger-entries';
import type { AppContext } from '../../platform/context';

/** The key Stripe deduplicates an order's transfer by: one transfer per order, ever (ADR 053). */
export const orderTransferKey = (orderId: string) => `regalo-transfer-order-${orderId}`;

const MINUTE_MS = 60 * 1000;
const MAX_BACKOFF_MS = 24 * 60 * MINUTE_MS;

/** 5 min after the first failure, doubling, at most a day. */
export function transferRetryDelayMs(attempts: number): number {
  return Math.min(5 * MINUTE_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

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
 * commit is safe too: the retry sends the same order-derived idempotency key and gets the
 * first transfer back. Every attempt is recorded.
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

    // A cancellation normally marks its transfer itself; this only guards a future path that forgets.
    if (!['paid', 'redeemed', 'expired'].includes(claimed.orderStatus)) {
      await tx.update(transfers).set({ state: 'cancelled', nextAttemptAt: null, updatedAt: now }).where(eq(transfers.id, transfer.id));
      return 'cancelled';
    }

    const attempt = transfer.attempts + 1;
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
          idempotencyKey: orderTransferKey(transfer.orderId),
          orderId: transfer.orderId,
        });
        await tx
          .update(transfers)
          .set({ state: 'sent', attempts: attempt, providerTransferId: transferId, sentAt: now, nextAttemptAt: null, lastError: null, updatedAt: now })
          .where(eq(transfers.id, transfer.id));
        await tx.insert(transferAttempts).values({ transferId: transfer.id, attempt, succeeded: true, providerTransferId: transferId, createdAt: now });
        await recordLedgerEntries(tx, [
          { kind: 'transfer_sent', amount: transfer.amount, businessId: transfer.businessId, orderId: transfer.orderId, checkoutId: transfer.checkoutId, providerRef: transferId, at: now },
        ]);
        return 'sent';
      } catch (e) {
        error = (e as Error).message || String(e);
      }
    }

    const [failure] = await tx
      .insert(transferAttempts)
      .values({ transferId: transfer.id, attempt, succeeded: false, error, createdAt: now })
      .returning({ id: transferAttempts.id });
    await tx
      .update(transfers)
      .set({ state: 'failed', attempts: attempt, lastError: error, nextAttemptAt: new Date(now.getTime() + transferRetryDelayMs(attempt)), updatedAt: now })
      .where(eq(transfers.id, transfer.id));
    // Moves no money; kept so the statement and the admin see the refusal where it happened.
    await recordLedgerEntries(tx, [
      {
        kind: 'transfer_failed',
        amount: transfer.amount,
        businessId: transfer.businessId,
        orderId: transfer.orderId,
        checkoutId: transfer.checkoutId,
        idempotencyKey: `transfer_failed:${failure!.id}`,
        at: now,
      },
    ]);
    return 'failed';
  });
}
