import { eq } from 'drizzle-orm';
import { profileFieldErrors, type BusinessProfilePatch, type DashboardBusiness } from '@shared/contracts/business-dashboard';
import type { BusinessType } from '@shared/domain/business';
import { taxIdError } from '@shared/domain/tax-id';
import { businesses } from '../../../db/schema/businesses';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { changedIdentityFields, reopenReviewIfIdentityChanged } from '../../../domain/businesses/reopen-review';
import { requireOwnedBusiness } from '../../../domain/businesses/owned-business';
import { toDashboardBusiness } from './get-dashboard-business';

/**
 * Saves the profile form. The tax id must fit the business type after merging with what is
 * stored (a company cannot keep an individual's NIE by changing only its type). One UPDATE,
 * so a refused change leaves the row untouched.
 */
export async function updateBusinessProfile(
  ctx: Pick<AppContext, 'db' | 'now'>,
  userId: string,
  patch: BusinessProfilePatch,
): Promise<DashboardBusiness> {
  return ctx.db.transaction(async (tx) => {
    const business = await requireOwnedBusiness(tx, userId);
    const businessType = patch.businessType ?? (business.businessType as BusinessType);
    const taxId = patch.taxId ?? business.taxId;
    const taxIdProblem = taxIdError(taxId, businessType);
    if (taxIdProblem) throw AppError.validation({ taxId: profileFieldErrors[taxIdProblem] });
    await tx
      .update(businesses)
      .set({ ...patch, updatedAt: ctx.now() })
      .where(eq(businesses.id, business.id));
    // ADR 034: who the business is changed → back to review (description, phone… stay free).
    await reopenReviewIfIdentityChanged(tx, business, changedIdentityFields(business, patch), ctx.now());
    const [updated] = await tx.select().from(businesses).where(eq(businesses.id, business.id));
    return toDashboardBusiness(tx, updated!);
  });
}
