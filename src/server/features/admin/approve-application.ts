import { and, eq, ne, or } from 'drizzle-orm';
import type { AdminBusinessDetail } from '@shared/contracts/admin';
import type { Executor } from '../../db/client';
import { businessApplications, businesses } from '../../db/schema/businesses';
import type { AppContext } from '../../platform/context';
import { enqueueMail, toMailLocale } from '../../mail/enqueue-mail';
import { closeOpenApplication, findBusinessForAdmin, findOwner } from './admin-rows';
import { formatPercent } from '@shared/format';
import { proposeCommissionRate } from '../../domain/businesses/propose-commission-rate';
import { getAdminBusiness } from './get-admin-business';
import { recordAdminAction, type AdminActor } from '../../domain/admin/record-admin-action';
import { readLaunchChecklist } from '../../domain/businesses/read-launch-checklist';
import { launchStepPaths } from '@shared/domain/launch-steps';

/**
 * Approves the business's open application: the business becomes approved, the owner is
 * emailed in their language, and the audit row is written — all in one transaction. The
 * commission stays the one the owner accepted on the wizard; a different rate is proposed to
 * them and applies only once they accept it (ADR 065). The application row is closed with a
 * conditional update, so two admins deciding at once cannot both succeed.
 *
 * A first approval makes the business active. Approving a later review (an identity change)
 * leaves `is_active` as it is: a business the team switched off stays off until the team
 * switches it on (ADR 034: a rename and an approval used to reactivate it).
 */
export async function approveApplication(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  actor: AdminActor,
  businessId: string,
  input: { commissionRate: number; notes: string | null },
): Promise<AdminBusinessDetail> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const before = await findBusinessForAdmin(tx, businessId, true);
    const applicationId = await closeOpenApplication(tx, businessId, { status: 'approved', reviewerId: actor.id, notes: input.notes, now });
    const isActive = before.isActive || !(await wasApprovedBefore(tx, businessId, applicationId));
    await tx
      .update(businesses)
      .set({ verificationStatus: 'approved', isActive, rejectionReason: null, updatedAt: now })
      .where(eq(businesses.id, businessId));
    const proposal = await proposeCommissionRate(tx, before, input.commissionRate, now);
    const proposedRate = proposal.outcome === 'proposed' ? proposal.rate : null;
    await recordAdminAction(
      tx,
      actor,
      {
        action: 'application_approved',
        targetType: 'business',
        targetId: businessId,
        before: { verificationStatus: before.verificationStatus, isActive: before.isActive, commissionRate: Number(before.commissionRate) },
        after: { verificationStatus: 'approved', isActive, applicationId, ...(proposedRate !== null ? { proposedCommissionRate: proposedRate } : {}) },
        reason: input.notes,
      },
      now,
    );
    const owner = await findOwner(tx, before.ownerId);
    // Read inside the transaction, after the approval: the email lists what is really left.
    const launch = owner ? await readLaunchChecklist(tx, businessId) : null;
    if (owner && launch) {
      await enqueueMail(tx, {
        to: owner.email,
        template: 'business-approved',
        locale: toMailLocale(owner.locale) ?? 'en',
        data: {
          name: owner.name || owner.email,
          businessName: before.name,
          commission: formatPercent(Number(before.commissionRate)),
          proposedCommission: proposedRate === null ? null : formatPercent(proposedRate),
          dashboardUrl: `${ctx.config.publicUrl}/business/dashboard`,
          launch: {
            steps: launch.steps.map((step) => ({ ...step, url: `${ctx.config.publicUrl}${launchStepPaths[step.key]}` })),
            isLive: launch.isLive,
          },
        },
      });
    }
  });
  return getAdminBusiness(ctx.db, businessId, now);
}

/**
 * Whether the business had been approved before this application: an identity-change review
 * is only ever opened for an approved business, and any earlier approved application counts.
 */
async function wasApprovedBefore(tx: Executor, businessId: string, applicationId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: businessApplications.id })
    .from(businessApplications)
    .where(
      and(
        eq(businessApplications.businessId, businessId),
        or(
          and(eq(businessApplications.id, applicationId), eq(businessApplications.kind, 'identity_change')),
          and(ne(businessApplications.id, applicationId), eq(businessApplications.applicationStatus, 'approved')),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}
