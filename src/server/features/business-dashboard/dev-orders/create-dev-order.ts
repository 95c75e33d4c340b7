import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DashboardOrder, DevOrderInput } from '@shared/contracts/business-dashboard';
import { isUuid } from '../../../db/query-helpers';
import { businesses } from '../../../db/schema/businesses';
import { gifts } from '../../../db/schema/gifts';
import { checkouts, orders } from '../../../db/schema/orders';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { priceOrder } from '../../orders/price-order';
import { selectDashboardOrders, toDashboardOrder } from '../business-orders/order-row';

/**
 * DEVELOPMENT AID: a paid order for a gift as a successful test checkout would leave it
 * (one checkout, one order, money and code from priceOrder), so a developer or the e2e
 * journey can watch an order arrive before checkout exists. Never reachable in production.
 */
export async function createDevOrder(
  ctx: Pick<AppContext, 'db' | 'now'>,
  buyerId: string | null,
  input: Omit<DevOrderInput, 'giftId'> & { giftId: string },
): Promise<DashboardOrder> {
  if (!isUuid(input.giftId)) throw new AppError('gift_not_found', 404, 'Gift not found');
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ gift: gifts, commissionRate: businesses.commissionRate })
      .from(gifts)
      .innerJoin(businesses, eq(businesses.id, gifts.businessId))
      .where(eq(gifts.id, input.giftId));
    if (!row) throw new AppError('gift_not_found', 404, 'Gift not found');
    const { gift } = row;
    const now = ctx.now();
    const priced = priceOrder(gift, { commissionRate: row.commissionRate }, { placedAt: now, paidAt: now });

    const [checkout] = await tx
      .insert(checkouts)
      .values({
        buyerId,
        status: 'succeeded',
        provider: 'test',
        providerRef: `dev_${randomUUID()}`,
        amountTotal: priced.totalAmount,
        currency: priced.currency,
        idempotencyKey: randomUUID(),
        completedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: checkouts.id });
    const [order] = await tx
      .insert(orders)
      .values({
        checkoutId: checkout!.id,
        buyerId,
        giftId: gift.id,
        businessId: gift.businessId,
        status: 'paid',
        ...priced,
        recipientName: input.recipientName,
        recipientPhone: input.recipientPhone || null,
        recipientEmail: input.recipientEmail || null,
        personalMessage: input.personalMessage || null,
        paidAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: orders.id });
    const [created] = await selectDashboardOrders(tx).where(eq(orders.id, order!.id));
    return toDashboardOrder(created!, now);
  });
}
