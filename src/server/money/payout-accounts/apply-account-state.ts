import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payoutAccounts, transfers } from '../../db/schema/payouts';
import type { ConnectedAccountState, PaymentProviderName } from '../../platform/payments/payment-provider';

/**
 * Stores what the provider says about a connected account (`account.updated`, or the test
 * provider's onboarding page), in the caller's transaction. When the account can receive
 * transfers again, its business's failed transfers become due now: the job sends them at its
 * next run instead of waiting out their back-off. Returns the business, or null for an
 * account Regalo does not know.
 */
export async function applyAccountState(
  tx: Executor,
  provider: PaymentProviderName,
  state: ConnectedAccountState,
  now: Date,
): Promise<string | null> {
  const [account] = await tx
    .update(payoutAccounts)
    .set({
      detailsSubmitted: state.detailsSubmitted,
      payoutsEnabled: state.payoutsEnabled,
      transfersActive: state.transfersActive,
      requirementsDue: state.requirementsDue,
      requirementsEventuallyDue: state.requirementsEventuallyDue,
      requirementsDeadline: state.requirementsDeadline,
      disabledReason: state.disabledReason,
      updatedAt: now,
    })
    .where(and(eq(payoutAccounts.provider, provider), eq(payoutAccounts.providerAccountId, state.accountId)))
    .returning({ businessId: payoutAccounts.businessId });
  if (!account) return null;
  if (state.transfersActive) {
    await tx
      .update(transfers)
      .set({ nextAttemptAt: now, updatedAt: now })
      .where(and(eq(transfers.businessId, account.businessId), eq(transfers.state, 'failed')));
  }
  return account.businessId;
}
