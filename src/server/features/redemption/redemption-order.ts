import { eq } from 'drizzle-orm';
import type { RedemptionOrder } from '@shared/contracts/redemption';
import { effectiveOrderStatus, type OrderStatus } from '@shared/domain/order-status';
import type { Executor } from '../../db/client';
import { gifts } from '../../db/schema/gifts';
import { orders } from '../../db/schema/orders';

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
};

export function selectRedemptionRows(db: Executor) {
  return db.select(redemptionColumns).from(orders).innerJoin(gifts, eq(gifts.id, orders.giftId));
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
