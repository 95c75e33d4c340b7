import { and, eq } from 'drizzle-orm';
import { formatPrice } from '@shared/format';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { findPurchaser, purchaserContact } from '../../domain/orders/find-purchaser';
import { enqueueMail, toMailLocale } from '../../mail/enqueue-mail';
import type { Executor } from '../../db/client';
import { checkouts, orders } from '../../db/schema/orders';
import { deliverOrder } from '../../domain/orders/deliver-order';
import { createRedemptionCode, createTypedCode, payOrderAmounts } from '../../domain/orders/price-order';
import { notifyOwnerOfOrderEvent } from '../../domain/owner-notices/notify-owner-of-order-event';
import { paidAmountsOf } from '../../money/ledger/record-payment';
import { exchangePaidOrder } from '../../money/refunds/exchange-paid-order';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { findWayOut } from './find-way-out';
import { EXCHANGE_CANCEL_REASON } from './way-out-reasons';


/**
 * The recipient of a stuck gift exchanges it for another gift of its business costing the
 * same or less (ADR 109). In ONE transaction, with the old gift's row locked from the check to
 * the commit:
 * - the way out must be open (findWayOut: paid, needing booking, nothing booked, no time or
 *   cancelled twice by the business), else 409 `way_out_not_open`; the chosen gift must be one
 *   it offers, else 409 `exchange_gift_not_offered`;
 * - the new gift is a paid order of the same purchase, recipient and validity, its amounts
 *   split at the old gift's commission and VAT rates, with a new code and typed code;
 * - the money follows through the money module (exchangePaidOrder): the old share taken
 *   back, the difference refunded to the giver, the `exchanged` movement, the new gift issued;
 * - the old gift is cancelled, pointing at the new one, so its code is refused at the counter;
 * - the giver is told (and of the difference refunded), the owner hears of both, and a
 *   recipient who had the gift by email gets the new gift's email.
 * A repeated submission finds the old gift already exchanged and answers the same new gift.
 * Returns the new gift's code.
 */
export async function exchangeStuckGift(ctx: Pick<AppContext, 'db' | 'now' | 'config' | 'payments'>, code: string, giftId: string): Promise<string> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const wayOut = await findWayOut(tx, code, now, { lock: true });
    if (!wayOut) {
      // A repeated submission (a double tap, a reload) waited for the first and finds it done.
      const done = await findExchange(tx, code);
      if (done) return done;
      throw AppError.conflict('way_out_not_open', 'This gift can still be booked, or can no longer be exchanged');
    }
    const chosen = wayOut.options.find((option) => option.giftId === giftId);
    if (!chosen) throw AppError.conflict('exchange_gift_not_offered', 'That gift is not offered in exchange');

    const [row] = await tx
      .select({ order: orders, paymentRef: checkouts.paymentRef, provider: checkouts.provider })
      .from(orders)
      .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
      .where(eq(orders.id, wayOut.gift.orderId));
    const old = row?.order;
    if (!old || !old.paidAt || !old.checkoutId || !row.paymentRef || row.provider !== ctx.payments.name) {
      throw AppError.conflict('order_not_refundable', 'This gift has no payment the current provider can refund');
    }
    const amounts = payOrderAmounts(chosen.price, old.commissionRate ?? 0, old.vatRate ?? 0);
    const [created] = await tx
      .insert(orders)
      .values({
        checkoutId: old.checkoutId,
        buyerId: old.buyerId,
        giftId: chosen.giftId,
        businessId: old.businessId,
        status: 'paid',
        valueKind: 'fixed',
        totalAmount: chosen.price,
        commissionRate: old.commissionRate,
        ...amounts,
        recipientName: old.recipientName,
        recipientPhone: old.recipientPhone,
        recipientEmail: old.recipientEmail,
        personalMessage: old.personalMessage,
        recipientLocale: old.recipientLocale,
        senderName: old.senderName,
        handover: old.handover,
        deliverAt: old.deliverAt,
        contactId: old.contactId,
        qrCode: createRedemptionCode(),
        typedCode: createTypedCode(),
        // The purchase's dates: its withdrawal period and validity are the giver's, whatever the gift.
        expiresAt: old.expiresAt,
        paidAt: old.paidAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: orders.id, qrCode: orders.qrCode });
    await exchangePaidOrder(tx, ctx, {
      old: { ...paidAmountsOf(old), checkoutId: old.checkoutId, paidAt: old.paidAt },
      replacement: { id: created!.id, businessId: old.businessId, totalAmount: chosen.price, ...amounts },
      paymentRef: row.paymentRef,
      now,
    });
    const closed = await tx
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: now, cancelReason: EXCHANGE_CANCEL_REASON, exchangedForId: created!.id, updatedAt: now })
      .where(and(eq(orders.id, old.id), eq(orders.status, 'paid')))
      .returning({ id: orders.id });
    // Unreachable while the row is locked; kept so a future change cannot exchange twice silently.
    if (closed.length === 0) throw AppError.conflict('way_out_not_open', 'The gift changed meanwhile');

    const [names] = await tx
      .select({ oldName: gifts.name, businessName: businesses.name })
      .from(gifts)
      .innerJoin(businesses, eq(businesses.id, gifts.businessId))
      .where(eq(gifts.id, old.giftId));
    const giver = purchaserContact(await findPurchaser(tx, { orderId: old.id }), ctx.config);
    if (giver) {
      await enqueueMail(tx, {
        to: giver.email,
        template: 'gift-exchanged-no-booking',
        locale: toMailLocale(giver.locale) ?? 'es',
        data: {
          name: giver.name,
          giftName: names!.oldName,
          newGiftName: chosen.name,
          businessName: names!.businessName,
          recipientName: old.recipientName,
          refund: old.totalAmount > chosen.price ? formatPrice(old.totalAmount - chosen.price) : null,
          ordersUrl: giver.ordersUrl,
        },
      });
    }
    await notifyOwnerOfOrderEvent(tx, { orderId: old.id, kind: 'cancelled', at: now, publicUrl: ctx.config.publicUrl });
    await notifyOwnerOfOrderEvent(tx, { orderId: created!.id, kind: 'sold', at: now, publicUrl: ctx.config.publicUrl });
    // Only a recipient the old gift reached by email hears of the new one (a scheduled or
    // handed-over gift keeps its own way to them).
    if (old.deliveredAt && old.handover === 'send') {
      await deliverOrder(tx, { orderId: created!.id, now, publicUrl: ctx.config.publicUrl, authSecret: ctx.config.authSecret, notifyGiver: false });
    } else if (old.deliveredAt) {
      await tx.update(orders).set({ deliveredAt: old.deliveredAt }).where(eq(orders.id, created!.id));
    }
    return created!.qrCode;
  });
}

/** The new gift an already exchanged gift became (a repeated submission), or null. */
export async function findExchange(db: Executor, code: string): Promise<string | null> {
  const [old] = await db.select({ newId: orders.exchangedForId }).from(orders).where(eq(orders.qrCode, code));
  if (!old?.newId) return null;
  const [created] = await db.select({ code: orders.qrCode }).from(orders).where(eq(orders.id, old.newId));
  return created?.code ?? null;
}
