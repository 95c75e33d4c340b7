import type { SessionUser } from '@shared/contracts/session';
import { canRedeem } from '@shared/domain/business';
import type { Executor } from '../../db/client';
import { findOwnedBusiness } from '../../domain/businesses/find-owned-business';

/**
 * Whether the person opening a gift page may redeem it at their counter: signed in with a
 * confirmed address (as the redemption endpoint requires) and owning the gift's business, which
 * may redeem (the same rule as the endpoint's). The answer only decides whether the page offers
 * the dashboard's redeem confirmation; the endpoint checks everything again.
 */
export async function isGiftBusinessOwner(db: Executor, user: SessionUser | null, businessId: string): Promise<boolean> {
  if (!user?.emailVerified) return false;
  const business = await findOwnedBusiness(db, user.id);
  return business !== null && business.id === businessId && canRedeem(business);
}
