import { and, asc, eq, inArray } from 'drizzle-orm';
import { withdrawalFieldErrors, type WithdrawInput, type WithdrawalReceipt } from '@shared/contracts/withdrawal';
import { withdrawalStateOf } from '@shared/domain/withdrawal';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { checkouts, orders, withdrawals } from '../../db/schema/orders';
import { ORDERS_PATH } from '../../domain/orders/find-purchaser';
import { giftPageUrl } from '../../domain/orders/gift-page-url';
import { recordRefundNotMade, refundPaidOrder, type ProviderEffects } from '../../money/refunds/refund-paid-order';
import { unspentAmounts } from '../../money/refunds/unspent-amounts';
import { notifyOwnerOfOrderEvent } from '../../domain/owner-notices/notify-owner-of-order-event';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { enqueueMail, toMailLocale } from '../../mail/enqueue-mail';
import { findPurchase, loadPurchaseOrders, withdrawalReference, type Purchase, type PurchaseAccess } from './load-purchase';
import type { Executor } from '../../db/client';
import { paidAmountsOf } from '../../money/ledger/record-payment';


/**
 * The giver withdraws from some or all gifts of one purchase (ADR 064). In ONE transaction,
 * with the chosen orders locked (FOR UPDATE) from the check to the commit:
 * - every chosen gift must be of this purchase (400 `unknown`) and still open: paid, not
 *   redeemed, within its withdrawal period (409 `withdrawal_not_open`); gifts already withdrawn are
 *   skipped, so a repeated confirmation changes nothing and answers the first receipt;
 * - each is refunded in full through the payment provider (order-keyed idempotency), its
 *   transfer cancelled (or reversed if it somehow left), and the ledger gets the same refund
 *   rows as a cancellation by the platform team (commission, VAT and share back out);
 * - the orders become `withdrawn`, and the withdrawal is recorded;
 * - the acknowledgement (what, when, how much) and, for a recipient who already had the
 *   gift, a neutral note go to the outbox.
 * The lock is what makes a withdrawal and a redemption exclusive: redemption's conditional
 * update waits for it and then finds the order no longer `paid`, and a withdrawal that waits
 * for a redemption finds it redeemed (features/redemption/redeem-order.ts). A provider
 * failure before anything moved at the provider rolls everything back (502 `refund_failed`,
 * nothing changed; a definite refusal is kept so the retry sends a new key). Once something
 * moved (a reversal, another gift's refund), a failing refund leaves its gift withdrawn but
 * `refund_pending`, for the refunds job (ADR 084).
 */
export async function withdrawFromPurchase(
  ctx: Pick<AppContext, 'db' | 'now' | 'config' | 'payments'>,
  checkoutId: string,
  access: PurchaseAccess,
  input: Required<Pick<WithdrawInput, 'name' | 'email' | 'orderIds' | 'locale'>>,
): Promise<WithdrawalReceipt> {
  const now = ctx.now();
  const purchase = await findPurchase(ctx.db, checkoutId, access);
  const withdrawalId = await ctx.db
    .transaction((tx) => withdrawOrders(tx, ctx, purchase, access, input, now))
    .catch(async (error: unknown) => {
      await recordRefundNotMade(ctx.db, error, now);
      throw error;
    });
  return receiptOf(ctx, purchase.id, withdrawalId, now);
}

/**
 * The transaction's work (the demo seed runs it inside its own transaction): returns the
 * withdrawal the chosen orders belong to, new or, on a replay, the first one.
 */
