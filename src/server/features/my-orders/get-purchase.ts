import { eq } from 'drizzle-orm';
import type { PurchaseView } from '@shared/contracts/guest-checkout';
import type { CheckoutStatus } from '@shared/domain/order-status';
import { withdrawalDeadline } from '@shared/domain/withdrawal';
import { isAwaitingBank, toPaymentMethod } from '@shared/domain/payment-method';
import { checkouts } from '../../db/schema/orders';
import { findPurchaser } from '../../domain/orders/find-purchaser';
import { readPurchaseToken } from '../../domain/orders/purchase-link';
import { createWithdrawalToken, withdrawalLinkPath } from '../../domain/orders/withdrawal-link';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { purchaseAccountState, type PurchaseViewer } from './add-purchase-to-account';
import { listMyOrders } from './list-my-orders';

/**
 * The purchase a signed link opens (ADR 075), or 404/410. Checked against the database too:
 * a link for a checkout that is gone, or that was made signed in, opens nothing.
 */
export async function findLinkedPurchase(ctx: Pick<AppContext, 'db' | 'now' | 'config'>, token: string) {
  const check = readPurchaseToken(ctx.config.authSecret, token, ctx.now());
  if (!check.ok) {
    throw check.reason === 'expired'
      ? new AppError('purchase_link_expired', 410, 'This purchase link has expired')
      : new AppError('purchase_link_invalid', 404, 'This purchase link is not valid');
  }
  const [checkout] = await ctx.db.select().from(checkouts).where(eq(checkouts.id, check.checkoutId));
  const purchaser = checkout ? await findPurchaser(ctx.db, { checkoutId: checkout.id }) : null;
  // Only a guest's purchase has a link (claimed since or not); the guest's details are kept.
  if (!checkout || !purchaser?.guest) throw new AppError('purchase_link_invalid', 404, 'This purchase link is not valid');
  return { ...checkout, purchaser: { ...purchaser, guest: purchaser.guest } };
}

export type LinkedPurchase = Awaited<ReturnType<typeof findLinkedPurchase>>;

/** Every paid gift of a purchase is on one page: a checkout holds at most CHECKOUT_LIMITS.lines. */
const ALL_LINES = 100;

/**
 * What the purchase page shows: the purchase, its gifts as "My orders" shows them, its
 * withdrawal link, and what it offers the viewer (signed in or not) about accounts.
 */
export async function getPurchase(ctx: Pick<AppContext, 'db' | 'now' | 'config'>, checkout: LinkedPurchase, viewer: PurchaseViewer | null): Promise<PurchaseView> {
  const now = ctx.now();
  const { items } = await listMyOrders(ctx.db, { checkoutId: checkout.id }, { limit: ALL_LINES }, ctx.config.publicUrl, now);
  const paidAt = checkout.status === 'succeeded' ? checkout.completedAt : null;
  const deadline = paidAt ? withdrawalDeadline(paidAt) : null;
  const canWithdraw = deadline !== null && now <= deadline && items.some((o) => o.withdrawal.state === 'open');
  return {
    checkoutId: checkout.id,
    status: checkout.status as CheckoutStatus,
    buyerName: checkout.purchaser.guest.name,
    buyerEmail: checkout.purchaser.guest.email,
    createdAt: checkout.createdAt.toISOString(),
    paidAt: paidAt?.toISOString() ?? null,
    totalAmount: checkout.amountTotal,
    currency: checkout.currency,
    paymentUrl: checkout.status === 'pending' && checkout.expiresAt > now ? checkout.paymentUrl : null,
    paymentMethod: toPaymentMethod(checkout.paymentMethod),
    awaitingBank: isAwaitingBank(checkout),
    // Oldest first, as the guest typed them at checkout.
    orders: items.reverse(),
    withdrawPath: canWithdraw ? withdrawalLinkPath(createWithdrawalToken(ctx.config.authSecret, checkout.id, deadline)) : null,
    withdrawUntil: deadline?.toISOString() ?? null,
    account: await purchaseAccountState(ctx.db, checkout, viewer),
  };
}
