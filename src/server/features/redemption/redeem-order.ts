import { and, eq, gte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { refusalForStatus, type RedemptionMethod, type RedemptionOrder } from '@shared/contracts/redemption';
import { users } from '../../db/schema/auth';
import { gifts } from '../../db/schema/gifts';
import { orders, redemptions } from '../../db/schema/orders';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { enqueueMail, toMailLocale } from '../../platform/mail/enqueue-mail';
import { bringTransferForward } from '../../domain/payouts/transfer-schedule';
import { redemptionOrderColumns, selectRedemptionRows, toRedemptionOrder } from './redemption-order';

/**
 * A column of the row being updated, named with its table: drizzle writes an UPDATE's columns
 * bare, and a subquery in RETURNING must not read them as its own table's.
 */
const updatedOrder = (column: AnyPgColumn) => sql`${orders}.${sql.identifier(column.name)}`;

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
 *
 * Four statements in the transaction (the update returns the gift's name and the giver's
 * address, the redemption record, the transfer brought forward — the business is paid at
 * redemption, ADR 053 — and the email): every statement on the embedded database runs
 * on the server's one thread, and a transaction there holds the only connection.
 */
export async function redeemOrder(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  input: RedeemOrderInput,
): Promise<RedemptionOrder> {
  const now = ctx.now();
  const redeemed = await ctx.db.transaction(async (tx) => {
    // What the answer and the giver's email need comes back with the update itself.
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
      .returning({
        ...redemptionOrderColumns,
        giftName: sql<string>`(select ${gifts.name} from ${gifts} where ${gifts.id} = ${updatedOrder(orders.giftId)})`,
        buyerName: sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${updatedOrder(orders.buyerId)})`,
        buyerEmail: sql<string | null>`(select ${users.email} from ${users} where ${users.id} = ${updatedOrder(orders.buyerId)})`,
        buyerLocale: sql<string | null>`(select ${users.locale} from ${users} where ${users.id} = ${updatedOrder(orders.buyerId)})`,
      });
    if (!row) return null;
    await tx.insert(redemptions).values({
      orderId: input.orderId,
      businessId: input.business.id,
      redeemedBy: input.userId,
      method: input.method,
      createdAt: now,
    });
    await bringTransferForward(tx, input.orderId, now);
    if (row.buyerName !== null && row.buyerEmail !== null) {
      await enqueueMail(tx, {
        to: row.buyerEmail,
        template: 'gift-enjoyed',
        locale: toMailLocale(row.buyerLocale) ?? 'es',
        data: {
          name: row.buyerName.split(/\s+/)[0] || row.buyerName,
          giftName: row.giftName,
          businessName: input.business.name,
          recipientName: row.recipientName,
          url: `${ctx.config.publicUrl}/app?tab=orders`,
        },
      });
    }
    return row;
  });
  if (redeemed) return toRedemptionOrder(redeemed, now);
  // Refused: the row is read again to say why.
  const [current] = await selectRedemptionRows(ctx.db).where(eq(orders.id, input.orderId));
  if (!current) throw new AppError('order_not_found', 404, 'No such gift');
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
