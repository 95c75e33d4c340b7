import { eq } from 'drizzle-orm';
import type { OwnerOrderEventKind } from '@shared/domain/owner-notices';
import { formatDateTime, formatPrice } from '@shared/format';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { orders } from '../../db/schema/orders';
import { ownerOrderEvents } from '../../db/schema/owner-notices';
import { enqueueMail, toMailLocale } from '../../mail/enqueue-mail';

/** Where the owner's mails send them: the orders tab of their dashboard. */
export const ownerOrdersUrl = (publicUrl: string) => `${publicUrl}/business/dashboard?tab=orders`;

/**
 * Tells the business's owner that a gift of theirs was sold, cancelled by the team (the giver
 * refunded) or withdrawn by its giver (refunded) — ADR 065. Call in the transaction of the
 * change itself, so the notice exists if and only if the change commits. Once per order and
 * kind (a replayed payment or a retried cancel adds nothing). An owner who chose the daily
 * summary gets it in the next morning's summary (send-owner-daily-summaries.ts); any other
 * owner gets a mail now, in their language.
 */
export async function notifyOwnerOfOrderEvent(
  tx: Executor,
  input: { orderId: string; kind: OwnerOrderEventKind; at: Date; publicUrl: string },
): Promise<void> {
  const [row] = await tx
    .select({
      businessId: orders.businessId,
      totalAmount: orders.totalAmount,
      giftName: gifts.name,
      businessName: businesses.name,
      digest: businesses.orderMailDigest,
      owner: { name: users.name, email: users.email, locale: users.locale },
    })
    .from(orders)
    .innerJoin(gifts, eq(gifts.id, orders.giftId))
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .leftJoin(users, eq(users.id, businesses.ownerId))
    .where(eq(orders.id, input.orderId));
  if (!row) return;
  const [event] = await tx
    .insert(ownerOrderEvents)
    .values({ businessId: row.businessId, orderId: input.orderId, kind: input.kind, occurredAt: input.at })
    .onConflictDoNothing()
    .returning({ id: ownerOrderEvents.id });
  if (!event || row.digest || !row.owner?.email) return;
  const locale = toMailLocale(row.owner.locale) ?? 'es';
  await enqueueMail(tx, {
    to: row.owner.email,
    template: 'owner-order-event',
    locale,
    data: {
      name: row.owner.name || row.owner.email,
      businessName: row.businessName,
      event: { kind: input.kind, giftName: row.giftName, price: formatPrice(row.totalAmount), at: formatDateTime(input.at, locale) },
      dashboardUrl: ownerOrdersUrl(input.publicUrl),
    },
  });
  await tx.update(ownerOrderEvents).set({ mailedAt: input.at }).where(eq(ownerOrderEvents.id, event.id));
}
