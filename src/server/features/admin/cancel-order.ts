import { and, eq, inArray } from 'drizzle-orm';
import type { AdminOrder } from '@shared/contracts/admin';
import { formatPrice } from '@shared/format';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { checkouts, orders } from '../../db/schema/orders';
import { findPurchaser, purchaserContact } from '../../domain/orders/find-purchaser';
import type { Executor } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { enqueueMail, toMailLocale } from '../../mail/enqueue-mail';
import { selectAdminOrders, toAdminOrder } from './admin-rows';
import { recordAdminAction, type AdminActor } from '../../domain/admin/record-admin-action';
import { giftPageUrl } from '../../domain/orders/gift-page-url';
import { notifyOwnerOfOrderEvent } from '../../domain/owner-notices/notify-owner-of-order-event';
import { recordRefundNotMade, refundPaidOrder } from '../../money/refunds/refund-paid-order';
import { paidAmountsOf } from '../../money/ledger/record-payment';

/**
 * Cancels an order that has not been redeemed. A paid (or expired) one is refunded in full
 * through the payment provider first; an unpaid one is only cancelled. The giver, and the
 * recipient when the gift reached them by email, are told in their languages.
 *
 * Money out (ADR 053): a transfer not yet sent is cancelled (the business never gets it); a
 * transfer already sent (the withdrawal period was over) is reversed through the provider
 * before the refund, in the same transaction. The ledger records the reversal and the refund
 * (commission, VAT and share coming back out).
 *
 * Consistency (ADR 034): the order row stays locked (FOR UPDATE) from the check until the
 * commit, and the provider is called inside that transaction, so a redemption cannot slip in
 * between the refund and the cancellation. A provider failure before anything moved at the
 * provider rolls everything back (502, nothing changed; a definite refusal is kept so the
 * retry sends a new key). If the provider refunded but the commit then fails, the admin's
 * retry sends the same idempotency key, so the provider returns the first refund instead of
 * paying twice, and the retry records it. A refund that fails after the share was reversed
 * leaves the order `refund_pending` for the refunds job (ADR 084).
 */
export async function cancelOrder(
  ctx: Pick<AppContext, 'db' | 'now' | 'config' | 'payments'>,
  actor: AdminActor,
  orderId: string,
  input: { reason: string },
): Promise<AdminOrder> {
  const now = ctx.now();
  await ctx.db
    .transaction((tx) => cancelLocked(tx, ctx, actor, orderId, input, now))
    .catch(async (error: unknown) => {
      await recordRefundNotMade(ctx.db, error, now);
      throw error;
    });
  const [result] = await selectAdminOrders(ctx.db).where(eq(orders.id, orderId));
  return toAdminOrder(result!, now);
}

