import type { BusinessRegistrationStatus } from '@shared/contracts/business-onboarding';
import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { findOwnedBusiness } from '../../domain/businesses/find-owned-business';

/** Where the signed-in owner's application stands; 404 when they own no business. */
export async function getRegistrationStatus(
  db: Executor,
  userId: string,
): Promise<BusinessRegistrationStatus> {
  const business = await findOwnedBusiness(db, userId);
  if (!business) throw new AppError('business_not_found', 404, 'You have no business yet');
  return {
    businessId: business.id,
    name: business.name,
    verificationStatus: business.verificationStatus as BusinessRegistrationStatus['verificationStatus'],
    isActive: business.isActive,
  };
}
