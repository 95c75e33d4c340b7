import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { GiftDeliveryState, MyOrder, MyOrderList, MyOrdersQuery } from '@shared/contracts/my-orders';
import type { RecipientLocale } from '@shared/contracts/checkout';
import { effectiveOrderStatus, type OrderStatus } from '@shared/domain/order-status';
import { withdrawalDeadline, withdrawalStateOf } from '@shared/domain/withdrawal';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/query-helpers';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { orders } from '../../db/schema/orders';
import { giftPageUrl } from '../../domain/orders/gift-page-url';
import { afterOrderCursor, decodeOrderCursor, encodeOrderCursor, exactTimestamp } from '../../domain/orders/order-cursor';
import { AppError } from '../../platform/errors';

/**
 * Whose orders: a signed-in giver's (all they bought, claimed guest purchases included), or
 * one purchase's, opened by its signed link (a guest's purchase page, ADR 075).
 */
export type GiverScope = { buyerId: string } | { checkoutId: string };

export const ofGiver = (giver: GiverScope) => ('buyerId' in giver ? eq(orders.buyerId, giver.buyerId) : eq(orders.checkoutId, giver.checkoutId));

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
      handover: orders.handover,
      senderName: orders.senderName,
      deliverAt: orders.deliverAt,
      deliveredAt: orders.deliveredAt,
      giftMailId: orders.giftMailId,
      checkoutId: orders.checkoutId,
      paidAt: orders.paidAt,
      withdrawnAt: orders.withdrawnAt,
      mailStatus: mailOutbox.status,
      mailSentAt: mailOutbox.sentAt,
      position: exactTimestamp(orders.createdAt),
    })
    .from(orders)
    .innerJoin(gifts, eq(gifts.id, orders.giftId))
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .leftJoin(mailOutbox, eq(mailOutbox.id, orders.giftMailId));
}

type MyOrderRow = Awaited<ReturnType<ReturnType<typeof selectMyOrders>['execute']>>[number];

/**
 * Released (`delivered_at`) is not delivered: the gift email waits in the outbox until the
 * mail server accepts it, so during an outage the giver reads "sending", not "delivered".
 */
function deliveryOf(row: MyOrderRow): { state: GiftDeliveryState; at: Date | null } {
  if (!row.deliveredAt) return { state: row.handover === 'in_person' ? 'in_person' : 'scheduled', at: null };
  // A phone-only recipient (the giver shares the link), or a gift sent before mails were tracked.
  if (!row.giftMailId || !row.mailStatus) return { state: 'delivered', at: row.deliveredAt };
  if (row.mailStatus === 'sent') return { state: 'delivered', at: row.mailSentAt ?? row.deliveredAt };
  return { state: row.mailStatus === 'failed' ? 'failed' : 'sending', at: null };
}

function toMyOrder(row: MyOrderRow, publicUrl: string, now: Date): MyOrder {
  const { qrCode, createdAt, expiresAt, deliverAt, giftMailId: _mail, mailStatus: _status, mailSentAt: _sentAt, position: _position, paidAt, withdrawnAt, ...rest } = row;
  const status = effectiveOrderStatus(row.status as OrderStatus, expiresAt, now);
  const delivery = deliveryOf(row);
  // An unpaid or cancelled order has no gift for the recipient to open (and no real code).
  const opens = hasGiftPage(status);
  return {
    ...rest,
    status,
    recipientLocale: row.recipientLocale as RecipientLocale,
    createdAt: createdAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
    deliverAt: deliverAt?.toISOString() ?? null,
    deliveryState: delivery.state,
    deliveredAt: delivery.at?.toISOString() ?? null,
    giftPagePath: opens ? `/g/${encodeURIComponent(qrCode)}` : null,
    giftUrl: opens ? giftPageUrl(publicUrl, qrCode) : null,
    canChangeDelivery: status === 'paid' && row.deliveredAt === null,
    // Never a second email while the first still waits: after an outage both would arrive.
    canResend: status === 'paid' && row.recipientEmail !== null && (delivery.state === 'delivered' || delivery.state === 'failed'),
    withdrawal: {
      state: withdrawalStateOf(row, now),
      until: paidAt ? withdrawalDeadline(paidAt).toISOString() : null,
      at: withdrawnAt?.toISOString() ?? null,
    },
  };
}

/**
 * One page of the orders the user paid for (as buyer), newest first, with what the giver
 * needs to see. Keyset paging on (created_at, id) like the business's orders: a giver with
 * thousands of orders reads 20 rows, and new orders never shift a page. Unpaid orders are
 * not listed: they are a pending purchase (list-pending-purchases.ts) until paid or gone.
 */
export async function listMyOrders(
  db: Executor,
  giver: GiverScope,
  query: MyOrdersQuery,
  publicUrl: string,
  now: Date,
): Promise<MyOrderList> {
  const conditions = [ofGiver(giver), isNotNull(orders.paidAt)];
  if (query.cursor !== undefined) {
    const cursor = decodeOrderCursor(query.cursor);
    if (!cursor) throw AppError.validation({ cursor: 'invalid' });
    conditions.push(afterOrderCursor(orders.createdAt, orders.id, cursor));
  }
  // One extra row tells whether another page exists without counting.
  const rows = await selectMyOrders(db)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => toMyOrder(row, publicUrl, now)),
    nextCursor: rows.length > query.limit && last ? encodeOrderCursor({ createdAt: last.position, id: last.id }) : null,
  };
}

/**
 * The id of the buyer's order as the database stores it, or null: rate-limit keys use it,
 * never the id as typed (other letter cases of one id counted apart; ADR 054).
 */
export async function findMyOrderId(db: Executor, giver: GiverScope, orderId: string): Promise<string | null> {
  if (!isUuid(orderId)) return null;
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), ofGiver(giver)));
  return row?.id ?? null;
}

/** One of the giver's own paid orders, or null (another buyer's order is "not found"). */
export async function getMyOrder(db: Executor, giver: GiverScope, orderId: string, publicUrl: string, now: Date): Promise<MyOrder | null> {
  if (!isUuid(orderId)) return null;
  const [row] = await selectMyOrders(db).where(and(eq(orders.id, orderId), ofGiver(giver), isNotNull(orders.paidAt)));
  return row ? toMyOrder(row, publicUrl, now) : null;
}
