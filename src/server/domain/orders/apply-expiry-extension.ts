import { and, eq, inArray } from 'drizzle-orm';
import { formatDate } from '@shared/format';
import type { Executor } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { AppError } from '../../platform/errors';
import { liftExpiry } from '../../money/ledger/record-expiry';
import { enqueueMail } from '../../mail/enqueue-mail';
import { giftPageUrl } from './gift-page-url';

type OrderRow = typeof orders.$inferSelect;

/**
 * Moves a paid gift's expiry to a later instant, inside the caller's transaction with the
 * order locked. A gift that has already expired (status `expired`, or `paid` past its date)
 * becomes `paid` again: the paid, unused value is the recipient's. The week-before reminder
 * is re-armed for the new date. The recipient is emailed the new date when we have their
 * address and the gift has reached them: a gift scheduled for later says nothing before its
 * moment (its own email, rendered then, carries the new date), and one still in the outbox
 * goes first (after_mail_id). Used by the team's extension and the business's
 * answer to a recipient's request (ADR 064).
 */
export async function applyExpiryExtension(
  tx: Executor,
  publicUrl: string,
  before: OrderRow,
  names: { giftName: string; businessName: string },
  expiresAt: Date,
  now: Date,
  extra: Partial<Pick<OrderRow, 'extensionDecision' | 'extensionDecidedAt'>> = {},
): Promise<void> {
  const updated = await tx
    .update(orders)
    .set({ status: 'paid', expiresAt, expiryReminderSentAt: null, updatedAt: now, ...extra })
    .where(and(eq(orders.id, before.id), inArray(orders.status, ['paid', 'expired'])))
    .returning({ id: orders.id });
  if (updated.length === 0) throw AppError.conflict('order_not_extendable', 'The order changed meanwhile');
  // What expired is the recipient's again (ADR 096).
  await liftExpiry(tx, before.id, now);
  if (before.recipientEmail && before.deliveredAt) {
    const locale = before.recipientLocale;
    await enqueueMail(tx, {
      afterMailId: before.giftMailId,
      to: before.recipientEmail,
      template: 'gift-expiry-extended',
      locale,
      data: {
        recipientName: before.recipientName,
        giftName: names.giftName,
        businessName: names.businessName,
        expiresOn: formatDate(expiresAt, locale),
        giftUrl: giftPageUrl(publicUrl, before.qrCode),
      },
    });
  }
}
