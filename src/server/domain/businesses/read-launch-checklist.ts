import { eq, sql } from 'drizzle-orm';
import type { LaunchChecklist } from '@shared/contracts/launch-checklist';
import type { LaunchDetailField } from '@shared/domain/launch-steps';
import { missingInvoicingData } from '@shared/domain/invoices';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema/businesses';
import { canBePaid, isListedBusiness, listedGiftCount } from '../catalog/visibility';

/**
 * The business's way to its first sale (contract: launch-checklist.ts), read from its rows
 * each time: the dashboard's card and the approval email (written in the approval's
 * transaction, so it sees the approval) say the same. Each step uses the rule that really
 * decides it — the listing rule's payout condition, the invoicing rule, the listing rule for
 * gifts — so a step is never "done" while the shop window or the invoices still leave the
 * business out. Null when there is no such business.
 */
export async function readLaunchChecklist(db: Executor, businessId: string): Promise<LaunchChecklist | null> {
  const [row] = await db
    .select({
      termsAcceptedAt: businesses.termsAcceptedAt,
      proposedCommissionRate: businesses.proposedCommissionRate,
      legalName: businesses.legalName,
      taxId: businesses.taxId,
      fiscalAddress: businesses.fiscalAddress,
      district: businesses.district,
      canBePaid: sql<boolean>`(${canBePaid})`,
      isListed: sql<boolean>`(${isListedBusiness()})`,
      listedGifts: listedGiftCount,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!row) return null;
  const missingDetails: LaunchDetailField[] = [...missingInvoicingData(row), ...(row.district ? [] : (['district'] as const))];
  const hasListedGift = Number(row.listedGifts) > 0;
  return {
    steps: [
      { key: 'commission', done: row.termsAcceptedAt !== null && row.proposedCommissionRate === null },
      { key: 'payouts', done: Boolean(row.canBePaid) },
      { key: 'invoicing', done: missingDetails.length === 0 },
      { key: 'firstGift', done: hasListedGift },
    ],
    missingDetails,
    isLive: Boolean(row.isListed) && hasListedGift,
  };
}
