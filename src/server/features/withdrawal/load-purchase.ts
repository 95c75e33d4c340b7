import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { PastWithdrawal, WithdrawalOrder, WithdrawalView } from '@shared/contracts/withdrawal';
import { withdrawalDeadline, withdrawalStateOf } from '@shared/domain/withdrawal';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { checkouts, orders, withdrawals } from '../../db/schema/orders';
import { findPurchaser } from '../../domain/orders/find-purchaser';
import { AppError } from '../../platform/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who may open a purchase's withdrawal form: its buyer (signed in), or a valid signed link. */
export type PurchaseAccess = { kind: 'account'; userId: string } | { kind: 'link' };

export const purchaseNotFound = () => new AppError('purchase_not_found', 404, 'No such purchase');

/** A paid purchase (checkout) the caller may withdraw from, with its buyer; 404 otherwise. */
export async function findPurchase(db: Executor, checkoutId: string, access: PurchaseAccess) {
  if (!UUID.test(checkoutId)) throw purchaseNotFound();
  const [row] = await db
    .select({ id: checkouts.id, buyerId: checkouts.buyerId, completedAt: checkouts.completedAt })
    .from(checkouts)
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.status, 'succeeded')));
  if (!row || !row.completedAt) throw purchaseNotFound();
  if (access.kind === 'account' && row.buyerId !== access.userId) throw purchaseNotFound();
  // The form is prefilled with whoever holds the purchase: the account, or the guest (ADR 075).
  const purchaser = await findPurchaser(db, { checkoutId });
  return { ...row, buyerName: purchaser?.name ?? null, buyerEmail: purchaser?.email ?? null };
}

export type Purchase = Awaited<ReturnType<typeof findPurchase>>;

/** The purchase's gifts (never the unpaid or discarded ones), each with where it stands. */
export async function loadPurchaseOrders(db: Executor, checkoutId: string, now: Date): Promise<WithdrawalOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      paidAt: orders.paidAt,
      withdrawnAt: orders.withdrawnAt,
      totalAmount: orders.totalAmount,
      recipientName: orders.recipientName,
      giftName: gifts.name,
      businessName: businesses.name,
    })
    .from(orders)
    .innerJoin(gifts, eq(gifts.id, orders.giftId))
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(and(eq(orders.checkoutId, checkoutId), ne(orders.status, 'unpaid')))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  return rows
    .filter((r) => r.paidAt !== null)
    .map((r) => ({
      id: r.id,
      giftName: r.giftName,
      businessName: r.businessName,
      recipientName: r.recipientName,
      totalAmount: r.totalAmount,
      state: withdrawalStateOf(r, now),
      withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
    }));
}

/** The reference a withdrawal is known by (the acknowledgement, support): its id's first block. */
export const withdrawalReference = (withdrawalId: string) => `D-${withdrawalId.slice(0, 8).toUpperCase()}`;

/** The purchase's withdrawals, each with its reference, date and whether its refund is made. */
export async function loadPastWithdrawals(db: Executor, checkoutId: string): Promise<PastWithdrawal[]> {
  const rows = await db
    .select({
      id: withdrawals.id,
      createdAt: withdrawals.createdAt,
      refundAmount: withdrawals.refundAmount,
      pendingRefunds: sql<number>`count(${orders.id}) filter (where ${orders.status} = 'refund_pending')`.mapWith(Number),
    })
    .from(withdrawals)
    .leftJoin(orders, eq(orders.withdrawalId, withdrawals.id))
    .where(eq(withdrawals.checkoutId, checkoutId))
    .groupBy(withdrawals.id)
    .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id));
  return rows.map((r) => ({
    reference: withdrawalReference(r.id),
    withdrawnAt: r.createdAt.toISOString(),
    refundAmount: r.refundAmount,
    refund: r.pendingRefunds > 0 ? 'pending' : 'refunded',
  }));
}

/** What the withdrawal form shows: the purchase's gifts, the period's end and the prefills. */
export async function getWithdrawal(db: Executor, checkoutId: string, access: PurchaseAccess, now: Date): Promise<WithdrawalView> {
  const purchase = await findPurchase(db, checkoutId, access);
  return {
    checkoutId: purchase.id,
    purchasedAt: purchase.completedAt!.toISOString(),
    deadline: withdrawalDeadline(purchase.completedAt!).toISOString(),
    name: purchase.buyerName ?? '',
    email: purchase.buyerEmail ?? '',
    orders: await loadPurchaseOrders(db, purchase.id, now),
    withdrawals: await loadPastWithdrawals(db, purchase.id),
  };
}
