import { and, eq } from 'drizzle-orm';
import { formatPrice } from '@shared/format';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { checkouts, orders } from '../../db/schema/orders';
import { findPurchaser, purchaserContact } from '../../domain/orders/find-purchaser';
import { notifyOwnerOfOrderEvent } from '../../domain/owner-notices/notify-owner-of-order-event';
import { enqueueMail, toMailLocale } from '../../mail/enqueue-mail';
import { paidAmountsOf } from '../../money/ledger/record-payment';
import { recordRefundNotMade, refundPaidOrder } from '../../money/refunds/refund-paid-order';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { findWayOut } from './find-way-out';
import { WAY_OUT_REFUND_REASON } from './way-out-reasons';


/**
 * The recipient of a stuck gift gives the money back to the giver (ADR 109). In ONE
 * transaction, with the gift's row locked from the check to the commit:
 * - the way out must be open (findWayOut), else 409 `way_out_not_open`;
 * - the whole price is refunded through the money module (refundPaidOrder: the transfer
 *   cancelled or reversed, the provider's refund, the ledger's refund rows), as a cancellation
 *   by the team is; a refund still pending after the share was taken back leaves the gift
 *   `refund_pending` for the refunds job (ADR 084);
 * - the gift is cancelled (its code refused at the counter), the owner hears of it, and the
 *   giver is told by email.
 * A repeated submission finds the gift already closed this way and changes nothing. A provider
 * failure before anything moved rolls everything back (502 `refund_failed`).
 */
export async function refundStuckGift(ctx: Pick<AppContext, 'db' | 'now' | 'config' | 'payments'>, code: string): Promise<void> {
  const now = ctx.now();
  await ctx.db
    .transaction(async (tx) => {
      const wayOut = await findWayOut(tx, code, now, { lock: true });
      if (!wayOut) {
        const [closed] = await tx.select({ reason: orders.cancelReason }).from(orders).where(eq(orders.qrCode, code));
        if (closed?.reason === WAY_OUT_REFUND_REASON) return;
        throw AppError.conflict('way_out_not_open', 'This gift can still be booked, or can no longer be refunded');
      }
      const [row] = await tx
        .select({ order: orders, paymentRef: checkouts.paymentRef, provider: checkouts.provider, giftName: gifts.name, businessName: businesses.name })
        .from(orders)
        .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
        .innerJoin(gifts, eq(gifts.id, orders.giftId))
        .innerJoin(businesses, eq(businesses.id, orders.businessId))
        .where(eq(orders.id, wayOut.gift.orderId));
      if (!row?.paymentRef || row.provider !== ctx.payments.name) {
        throw AppError.conflict('order_not_refundable', 'This gift has no payment the current provider can refund');
      }
      const order = row.order;
      const refund = await refundPaidOrder(tx, ctx, paidAmountsOf(order), row.paymentRef, now, { made: false });
      const refunded = refund.state === 'refunded';
      const updated = await tx
        .update(orders)
        .set({ status: refunded ? 'cancelled' : 'refund_pending', cancelledAt: now, cancelReason: WAY_OUT_REFUND_REASON, refundedAt: refunded ? now : null, updatedAt: now })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'paid')))
        .returning({ id: orders.id });
      // Unreachable while the row is locked; kept so a future change cannot refund twice silently.
      if (updated.length === 0) throw AppError.conflict('way_out_not_open', 'The gift changed meanwhile');
      await notifyOwnerOfOrderEvent(tx, { orderId: order.id, kind: 'cancelled', at: now, publicUrl: ctx.config.publicUrl });
      const giver = purchaserContact(await findPurchaser(tx, { orderId: order.id }), ctx.config);
      if (giver) {
        await enqueueMail(tx, {
          to: giver.email,
          template: 'gift-refunded-no-booking',
          locale: toMailLocale(giver.locale) ?? 'es',
          data: { name: giver.name, giftName: row.giftName, businessName: row.businessName, recipientName: order.recipientName, refund: formatPrice(order.totalAmount), ordersUrl: giver.ordersUrl },
        });
      }
    })
    .catch(async (error: unknown) => {
      await recordRefundNotMade(ctx.db, error, now);
      throw error;
    });
}
