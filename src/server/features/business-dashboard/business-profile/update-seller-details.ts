import { eq } from 'drizzle-orm';
import type { DashboardBusiness } from '@shared/contracts/business-dashboard';
import type { SellerDetails } from '@shared/contracts/seller-details';
import { businesses } from '../../../db/schema/businesses';
import type { AppContext } from '../../../platform/context';
import { requireOwnedBusiness } from '../../../domain/businesses/owned-business';
import { toDashboardBusiness } from './get-dashboard-business';

/**
 * The seller details DAC7 reports (ADR 100), checked by the contract: the caller's own
 * business only. The whole set is written at once (an emptied field is cleared); none says who
 * the business is for its review (ADR 034), so an approved business stays approved.
 */
export async function updateSellerDetails(ctx: Pick<AppContext, 'db' | 'now'>, userId: string, input: SellerDetails): Promise<DashboardBusiness> {
  return ctx.db.transaction(async (tx) => {
    const business = await requireOwnedBusiness(tx, userId);
    const [updated] = await tx
      .update(businesses)
      .set({ ...input, updatedAt: ctx.now() })
      .where(eq(businesses.id, business.id))
      .returning();
    return toDashboardBusiness(tx, updated!);
  });
}
