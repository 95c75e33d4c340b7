import { eq } from 'drizzle-orm';
import { coordinatesTogetherError, profileFieldErrors, type BusinessProfilePatch, type DashboardBusiness } from '@shared/contracts/business-dashboard';
import type { BusinessType } from '@shared/domain/business';
import { taxIdError } from '@shared/domain/tax-id';
import { businesses } from '../../../db/schema/businesses';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { changedIdentityFields, reopenReviewIfIdentityChanged } from '../../../domain/businesses/reopen-review';
import { requireOwnedBusiness } from '../../../domain/businesses/owned-business';
import { tellOwnerOfReview } from '../../../domain/owner-notices/tell-owner-of-review';
import { toDashboardBusiness } from './get-dashboard-business';

/**
 * Saves the profile form. The tax id must fit the business type after merging with what is
 * stored (a company cannot keep an individual's NIE by changing only its type), and the
 * coordinates come as a pair after merging too. One UPDATE,
 * so a refused change leaves the row untouched.
 *
 * A change of who an approved business is sends it back to review (ADR 034), which takes its
 * gifts off the catalogue: the owner must have been told and confirmed (`confirmReview`),
 * else 409 `review_confirmation_required` names the fields and nothing changes; once saved,
 * the owner is also told by mail (ADR 065).
 */
export async function updateBusinessProfile(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  userId: string,
  { confirmReview, ...patch }: BusinessProfilePatch,
): Promise<DashboardBusiness> {
  return ctx.db.transaction(async (tx) => {
    const business = await requireOwnedBusiness(tx, userId);
    const businessType = patch.businessType ?? (business.businessType as BusinessType);
    const taxId = patch.taxId ?? business.taxId;
    const taxIdProblem = taxIdError(taxId, businessType);
    if (taxIdProblem) throw AppError.validation({ taxId: profileFieldErrors[taxIdProblem] });
    // A patch of one coordinate is checked with the other as stored.
    const missing = coordinatesTogetherError(patch.latitude !== undefined ? patch.latitude : business.latitude, patch.longitude !== undefined ? patch.longitude : business.longitude);
    if (missing) throw AppError.validation({ [missing]: profileFieldErrors.coordinatesTogether });
    const changed = changedIdentityFields(business, patch);
    if (business.verificationStatus === 'approved' && changed.length > 0 && confirmReview !== true) {
      throw new AppError(
        'review_confirmation_required',
        409,
        'This change sends the business back to review: confirm it first',
        Object.fromEntries(changed.map((field) => [field, 'reviewRequired'])),
      );
    }
    await tx
      .update(businesses)
      .set({ ...patch, updatedAt: ctx.now() })
      .where(eq(businesses.id, business.id));
    // ADR 034: who the business is changed → back to review (description, phone… stay free).
    if ((await reopenReviewIfIdentityChanged(tx, business, changed, ctx.now())) === 'reopened') {
      await tellOwnerOfReview(tx, { businessId: business.id, changed, publicUrl: ctx.config.publicUrl });
    }
    const [updated] = await tx.select().from(businesses).where(eq(businesses.id, business.id));
    return toDashboardBusiness(tx, updated!);
  });
}
