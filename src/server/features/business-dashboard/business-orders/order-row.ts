import { eq } from 'drizzle-orm';
import type { DashboardCardFigures, DashboardOrder } from '@shared/contracts/business-dashboard';
import { effectiveOrderStatus, type OrderStatus } from '@shared/domain/order-status';
import type { TransferState } from '@shared/domain/payouts';
import { orderTransferState } from '../../../money/transfers/order-transfer-state';
import type { Executor } from '../../../db/client';
import { gifts } from '../../../db/schema/gifts';
import { orders } from '../../../db/schema/orders';
import { exactTimestamp } from '../../../domain/orders/order-cursor';
import { readCardFigures } from './read-card-figures';

/**
 * What the business sees of an order: no part of its codes (the whole code or the typed
 * one), which only the recipient holds and which alone redeem it (ADR 055).
 */
const dashboardOrderColumns = {
  id: orders.id,
  giftId: orders.giftId,
  // Archived gifts keep their row, so the name the giver chose is always there.
  giftName: gifts.name,
  giftValidityDays: gifts.validityDays,
  status: orders.status,
  totalAmount: orders.totalAmount,
  currency: orders.currency,
  recipientName: orders.recipientName,
  recipientPhone: orders.recipientPhone,
  personalMessage: orders.personalMessage,
  commissionRate: orders.commissionRate,
  commissionAmount: orders.commissionAmount,
  commissionVatAmount: orders.commissionVatAmount,
  netAmount: orders.netAmount,
  transferState: orderTransferState,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  redeemedAt: orders.redeemedAt,
  expiresAt: orders.expiresAt,
  updatedAt: orders.updatedAt,
  extensionRequestedAt: orders.extensionRequestedAt,
  extensionDecision: orders.extensionDecision,
  valueKind: orders.valueKind,
};

/** `select … from orders join gifts`; callers add the business scope and order. */
export function selectDashboardOrders(db: Executor) {
  return db.select(dashboardOrderColumns).from(orders).innerJoin(gifts, eq(gifts.id, orders.giftId));
}

/**
 * The same rows with their keyset position: created_at as UTC text to the microsecond, so a
 * cursor built from it compares exactly (see domain/orders/order-cursor.ts).
 */
export function selectDashboardOrdersWithPosition(db: Executor) {
  return db
    .select({
      ...dashboardOrderColumns,
      position: exactTimestamp(orders.createdAt),
    })
    .from(orders)
    .innerJoin(gifts, eq(gifts.id, orders.giftId));
}

type OrderRow = Awaited<ReturnType<ReturnType<typeof selectDashboardOrders>['execute']>>[number];

/** `now` decides the effective status: a paid order past its expiry is shown expired. */
export function toDashboardOrder({ valueKind: _valueKind, ...row }: OrderRow, now: Date, card: DashboardCardFigures | null = null): DashboardOrder {
  return {
    ...row,
    card,
    status: effectiveOrderStatus(row.status as OrderStatus, row.expiresAt, now),
    commissionRate: row.commissionRate === null ? null : Number(row.commissionRate),
    transferState: row.transferState as TransferState | null,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    redeemedAt: row.redeemedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    extensionRequestedAt: row.extensionRequestedAt?.toISOString() ?? null,
    extensionDecision: row.extensionDecision as DashboardOrder['extensionDecision'],
  };
}

/** The page's rows as the owner sees them, a gift card with its figures (ADR 104). */
export async function toDashboardOrders(db: Executor, rows: readonly OrderRow[], now: Date): Promise<DashboardOrder[]> {
  const figures = await readCardFigures(
    db,
    rows.filter((row) => row.valueKind === 'card').map((row) => row.id),
  );
  return rows.map((row) => toDashboardOrder(row, now, figures.get(row.id) ?? null));
}
