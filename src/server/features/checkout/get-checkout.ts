import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Checkout } from '@shared/contracts/checkout';
import type { CheckoutStatus, OrderStatus } from '@shared/domain/order-status';
import { withdrawalDeadline } from '@shared/domain/withdrawal';
import { computeExpiresAt } from '@shared/domain/validity';
import { pickLocalizedText } from '@shared/domain/localized-text';
import type { Locale } from '@shared/locale';
import type { GiftValueKind } from '@shared/domain/gift-movements';
import type { Handover } from '@shared/domain/handover';
import { isAwaitingBank, toPaymentMethod } from '@shared/domain/payment-method';
import { giftPagePath } from '../../domain/orders/gift-page-url';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/query-helpers';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { checkouts, orders } from '../../db/schema/orders';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { createPurchaseToken, purchasePagePath } from '../../domain/orders/purchase-link';
import { createWithdrawalToken, withdrawalLinkPath, withdrawalPagePath } from '../../domain/orders/withdrawal-link';

export type CheckoutRow = typeof checkouts.$inferSelect;

export const checkoutNotFound = () => new AppError('checkout_not_found', 404, 'Checkout not found');

/**
 * Who asks for a checkout: a signed-in giver (their own checkouts), or a browser holding a
 * guest's purchase cookie (that one checkout, ADR 075).
 */
export type CheckoutAccess = { userId: string } | { guestCheckoutId: string };

/** The buyer's checkout row, or 404 exactly like a missing one (never reveals others'). */
export async function findBuyerCheckout(db: Executor, access: CheckoutAccess, checkoutId: string): Promise<CheckoutRow> {
  if (!isUuid(checkoutId)) throw checkoutNotFound();
  if ('guestCheckoutId' in access && access.guestCheckoutId !== checkoutId) throw checkoutNotFound();
  const [row] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.id, checkoutId), 'userId' in access ? eq(checkouts.buyerId, access.userId) : isNotNull(checkouts.guestEmail)));
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
  handover: Handover;
  /** The redemption code: it makes the gift page's path for a gift given in person. */
  qrCode: string;
  price: number;
  valueKind: GiftValueKind;
  validityDays: number;
  paidAt: Date | null;
  expiresAt: Date;
  deliverAt: Date | null;
}

/** The checkout's orders, in the order the giver typed them; gift names in the reader's language when given. */
async function selectCheckoutLines(db: Executor, checkoutId: string, reader?: Locale): Promise<CheckoutLineRow[]> {
  const rows = await db
    .select({
      orderId: orders.id,
      giftId: orders.giftId,
      giftName: gifts.name,
      nameTranslations: gifts.nameTranslations,
      businessOwnLocale: businesses.ownLocale,
      businessName: businesses.name,
      recipientName: orders.recipientName,
      status: orders.status,
      handover: orders.handover,
      qrCode: orders.qrCode,
      price: orders.totalAmount,
      valueKind: orders.valueKind,
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
  return rows.map(({ nameTranslations, businessOwnLocale, ...line }) => ({
    ...line,
    valueKind: line.valueKind as GiftValueKind,
    giftName: reader ? pickLocalizedText(line.giftName, nameTranslations, reader, businessOwnLocale) : line.giftName,
  }));
}

/**
 * A checkout as its buyer sees it: its lines with prices as stored, expiry final once paid.
 * With the server's secret, a guest's checkout also names its signed purchase page.
 */
export function checkoutView(checkout: CheckoutRow, lines: readonly CheckoutLineRow[], now: Date, authSecret?: string): Checkout {
  const deadline = checkout.status === 'succeeded' && checkout.completedAt ? withdrawalDeadline(checkout.completedAt) : null;
  const isGuest = checkout.guestEmail !== null && authSecret !== undefined;
  return {
    id: checkout.id,
    status: checkout.status as CheckoutStatus,
    provider: checkout.provider as Checkout['provider'],
    totalAmount: checkout.amountTotal,
    currency: checkout.currency,
    paymentUrl: checkout.status === 'pending' ? checkout.paymentUrl : null,
    createdAt: checkout.createdAt.toISOString(),
    withdrawUntil: deadline?.toISOString() ?? null,
    purchasePath: isGuest ? purchasePagePath(createPurchaseToken(authSecret, checkout.id, checkout.createdAt)) : null,
    withdrawPath:
      !deadline || now > deadline
        ? null
        : isGuest
          ? withdrawalLinkPath(createWithdrawalToken(authSecret, checkout.id, deadline))
          : withdrawalPagePath(checkout.id),
    paymentMethod: toPaymentMethod(checkout.paymentMethod),
    awaitingBank: isAwaitingBank(checkout),
    lines: lines.map((l) => ({
      orderId: l.orderId,
      giftId: l.giftId,
      giftName: l.giftName,
      businessName: l.businessName,
      recipientName: l.recipientName,
      status: l.status as OrderStatus,
      handover: l.handover,
      // Only a paid code opens a page (the unpaid placeholder is no code, ADR 103).
      giftPagePath: l.handover === 'in_person' && l.paidAt && l.status !== 'cancelled' ? giftPagePath(l.qrCode) : null,
      price: l.price,
      valueKind: l.valueKind,
      validityDays: l.validityDays,
      // Until paid the expiry moves with the payment day, so it is counted from now.
      expiresAt: (l.paidAt ? l.expiresAt : computeExpiresAt(now, l.validityDays)).toISOString(),
      deliverAt: l.deliverAt?.toISOString() ?? null,
    })),
  };
}

/** The checkout with its lines read from the database. */
export async function toCheckoutView(db: Executor, checkout: CheckoutRow, now: Date, authSecret?: string, reader?: Locale): Promise<Checkout> {
  return checkoutView(checkout, await selectCheckoutLines(db, checkout.id, reader), now, authSecret);
}

export async function getCheckout(ctx: Pick<AppContext, 'db' | 'now' | 'config'>, buyer: CheckoutAccess, checkoutId: string, reader: Locale): Promise<Checkout> {
  return toCheckoutView(ctx.db, await findBuyerCheckout(ctx.db, buyer, checkoutId), ctx.now(), ctx.config.authSecret, reader);
}