export async function withdrawOrders(
  tx: Executor,
  ctx: Pick<AppContext, 'config' | 'payments'>,
  purchase: Purchase,
  access: PurchaseAccess,
  input: Required<Pick<WithdrawInput, 'name' | 'email' | 'orderIds' | 'locale'>>,
  now: Date,
): Promise<string> {
  const chosen = [...new Set(input.orderIds)];
  const [checkout] = await tx.select({ paymentRef: checkouts.paymentRef, provider: checkouts.provider }).from(checkouts).where(eq(checkouts.id, purchase.id));
  const rows = await tx
    .select({ order: orders, giftName: gifts.name, businessName: businesses.name })
    .from(orders)
    .innerJoin(gifts, eq(gifts.id, orders.giftId))
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(and(eq(orders.checkoutId, purchase.id), inArray(orders.id, chosen.filter(isUuid))))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .for('update', { of: orders });
  if (rows.length !== chosen.length || rows.some((r) => r.order.paidAt === null)) {
    throw AppError.validation({ orderIds: withdrawalFieldErrors.unknown }, 'A chosen gift is not part of this purchase');
  }

  // Already part of a withdrawal (withdrawn, or its refund still pending): a repeated confirmation.
  const pending = rows.filter((r) => r.order.withdrawalId === null);
  if (pending.length === 0) return rows[0]!.order.withdrawalId!;
  for (const { order } of pending) {
    if (withdrawalStateOf(order, now) !== 'open') {
      throw AppError.conflict('withdrawal_not_open', 'A chosen gift can no longer be withdrawn (redeemed, cancelled or its withdrawal period is over)');
    }
  }
  if (!checkout?.paymentRef || checkout.provider !== ctx.payments.name) {
    throw AppError.conflict('order_not_refundable', 'This purchase has no payment the current provider can refund');
  }

  // What each gift gives back: all of it, or a card spent in part its unspent balance (ADR 104).
  const givenBack = new Map<string, number>();
  for (const { order } of pending) givenBack.set(order.id, (await unspentAmounts(tx, paidAmountsOf(order))).totalAmount);
  const refund = pending.reduce((sum, r) => sum + givenBack.get(r.order.id)!, 0);
  const [withdrawal] = await tx
    .insert(withdrawals)
    .values({ checkoutId: purchase.id, buyerId: purchase.buyerId, name: input.name, email: input.email, channel: access.kind, refundAmount: refund, createdAt: now })
    .returning({ id: withdrawals.id });

  const effects: ProviderEffects = { made: false };
  for (const { order } of pending) {
    const refund = await refundPaidOrder(
      tx,
      ctx,
      paidAmountsOf(order),
      checkout.paymentRef,
      now,
      effects,
    );
    // Withdrawn now; a refund still pending makes it `withdrawn` when the refunds job has made it.
    const refunded = refund.state === 'refunded';
    const updated = await tx
      .update(orders)
      .set({ status: refunded ? 'withdrawn' : 'refund_pending', withdrawnAt: now, withdrawalId: withdrawal!.id, refundedAt: refunded ? now : null, updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'paid')))
      .returning({ id: orders.id });
    // Unreachable while the row is locked; kept so a future change cannot refund twice silently.
    if (updated.length === 0) throw AppError.conflict('withdrawal_not_open', 'The gift changed meanwhile');
    // The owner saw this sale; they hear of the withdrawal (or read it in their summary, ADR 065).
    await notifyOwnerOfOrderEvent(tx, { orderId: order.id, kind: 'withdrawn', at: now, publicUrl: ctx.config.publicUrl });
  }

  await enqueueMail(tx, {
    to: input.email,
    template: 'withdrawal-acknowledged',
    locale: input.locale,
    data: {
      reference: withdrawalReference(withdrawal!.id),
      withdrawnAt: now.toISOString(),
      purchasedAt: purchase.completedAt!.toISOString(),
      lines: pending.map((r) => ({ giftName: r.giftName, businessName: r.businessName, price: givenBack.get(r.order.id)! })),
      refund,
      ordersUrl: `${ctx.config.publicUrl}${ORDERS_PATH}`,
    },
  });
  // Only a recipient the gift reached hears of it, and neutrally: a scheduled gift was
  // never announced, and the giver's reasons are theirs.
  for (const { order, giftName, businessName } of pending) {
    if (!order.recipientEmail || !order.deliveredAt) continue;
    await enqueueMail(tx, {
      afterMailId: order.giftMailId,
      to: order.recipientEmail,
      template: 'order-withdrawn-recipient',
      locale: toMailLocale(order.recipientLocale) ?? 'es',
      data: { recipientName: order.recipientName, giftName, businessName, giftUrl: giftPageUrl(ctx.config.publicUrl, order.qrCode) },
    });
  }
  return withdrawal!.id;
}

async function receiptOf(ctx: Pick<AppContext, 'db'>, checkoutId: string, withdrawalId: string, now: Date): Promise<WithdrawalReceipt> {
  const [withdrawal] = await ctx.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId));
  const all = await loadPurchaseOrders(ctx.db, checkoutId, now);
  const included = new Set(
    (await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.withdrawalId, withdrawalId))).map((r) => r.id),
  );
  return {
    reference: withdrawalReference(withdrawal!.id),
    withdrawnAt: withdrawal!.createdAt.toISOString(),
    refund: withdrawal!.refundAmount,
    email: withdrawal!.email,
    orders: all.filter((o) => included.has(o.id)),
  };
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
