import { and, asc, desc, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { PendingPurchase } from '@shared/contracts/my-orders';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { checkouts, orders } from '../../db/schema/orders';
import { payableUntil } from '../../platform/payments/payment-provider';

/** More open checkouts than this at once is not a person paying; the newest are shown. */
const MAX_PENDING = 20;

/**
 * The giver's purchases that can still be paid: one per pending checkout while its payment
 * page is open, with its payment link and its gifts. A failed, cancelled, discarded or expired checkout is
 * not listed (its orders are never shown to anyone: a payment never made leaves no ghost order, ADR 057).
 */
export async function listPendingPurchases(db: Executor, userId: string, now: Date): Promise<PendingPurchase[]> {
  const open = await db
    .select({
      id: checkouts.id,
      totalAmount: checkouts.amountTotal,
      currency: checkouts.currency,
      createdAt: checkouts.createdAt,
      expiresAt: checkouts.expiresAt,
      paymentUrl: checkouts.paymentUrl,
      provider: checkouts.provider,
    })
    .from(checkouts)
    // One waiting for the payer's bank (Bizum, ADR 106) has nothing left to pay or discard.
    .where(and(eq(checkouts.buyerId, userId), eq(checkouts.status, 'pending'), gt(checkouts.expiresAt, now), isNotNull(checkouts.paymentUrl), isNull(checkouts.paymentMethod)))
    .orderBy(desc(checkouts.createdAt), desc(checkouts.id))
    .limit(MAX_PENDING);
  // A Stripe checkout outlives its payment page by a grace period for late webhooks.
  const payable = open.map((c) => ({ ...c, expiresAt: payableUntil(c) })).filter((c) => c.expiresAt > now);
  if (payable.length === 0) return [];
  const lines = await db
    .select({
      checkoutId: orders.checkoutId,
      giftName: gifts.name,
      businessName: businesses.name,
      recipientName: orders.recipientName,
      totalAmount: orders.totalAmount,
    })
    .from(orders)
    .innerJoin(gifts, eq(gifts.id, orders.giftId))
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(and(inArray(orders.checkoutId, payable.map((c) => c.id)), eq(orders.status, 'unpaid')))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  return payable.map(({ createdAt, expiresAt, paymentUrl, provider: _provider, ...checkout }) => ({
    ...checkout,
    createdAt: createdAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
    paymentUrl: paymentUrl!,
    lines: lines.filter((l) => l.checkoutId === checkout.id).map(({ checkoutId: _c, ...line }) => line),
  }));
}
