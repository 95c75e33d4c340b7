import { and, eq, sql } from 'drizzle-orm';
import type { RedemptionOrder } from '@shared/contracts/redemption';
import { REDEMPTION_SUFFIX_LENGTH, type RedemptionCodeInput } from '@shared/domain/redemption-code';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { AppError } from '../../platform/errors';
import { selectRedemptionRows, toRedemptionOrder } from './redemption-order';

/**
 * The order a business is about to redeem, from a whole code (typed or scanned) or from its
 * last 8 characters. A suffix is matched ONLY among this business's orders, so another
 * business's order can never be reached by guessing 8 characters; a whole code of another
 * business's order is named as such, because the person at the counter holds its QR.
 */
export async function findRedemptionOrder(
  db: Executor,
  businessId: string,
  input: Exclude<RedemptionCodeInput, { kind: 'invalid' }>,
  now: Date,
): Promise<RedemptionOrder> {
  if (input.kind === 'code') {
    const [row] = await selectRedemptionRows(db).where(eq(orders.qrCode, input.code));
    if (!row) throw new AppError('order_not_found', 404, 'No gift has this code');
    if (row.businessId !== businessId) {
      throw new AppError('order_other_business', 403, 'This gift belongs to another business');
    }
    return toRedemptionOrder(row, now);
  }
  const rows = await selectRedemptionRows(db)
    .where(
      and(
        eq(orders.businessId, businessId),
        sql`right(${orders.qrCode}, ${REDEMPTION_SUFFIX_LENGTH}) = ${input.suffix}`,
      ),
    )
    .limit(2);
  if (rows.length === 0) throw new AppError('order_not_found', 404, 'None of your gifts ends with these characters');
  if (rows.length > 1) {
    throw new AppError('redemption_code_ambiguous', 409, 'Several of your gifts end with these characters; use the whole code');
  }
  return toRedemptionOrder(rows[0]!, now);
}
