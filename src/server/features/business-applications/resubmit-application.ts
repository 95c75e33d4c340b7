import { eq } from 'drizzle-orm';
import type { BusinessType } from '@shared/domain/business';
import { missingDocuments } from '@shared/domain/documents';
import { classifyTaxId } from '@shared/domain/tax-id';
import { businessApplications, businesses } from '../../db/schema/businesses';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { isUniqueViolation } from '../../db/unique-violation';

/**
 * A rejected business asks for review again after correcting its details or documents: a
 * NEW application (`resubmission`), the business back to `pending`. The earlier, rejected
 * application and its reason stay as history. Refused (nothing changes) unless the business
 * is rejected, its tax id fits its type and every required document is there.
 */
export async function resubmitApplication(ctx: Pick<AppContext, 'db' | 'now'>, userId: string): Promise<{ applicationId: string }> {
  const now = ctx.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const [business] = await tx.select().from(businesses).where(eq(businesses.ownerId, userId)).for('update');
      if (!business) throw new AppError('no_business', 403, 'You do not own a business');
      if (business.verificationStatus !== 'rejected') {
        throw AppError.conflict('application_not_rejected', 'Only a rejected application can be submitted again');
      }
      const businessType = business.businessType as BusinessType;
      if (classifyTaxId(business.taxId, businessType) === null) {
        throw AppError.validation({ taxId: 'invalidTaxId' }, 'Correct the tax id first');
      }
      const missing = missingDocuments(businessType, business.verificationDocuments.map((d) => d.type));
      if (missing.length > 0) {
        throw new AppError('documents_missing', 400, `Upload these documents first: ${missing.join(', ')}`, Object.fromEntries(missing.map((t) => [t, 'documentRequired'])));
      }
      await tx.update(businesses).set({ verificationStatus: 'pending', updatedAt: now }).where(eq(businesses.id, business.id));
      const [application] = await tx
        .insert(businessApplications)
        .values({ businessId: business.id, applicationStatus: 'pending', kind: 'resubmission', submittedAt: now, createdAt: now })
        .returning({ id: businessApplications.id });
      return { applicationId: application!.id };
    });
  } catch (error) {
    // Two clicks at once: the one-open-application index lets only the first through.
    if (isUniqueViolation(error)) throw AppError.conflict('application_not_rejected', 'Already submitted');
    throw error;
  }
}
