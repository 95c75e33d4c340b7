import { and, asc, eq } from 'drizzle-orm';
import type { Checkout } from '@shared/contracts/checkout';
import type { CheckoutStatus, OrderStatus } from '@shared/domain/order-status';
import { withdrawalDeadline } from '@shared/domain/withdrawal';
import { computeExpiresAt } from '@shared/domain/validity';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/query-helpers';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { checkouts, orders } from '../../db/schema/orders';
import { AppError } from '../../platform/errors';

export type CheckoutRow = typeof checkouts.$inferSelect;

export const checkoutNotFound = () => new AppError('checkout_not_found', 404, 'Checkout not found');

/** The buyer's checkout row, or 404 exactly like a missing one (never reveals others'). */
export async function findBuyerCheckout(db: Executor, buyerId: string, checkoutId: string): Promise<CheckoutRow> {
  if (!isUuid(checkoutId)) throw checkoutNotFound();
  const [row] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.buyerId, buyerId)));
  if (!row) throw checkoutNotFound();
  return row;
}

/** One order of a checkout with what its buyer sees of the gift (checkoutView's input). */
export interface CheckoutLineRow {
  orderId: string;
  giftId: string;
  giftName: string;
  businessName: string;
  recipientName: string;
  status: string;
  price: number;
  validityDays: number;
  paidAt: Date | null;
  expiresAt: Date;
  deliverAt: Date | null;
}

/** The checkout's orders, in the order the giver typed them. */
function selectCheckoutLines(db: Executor, checkoutId: string): Promise<CheckoutLineRow[]> {
  return db
    .select({
      orderId: orders.id,
      giftId: orders.giftId,
      giftName: gifts.name,
      businessName: businesses.name,
      recipientName: orders.recipientName,
      status: orders.status,
      price: orders.totalAmount,
      validityDays: gifts.validityDays,
      paidAt: orders.paidAt,
      expiresAt: orders.expiresAt,
      deliverAt: orders.deliverAt,
    })
    .from(orders)
    .innerJoin(gifts, eq(gifts.id, orders.giftId))
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(eq(orders.checkoutId, checkoutId))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

/** A checkout as its buyer sees it: its lines with prices as stored, expiry final once paid. */
export function checkoutView(checkout: CheckoutRow, lines: readonly CheckoutLineRow[], now: Date): Checkout {
  return {
    id: checkout.id,
    status: checkout.status as CheckoutStatus,
    provider: checkout.provider as Checkout['provider'],
    totalAmount: checkout.amountTotal,
    currency: checkout.currency,
    paymentUrl: checkout.status === 'pending' ? checkout.paymentUrl : null,
    createdAt: checkout.createdAt.toISOString(),
    withdrawUntil: checkout.status === 'succeeded' && checkout.completedAt ? withdrawalDeadline(checkout.completedAt).toISOString() : null,
    lines: lines.map((l) => ({
      orderId: l.orderId,
      giftId: l.giftId,
      giftName: l.giftName,
      businessName: l.businessName,
      recipientName: l.recipientName,
      status: l.status as OrderStatus,
      price: l.price,
      validityDays: l.validityDays,
      // Until paid the expiry moves with the payment day, so it is counted from now.
      expiresAt: (l.paidAt ? l.expiresAt : computeExpiresAt(now, l.validityDays)).toISOString(),
      deliverAt: l.deliverAt?.toISOString() ?? null,
    })),
  };
}

/** The checkout with its lines read from the database. */
export async function toCheckoutView(db: Executor, checkout: CheckoutRow, now: Date): Promise<Checkout> {
  return checkoutView(checkout, await selectCheckoutLines(db, checkout.id), now);
}

export async function getCheckout(db: Executor, buyerId: string, checkoutId: string, now: Date): Promise<Checkout> {
  return toCheckoutView(db, await findBuyerCheckout(db, buyerId, checkoutId), now);
}
