import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payoutAccounts, transfers } from '../../db/schema/payouts';
import type { PaymentProviderName, PayoutEvent } from '../../platform/payments/payment-provider';
import { recordLedgerEntries } from '../ledger/record-ledger-entries';
import { recordTransferMovement } from '../ledger/record-transfer-movement';
import { applyAccountState } from '../payout-accounts/apply-account-state';

export type PayoutEventResult = 'applied' | 'no_change' | 'unknown';

/**
 * A verified Connect event, in the transaction that recorded its id (payment_events), so a
 * replay never gets here twice; and every effect is conditional or keyed besides, so an
 * event that only confirms what Regalo already wrote changes nothing:
 * - account_updated: the stored account state (and failed transfers due again when fixed);
 * - transfer_created: confirms the job's transfer; if the job died between Stripe's answer
 *   and its commit, this marks the transfer sent and writes its ledger row;
 * - transfer_reversed: likewise for a reversal made by a platform cancellation;
 * - payout_paid / payout_failed: the business's balance reached its bank (or came back).
 */
export async function applyPayoutEvent(tx: Executor, provider: PaymentProviderName, event: PayoutEvent, now: Date): Promise<PayoutEventResult> {
  switch (event.kind) {
    case 'account_updated':
      return (await applyAccountState(tx, provider, event.account, now)) ? 'applied' : 'unknown';
    case 'transfer_created': {
      if (!event.orderId) return 'unknown';
      const [transfer] = await tx
        .update(transfers)
        .set({ state: 'sent', providerTransferId: event.transferId, sentAt: now, nextAttemptAt: null, lastError: null, updatedAt: now })
        .where(and(eq(transfers.orderId, event.orderId), inArray(transfers.state, ['due', 'failed'])))
        .returning();
      const [known] = transfer ? [transfer] : await tx.select().from(transfers).where(eq(transfers.providerTransferId, event.transferId));
      if (!known) return 'unknown';
      const added = await recordTransferMovement(tx, {
        kind: 'transfer_sent',
        amount: known.amount,
        businessId: known.businessId,
        orderId: known.orderId,
        movementId: known.movementId,
        checkoutId: known.checkoutId,
        providerRef: event.transferId,
        at: now,
      });
      return added > 0 || transfer ? 'applied' : 'no_change';
    }
    case 'transfer_reversed': {
      const [known] = await tx.select().from(transfers).where(eq(transfers.providerTransferId, event.transferId));
      if (!known) return 'unknown';
      const [reversed] = await tx
        .update(transfers)
        .set({ state: 'reversed', providerReversalId: event.reversalId, reversedAt: now, updatedAt: now })
        .where(and(eq(transfers.id, known.id), eq(transfers.state, 'sent')))
        .returning({ id: transfers.id });
      const added = await recordTransferMovement(tx, {
        kind: 'transfer_reversed',
        amount: event.amountReversed,
        businessId: known.businessId,
        orderId: known.orderId,
        movementId: known.movementId,
        checkoutId: known.checkoutId,
        // The reversal's own id, as the provider's balance names it (reconciliation).
        providerRef: known.providerReversalId ?? event.reversalId ?? event.transferId,
        at: now,
      });
      return added > 0 || reversed ? 'applied' : 'no_change';
    }
    case 'payout_paid':
    case 'payout_failed': {
      const [account] = await tx
        .select({ businessId: payoutAccounts.businessId })
        .from(payoutAccounts)
        .where(and(eq(payoutAccounts.provider, provider), eq(payoutAccounts.providerAccountId, event.accountId)));
      if (!account) return 'unknown';
      const added = await recordLedgerEntries(tx, [
        { kind: event.kind, amount: event.amount, businessId: account.businessId, providerRef: event.payoutId, idempotencyKey: `${event.kind}:${event.payoutId}`, at: now },
      ]);
      return added > 0 ? 'applied' : 'no_change';
    }
  }
}
