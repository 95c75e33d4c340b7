import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { CatalogGift, CatalogGiftPage, CatalogGiftsQuery } from '@shared/contracts/catalog';
import type { BusinessCategory } from '@shared/domain/business';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { matchesSearch } from '../../db/query-helpers';
import { isListedBusiness, isListedGift } from '../../domain/catalog/visibility';

export const catalogGiftColumns = {
  id: gifts.id,
  name: gifts.name,
  description: gifts.description,
  price: gifts.price,
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
};

interface CatalogGiftRow {
  id: string;
  name: string;
  description: string | null;
  price: number;
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
}

export function toCatalogGift(row: CatalogGiftRow): CatalogGift {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    currency: row.currency,
    validityDays: row.validityDays,
    imageUrl: row.imageUrl,
    bookingRequired: row.bookingRequired,
    partySize: row.partySize,
    validWeekdays: row.validWeekdays,
    conditions: row.conditions,
    business: {
      id: row.businessId,
      name: row.businessName,
      category: row.businessCategory as BusinessCategory,
      booking: {
        phone: row.businessPhone,
        whatsapp: row.businessWhatsapp,
        bookingUrl: row.businessBookingUrl,
        openingHours: row.businessOpeningHours,
      },
    },
  };
}

/**
 * Gifts a consumer can buy, cheapest first (or dearest), then by name and id so pages never
 * repeat or skip a gift when prices tie.
 */
export async function listCatalogGifts(
  db: Executor,
  query: CatalogGiftsQuery,
): Promise<CatalogGiftPage> {
  const conditions: SQL[] = [isListedGift(), isListedBusiness()];
  if (query.category) conditions.push(eq(businesses.category, query.category));
  if (query.q) {
    conditions.push(matchesSearch(query.q, [gifts.name, gifts.description, businesses.name, businesses.address]));
  }
  const where = and(...conditions);
  const byPrice = query.sort === 'price_desc' ? desc(gifts.price) : asc(gifts.price);

  const [rows, totals] = await Promise.all([
    db
      .select(catalogGiftColumns)
      .from(gifts)
      .innerJoin(businesses, eq(businesses.id, gifts.businessId))
      .where(where)
      .orderBy(byPrice, asc(gifts.name), asc(gifts.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(gifts)
      .innerJoin(businesses, eq(businesses.id, gifts.businessId))
      .where(where),
  ]);

  return {
    items: rows.map(toCatalogGift),
    total: Number(totals[0]?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}
