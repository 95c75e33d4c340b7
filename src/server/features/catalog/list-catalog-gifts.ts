import { and, asc, count, desc, eq, gte, lte, notInArray, type SQL } from 'drizzle-orm';
import type { CatalogGift, CatalogGiftPage, CatalogGiftsQuery } from '@shared/contracts/catalog';
import type { BusinessCategory } from '@shared/domain/business';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { matchesFoldedSearch } from '../../db/query-helpers';
import type { Locale } from '@shared/locale';
import type { LocalizedTexts } from '@shared/domain/localized-text';
import type { GiftKind } from '@shared/domain/gift-card';
import { pickLocalizedText } from '@shared/domain/localized-text';
import { isListedBusiness, isListedGift } from '../../domain/catalog/visibility';
import { findOnlineBookingGifts, offSaleGiftIds } from '../../domain/bookings/find-online-booking-gifts';
import { boundedCatalogQuery } from './bounded-catalog-query';

export const catalogGiftColumns = {
  id: gifts.id,
  name: gifts.name,
  description: gifts.description,
  nameTranslations: gifts.nameTranslations,
  descriptionTranslations: gifts.descriptionTranslations,
  businessOwnLocale: businesses.ownLocale,
  price: gifts.price,
  kind: gifts.kind,
  minAmount: gifts.minAmount,
  maxAmount: gifts.maxAmount,
  currency: gifts.currency,
  validityDays: gifts.validityDays,
  imageUrl: gifts.imageUrl,
  bookingRequired: gifts.bookingRequired,
  partySize: gifts.partySize,
  validWeekdays: gifts.validWeekdays,
  conditions: gifts.conditions,
  businessId: businesses.id,
  businessName: businesses.name,
  businessCategory: businesses.category,
  businessPhone: businesses.phone,
  businessWhatsapp: businesses.whatsapp,
  businessBookingUrl: businesses.bookingUrl,
  businessOpeningHours: businesses.openingHours,
  businessOpeningHoursTranslations: businesses.openingHoursTranslations,
  slug: gifts.slug,
  forTwo: gifts.forTwo,
  businessSlug: businesses.slug,
  businessDistrict: businesses.district,
};

interface CatalogGiftRow {
  id: string;
  name: string;
  description: string | null;
  nameTranslations: LocalizedTexts;
  descriptionTranslations: LocalizedTexts;
  businessOwnLocale: Locale;
  price: number;
  kind: string;
  minAmount: number | null;
  maxAmount: number | null;
  currency: string;
  validityDays: number;
  imageUrl: string | null;
  bookingRequired: boolean;
  partySize: number | null;
  validWeekdays: number[] | null;
  conditions: string | null;
  businessId: string;
  businessName: string;
  businessCategory: string;
  businessPhone: string | null;
  businessWhatsapp: string | null;
  businessBookingUrl: string | null;
  businessOpeningHours: string | null;
  businessOpeningHoursTranslations: LocalizedTexts;
  slug: string;
  forTwo: boolean;
  businessSlug: string;
  businessDistrict: string | null;
}

/**
 * A listed gift with what its public pages need besides the contract (the addresses): the
 * API encodes it through `catalogGiftSchema`, which leaves these out.
 */
export type ListedGift = CatalogGift & {
  slug: string;
  forTwo: boolean;
  business: CatalogGift['business'] & { slug: string; district: string | null };
};
export type ListedGiftPage = Omit<CatalogGiftPage, 'items'> & { items: ListedGift[] };

/** The listing's filters; the page and its size come separately. */
export type GiftFilters = Omit<CatalogGiftsQuery, 'forTwo'> & { forTwo?: boolean };

/**
 * A listed gift as `reader` reads it: its name and description in their language when the
 * business wrote them (ADR 073), and its next free time when it is booked online (`online`,
 * from findOnlineBookingGifts).
 */
