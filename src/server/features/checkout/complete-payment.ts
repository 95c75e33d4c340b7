import { and, asc, eq, lte, isNull, or } from 'drizzle-orm';
import { pickLocalizedText } from '@shared/domain/localized-text';
import { computeExpiresAt } from '@shared/domain/validity';
import { toPaymentMethod } from '@shared/domain/payment-method';
import { withdrawalDeadline } from '@shared/domain/withdrawal';
import { createWithdrawalToken, withdrawalLinkUrl } from '../../domain/orders/withdrawal-link';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { checkouts, orders } from '../../db/schema/orders';
import type { AppContext } from '../../platform/context';
import { enqueueMail, toMailLocale } from '../../mail/enqueue-mail';
import { deliverOrder } from '../../domain/orders/deliver-order';
import { findPurchaser, purchaserContact } from '../../domain/orders/find-purchaser';
import { createRedemptionCode, createTypedCode, payOrderAmounts } from '../../domain/orders/price-order';
import { recordCheckoutPayment, type PaidOrderAmounts } from '../../money/ledger/record-payment';
import { notifyOwnerOfOrderEvent } from '../../domain/owner-notices/notify-owner-of-order-event';

/**
 * A successful payment, whoever reports it (the test page or a Stripe webhook). Run inside
 * the caller's transaction; everything happens only if the checkout is still `pending`, so
 * a replayed or late event changes nothing:
 * - the checkout `succeeded`;
 * - each order `paid`, `paid_at`, `expires_at` (end of day in Madrid after the gift's
 *   validity, counted from payment), commission from the rate stored at checkout, its VAT
 *   at the COMMISSION_VAT_RATE in force now, and the business's net (exact integers, ADR
 *   053), a FRESH redemption code (256 bits) — the unpaid placeholder never worked as one — and
 *   the code to type at the counter;
 * - the ledger: the charge, and per order commission, VAT and share owed; each order's
 *   transfer is scheduled (redemption or the end of the withdrawal period);
 * - the method that paid (ADR 106), named on the giver's receipt;
 * - the giver's receipt, and the gifts due now (no date, or a date already passed) are
 *   delivered in the same transaction; later ones wait for the delivery job, and a gift given
 *   in person waits for its giver (ADR 103).
 */
export async function completePayment(
  tx: Executor,
  ctx: Pick<AppContext, 'now' | 'config'>,
  input: { checkoutId: string; paymentRef?: string | null; paymentMethod?: string | null },
): Promise<boolean> {
  const now = ctx.now();
  const [checkout] = await tx
    .update(checkouts)
    .set({
      status: 'succeeded',
      completedAt: now,
      paymentRef: input.paymentRef ?? null,
      // The method named while the bank confirmed it (Bizum) stays when this event cannot say.
      ...(input.paymentMethod ? { paymentMethod: input.paymentMethod } : {}),
      paymentUrl: null,
      updatedAt: now,
    })
    .where(and(eq(checkouts.id, input.checkoutId), eq(checkouts.status, 'pending')))
    .returning();
  if (!checkout) return false;

  const lines = await tx
    .select({
      order: orders,
      validityDays: gifts.validityDays,
      giftName: gifts.name,
      giftNameTranslations: gifts.nameTranslations,
      businessOwnLocale: businesses.ownLocale,
      businessName: businesses.name,
    })
    .from(orders)
    .innerJoin(gifts, eq(gifts.id, orders.giftId))
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(and(eq(orders.checkoutId, checkout.id), eq(orders.status, 'unpaid')))
    .orderBy(asc(orders.createdAt), asc(orders.id));

  const paid: PaidOrderAmounts[] = [];
  for (const { order, validityDays } of lines) {
    const amounts = payOrderAmounts(order.totalAmount, order.commissionRate ?? 0, ctx.config.commissionVatRate);
    const updated = await tx
      .update(orders)
      .set({
        status: 'paid',
        paidAt: now,
        expiresAt: computeExpiresAt(now, validityDays),
        ...amounts,
        qrCode: createRedemptionCode(),
        typedCode: createTypedCode(),
        updatedAt: now,
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'unpaid')))
      .returning({ id: orders.id });
    if (updated.length > 0) paid.push({ id: order.id, businessId: order.businessId, totalAmount: order.totalAmount, ...amounts });
  }
  // Each owner hears of their sale (ADR 065): now, or in the next morning's summary.
  for (const order of paid) await notifyOwnerOfOrderEvent(tx, { orderId: order.id, kind: 'sold', at: now, publicUrl: ctx.config.publicUrl });
  await recordCheckoutPayment(tx, { checkoutId: checkout.id, chargeAmount: checkout.amountTotal, paymentRef: checkout.paymentRef, paidAt: now, orders: paid });

  const purchaser = await findPurchaser(tx, { checkoutId: checkout.id });
  const giver = purchaserContact(purchaser, ctx.config);
  if (giver) {
    const locale = toMailLocale(giver.locale) ?? 'en';
    await enqueueMail(tx, {
      to: giver.email,
      template: 'order-receipt',
      locale,
      data: {
        name: giver.name,
        lines: lines.map((l) => ({
          // In the giver's language when the business wrote the name in it (ADR 073).
          giftName: pickLocalizedText(l.giftName, l.giftNameTranslations, locale, l.businessOwnLocale),
          businessName: l.businessName,
          recipientName: l.order.recipientName,
          inPerson: l.order.handover === 'in_person',
          price: l.order.totalAmount,
          card: l.order.valueKind === 'card',
          deliverAt: l.order.deliverAt && l.order.deliverAt > now ? l.order.deliverAt.toISOString() : null,
        })),
        total: checkout.amountTotal,
        ordersUrl: giver.ordersUrl,
        // A guest has no "My orders": the link is their purchase page (ADR 075).
        guest: purchaser?.kind === 'guest',
        withdrawUrl: withdrawalLinkUrl(ctx.config.publicUrl, createWithdrawalToken(ctx.config.authSecret, checkout.id, withdrawalDeadline(now))),
        withdrawUntil: withdrawalDeadline(now).toISOString(),
        paymentMethod: toPaymentMethod(checkout.paymentMethod),
      },
    });
  }

  const dueNow = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.checkoutId, checkout.id),
        eq(orders.status, 'paid'),
        // A gift given in person goes to nobody until its giver sends it (ADR 103).
        eq(orders.handover, 'send'),
        or(isNull(orders.deliverAt), lte(orders.deliverAt, now)),
      ),
    );
  for (const { id } of dueNow) {
    await deliverOrder(tx, { orderId: id, now, publicUrl: ctx.config.publicUrl, authSecret: ctx.config.authSecret, notifyGiver: false });
  }
  return true;
}
