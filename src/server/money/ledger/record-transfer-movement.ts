import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ledgerEntries } from '../../db/schema/payouts';
import { orderMovementKey, recordLedgerEntries, type LedgerEntryInput } from './record-ledger-entries';

/**
 * A share leaving for its business (`transfer_sent`) or coming back (`transfer_reversed`),
 * once per provider movement, whoever records it first (the job, the refund, the webhook).
 * An order's first movement of each kind keeps the key `<kind>:<order>`; a share paid again
 * after its refund was abandoned (ADR 084) is a second transfer, and may be reversed again,
 * so a later movement is keyed by its own provider id as well.
 */
export async function recordTransferMovement(
  tx: Executor,
  entry: Omit<LedgerEntryInput, 'idempotencyKey' | 'kind' | 'orderId' | 'providerRef'> & { kind: 'transfer_sent' | 'transfer_reversed'; orderId: string; movementId: string; providerRef: string },
): Promise<number> {
  const earlier = await tx
    .select({ providerRef: ledgerEntries.providerRef })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, entry.kind), eq(ledgerEntries.orderId, entry.orderId)));
  if (earlier.some((row) => row.providerRef === entry.providerRef)) return 0;
  const key = orderMovementKey(entry.kind, entry.orderId);
  return recordLedgerEntries(tx, [{ ...entry, idempotencyKey: earlier.length === 0 ? key : `${key}:${entry.providerRef}` }]);
}
