import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LocalizedTexts } from '@shared/domain/localized-text';
import type { GiftKind } from '@shared/domain/gift-card';
import type { Locale } from '@shared/locale';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/query-helpers';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { isListedBusiness, isListedGift } from '../../domain/catalog/visibility';
import { findOnlineBookingGifts } from '../../domain/bookings/find-online-booking-gifts';

export interface GiftForSale {
  id: string;
  name: string;
  /** The name in other languages, and the business's own language (ADR 073). */
  nameTranslations: LocalizedTexts;
  businessOwnLocale: Locale;
  price: number;
  /** A gift card's bounds (ADR 108); null for a fixed gift. */
  kind: GiftKind;
  minAmount: number | null;
  maxAmount: number | null;
  suggestedAmounts: number[] | null;
  currency: string;
  validityDays: number;
  imageUrl: string | null;
  businessId: string;
  businessName: string;
  commissionRate: number;
  /** Available, not archived, and its business is listed: the catalogue's own rule. */
  isForSale: boolean;
  /**
   * Listed, but booked online and its business offers no time within SELLABLE_WITHIN_DAYS
   * (ADR 105): not sold until it does. Then `isForSale` is false too.
   */
  waitsForBookingTimes: boolean;
  /** Needs booking and its business publishes times: the recipient books it from the gift page (ADR 105). */
  isBookedOnline: boolean;
}

/**
 * Today's facts about the given gifts, straight from the database (never from the client):
 * price, currency, validity, business, commission, and whether a consumer may buy it now.
 * Unknown and malformed ids are simply absent from the map.
 */
export async function findGiftsForSale(db: Executor, ids: readonly string[], now: Date): Promise<Map<string, GiftForSale>> {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      id: gifts.id,
      name: gifts.name,
      nameTranslations: gifts.nameTranslations,
      businessOwnLocale: businesses.ownLocale,
      price: gifts.price,
      kind: gifts.kind,
      minAmount: gifts.minAmount,
      maxAmount: gifts.maxAmount,
      suggestedAmounts: gifts.suggestedAmounts,
      currency: gifts.currency,
      validityDays: gifts.validityDays,
      imageUrl: gifts.imageUrl,
      businessId: gifts.businessId,
      businessName: businesses.name,
      commissionRate: businesses.commissionRate,
      isForSale: sql<boolean>`(${and(isListedGift(), isListedBusiness())})`,
    })
    .from(gifts)
    .innerJoin(businesses, eq(businesses.id, gifts.businessId))
    .where(inArray(gifts.id, wanted));
  const online = await findOnlineBookingGifts(db, now, { giftIds: rows.filter((r) => r.isForSale).map((r) => r.id) });
  return new Map(
    rows.map((r) => {
      const waitsForBookingTimes = Boolean(r.isForSale) && online.get(r.id) === null;
      return [r.id, { ...r, kind: r.kind as GiftKind, commissionRate: Number(r.commissionRate), isForSale: Boolean(r.isForSale) && !waitsForBookingTimes, waitsForBookingTimes, isBookedOnline: online.has(r.id) }];
    }),
  );
}
