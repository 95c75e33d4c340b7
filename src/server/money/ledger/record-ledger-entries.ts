import { inArray } from 'drizzle-orm';
import { giftMovementKey } from '@shared/domain/gift-movements';
import type { LedgerKind } from '@shared/domain/payouts';
import type { Executor } from '../../db/client';
import { giftMovements } from '../../db/schema/orders';
import { ledgerEntries } from '../../db/schema/payouts';

export interface LedgerEntryInput {
  kind: LedgerKind;
  /** Positive cents; the kind says which way it moves each balance (ledgerBalanceTerms). */
  amount: number;
  businessId: string | null;
  orderId?: string | null;
  checkoutId?: string | null;
  /** The gift movement the row settles (ADR 096); every row about an order names one. */
  movementId?: string | null;
  /** The purchase's payment a `charge_received` row records. */
  paymentId?: string | null;
  providerRef?: string | null;
  /** Names the movement so it is recorded once: `${kind}:${order id}` unless given. */
  idempotencyKey?: string;
  at: Date;
}

/** The key of a per-order movement: each order has at most one of each such kind, ever. */
export const orderMovementKey = (kind: LedgerKind, orderId: string) => `${kind}:${orderId}`;

/**
 * Appends ledger rows inside the caller's transaction, so a movement is recorded exactly when
 * the change it describes commits. A row whose idempotency key is already there is skipped
 * (a replayed webhook, a retried job): returns the rows actually added.
 */
export async function recordLedgerEntries(tx: Executor, entries: readonly LedgerEntryInput[]): Promise<number> {
  if (entries.length === 0) return 0;
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.amount) || entry.amount < 0) {
      throw new RangeError(`ledger amount must be whole, non-negative cents: ${entry.kind} ${entry.amount}`);
    }
  }
  const movements = await defaultMovements(tx, entries);
  const rows = entries.map((entry) => {
    const key = entry.idempotencyKey ?? (entry.orderId ? orderMovementKey(entry.kind, entry.orderId) : null);
    if (!key) throw new Error(`ledger entry ${entry.kind} needs an order or an idempotency key`);
    return {
      kind: entry.kind,
      amount: entry.amount,
      businessId: entry.businessId,
      orderId: entry.orderId ?? null,
      checkoutId: entry.checkoutId ?? null,
      movementId: entry.movementId ?? (entry.orderId ? (movements.get(defaultMovementKey(entry.kind, entry.orderId)) ?? null) : null),
      paymentId: entry.paymentId ?? null,
      providerRef: entry.providerRef ?? null,
      idempotencyKey: key,
      createdAt: entry.at,
    };
  });
  const added = await tx.insert(ledgerEntries).values(rows).onConflictDoNothing({ target: ledgerEntries.idempotencyKey }).returning({ id: ledgerEntries.id });
  return added.length;
}

/**
 * The movement a row about a gift settles when its caller does not name one (ADR 096): a
 * refund's rows settle the gift's refund, every other row its issue (the share and its
 * transfers). The database requires one for every row about a gift.
 */
function defaultMovementKey(kind: LedgerKind, orderId: string): string {
  return kind.startsWith('refund_') ? giftMovementKey('refunded', orderId, 1) : giftMovementKey('issued', orderId);
}

async function defaultMovements(tx: Executor, entries: readonly LedgerEntryInput[]): Promise<Map<string, string>> {
  const keys = [...new Set(entries.filter((e) => e.orderId && !e.movementId).map((e) => defaultMovementKey(e.kind, e.orderId!)))];
  if (keys.length === 0) return new Map();
  const rows = await tx.select({ id: giftMovements.id, key: giftMovements.idempotencyKey }).from(giftMovements).where(inArray(giftMovements.idempotencyKey, keys));
  return new Map(rows.map((r) => [r.key, r.id]));
}
