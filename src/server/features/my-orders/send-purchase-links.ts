import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { pickLocalizedText } from '@shared/domain/localized-text';
import type { Locale } from '@shared/locale';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { checkouts, orders } from '../../db/schema/orders';
import { createPurchaseToken, PURCHASE_LINK_LIFETIME_MS, purchasePagePath } from '../../domain/orders/purchase-link';
import type { AppContext } from '../../platform/context';
import { enqueueMail } from '../../mail/enqueue-mail';

/** At most this many purchases in one email: the newest. */
const MAX_PURCHASES = 20;

/**
 * "Find my purchases" (ADR 075): a guest who lost the receipt gets one email, at the address
 * typed, with the links to the paid purchases made as a guest with it (claimed or not) whose
 * links still work. Nothing is sent for an address that bought nothing, and the caller answers
 * the same either way: the form tells nobody who bought what; only the mailbox's owner reads
 * the links.
 */
export async function sendPurchaseLinks(ctx: Pick<AppContext, 'db' | 'now' | 'config'>, input: { email: string; locale: Locale }): Promise<void> {
  const now = ctx.now();
  const email = input.email.trim();
  const purchases = await ctx.db
    .select({ id: checkouts.id, createdAt: checkouts.createdAt, completedAt: checkouts.completedAt, total: checkouts.amountTotal, name: checkouts.guestName })
    .from(checkouts)
    .where(
      and(
        sql`lower(${checkouts.guestEmail}) = lower(${email})`,
        eq(checkouts.status, 'succeeded'),
        gt(checkouts.createdAt, new Date(now.getTime() - PURCHASE_LINK_LIFETIME_MS)),
      ),
    )
    .orderBy(desc(checkouts.completedAt), desc(checkouts.id))
    .limit(MAX_PURCHASES);
  if (purchases.length === 0) return;

  const lines = await ctx.db
    .select({ checkoutId: orders.checkoutId, name: gifts.name, nameTranslations: gifts.nameTranslations, ownLocale: businesses.ownLocale })
    .from(orders)
    .innerJoin(gifts, eq(gifts.id, orders.giftId))
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(inArray(orders.checkoutId, purchases.map((p) => p.id)))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const giftsOf = (checkoutId: string) =>
    lines.filter((l) => l.checkoutId === checkoutId).map((l) => pickLocalizedText(l.name, l.nameTranslations, input.locale, l.ownLocale));

  const linkTo = (p: (typeof purchases)[number]) =>
    `${ctx.config.publicUrl}${purchasePagePath(createPurchaseToken(ctx.config.authSecret, p.id, p.createdAt))}?lang=${input.locale}`;
  await enqueueMail(ctx.db, {
    to: email,
    template: 'purchase-links',
    locale: input.locale,
    data: {
      name: purchases[0]!.name ?? '',
      purchases: purchases.map((p) => ({ paidAt: (p.completedAt ?? p.createdAt).toISOString(), total: p.total, gifts: giftsOf(p.id).join(', '), url: linkTo(p) })),
    },
  });
}
