import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { updateDeliveryInputSchema } from '@shared/contracts/checkout';
import { checkoutFieldErrors } from '@shared/contracts/checkout';
import type { MyOrder } from '@shared/contracts/my-orders';
import { resolveDelivery } from '@shared/domain/delivery-time';
import { orders } from '../../db/schema/orders';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { deliverOrder } from '../../domain/orders/deliver-order';
import { getMyOrder, ofGiver, type GiverScope } from './list-my-orders';
import { orderNotFound } from './resend-gift-email';

export type UpdateDeliveryInput = z.output<typeof updateDeliveryInputSchema>;

/**
 * Changes where and when a paid gift goes, until it has gone. The update is conditional on
 * `delivered_at is null` so it cannot race the delivery job into a half-changed delivery;
 * "now" sends the gift in the same transaction. A gift the giver meant to give in person is
 * sent this way too ("Send it now", ADR 103): it becomes `send`, once, with this contact.
 */
export async function updateOrderDelivery(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  giver: GiverScope,
  orderId: string,
  input: UpdateDeliveryInput,
): Promise<MyOrder> {
  const now = ctx.now();
  const order = await getMyOrder(ctx.db, giver, orderId, ctx.config.publicUrl, now);
  if (!order) throw orderNotFound();
  // Released (sending, delivered or failed), not only accepted by the mail server.
  if (order.deliveryState !== 'scheduled' && order.deliveryState !== 'in_person') throw new AppError('order_already_delivered', 409, 'This gift has already been sent');
  if (!order.canChangeDelivery) throw new AppError('order_not_changeable', 409, `A ${order.status} order's delivery cannot change`);

  // Sent, a gift greets its recipient by name: one given in person to nobody named gets it now.
  const namesNow = order.deliveryState === 'in_person' && !order.recipientName;
  if (namesNow && !input.recipientName) throw AppError.validation({ recipientName: checkoutFieldErrors.required });
  const decision = resolveDelivery(input.delivery, now);
  if (!decision.ok) throw AppError.validation({ delivery: decision.error });
  if (decision.deliverAt && decision.deliverAt > new Date(order.expiresAt)) {
    throw AppError.validation({ delivery: checkoutFieldErrors.deliveryTooFar });
  }

  await ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(orders)
      .set({
        recipientEmail: input.recipientEmail,
        recipientPhone: input.recipientPhone,
        handover: 'send',
        ...(namesNow ? { recipientName: input.recipientName! } : {}),
        deliverAt: decision.deliverAt ?? now,
        updatedAt: now,
      })
      .where(and(eq(orders.id, order.id), ofGiver(giver), eq(orders.status, 'paid'), isNull(orders.deliveredAt)))
      .returning({ id: orders.id });
    if (!changed) throw new AppError('order_already_delivered', 409, 'This gift has already been sent');
    if (!decision.deliverAt) {
      await deliverOrder(tx, { orderId: order.id, now, publicUrl: ctx.config.publicUrl, authSecret: ctx.config.authSecret, notifyGiver: false });
    }
  });
  return (await getMyOrder(ctx.db, giver, orderId, ctx.config.publicUrl, ctx.now()))!;
}
