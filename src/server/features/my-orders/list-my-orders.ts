import { desc, eq } from 'drizzle-orm';
import type { MyOrder } from '@shared/contracts/my-orders';
import { effectiveOrderStatus, type OrderStatus } from '@shared/domain/order-status';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { orders } from '../../db/schema/orders';

const withGiftPage: readonly OrderStatus[] = ['paid', 'redeemed', 'expired'];
const hasGiftPage = (status: OrderStatus) => withGiftPage.includes(status);

/**
 * The orders the user sent (as buyer), newest first, with what the giver needs to see. The
 * status is the effective one: a paid gift past its expiry shows as expired right away.
 */
export async function listMyOrders(db: Executor, userId: string, now: Date): Promise<MyOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      giftName: gifts.name,
      businessName: businesses.name,
      recipientName: orders.recipientName,
      recipientPhone: orders.recipientPhone,
      recipientEmail: orders.recipientEmail,
      personalMessage: orders.personalMessage,
      totalAmount: orders.totalAmount,
      currency: orders.currency,
      createdAt: orders.createdAt,
      expiresAt: orders.expiresAt,
      qrCode: orders.qrCode,
    })
    .from(orders)
    .innerJoin(gifts, eq(gifts.id, orders.giftId))
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(eq(orders.buyerId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));

  return rows.map(({ qrCode, createdAt, expiresAt, status, ...rest }) => ({
    ...rest,
    status: effectiveOrderStatus(status as OrderStatus, expiresAt, now),
    createdAt: createdAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
    // An unpaid or cancelled order has no gift for the recipient to open.
    giftPagePath: hasGiftPage(status as OrderStatus) ? `/g/${encodeURIComponent(qrCode)}` : null,
  }));
}
