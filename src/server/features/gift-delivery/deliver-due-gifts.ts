import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { orders } from '../../db/schema/orders';
import type { AppContext } from '../../platform/context';
import { deliverOrder } from '../../domain/orders/deliver-order';

const BATCH = 50;

/**
 * The scheduled-delivery job: every paid gift whose moment has come and that has not gone
 * out. Safe with several servers: each batch claims its rows with FOR UPDATE SKIP LOCKED
 * (another server's transaction skips them instead of waiting) and deliverOrder's
 * conditional update plus the mail enqueue run in that same transaction.
 */
export async function deliverDueGifts(ctx: Pick<AppContext, 'db' | 'now' | 'config'>): Promise<number> {
  let delivered = 0;
  for (;;) {
    const now = ctx.now();
    const count = await ctx.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, 'paid'), eq(orders.handover, 'send'), isNull(orders.deliveredAt), lte(orders.deliverAt, now)))
        .orderBy(asc(orders.deliverAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      let sent = 0;
      for (const { id } of due) {
        if (await deliverOrder(tx, { orderId: id, now, publicUrl: ctx.config.publicUrl, authSecret: ctx.config.authSecret, notifyGiver: true })) sent++;
      }
      return due.length === 0 ? -1 : sent;
    });
    if (count < 0) return delivered;
    delivered += count;
    if (count < BATCH) return delivered;
  }
}