export function toCatalogGift(row: CatalogGiftRow, reader: Locale, online: ReadonlyMap<string, Date | null> = new Map()): ListedGift {
  const nextFree = online.get(row.id);
  return {
    id: row.id,
    name: pickLocalizedText(row.name, row.nameTranslations, reader, row.businessOwnLocale),
    description: pickLocalizedText(row.description, row.descriptionTranslations, reader, row.businessOwnLocale),
    price: row.price,
    kind: row.kind as GiftKind,
    minAmount: row.minAmount,
    maxAmount: row.maxAmount,
    currency: row.currency,
    validityDays: row.validityDays,
    imageUrl: row.imageUrl,
    bookingRequired: row.bookingRequired,
    partySize: row.partySize,
    validWeekdays: row.validWeekdays,
    conditions: row.conditions,
    onlineBooking: nextFree ? { nextFreeAt: nextFree.toISOString() } : null,
    slug: row.slug,
    forTwo: row.forTwo,
    business: {
      id: row.businessId,
      name: row.businessName,
      category: row.businessCategory as BusinessCategory,
      booking: {
        phone: row.businessPhone,
        whatsapp: row.businessWhatsapp,
        bookingUrl: row.businessBookingUrl,
        openingHours: pickLocalizedText(row.businessOpeningHours, row.businessOpeningHoursTranslations, reader, row.businessOwnLocale),
      },
      slug: row.businessSlug,
      district: row.businessDistrict,
    },
  };
}

/**
 * Not a gift booked online whose business offers no time within SELLABLE_WITHIN_DAYS (ADR 105):
 * it is not sold until it does. `online` is findOnlineBookingGifts' answer.
 */
export function isSellableNow(online: ReadonlyMap<string, Date | null>): SQL | undefined {
  const offSale = offSaleGiftIds(online);
  return offSale.length > 0 ? notInArray(gifts.id, offSale) : undefined;
}

/**
 * Gifts a consumer can buy, cheapest first (or dearest, or newest first), then by name and
 * id so pages never repeat or skip a gift when prices tie. The signed-in app's listing and
 * the public shop window (`/gifts`, ADR 067) both call this: one visibility rule, one set of
 * filters. Price bounds are whole euros, inclusive. `now` decides which gifts booked online
 * have a free time soon enough to be sold.
 */
export async function listCatalogGifts(
  db: Executor,
  query: GiftFilters,
  reader: Locale,
  now: Date = new Date(),
): Promise<ListedGiftPage> {
  const online = await findOnlineBookingGifts(db, now);
  const conditions: SQL[] = [isListedGift(), isListedBusiness()];
  const sellable = isSellableNow(online);
  if (sellable) conditions.push(sellable);
  if (query.category) conditions.push(eq(businesses.category, query.category));
  if (query.district) conditions.push(eq(businesses.district, query.district));
  if (query.forTwo) conditions.push(eq(gifts.forTwo, true));
  if (query.minPrice !== undefined) conditions.push(gte(gifts.price, query.minPrice * 100));
  if (query.maxPrice !== undefined) conditions.push(lte(gifts.price, query.maxPrice * 100));
  // The gift's texts in every language the business wrote them in (ADR 073), and its business's
  // name and address, folded in advance (gifts.search_text).
  if (query.q) conditions.push(matchesFoldedSearch(query.q, gifts.searchText));
  const where = and(...conditions);
  const byPrice =
    query.sort === 'newest' ? desc(gifts.createdAt) : query.sort === 'price_desc' ? desc(gifts.price) : asc(gifts.price);

  const [rows, totals] = await boundedCatalogQuery(db, {}, (tx) => Promise.all([
    tx
      .select(catalogGiftColumns)
      .from(gifts)
      .innerJoin(businesses, eq(businesses.id, gifts.businessId))
      .where(where)
      .orderBy(byPrice, asc(gifts.name), asc(gifts.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    tx
      .select({ total: count() })
      .from(gifts)
      .innerJoin(businesses, eq(businesses.id, gifts.businessId))
      .where(where),
  ]));

  return {
    items: rows.map((row) => toCatalogGift(row, reader, online)),
    total: Number(totals[0]?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}
