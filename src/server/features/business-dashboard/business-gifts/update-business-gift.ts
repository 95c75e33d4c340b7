import { eq } from 'drizzle-orm';
import type { DashboardGift, GiftPatch } from '@shared/contracts/business-dashboard';
import { gifts } from '../../../db/schema/gifts';
import type { AppContext } from '../../../platform/context';
import { requireOwnedBusiness } from '../../../domain/businesses/owned-business';
import { findBusinessGift, toDashboardGift } from './gift-row';

/**
 * Edits a gift (or just flips its availability). A new price applies to orders placed from
 * now on; existing orders keep the total they were paid.
 */
export async function updateBusinessGift(
  ctx: Pick<AppContext, 'db' | 'now'>,
  userId: string,
  giftId: string,
  patch: GiftPatch,
): Promise<DashboardGift> {
  return ctx.db.transaction(async (tx) => {
    const business = await requireOwnedBusiness(tx, userId, { mustBeActive: true });
    const { hasOrders } = await findBusinessGift(tx, business.id, giftId);
    const [gift] = await tx
      .update(gifts)
      .set({ ...patch, updatedAt: ctx.now() })
      .where(eq(gifts.id, giftId))
      .returning();
    return toDashboardGift({ gift: gift!, hasOrders });
  });
}
