import { and, eq } from 'drizzle-orm';
import type { CommissionAcceptance, DashboardBusiness } from '@shared/contracts/business-dashboard';
import { PARTNER_TERMS_VERSION } from '@shared/domain/legal-versions';
import { businesses, commissionAcceptances } from '../../../db/schema/businesses';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { requireOwnedBusiness } from '../../../domain/businesses/owned-business';
import { toDashboardBusiness } from './get-dashboard-business';

/**
 * The owner accepts the commission the team proposed (ADR 065): from now on their orders are
 * priced with it. They accept what they were shown — the rate and the agreement's version
 * come back from the page — so a proposal the team changed meanwhile, or an agreement that
 * changed, is refused (409) rather than accepted unseen. One conditional update on the
 * proposal as shown, and the acceptance record, in one transaction.
 */
export async function acceptCommissionRate(
  ctx: Pick<AppContext, 'db' | 'now'>,
  userId: string,
  input: CommissionAcceptance,
): Promise<DashboardBusiness> {
  if (input.partnerTermsVersion !== PARTNER_TERMS_VERSION) {
    throw AppError.conflict('partner_terms_outdated', 'The partner agreement changed: read it again before accepting');
  }
  return ctx.db.transaction(async (tx) => {
    const business = await requireOwnedBusiness(tx, userId);
    const now = ctx.now();
    const [accepted] = await tx
      .update(businesses)
      .set({ commissionRate: input.commissionRate, proposedCommissionRate: null, commissionProposedAt: null, updatedAt: now })
      .where(and(eq(businesses.id, business.id), eq(businesses.proposedCommissionRate, input.commissionRate)))
      .returning();
    if (!accepted) throw AppError.conflict('commission_proposal_changed', 'There is no such commission proposal any more');
    await tx.insert(commissionAcceptances).values({
      businessId: business.id,
      commissionRate: input.commissionRate,
      partnerTermsVersion: PARTNER_TERMS_VERSION,
      acceptedBy: userId,
      source: 'proposal',
      acceptedAt: now,
    });
    return toDashboardBusiness(tx, accepted);
  });
}
