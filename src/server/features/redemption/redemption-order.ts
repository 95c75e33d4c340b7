import { eq } from 'drizzle-orm';
import type { RedemptionOrder } from '@shared/contracts/redemption';
import { REDEMPTION_SUFFIX_LENGTH } from '@shared/domain/redemption-code';
import { effectiveOrderStatus, type OrderStatus } from '@shared/domain/order-status';
import type { Executor } from '../../db/client';
import { gifts } from '../../db/schema/gifts';
import { orders } from '../../db/schema/orders';

/** The order's columns the counter needs (redeemOrder has its update return them). */
export const redemptionOrderColumns = {
  orderId: orders.id,
  businessId: orders.businessId,
  status: orders.status,
  expiresAt: orders.expiresAt,
  redeemedAt: orders.redeemedAt,
  qrCode: orders.qrCode,
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
  qrCode: string;
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
    codeSuffix: row.qrCode.slice(-REDEMPTION_SUFFIX_LENGTH),
  };
}
