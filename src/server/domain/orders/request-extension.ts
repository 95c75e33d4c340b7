import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema/orders';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { canRequestExtension } from './extension-window';

/**
 * The gift page's request for more time (ADR 064; its form lives in features/gift-page, the
 * business's answer in features/fair-expiry). The recipient of an expired, unused gift asks its business once for more time (ADR 064).
 * Anonymous: holding the gift's code is what the gift page already trusts. A second request,
 * one before expiry, more than 90 days after it, or for a gift no longer open changes nothing.
 */
export async function requestExtension(ctx: Pick<AppContext, 'db' | 'now'>, code: string): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.qrCode, code)).for('update');
    if (!order || order.status === 'unpaid') throw new AppError('order_not_found', 404, 'No such gift');
    if (order.extensionRequestedAt) {
      throw AppError.conflict('extension_already_requested', 'More time was already asked for this gift');
    }
    if (!canRequestExtension(order, now)) {
      throw AppError.conflict('extension_not_available', 'More time can only be asked for an unused gift within 90 days after it expired');
    }
    await tx.update(orders).set({ extensionRequestedAt: now, updatedAt: now }).where(eq(orders.id, order.id));
  });
}
