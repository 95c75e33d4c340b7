import { eq } from 'drizzle-orm';
import type { AdminBusinessDetail } from '@shared/contracts/admin';
import { businesses } from '../../db/schema/businesses';
import type { AppContext } from '../../platform/context';
import { enqueueMail, toMailLocale } from '../../mail/enqueue-mail';
import { closeOpenApplication, findBusinessForAdmin, findOwner } from './admin-rows';
import { getAdminBusiness } from './get-admin-business';
import { recordAdminAction, type AdminActor } from '../../domain/admin/record-admin-action';

/**
 * Rejects the open application with a reason the owner reads (email and dashboard). The
 * business is `rejected` and so drops out of the listing; `is_active` is left as it is, so
 * a business rejected on a re-review keeps honouring (redeeming) gifts already paid for.
 */
export async function rejectApplication(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  actor: AdminActor,
  businessId: string,
  input: { reason: string },
): Promise<AdminBusinessDetail> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const before = await findBusinessForAdmin(tx, businessId, true);
    const applicationId = await closeOpenApplication(tx, businessId, { status: 'rejected', reviewerId: actor.id, notes: input.reason, now });
    await tx
      .update(businesses)
      .set({ verificationStatus: 'rejected', rejectionReason: input.reason, updatedAt: now })
      .where(eq(businesses.id, businessId));
    await recordAdminAction(
      tx,
      actor,
      {
        action: 'application_rejected',
        targetType: 'business',
        targetId: businessId,
        before: { verificationStatus: before.verificationStatus, rejectionReason: before.rejectionReason },
        after: { verificationStatus: 'rejected', rejectionReason: input.reason, applicationId },
        reason: input.reason,
      },
      now,
    );
    const owner = await findOwner(tx, before.ownerId);
    if (owner) {
      await enqueueMail(tx, {
        to: owner.email,
        template: 'business-rejected',
        locale: toMailLocale(owner.locale) ?? 'en',
        data: {
          name: owner.name || owner.email,
          businessName: before.name,
          reason: input.reason,
          dashboardUrl: `${ctx.config.publicUrl}/business/dashboard?tab=verification`,
        },
      });
    }
  });
  return getAdminBusiness(ctx.db, businessId, now);
}
