import { eq } from 'drizzle-orm';
import { adminFieldErrors, type AdminOrder } from '@shared/contracts/admin';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { orders } from '../../db/schema/orders';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { selectAdminOrders, toAdminOrder } from './admin-rows';
import { recordAdminAction, type AdminActor } from '../../domain/admin/record-admin-action';
import { applyExpiryExtension } from '../../domain/orders/apply-expiry-extension';
import { endOfLocalDay } from '../../domain/orders/end-of-local-day';

/**
 * The team moves a paid gift's expiry to the end of a later day (applyExpiryExtension says
 * what that does), with the reason in the audit log.
 */
export async function extendOrderExpiry(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  actor: AdminActor,
  orderId: string,
  input: { expiresOn: string; reason: string },
): Promise<AdminOrder> {
  const now = ctx.now();
  const expiresAt = endOfLocalDay(input.expiresOn);
  await ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ order: orders, giftName: gifts.name, businessName: businesses.name })
      .from(orders)
      .innerJoin(gifts, eq(gifts.id, orders.giftId))
      .innerJoin(businesses, eq(businesses.id, orders.businessId))
      .where(eq(orders.id, orderId))
      .for('update', { of: orders });
    if (!order) throw new AppError('order_not_found', 404, 'No such order');
    const before = order.order;
    if (before.status !== 'paid' && before.status !== 'expired') {
      throw AppError.conflict('order_not_extendable', 'Only a paid gift that has not been redeemed or cancelled can be extended');
    }
    if (expiresAt.getTime() <= Math.max(before.expiresAt.getTime(), now.getTime())) {
      throw AppError.validation({ expiresOn: adminFieldErrors.notLater }, 'The new date must be after the current expiry and in the future');
    }
    await applyExpiryExtension(tx, ctx.config.publicUrl, before, order, expiresAt, now);
    await recordAdminAction(
      tx,
      actor,
      {
        action: 'order_expiry_extended',
        targetType: 'order',
        targetId: orderId,
        before: { status: before.status, expiresAt: before.expiresAt.toISOString() },
        after: { status: 'paid', expiresAt: expiresAt.toISOString() },
        reason: input.reason,
      },
      now,
    );
  });
  const [row] = await selectAdminOrders(ctx.db).where(eq(orders.id, orderId));
  return toAdminOrder(row!, now);
}
