import { and, eq } from 'drizzle-orm';
import { payoutAccounts } from '../../db/schema/payouts';
import { requireOwnedBusiness } from '../../domain/businesses/owned-business';
import type { AppContext } from '../../platform/context';
import { PaymentProviderError } from '../../platform/payments/payment-provider';
import { onboardingReturnUrls, PAYOUTS_TAB_PATH } from './start-payout-onboarding';

/**
 * Where the provider's `refresh_url` leads (an Account Link expired or was already used):
 * a fresh link for the signed-in owner's own connected account, so the owner goes straight
 * on with the onboarding instead of landing on the tab to click again. Only an account that
 * exists already: this is a GET that a link from elsewhere can trigger, so it never creates
 * one. With none, or when the provider does not answer, the Payouts tab (its button does
 * the rest, and shows the error).
 */
export async function refreshPayoutOnboarding(ctx: Pick<AppContext, 'db' | 'config' | 'payments'>, userId: string): Promise<string> {
  const business = await requireOwnedBusiness(ctx.db, userId);
  const tab = `${PAYOUTS_TAB_PATH}&onboarding=refresh`;
  const [account] = await ctx.db
    .select({ id: payoutAccounts.providerAccountId })
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.businessId, business.id), eq(payoutAccounts.provider, ctx.payments.name)));
  if (!account) return tab;
  try {
    return (await ctx.payments.createOnboardingLink({ accountId: account.id, ...onboardingReturnUrls(ctx.config.publicUrl) })).url;
  } catch (error) {
    if (error instanceof PaymentProviderError) return tab;
    throw error;
  }
}
