import { and, desc, eq, sql } from 'drizzle-orm';
import type { RedemptionOrder } from '@shared/contracts/redemption';
import type { RedemptionCodeInput } from '@shared/domain/redemption-code';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { findLiveBooking } from '../../domain/bookings/find-live-booking';
import { AppError } from '../../platform/errors';
import { selectRedemptionRows, withCard, type RedemptionRow } from './redemption-order';

export type RecipientCode = Exclude<RedemptionCodeInput, { kind: 'invalid' }>;

/**
 * The order whose code the person at the counter holds: a whole code (typed or scanned),
 * or the gift's typed code. A typed code is matched ONLY among this business's orders, so
 * another business's order can never be reached by guessing; a whole code of another
 * business's order is named as such, because the person at the counter holds its QR.
 */
export async function findRedemptionOrder(db: Executor, businessId: string, input: RecipientCode, now: Date): Promise<RedemptionOrder> {
  const row = await findRedemptionRow(db, businessId, input);
  const order = await withCard(db, row, now);
  // Read only once the row is the caller's own: another business's booking never leaves here.
  const booking = await findLiveBooking(db, row.orderId);
  if (!booking) return order;
  return { ...order, booking: { startsAt: booking.startsAt.toISOString(), partySize: booking.partySize, name: booking.name, notes: booking.notes } };
}

/** The same, as the row (redeemOrder reads it to name a refusal). */
export async function findRedemptionRow(db: Executor, businessId: string, input: RecipientCode): Promise<RedemptionRow> {
  if (input.kind === 'code') {
    const [row] = await selectRedemptionRows(db).where(eq(orders.qrCode, input.code));
    if (!row) throw new AppError('order_not_found', 404, 'No gift has this code');
    if (row.businessId !== businessId) {
      throw new AppError('order_other_business', 403, 'This gift belongs to another business');
    }
    return row;
  }
  // Unique among the business's paid orders (a partial unique index); once a gift is
  // redeemed, expired or cancelled its code may be drawn again, so a typed code names the
  // paid order if there is one, else the latest.
  const [row] = await selectRedemptionRows(db)
    .where(and(eq(orders.businessId, businessId), eq(orders.typedCode, input.typedCode)))
    .orderBy(sql`${orders.status} = 'paid' desc`, desc(orders.updatedAt))
    .limit(1);
  if (!row) throw new AppError('order_not_found', 404, 'None of your gifts has this code');
  return row;
}
