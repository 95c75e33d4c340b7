import { eq } from 'drizzle-orm';
import type { AdminBusinessDetail } from '@shared/contracts/admin';
import { businesses } from '../../db/schema/businesses';
import type { AppContext } from '../../platform/context';
import { findBusinessForAdmin } from './admin-rows';
import { getAdminBusiness } from './get-admin-business';
import { recordAdminAction, type AdminActor } from '../../domain/admin/record-admin-action';

/**
 * Switches a business off: it leaves the catalogue at once (the listing rule needs
 * is_active) and takes no new orders. Orders already paid are not touched, so their gifts
 * stay valid; cancelling and refunding them is a separate, per-order action.
 */
export async function deactivateBusiness(
  ctx: Pick<AppContext, 'db' | 'now'>,
  actor: AdminActor,
  businessId: string,
  input: { reason: string | null },
): Promise<AdminBusinessDetail> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const before = await findBusinessForAdmin(tx, businessId, true);
    await tx.update(businesses).set({ isActive: false, updatedAt: now }).where(eq(businesses.id, businessId));
    await recordAdminAction(
      tx,
      actor,
      { action: 'business_deactivated', targetType: 'business', targetId: businessId, before: { isActive: before.isActive }, after: { isActive: false }, reason: input.reason },
      now,
    );
  });
  return getAdminBusiness(ctx.db, businessId, now);
}
