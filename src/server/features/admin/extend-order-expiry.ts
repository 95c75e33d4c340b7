import { and, eq, inArray } from 'drizzle-orm';
import { adminFieldErrors, type AdminOrder } from '@shared/contracts/admin';
import { addDays, startOfLocalDay } from '@shared/domain/analytics';
import { formatDate } from '@shared/format';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { orders } from '../../db/schema/orders';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/enqueue-mail';
import { selectAdminOrders, toAdminOrder } from './admin-rows';
import { recordAdminAction, type AdminActor } from '../../domain/admin/record-admin-action';
import { giftPageUrl } from '../../domain/orders/gift-page-url';

/** The last instant of a calendar day in Valencia (gifts expire at the end of the day). */
export function endOfLocalDay(date: string): Date {
  return new Date(startOfLocalDay(addDays(date, 1)).getTime() - 1);
}

/**
 * Moves a paid gift's expiry to the end of a later day. A gift that has already expired
 * (status `expired`, or `paid` past its date) becomes `paid` again: the paid, unused value
 * is the recipient's. The week-before reminder is re-armed for the new date. The recipient
 * is emailed the new date when we have their address and the gift has reached them: a gift
 * scheduled for later says nothing before its moment (its own email, rendered then, carries
 * the new date), and one still in the outbox goes first (after_mail_id; issue 29).
 */
export async function extendOrderExpiry(
  ctx: Pick<AppContext, 'db' | 'now' | 'config'>,
  actor: AdminActor,
  orderId: string,
  input: { expiresOn: string; reason: string },
): Promise<AdminOrder> {
  const now = ctx.now();
  const expiresAt = endOfLocalDay(input.expiresOn);
  await ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ order: orders, giftName: gifts.name, businessName: businesses.name })
      .from(orders)
      .innerJoin(gifts, eq(gifts.id, orders.giftId))
      .innerJoin(businesses, eq(businesses.id, orders.businessId))
      .where(eq(orders.id, orderId))
      .for('update', { of: orders });
    if (!order) throw new AppError('order_not_found', 404, 'No such order');
    const before = order.order;
    if (before.status !== 'paid' && before.status !== 'expired') {
      throw AppError.conflict('order_not_extendable', 'Only a paid gift that has not been redeemed or cancelled can be extended');
    }
    if (expiresAt.getTime() <= Math.max(before.expiresAt.getTime(), now.getTime())) {
      throw AppError.validation({ expiresOn: adminFieldErrors.notLater }, 'The new date must be after the current expiry and in the future');
    }
    const updated = await tx
      .update(orders)
      .set({ status: 'paid', expiresAt, expiryReminderSentAt: null, updatedAt: now })
      .where(and(eq(orders.id, orderId), inArray(orders.status, ['paid', 'expired'])))
      .returning({ id: orders.id });
    if (updated.length === 0) throw AppError.conflict('order_not_extendable', 'The order changed meanwhile');
    await recordAdminAction(
      tx,
      actor,
      {
        action: 'order_expiry_extended',
        targetType: 'order',
        targetId: orderId,
        before: { status: before.status, expiresAt: before.expiresAt.toISOString() },
        after: { status: 'paid', expiresAt: expiresAt.toISOString() },
        reason: input.reason,
      },
      now,
    );
    if (before.recipientEmail && before.deliveredAt) {
      const locale = before.recipientLocale === 'en' ? 'en' : 'es';
      await enqueueMail(tx, {
        afterMailId: before.giftMailId,
        to: before.recipientEmail,
        template: 'gift-expiry-extended',
        locale,
        data: {
          recipientName: before.recipientName,
          giftName: order.giftName,
          businessName: order.businessName,
          expiresOn: formatDate(expiresAt, locale),
          giftUrl: giftPageUrl(ctx.config.publicUrl, before.qrCode),
        },
      });
    }
  });
  const [row] = await selectAdminOrders(ctx.db).where(eq(orders.id, orderId));
  return toAdminOrder(row!, now);
}
