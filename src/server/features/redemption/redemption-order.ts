import { and, eq } from 'drizzle-orm';
import type { RedemptionOrder } from '@shared/contracts/redemption';
import { effectiveOrderStatus, type OrderStatus } from '@shared/domain/order-status';
import type { Executor } from '../../db/client';
import { gifts } from '../../db/schema/gifts';
import { orders } from '../../db/schema/orders';
import { readCardView } from './card-view';

/**
 * The order's columns the counter needs (redeemOrder has its update return them). Never a
 * code: the person at the counter holds it, and the dashboard must not (ADR 055).
 */
export const redemptionOrderColumns = {
  orderId: orders.id,
  businessId: orders.businessId,
  status: orders.status,
  expiresAt: orders.expiresAt,
  redeemedAt: orders.redeemedAt,
  recipientName: orders.recipientName,
  valueKind: orders.valueKind,
};

/** The columns the counter needs, joined once for lookups, refusals and results. */
export const redemptionColumns = { ...redemptionOrderColumns, giftName: gifts.name };

export type RedemptionRow = {
  orderId: string;
  businessId: string;
  status: string;
  expiresAt: Date;
  redeemedAt: Date | null;
  recipientName: string;
  giftName: string;
  valueKind: string;
};

export function selectRedemptionRows(db: Executor) {
  return db.select(redemptionColumns).from(orders).innerJoin(gifts, eq(gifts.id, orders.giftId));
}

/**
 * The business's own order by its id, as the counter sees it: the card again after an undo,
 * which names its use, never a code.
 */
export async function ownRedemptionRow(db: Executor, businessId: string, orderId: string): Promise<RedemptionRow> {
  const [row] = await selectRedemptionRows(db).where(and(eq(orders.id, orderId), eq(orders.businessId, businessId)));
  if (!row) throw new Error(`order ${orderId} is not business ${businessId}'s`);
  return row;
}

/** The order, and for a gift card its amount, balance and uses (ADR 104). */
export async function withCard(db: Executor, row: RedemptionRow, now: Date): Promise<RedemptionOrder> {
  const order = toRedemptionOrder(row, now);
  return row.valueKind === 'card' ? { ...order, card: await readCardView(db, row.orderId, now) } : order;
}

export function toRedemptionOrder(row: RedemptionRow, now: Date): RedemptionOrder {
  return {
    orderId: row.orderId,
    giftName: row.giftName,
    recipientName: row.recipientName,
    status: effectiveOrderStatus(row.status as OrderStatus, row.expiresAt, now),
    expiresAt: row.expiresAt.toISOString(),
    redeemedAt: row.redeemedAt?.toISOString() ?? null,
  };
}
