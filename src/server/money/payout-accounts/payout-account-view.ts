import { eq } from 'drizzle-orm';
import type { PayoutAccount, PayoutAccountStatus } from '@shared/contracts/payouts';
import type { Executor } from '../../db/client';
import { payoutAccounts } from '../../db/schema/payouts';

type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

/** The plain-words status the owner and the admin see (see payoutAccountStatuses). */
export function payoutAccountStatus(row: PayoutAccountRow | null): PayoutAccountStatus {
  if (!row) return 'not_connected';
  if (row.transfersActive) return 'active';
  return row.detailsSubmitted ? 'restricted' : 'incomplete';
}

export function toPayoutAccount(row: PayoutAccountRow | null): PayoutAccount {
  return {
    status: payoutAccountStatus(row),
    provider: (row?.provider as PayoutAccount['provider']) ?? null,
    detailsSubmitted: row?.detailsSubmitted ?? false,
    payoutsEnabled: row?.payoutsEnabled ?? false,
    transfersActive: row?.transfersActive ?? false,
    requirementsDue: row?.requirementsDue ?? [],
    requirementsEventuallyDue: row?.requirementsEventuallyDue ?? [],
    requirementsDeadline: row?.requirementsDeadline?.toISOString() ?? null,
    disabledReason: row?.disabledReason ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** A business's payout account as the owner and the admin see it ("not connected" when none). */
export async function getPayoutAccount(db: Executor, businessId: string): Promise<PayoutAccount> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.businessId, businessId));
  return toPayoutAccount(row ?? null);
}
