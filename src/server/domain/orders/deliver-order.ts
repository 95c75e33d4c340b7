import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { enqueueMail, toMailLocale } from '../../mail/enqueue-mail';
import { enqueueGiftReceived, loadGiftMailData } from './gift-mail';
import { purchaserContact } from './find-purchaser';

/**
 * Sends one paid gift: marks it released (`delivered_at`) with a conditional update and,
 * only when that update won, enqueues the recipient's email (in their language) in the
 * same transaction. "Delivered" for the giver is the moment the mail server accepts that
 * email (orders.gift_mail_id → mail_outbox.sent_at; ADR 057).
 * Two servers racing for the same order therefore produce one email: the loser's update
 * matches no row. A recipient with only a phone gets no email but is still "delivered"
 * (the giver shares the link from "my orders"). A gift given in person is never sent here:
 * its giver makes it `send` first, with the contact (update-order-delivery.ts, ADR 103).
 *
 * `notifyGiver`: a short note to the giver; skipped for "right after payment" gifts, which
 * the receipt already announces. It waits for the recipient's email (after_mail_id), so it
 * never says "delivered" during a mail outage, and is dropped if that email fails for good.
 */
export async function deliverOrder(
  tx: Executor,
  options: { orderId: string; now: Date; publicUrl: string; authSecret: string; notifyGiver: boolean },
): Promise<boolean> {
  const [won] = await tx
    .update(orders)
    .set({ deliveredAt: options.now, updatedAt: options.now })
    .where(and(eq(orders.id, options.orderId), eq(orders.status, 'paid'), eq(orders.handover, 'send'), isNull(orders.deliveredAt)))
    .returning({ id: orders.id });
  if (!won) return false;
  const data = await loadGiftMailData(tx, options.orderId);
  if (!data) return false;
  const giftMailId = await enqueueGiftReceived(tx, options.publicUrl, data);
  const giver = purchaserContact(data.purchaser, options);
  if (options.notifyGiver && giver) {
    await enqueueMail(tx, {
      afterMailId: giftMailId,
      to: giver.email,
      template: 'gift-delivered',
      locale: toMailLocale(giver.locale) ?? 'en',
      data: {
        name: giver.name,
        recipientName: data.order.recipientName,
        giftName: data.giftName,
        ordersUrl: giver.ordersUrl,
      },
    });
  }
  return true;
}
