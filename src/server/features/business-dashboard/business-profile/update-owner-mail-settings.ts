import { eq } from 'drizzle-orm';
import type { DashboardBusiness, OwnerMailSettings } from '@shared/contracts/business-dashboard';
import { businesses } from '../../../db/schema/businesses';
import type { AppContext } from '../../../platform/context';
import { requireOwnedBusiness } from '../../../domain/businesses/owned-business';
import { toDashboardBusiness } from './get-dashboard-business';

/**
 * The owner's choice between a mail per sale or cancellation and one daily summary (ADR 065).
 * Events not yet mailed when they switch are not lost: the daily job summarises whatever is
 * still unmailed from earlier days.
 */
export async function updateOwnerMailSettings(ctx: Pick<AppContext, 'db' | 'now'>, userId: string, input: OwnerMailSettings): Promise<DashboardBusiness> {
  return ctx.db.transaction(async (tx) => {
    const business = await requireOwnedBusiness(tx, userId);
    const [updated] = await tx
      .update(businesses)
      .set({ orderMailDigest: input.orderMailDigest, updatedAt: ctx.now() })
      .where(eq(businesses.id, business.id))
      .returning();
    return toDashboardBusiness(tx, updated!);
  });
}
