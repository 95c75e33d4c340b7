import { eq } from 'drizzle-orm';
import type { AdminBusinessDetail } from '@shared/contracts/admin';
import { businesses } from '../../db/schema/businesses';
import type { AppContext } from '../../platform/context';
import { findBusinessForAdmin } from './admin-rows';
import { getAdminBusiness } from './get-admin-business';
import { recordAdminAction, type AdminActor } from '../../domain/admin/record-admin-action';

/**
 * Sets the rate for orders paid from now on. Orders already paid keep the rate, commission
 * and net they stored at payment (orders.commission_rate), so nothing else is touched.
 */
export async function changeCommissionRate(
  ctx: Pick<AppContext, 'db' | 'now'>,
  actor: AdminActor,
  businessId: string,
  input: { commissionRate: number; reason: string | null },
): Promise<AdminBusinessDetail> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const before = await findBusinessForAdmin(tx, businessId, true);
    await tx.update(businesses).set({ commissionRate: input.commissionRate, updatedAt: now }).where(eq(businesses.id, businessId));
    await recordAdminAction(
      tx,
      actor,
      {
        action: 'commission_changed',
        targetType: 'business',
        targetId: businessId,
        before: { commissionRate: Number(before.commissionRate) },
        after: { commissionRate: input.commissionRate },
        reason: input.reason,
      },
      now,
    );
  });
  return getAdminBusiness(ctx.db, businessId, now);
}
