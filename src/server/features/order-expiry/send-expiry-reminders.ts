import { and, asc, eq, gte, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import { expiryReminderBound } from '@shared/domain/expiry-reminder';
import { formatDate, formatPrice } from '@shared/format';
import { remainingValue, type GiftMovementKind } from '@shared/domain/gift-movements';
import type { Executor } from '../../db/client';
import { pickLocalizedText } from '@shared/domain/localized-text';
import type { Locale } from '@shared/locale';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { giftMovements, orders } from '../../db/schema/orders';
import type { AppContext } from '../../platform/context';
import { enqueueMail, toMailLocale } from '../../mail/enqueue-mail';
import { giftPageUrl } from '../../domain/orders/gift-page-url';
import { firstName } from '../../domain/orders/first-name';
import { findPurchasersOfOrders, purchaserContact } from '../../domain/orders/find-purchaser';

const BATCH_SIZE = 50;

/**
 * A week before a gift's last day (Madrid calendar, ADR 032) the recipient, when we have
 * their email, and the giver get a reminder, once. Each batch claims its orders with
 * FOR UPDATE SKIP LOCKED, marks them reminded and enqueues the mail in one transaction: a
 * second server running at the same time skips the claimed rows, and a failure leaves the
 * orders unmarked and unsent for the next run. Redeemed, cancelled and expired orders are
 * not `paid` (or are past `expires_at`), so they never get one. A gift scheduled for later
 * is not claimed before its moment: its reminders wait until it has been delivered, and the
 * recipient's waits for the gift email itself if that is still in the outbox (ADR 057).
 */
export async function sendExpiryReminders(ctx: Pick<AppContext, 'db' | 'now' | 'config'>): Promise<number> {
  let reminded = 0;
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      const claimed = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.status, 'paid'),
            isNull(orders.expiryReminderSentAt),
            isNotNull(orders.deliveredAt),
            gte(orders.expiresAt, now),
            lt(orders.expiresAt, expiryReminderBound(now)),
          ),
        )
        .orderBy(asc(orders.expiresAt), asc(orders.id))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      if (claimed.length === 0) return 0;
      const ids = claimed.map((row) => row.id);

      const rows = await tx
        .select({
          id: orders.id,
          code: orders.qrCode,
          expiresAt: orders.expiresAt,
          recipientName: orders.recipientName,
          recipientEmail: orders.recipientEmail,
          recipientLocale: orders.recipientLocale,
          senderName: orders.senderName,
          giftMailId: orders.giftMailId,
          valueKind: orders.valueKind,
          giftName: gifts.name,
          giftNameTranslations: gifts.nameTranslations,
          businessOwnLocale: businesses.ownLocale,
          businessName: businesses.name,
        })
        .from(orders)
        .innerJoin(gifts, eq(gifts.id, orders.giftId))
        .innerJoin(businesses, eq(businesses.id, orders.businessId))
        .where(inArray(orders.id, ids));
      const purchasers = await findPurchasersOfOrders(tx, ids);
      const balances = await cardBalances(tx, rows.filter((r) => r.valueKind === 'card').map((r) => r.id));

      await tx.update(orders).set({ expiryReminderSentAt: now }).where(inArray(orders.id, ids));

      for (const row of rows) {
        // The gift's name in each reader's language where the business wrote it (ADR 073).
        const giftNameIn = (locale: Locale) => pickLocalizedText(row.giftName, row.giftNameTranslations, locale, row.businessOwnLocale);
        if (row.recipientEmail) {
          const locale = toMailLocale(row.recipientLocale) ?? 'es';
          await enqueueMail(tx, {
            afterMailId: row.giftMailId,
            to: row.recipientEmail,
            template: 'gift-expiry-reminder',
            locale,
            data: {
              recipientName: row.recipientName.trim(),
              senderName: row.senderName?.trim() ? firstName(row.senderName) : null,
              giftName: giftNameIn(locale),
              businessName: row.businessName,
              expiryDate: formatDate(row.expiresAt, locale),
              giftUrl: giftPageUrl(ctx.config.publicUrl, row.code),
              balance: balances.get(row.id) ?? null,
            },
          });
        }
        // The account's "My orders", or a guest's purchase page (ADR 075).
        const giver = purchaserContact(purchasers.get(row.id) ?? null, ctx.config);
        if (giver) {
          const locale = toMailLocale(giver.locale) ?? 'en';
          await enqueueMail(tx, {
            to: giver.email,
            template: 'gift-expiry-reminder-giver',
            locale,
            data: {
              giverName: firstName(giver.name),
              recipientName: row.recipientName,
              giftName: giftNameIn(locale),
              businessName: row.businessName,
              expiryDate: formatDate(row.expiresAt, locale),
              ordersUrl: giver.ordersUrl,
              balance: balances.get(row.id) ?? null,
            },
          });
        }
      }
      return ids.length;
    });
    reminded += batch;
    if (batch < BATCH_SIZE) return reminded;
  }
}

/** Gift cards' balances, formatted (ADR 104): the sum of each card's movements. */
async function cardBalances(tx: Executor, orderIds: string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await tx
    .select({ orderId: giftMovements.orderId, kind: giftMovements.kind, amount: giftMovements.amount })
    .from(giftMovements)
    .where(inArray(giftMovements.orderId, orderIds));
  return new Map(
    orderIds.map((id) => [id, formatPrice(remainingValue(rows.filter((m) => m.orderId === id).map((m) => ({ kind: m.kind as GiftMovementKind, amount: m.amount }))))]),
  );
}
