import { and, eq, gte } from 'drizzle-orm';
import { refusalForStatus, type RedemptionMethod, type RedemptionOrder } from '@shared/contracts/redemption';
import { users } from '../../db/schema/auth';
import { gifts } from '../../db/schema/gifts';
import { orders, redemptions } from '../../db/schema/orders';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { enqueueMail, toMailLocale } from '../../platform/mail/enqueue-mail';
import { selectRedemptionRows, toRedemptionOrder } from './redemption-order';

export interface RedeemOrderInput {
  business: { id: string; name: string };
  /** Who is at the counter (the owner's user id). */
  userId: string;
  orderId: string;
  method: RedemptionMethod;
}

/**
 * Redeems an order exactly once. The single conditional UPDATE is the whole decision: of any
 * number of simultaneous attempts (two phones scanning one QR, several servers) the database
 * lets exactly one change the row from `paid`; the others match no row. The redemption record
 * and the giver's email are written in the same transaction, so they exist if and only if the
 * order was redeemed. Only after a miss is the row read again, to say why.
 */
export async function redeemOrder(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  input: RedeemOrderInput,
): Promise<RedemptionOrder> {
  const now = ctx.now();
  const redeemed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ status: 'redeemed', redeemedAt: now, updatedAt: now })
      .where(
        and(
          eq(orders.id, input.orderId),
          eq(orders.businessId, input.business.id),
          eq(orders.status, 'paid'),
          // Expiry is the end of the day it names (effectiveOrderStatus uses the same bound).
          gte(orders.expiresAt, now),
        ),
      )
      .returning({ buyerId: orders.buyerId, giftId: orders.giftId, recipientName: orders.recipientName });
    if (!row) return false;

    await tx.insert(redemptions).values({
      orderId: input.orderId,
      businessId: input.business.id,
      redeemedBy: input.userId,
      method: input.method,
      createdAt: now,
    });

    if (row.buyerId) {
      const [buyer] = await tx
        .select({ name: users.name, email: users.email, locale: users.locale })
        .from(users)
        .where(eq(users.id, row.buyerId));
      const [gift] = await tx.select({ name: gifts.name }).from(gifts).where(eq(gifts.id, row.giftId));
      if (buyer && gift) {
        await enqueueMail(tx, {
          to: buyer.email,
          template: 'gift-enjoyed',
          locale: toMailLocale(buyer.locale) ?? 'es',
          data: {
            name: buyer.name.split(/\s+/)[0] || buyer.name,
            giftName: gift.name,
            businessName: input.business.name,
            recipientName: row.recipientName,
            url: `${ctx.config.publicUrl}/app?tab=orders`,
          },
        });
      }
    }
    return true;
  });

  const [current] = await selectRedemptionRows(ctx.db).where(eq(orders.id, input.orderId));
  if (!current) throw new AppError('order_not_found', 404, 'No such gift');
  if (redeemed) return toRedemptionOrder(current, now);
  if (current.businessId !== input.business.id) {
    throw new AppError('order_other_business', 403, 'This gift belongs to another business');
  }
  const order = toRedemptionOrder(current, now);
  const refusal = refusalForStatus(order.status);
  // Still paid and in date yet unchanged: only a change between the update and this read.
  if (!refusal) throw AppError.conflict();
  throw new AppError(refusal, 409, refusalDetail[refusal]);
}

const refusalDetail: Partial<Record<string, string>> = {
  order_already_redeemed: 'This gift was already redeemed',
  order_expired: 'This gift has expired',
  order_cancelled: 'This gift was cancelled',
  order_not_paid: 'This gift has not been paid',
};
