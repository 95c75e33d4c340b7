import { eq } from 'drizzle-orm';
import type { PayoutAccount } from '@shared/contracts/payouts';
import { payoutAccounts } from '../../db/schema/payouts';
import { requireOwnedBusiness } from '../../domain/businesses/owned-business';
import { applyAccountState } from './apply-account-state';
import { getPayoutAccount } from './payout-account-view';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';

/**
 * The buttons of the test provider's onboarding page: what Stripe's `account.updated` would
 * report once the owner finished (or left) onboarding, run through the same use case. Only the
 * owner's own test account.
 */
export async function completeTestOnboarding(
  ctx: Pick<AppContext, 'db' | 'now'>,
  userId: string,
  outcome: 'complete' | 'incomplete',
): Promise<PayoutAccount> {
  const business = await requireOwnedBusiness(ctx.db, userId);
  const [account] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.businessId, business.id));
  if (!account || account.provider !== 'test') throw new AppError('payout_account_not_found', 404, 'Start the onboarding first');
  const complete = outcome === 'complete';
  await ctx.db.transaction((tx) =>
    applyAccountState(
      tx,
      'test',
      {
        accountId: account.providerAccountId,
        detailsSubmitted: complete,
        payoutsEnabled: complete,
        transfersActive: complete,
        requirementsDue: complete ? [] : ['external_account', 'representative.id_number'],
        requirementsEventuallyDue: [],
        requirementsDeadline: null,
        disabledReason: complete ? null : 'requirements.past_due',
      },
      ctx.now(),
    ),
  );
  return getPayoutAccount(ctx.db, business.id);
}
