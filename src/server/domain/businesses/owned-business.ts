import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { findOwnedBusiness } from './find-owned-business';

export type OwnedBusiness = NonNullable<Awaited<ReturnType<typeof findOwnedBusiness>>>;

/**
 * The business the user owns, or 403 `no_business`. Everything the dashboard reads or
 * changes hangs off this row, so a business id from the client is never trusted.
 */
export async function requireOwnedBusiness(
  db: Executor,
  userId: string,
  options: { mustBeActive?: boolean } = {},
): Promise<OwnedBusiness> {
  const business = await findOwnedBusiness(db, userId);
  if (!business) throw new AppError('no_business', 403, 'You do not own a business');
  // The specification disables the gifts and orders tabs until the team approves the business.
  if (options.mustBeActive && !business.isActive) {
    throw new AppError('business_inactive', 403, 'Your business is not active yet');
  }
  return business;
}
