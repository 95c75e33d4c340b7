import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { checkouts } from '../../db/schema/orders';

/**
 * A checkout that ends without payment: `failed` (declined) or `expired` (abandoned,
 * cancelled, or past its lifetime). Only a pending checkout changes, so a late "failed"
 * never undoes a success. Nothing is charged and the orders stay unpaid; the expiry job
 * cancels them once the checkout's lifetime is over (expire-checkouts.ts).
 */
export async function closeCheckout(
  tx: Executor,
  input: { checkoutId: string; status: 'failed' | 'expired'; now: Date },
): Promise<boolean> {
  const [row] = await tx
    .update(checkouts)
    .set({ status: input.status, paymentUrl: null, updatedAt: input.now })
    .where(and(eq(checkouts.id, input.checkoutId), eq(checkouts.status, 'pending')))
    .returning({ id: checkouts.id });
  return Boolean(row);
}
