import { and, desc, eq } from 'drizzle-orm';
import type { MyOrder } from '@shared/contracts/my-orders';
import type { RecipientLocale } from '@shared/contracts/checkout';
import { effectiveOrderStatus, type OrderStatus } from '@shared/domain/order-status';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/query-helpers';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { orders } from '../../db/schema/orders';
import { giftPageUrl } from '../../domain/orders/gift-page-url';

const withGiftPage: readonly OrderStatus[] = ['paid', 'redeemed', 'expired'];
const hasGiftPage = (status: OrderStatus) => withGiftPage.includes(status);

function selectMyOrders(db: Executor) {
  return db
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
      recipientLocale: orders.recipientLocale,
      senderName: orders.senderName,
      deliverAt: orders.deliverAt,
      deliveredAt: orders.deliveredAt,
    })
    .from(orders)
    .innerJoin(gifts, eq(gifts.id, orders.giftId))
    .innerJoin(businesses, eq(businesses.id, orders.businessId));
}
type MyOrderRow = Awaited<ReturnType<ReturnType<typeof selectMyOrders>['execute']>>[number];

function toMyOrder(row: MyOrderRow, publicUrl: string, now: Date): MyOrder {
  const { qrCode, createdAt, expiresAt, deliverAt, deliveredAt, ...rest } = row;
  const status = effectiveOrderStatus(row.status as OrderStatus, expiresAt, now);
  // An unpaid or cancelled order has no gift for the recipient to open (and no real code).
  const opens = hasGiftPage(status);
  return {
    ...rest,
    status,
    recipientLocale: row.recipientLocale as RecipientLocale,
    createdAt: createdAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
    deliverAt: deliverAt?.toISOString() ?? null,
    deliveredAt: deliveredAt?.toISOString() ?? null,
    giftPagePath: opens ? `/g/${encodeURIComponent(qrCode)}` : null,
    giftUrl: opens ? giftPageUrl(publicUrl, qrCode) : null,
    canChangeDelivery: status === 'paid' && deliveredAt === null,
    canResend: status === 'paid' && deliveredAt !== null && row.recipientEmail !== null,
  };
}

/** The orders the user sent (as buyer), newest first, with what the giver needs to see. */
export async function listMyOrders(db: Executor, userId: string, publicUrl: string, now: Date): Promise<MyOrder[]> {
  const rows = await selectMyOrders(db).where(eq(orders.buyerId, userId)).orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map((row) => toMyOrder(row, publicUrl, now));
}

/** One of the user's own orders, or null (another buyer's order is "not found"). */
/**
 * The id of the buyer's order as the database stores it, or null: rate-limit keys use it,
 * never the id as typed (other letter cases of one id counted apart, issue 27).
 */
export async function findMyOrderId(db: Executor, userId: string, orderId: string): Promise<string | null> {
  if (!isUuid(orderId)) return null;
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.buyerId, userId)));
  return row?.id ?? null;
}

export async function getMyOrder(db: Executor, userId: string, orderId: string, publicUrl: string, now: Date): Promise<MyOrder | null> {
  if (!isUuid(orderId)) return null;
  const [row] = await selectMyOrders(db).where(and(eq(orders.id, orderId), eq(orders.buyerId, userId)));
  return row ? toMyOrder(row, publicUrl, now) : null;
}
