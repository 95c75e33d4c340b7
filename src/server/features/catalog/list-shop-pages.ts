import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { isListedBusiness, isListedGift } from '../../domain/catalog/visibility';
import { findOnlineBookingGifts } from '../../domain/bookings/find-online-booking-gifts';
import { isSellableNow } from './list-catalog-gifts';

export interface ShopPage {
  path: string;
  lastModified: Date;
}

/**
 * Every public shop page for the sitemap: each listed business's page and each of its buyable
 * gifts' pages, with when they last changed (a gift's page shows its business too, so the
 * later of the two). By the same listing rule as the catalogue, so a business that may not
 * be sold is never named, nor a gift booked online that offers no time soon enough (ADR 105).
 */
export async function listShopPages(db: Executor, now: Date = new Date()): Promise<ShopPage[]> {
  const online = await findOnlineBookingGifts(db, now);
  const [businessRows, giftRows] = await Promise.all([
    db
      .select({ slug: businesses.slug, updatedAt: businesses.updatedAt })
      .from(businesses)
      .where(isListedBusiness())
      .orderBy(asc(businesses.slug)),
    db
      .select({ businessSlug: businesses.slug, slug: gifts.slug, updatedAt: gifts.updatedAt, businessUpdatedAt: businesses.updatedAt })
      .from(gifts)
      .innerJoin(businesses, eq(businesses.id, gifts.businessId))
      .where(and(isListedGift(), isListedBusiness(), isSellableNow(online)))
      .orderBy(asc(businesses.slug), asc(gifts.slug)),
  ]);
  const later = (a: Date, b: Date) => (a > b ? a : b);
  // A business's page lists its gifts: it changes when one of them does.
  const businessChanged = new Map(businessRows.map((business) => [business.slug, business.updatedAt]));
  const giftPages: ShopPage[] = giftRows.map((gift) => {
    businessChanged.set(gift.businessSlug, later(businessChanged.get(gift.businessSlug) ?? gift.businessUpdatedAt, gift.updatedAt));
    return { path: `/b/${gift.businessSlug}/${gift.slug}`, lastModified: later(gift.updatedAt, gift.businessUpdatedAt) };
  });
  return [...[...businessChanged].map(([slug, lastModified]) => ({ path: `/b/${slug}`, lastModified })), ...giftPages];
}
