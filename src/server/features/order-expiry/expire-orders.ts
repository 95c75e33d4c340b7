import { and, eq, lt } from 'drizzle-orm';
import { orders } from '../../db/schema/orders';
import type { AppContext } from '../../platform/context';
import { recordExpiryMovements } from '../../money/ledger/record-expiry';

/**
 * Writes down what every read already shows (effectiveOrderStatus): paid orders past their
 * expiry become `expired`. One conditional UPDATE, so with several servers running the job
 * each order is moved once (the row lock makes a second UPDATE re-check `status = 'paid'`
 * and skip it). `updated_at` moves so the dashboard's polling picks the change up.
 */
export async function expireOrders(ctx: Pick<AppContext, 'db' | 'now'>): Promise<string[]> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(orders)
      .set({ status: 'expired', updatedAt: now })
      .where(and(eq(orders.status, 'paid'), lt(orders.expiresAt, now)))
      .returning({ id: orders.id });
    const ids = rows.map((r) => r.id);
    // What each gift had left expires with it, in the same transaction (ADR 096).
    await recordExpiryMovements(tx, ids, now);
    return ids;
  });
}
