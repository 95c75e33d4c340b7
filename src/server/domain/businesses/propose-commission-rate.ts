import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema/businesses';

export type CommissionProposal =
  /** The rate asked for is the one the owner accepted: nothing to propose. */
  | { outcome: 'unchanged' }
  /** The rate asked for is the one the owner accepted, and an earlier proposal is withdrawn. */
  | { outcome: 'withdrawn' }
  /** A different rate, waiting for the owner's acceptance (a new one replaces an older one). */
  | { outcome: 'proposed'; rate: number };

/**
 * The platform team asks for a commission rate (at approval or later). The owner agreed to a
 * rate on the sign-up wizard, so a different one is only a proposal until they accept it on
 * their dashboard, with the agreement's text (ADR 065); orders keep being priced with the
 * accepted `commission_rate` meanwhile. Call inside the caller's transaction, row locked.
 */
export async function proposeCommissionRate(
  tx: Executor,
  business: Pick<typeof businesses.$inferSelect, 'id' | 'commissionRate' | 'proposedCommissionRate'>,
  rate: number,
  now: Date,
): Promise<CommissionProposal> {
  const accepted = Number(business.commissionRate);
  const pending = business.proposedCommissionRate === null ? null : Number(business.proposedCommissionRate);
  if (rate === accepted) {
    if (pending === null) return { outcome: 'unchanged' };
    await tx.update(businesses).set({ proposedCommissionRate: null, commissionProposedAt: null, updatedAt: now }).where(eq(businesses.id, business.id));
    return { outcome: 'withdrawn' };
  }
  if (pending !== rate) {
    await tx.update(businesses).set({ proposedCommissionRate: rate, commissionProposedAt: now, updatedAt: now }).where(eq(businesses.id, business.id));
  }
  return { outcome: 'proposed', rate };
}
