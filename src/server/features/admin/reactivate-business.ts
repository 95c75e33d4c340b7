import { eq } from 'drizzle-orm';
import type { AdminBusinessDetail } from '@shared/contracts/admin';
import { businesses } from '../../db/schema/businesses';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { findBusinessForAdmin } from './admin-rows';
import { getAdminBusiness } from './get-admin-business';
import { recordAdminAction, type AdminActor } from '../../domain/admin/record-admin-action';

/** Switches an approved business back on; pending or rejected ones go through review instead. */
export async function reactivateBusiness(
  ctx: Pick<AppContext, 'db' | 'now'>,
  actor: AdminActor,
  businessId: string,
  input: { reason: string | null },
): Promise<AdminBusinessDetail> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const before = await findBusinessForAdmin(tx, businessId, true);
    if (before.verificationStatus !== 'approved') {
      throw AppError.conflict('business_not_approved', 'Only an approved business can be reactivated; review its application instead');
    }
    await tx.update(businesses).set({ isActive: true, updatedAt: now }).where(eq(businesses.id, businessId));
    await recordAdminAction(
      tx,
      actor,
      { action: 'business_reactivated', targetType: 'business', targetId: businessId, before: { isActive: before.isActive }, after: { isActive: true }, reason: input.reason },
      now,
    );
  });
  return getAdminBusiness(ctx.db, businessId, now);
}