async function cancelLocked(
  tx: Executor,
  ctx: Pick<AppContext, 'config' | 'payments'>,
  actor: AdminActor,
  orderId: string,
  input: { reason: string },
  now: Date,
): Promise<void> {
  const [row] = await tx
    .select({
      order: orders,
      giftName: gifts.name,
      businessName: businesses.name,
      checkout: { id: checkouts.id, status: checkouts.status, provider: checkouts.provider, providerRef: checkouts.providerRef, paymentRef: checkouts.paymentRef },
    })
    .from(orders)
    .innerJoin(gifts, eq(gifts.id, orders.giftId))
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .leftJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .where(eq(orders.id, orderId))
    .for('update', { of: orders });
  if (!row) throw new AppError('order_not_found', 404, 'No such order');
  const before = row.order;
  if (before.status !== 'unpaid' && before.status !== 'paid' && before.status !== 'expired') {
    throw AppError.conflict('order_not_cancellable', 'A redeemed or already cancelled order cannot be cancelled');
  }

  let refundRef: string | null = null;
  let refundPending = false;
  if (before.status !== 'unpaid') {
    const paymentRef = row.checkout?.paymentRef;
    if (!paymentRef || row.checkout?.provider !== ctx.payments.name) {
      throw AppError.conflict('order_not_refundable', 'This order has no payment the current provider can refund');
    }
    const refund = await refundPaidOrder(tx, ctx, paidAmountsOf({ ...before, id: orderId }), paymentRef, now, { made: false });
    if (refund.state === 'refunded') refundRef = refund.refundRef;
    else refundPending = true;
  }

  // An unpaid gift whose checkout is still open: its price is in the amount the buyer is
  // about to pay (ADR 065). The checkout closes, at the provider too, and the
  // buyer's page says it expired and the cart is kept; a payment that arrives anyway is
  // given back whole (features/checkout/handle-payment-event.ts).
  if (before.status === 'unpaid' && row.checkout?.id && row.checkout.status === 'pending') {
    await tx
      .update(checkouts)
      .set({ status: 'expired', paymentUrl: null, updatedAt: now })
      .where(and(eq(checkouts.id, row.checkout.id), eq(checkouts.status, 'pending')));
    if (row.checkout.providerRef && row.checkout.provider === ctx.payments.name) {
      try {
        await ctx.payments.closePayment(row.checkout.providerRef);
      } catch {
        // Already paid or closed at the provider: the late payment is refunded on arrival.
      }
    }
  }

  const refunded = refundRef !== null || refundPending;
  // A pending refund: cancelled once the refunds job has refunded it (ADR 084).
  const status = refundPending ? 'refund_pending' : 'cancelled';
  const updated = await tx
    .update(orders)
    .set({ status, cancelledAt: now, cancelReason: input.reason, refundedAt: refundRef !== null ? now : null, updatedAt: now })
    .where(and(eq(orders.id, orderId), inArray(orders.status, ['unpaid', 'paid', 'expired'])))
    .returning({ id: orders.id });
  // Unreachable while the row is locked; kept so a future change cannot cancel twice silently.
  if (updated.length === 0) throw AppError.conflict('order_not_cancellable', 'The order changed meanwhile');

  const after = {
    status,
    cancelledAt: now.toISOString(),
    ...(refundRef !== null ? { refundedAt: now.toISOString(), refundRef, amount: before.totalAmount } : {}),
    ...(refundPending ? { refundPending: true, amount: before.totalAmount } : {}),
  };
  await recordAdminAction(
    tx,
    actor,
    {
      action: refunded ? 'order_refunded' : 'order_cancelled',
      targetType: 'order',
      targetId: orderId,
      before: { status: before.status, expiresAt: before.expiresAt.toISOString() },
      after,
      reason: input.reason,
    },
    now,
  );

  // The owner saw this sale (a paid order); an unpaid one never reached them (ADR 065).
  if (refunded) await notifyOwnerOfOrderEvent(tx, { orderId, kind: 'cancelled', at: now, publicUrl: ctx.config.publicUrl });

  // The account, or the guest who bought without one (ADR 075), told where they follow it.
  const giver = purchaserContact(await findPurchaser(tx, { orderId }), ctx.config);
  if (giver) {
    await enqueueMail(tx, {
      to: giver.email,
      template: 'order-cancelled-giver',
      locale: toMailLocale(giver.locale) ?? 'es',
      data: {
        name: giver.name,
        giftName: row.giftName,
        businessName: row.businessName,
        recipientName: before.recipientName,
        refund: refunded ? formatPrice(before.totalAmount) : null,
        ordersUrl: giver.ordersUrl,
      },
    });
  }
  // Only a recipient the gift reached hears about it: an unpaid or still-scheduled gift
  // was never announced to them, and the cancellation must not spoil the surprise.
  if (before.recipientEmail && before.deliveredAt) {
    await enqueueMail(tx, {
      // After the gift's own email if that still waits in the outbox.
      afterMailId: before.giftMailId,
      to: before.recipientEmail,
      template: 'order-cancelled-recipient',
      locale: toMailLocale(before.recipientLocale) ?? 'es',
      data: {
        recipientName: before.recipientName,
        giftName: row.giftName,
        businessName: row.businessName,
        giftUrl: giftPageUrl(ctx.config.publicUrl, before.qrCode),
      },
    });
  }
}

