import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Transfer } from '@shared/contracts/payouts';
import { TRANSFER_LIST_LIMIT } from '@shared/contracts/payouts';
import type { TransferState } from '@shared/domain/payouts';
import type { Executor } from '../../db/client';
import { gifts } from '../../db/schema/gifts';
import { orders } from '../../db/schema/orders';
import { transfers } from '../../db/schema/payouts';

/**
 * Transfers, newest first, with the gift and recipient of their order: one business's (the
 * owner's Payouts tab) or every business's (the admin's payouts view), optionally by state.
 */
export async function listTransfers(
  db: Executor,
  filter: { businessId?: string; states?: readonly TransferState[]; limit?: number } = {},
): Promise<Transfer[]> {
  const conditions: SQL[] = [];
  if (filter.businessId) conditions.push(eq(transfers.businessId, filter.businessId));
  if (filter.states?.length) conditions.push(inArray(transfers.state, [...filter.states]));
  const rows = await db
    .select({ transfer: transfers, giftName: gifts.name, recipientName: orders.recipientName })
    .from(transfers)
    .innerJoin(orders, eq(orders.id, transfers.orderId))
    .innerJoin(gifts, eq(gifts.id, orders.giftId))
    .where(and(...conditions))
    .orderBy(desc(transfers.createdAt), desc(transfers.id))
    .limit(filter.limit ?? TRANSFER_LIST_LIMIT);
  return rows.map(({ transfer: t, giftName, recipientName }) => ({
    id: t.id,
    orderId: t.orderId,
    businessId: t.businessId,
    giftName,
    recipientName,
    amount: t.amount,
    state: t.state as TransferState,
    attempts: t.attempts,
    nextAttemptAt: t.nextAttemptAt?.toISOString() ?? null,
    lastError: t.lastError,
    providerTransferId: t.providerTransferId,
    sentAt: t.sentAt?.toISOString() ?? null,
    reversedAt: t.reversedAt?.toISOString() ?? null,
    createdAt: t.createdAt.toISOString(),
  }));
}
