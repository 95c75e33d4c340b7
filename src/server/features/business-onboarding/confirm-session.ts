import { and, eq } from 'drizzle-orm';
import type { ConfirmSessionResult } from '@shared/contracts/business-onboarding';
import type { SessionUser } from '@shared/contracts/session';
import { businesses, businessInterests } from '../../db/schema/businesses';
import type { AppContext } from '../../platform/context';

/**
 * /business/confirm: who is signed in, and whether they already have a business (then the
 * page goes to the dashboard). Marks that address's interest record confirmed (spec §4):
 * a signed-in user has proven the address, whichever way they signed in.
 */
export async function confirmSession(
  ctx: Pick<AppContext, 'db' | 'now'>,
  user: Pick<SessionUser, 'id' | 'email' | 'businessName'>,
): Promise<ConfirmSessionResult> {
  const email = user.email.toLowerCase();
  const now = ctx.now();
  const [interest] = await ctx.db
    .update(businessInterests)
    .set({ isConfirmed: true, confirmedAt: now, updatedAt: now })
    .where(and(eq(businessInterests.email, email), eq(businessInterests.isConfirmed, false)))
    .returning({ businessName: businessInterests.businessName });
  const [business] = await ctx.db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.ownerId, user.id));
  let businessName = user.businessName ?? interest?.businessName ?? null;
  if (!businessName) {
    const [record] = await ctx.db
      .select({ businessName: businessInterests.businessName })
      .from(businessInterests)
      .where(eq(businessInterests.email, email));
    businessName = record?.businessName ?? null;
  }
  return { businessName, email: user.email, hasBusiness: Boolean(business) };
}
