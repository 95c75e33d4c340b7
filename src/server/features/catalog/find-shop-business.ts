import { and, asc, eq } from 'drizzle-orm';
import type { BusinessCategory } from '@shared/domain/business';
import type { Locale } from '@shared/locale';
import { pickLocalizedText } from '@shared/domain/localized-text';
import type { Executor } from '../../db/client';
import { businesses, businessSlugHistory } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { catalogBusinessColumns, isListedBusiness, isListedGift } from '../../domain/catalog/visibility';
import { findOnlineBookingGifts } from '../../domain/bookings/find-online-booking-gifts';
import { catalogGiftColumns, toCatalogGift, type ListedGift } from './list-catalog-gifts';

export interface ShopBusiness {
  id: string;
  slug: string;
  name: string;
  category: BusinessCategory;
  district: string | null;
  address: string;
  city: string;
  description: string | null;
  imageUrl: string | null;
  updatedAt: Date;
}

/**
 * What `/b/<slug>` shows: a listed business and its gifts; `moved` for a slug it had before a
 * rename (answered 301); `gone` for a business that was in the shop and is not any more
 * (hidden, deactivated, payouts stopped: 410); `missing` otherwise (404), which includes a
 * business still under review, so the address of one never listed tells nothing. `gifts` are
 * the ones on sale; `waiting`, the gifts booked online whose business offers no time soon
 * enough (ADR 105): not sold, their own page says so.
 */
export type ShopBusinessLookup =
  | { kind: 'found'; business: ShopBusiness; gifts: ListedGift[]; waiting: ListedGift[] }
  | { kind: 'moved'; slug: string }
  | { kind: 'gone'; name: string }
  | { kind: 'missing' };

const shopBusinessColumns = {
  ...catalogBusinessColumns,
  slug: businesses.slug,
  district: businesses.district,
  city: businesses.city,
  updatedAt: businesses.updatedAt,
};

/** The listed business at `slug`, or why not, in at most three queries. */
export async function findShopBusiness(db: Executor, slug: string, reader: Locale, now: Date = new Date()): Promise<ShopBusinessLookup> {
  const [listed] = await db
    .select(shopBusinessColumns)
    .from(businesses)
    .where(and(eq(businesses.slug, slug), isListedBusiness()));
  if (listed) {
    const rows = await db
      .select(catalogGiftColumns)
      .from(gifts)
      .innerJoin(businesses, eq(businesses.id, gifts.businessId))
      .where(and(eq(gifts.businessId, listed.id), isListedGift()))
      .orderBy(asc(gifts.price), asc(gifts.name), asc(gifts.id));
    const online = await findOnlineBookingGifts(db, now, { businessIds: [listed.id] });
    const listedGifts = rows.map((row) => toCatalogGift(row, reader, online));
    const { giftCount: _count, descriptionTranslations, ownLocale, ...business } = listed;
    return {
      kind: 'found',
      business: {
        ...business,
        category: business.category as BusinessCategory,
        description: pickLocalizedText(business.description, descriptionTranslations, reader, ownLocale),
      },
      gifts: listedGifts.filter((gift) => online.get(gift.id) !== null),
      waiting: listedGifts.filter((gift) => online.get(gift.id) === null),
    };
  }
  return findUnlisted(db, slug);
}

async function findUnlisted(db: Executor, slug: string): Promise<ShopBusinessLookup> {
  const [current] = await db
    .select({ name: businesses.name, verificationStatus: businesses.verificationStatus })
    .from(businesses)
    .where(eq(businesses.slug, slug));
  if (current) return current.verificationStatus === 'approved' ? { kind: 'gone', name: current.name } : { kind: 'missing' };
  const [old] = await db
    .select({ slug: businesses.slug })
    .from(businessSlugHistory)
    .innerJoin(businesses, eq(businesses.id, businessSlugHistory.businessId))
    .where(eq(businessSlugHistory.slug, slug));
  return old ? { kind: 'moved', slug: old.slug } : { kind: 'missing' };
}
