import { and, asc, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { ADMIN_DIFFERENCE_LIMIT, type AdminPayouts } from '@shared/contracts/admin-payouts';
import type { ReconciliationDifferenceKind, TransferState } from '@shared/domain/payouts';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema/businesses';
import { payoutAccounts, reconciliationDifferences } from '../../db/schema/payouts';
import { listTransfers } from '../../money/transfers/list-transfers';
import { payoutAccountStatus } from '../../money/payout-accounts/payout-account-view';

/**
 * The payouts view: approved businesses whose account cannot receive transfers (so their
 * gifts are off sale), the transfers in one state, and what the reconciliation found.
 */
export async function listAdminPayouts(db: Executor, state: TransferState): Promise<AdminPayouts> {
  const [unpayable, transfers, differences] = await Promise.all([
    db
      .select({ business: { id: businesses.id, name: businesses.name }, account: payoutAccounts })
      .from(businesses)
      .leftJoin(payoutAccounts, eq(payoutAccounts.businessId, businesses.id))
      .where(and(eq(businesses.verificationStatus, 'approved'), or(isNull(payoutAccounts.businessId), eq(payoutAccounts.transfersActive, false))))
      .orderBy(asc(businesses.name)),
    listTransfers(db, { states: [state] }),
    db
      .select({ difference: reconciliationDifferences, businessName: businesses.name })
      .from(reconciliationDifferences)
      .leftJoin(businesses, eq(businesses.id, reconciliationDifferences.businessId))
      .orderBy(desc(reconciliationDifferences.createdAt), desc(reconciliationDifferences.id))
      .limit(ADMIN_DIFFERENCE_LIMIT),
  ]);
  const names = new Map<string, string>();
  const businessIds = [...new Set(transfers.map((t) => t.businessId))];
  if (businessIds.length > 0) {
    for (const row of await db.select({ id: businesses.id, name: businesses.name }).from(businesses).where(inArray(businesses.id, businessIds))) names.set(row.id, row.name);
  }
  return {
    unpayable: unpayable.map(({ business, account }) => ({
      businessId: business.id,
      businessName: business.name,
      status: payoutAccountStatus(account),
      requirementsDue: account?.requirementsDue ?? [],
      disabledReason: account?.disabledReason ?? null,
    })),
    transfers: transfers.map((t) => ({ ...t, businessName: names.get(t.businessId) ?? '' })),
    differences: differences.map(({ difference: d, businessName }) => ({
      id: d.id,
      runId: d.runId,
      kind: d.kind as ReconciliationDifferenceKind,
      providerRef: d.providerRef,
      ledgerAmount: d.ledgerAmount,
      providerAmount: d.providerAmount,
      businessId: d.businessId,
      businessName,
      createdAt: d.createdAt.toISOString(),
    })),
  };
}
