import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { checkouts } from '../../db/schema/orders';

/** What a pending checkout stores when the provider does not name the method that is confirming. */
export const UNNAMED_METHOD = 'unknown';

/**
 * The payer authorised a payment that confirms later (Bizum in the bank's app, ADR 106): the
 * checkout stays `pending` and nothing is issued, but it records the method, which is what
 * tells its pages to say "waiting for your bank". Only a pending checkout changes, so a late
 * event never touches a settled one.
 */
export async function awaitBankConfirmation(tx: Executor, input: { checkoutId: string; paymentMethod: string | null; now: Date }): Promise<boolean> {
  const [row] = await tx
    .update(checkouts)
    .set({ paymentMethod: input.paymentMethod ?? UNNAMED_METHOD, updatedAt: input.now })
    .where(and(eq(checkouts.id, input.checkoutId), eq(checkouts.status, 'pending')))
    .returning({ id: checkouts.id });
  return Boolean(row);
}
