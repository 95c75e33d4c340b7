import { eq } from 'drizzle-orm';
import type { OnboardingLink } from '@shared/contracts/payouts';
import { payoutAccounts } from '../../db/schema/payouts';
import { requireOwnedBusiness } from '../../domain/businesses/owned-business';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { PaymentProviderError } from '../../platform/payments/payment-provider';

/** Where the provider sends the owner back: the dashboard's Payouts tab (both ways). */
export const PAYOUTS_TAB_PATH = '/business/dashboard?tab=payouts';

/** Where an expired or used Account Link sends the owner: a fresh link (refresh-payout-onboarding.ts). */
export const ONBOARDING_REFRESH_PATH = '/api/business/payout-account/onboarding/refresh';

/** The link's way back when done (the tab), and the way on when it has expired (a new link). */
export function onboardingReturnUrls(publicUrl: string) {
  return { returnUrl: `${publicUrl}${PAYOUTS_TAB_PATH}`, refreshUrl: `${publicUrl}${ONBOARDING_REFRESH_PATH}` };
}

/**
 * The owner's "connect payouts" button: creates the business's connected account the first
 * time (the provider deduplicates a double click by the business id) and answers the hosted
 * onboarding link, which also serves to finish or fix an incomplete account later. Only an
 * approved business: Regalo only pays businesses it has checked.
 */
export async function startPayoutOnboarding(ctx: Pick<AppContext, 'db' | 'now' | 'config' | 'payments'>, userId: string): Promise<OnboardingLink> {
  const business = await requireOwnedBusiness(ctx.db, userId);
  if (business.verificationStatus !== 'approved') {
    throw AppError.conflict('business_not_approved', 'Payouts can be connected once the business is approved');
  }
  const provider = ctx.payments;
  try {
    let [account] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.businessId, business.id));
    if (!account || account.provider !== provider.name) {
      const state = await provider.createConnectedAccount({ businessId: business.id, email: business.email });
      const now = ctx.now();
      const values = {
        provider: provider.name,
        providerAccountId: state.accountId,
        detailsSubmitted: state.detailsSubmitted,
        payoutsEnabled: state.payoutsEnabled,
        transfersActive: state.transfersActive,
        requirementsDue: state.requirementsDue,
        requirementsEventuallyDue: state.requirementsEventuallyDue,
        requirementsDeadline: state.requirementsDeadline,
        disabledReason: state.disabledReason,
        updatedAt: now,
      };
      [account] = await ctx.db
        .insert(payoutAccounts)
        .values({ businessId: business.id, ...values, createdAt: now })
        .onConflictDoUpdate({ target: payoutAccounts.businessId, set: values })
        .returning();
    }
    return await provider.createOnboardingLink({ accountId: account!.providerAccountId, ...onboardingReturnUrls(ctx.config.publicUrl) });
  } catch (error) {
    if (error instanceof PaymentProviderError) throw new AppError('payout_provider_failed', 502, error.message);
    throw error;
  }
}
