import type { AdminBusinessDetail } from '@shared/contracts/admin';
import { formatPercent } from '@shared/format';
import type { AppContext } from '../../platform/context';
import { enqueueMail, toMailLocale } from '../../mail/enqueue-mail';
import { proposeCommissionRate } from '../../domain/businesses/propose-commission-rate';
import { findBusinessForAdmin, findOwner } from './admin-rows';
import { getAdminBusiness } from './get-admin-business';
import { recordAdminAction, type AdminActor } from '../../domain/admin/record-admin-action';

/**
 * The team asks for a new commission rate. The owner accepted a rate, so a different one is a
 * proposal they are emailed about and accept on their dashboard with the agreement's text
 * (ADR 065); until then orders are priced with the accepted rate. Asking for the accepted rate
 * withdraws a pending proposal. Orders already paid keep the rate they stored at payment.
 */
export async function changeCommissionRate(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  actor: AdminActor,
  businessId: string,
  input: { commissionRate: number; reason: string | null },
): Promise<AdminBusinessDetail> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const before = await findBusinessForAdmin(tx, businessId, true);
    const proposal = await proposeCommissionRate(tx, before, input.commissionRate, now);
    if (proposal.outcome === 'unchanged') return;
    await recordAdminAction(
      tx,
      actor,
      {
        action: 'commission_changed',
        targetType: 'business',
        targetId: businessId,
        before: { commissionRate: Number(before.commissionRate), proposedCommissionRate: before.proposedCommissionRate === null ? null : Number(before.proposedCommissionRate) },
        after: { proposedCommissionRate: proposal.outcome === 'proposed' ? proposal.rate : null },
        reason: input.reason,
      },
      now,
    );
    const owner = await findOwner(tx, before.ownerId);
    if (owner && proposal.outcome === 'proposed') {
      await enqueueMail(tx, {
        to: owner.email,
        template: 'commission-proposed',
        locale: toMailLocale(owner.locale) ?? 'es',
        data: {
          name: owner.name || owner.email,
          businessName: before.name,
          current: formatPercent(Number(before.commissionRate)),
          proposed: formatPercent(proposal.rate),
          dashboardUrl: `${ctx.config.publicUrl}/business/dashboard`,
        },
      });
    }
  });
  return getAdminBusiness(ctx.db, businessId, now);
}
