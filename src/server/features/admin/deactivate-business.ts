import { eq } from 'drizzle-orm';
import type { AdminBusinessDetail } from '@shared/contracts/admin';
import { businesses } from '../../db/schema/businesses';
import type { AppContext } from '../../platform/context';
import { enqueueMail, toMailLocale } from '../../mail/enqueue-mail';
import { findBusinessForAdmin, findOwner } from './admin-rows';
import { getAdminBusiness } from './get-admin-business';
import { recordAdminAction, type AdminActor } from '../../domain/admin/record-admin-action';

/**
 * Switches a business off: it leaves the catalogue at once (the listing rule needs
 * is_active) and takes no new orders. Orders already paid are not touched, so their gifts
 * stay valid; cancelling and refunding them is a separate, per-order action. The owner is
 * told by mail in their language, with the team's reason (ADR 065); a business already off
 * changes nothing and mails nobody.
 */
export async function deactivateBusiness(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  actor: AdminActor,
  businessId: string,
  input: { reason: string | null },
): Promise<AdminBusinessDetail> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const before = await findBusinessForAdmin(tx, businessId, true);
    if (!before.isActive) return;
    await tx.update(businesses).set({ isActive: false, updatedAt: now }).where(eq(businesses.id, businessId));
    await recordAdminAction(
      tx,
      actor,
      { action: 'business_deactivated', targetType: 'business', targetId: businessId, before: { isActive: before.isActive }, after: { isActive: false }, reason: input.reason },
      now,
    );
    const owner = await findOwner(tx, before.ownerId);
    if (owner) {
      await enqueueMail(tx, {
        to: owner.email,
        template: 'business-deactivated',
        locale: toMailLocale(owner.locale) ?? 'es',
        data: {
          name: owner.name || owner.email,
          businessName: before.name,
          reason: input.reason,
          supportEmail: ctx.config.operator.supportEmail,
          dashboardUrl: `${ctx.config.publicUrl}/business/dashboard`,
        },
      });
    }
  });
  return getAdminBusiness(ctx.db, businessId, now);
}
