import { and, eq, gte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { refusalForStatus, type RedemptionMethod, type RedemptionOrder } from '@shared/contracts/redemption';
import { gifts } from '../../db/schema/gifts';
import { orders } from '../../db/schema/orders';
import { settleRedemption } from '../../money/transfers/settle-redemption';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { enqueueMail, toMailLocale } from '../../mail/enqueue-mail';
import { findRedemptionRow, type RecipientCode } from './find-redemption-order';
import { redemptionOrderColumns, toRedemptionOrder } from './redemption-order';
import { firstName } from '../../domain/orders/first-name';
import { findPurchaser, purchaserContact } from '../../domain/orders/find-purchaser';

/**
 * A column of the row being updated, named with its table: drizzle writes an UPDATE's columns
 * bare, and a subquery in RETURNING must not read them as its own table's.
 */
const updatedOrder = (column: AnyPgColumn) => sql`${orders}.${sql.identifier(column.name)}`;

export interface RedeemOrderInput {
  business: { id: string; name: string };
  /** Who is at the counter (the owner's user id). */
  userId: string;
  /** What the recipient showed: their whole code (a scan) or the gift's typed code. */
  code: RecipientCode;
}

/**
 * Redeems an order exactly once, and only with the code its recipient holds (ADR 055:
 * an order id used to be enough). The single conditional UPDATE is the whole decision: of any
 * number of simultaneous attempts (two phones scanning one QR, several servers) the database
 * lets exactly one change the row from `paid`; the others match no row. The redemption record
 * and the giver's email are written in the same transaction, so they exist if and only if the
 * order was redeemed. Only after a miss is the row read again, to say why.
 *
 * The statements in the transaction: the update (which returns the gift's name and the
 * giver's address), the redemption as a movement of the gift's value with its ledger row and
 * record (ADR 096), the transfer brought forward — the business is paid at redemption,
 * ADR 053 — and the email: every statement on the embedded database runs
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
          input.code.kind === 'code' ? eq(orders.qrCode, input.code.code) : eq(orders.typedCode, input.code.typedCode),
          eq(orders.businessId, input.business.id),
          eq(orders.status, 'paid'),
          // A gift card is spent by an amount (use-card.ts), never whole by this update.
          eq(orders.valueKind, 'fixed'),
          // Expiry is the end of the day it names (effectiveOrderStatus uses the same bound).
          gte(orders.expiresAt, now),
        ),
      )
      .returning({
        ...redemptionOrderColumns,
        totalAmount: orders.totalAmount,
        checkoutId: orders.checkoutId,
        giftName: sql<string>`(select ${gifts.name} from ${gifts} where ${gifts.id} = ${updatedOrder(orders.giftId)})`,
      });
    if (!row) return null;
    // The gift's whole value, as a movement with its ledger row and the redemption record;
    // the business's transfer falls due now.
    await settleRedemption(tx, {
      orderId: row.orderId,
      businessId: input.business.id,
      checkoutId: row.checkoutId,
      amount: row.totalAmount,
      redeemedBy: input.userId,
      method: methodOf(input.code),
      at: now,
    });
    const giver = purchaserContact(await findPurchaser(tx, { orderId: row.orderId }), ctx.config);
    if (giver) {
      await enqueueMail(tx, {
        to: giver.email,
        template: 'gift-enjoyed',
        locale: toMailLocale(giver.locale) ?? 'es',
        data: {
          name: firstName(giver.name),
          giftName: row.giftName,
          businessName: input.business.name,
          recipientName: row.recipientName,
          url: giver.ordersUrl,
        },
      });
    }
    return row;
  });
  if (redeemed) return toRedemptionOrder(redeemed, now);
  // Refused: the code's order is read again to say why (not found, another business's, or
  // its status).
  const current = await findRedemptionRow(ctx.db, input.business.id, input.code);
  const order = toRedemptionOrder(current, now);
  if (current.valueKind === 'card' && order.status === 'paid') throw AppError.validation({ amountCents: 'amountRequired' }, 'A gift card is spent by an amount');
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

/** A whole code comes from the QR (or its link); a typed code was typed at the counter. */
function methodOf(code: RecipientCode): RedemptionMethod {
  return code.kind === 'code' ? 'scan' : 'manual';
}
