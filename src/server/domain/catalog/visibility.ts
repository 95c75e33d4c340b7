import type { Locale } from '@shared/locale';
import { pickLocalizedText, type LocalizedTexts } from '@shared/domain/localized-text';
import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { CatalogBusiness } from '@shared/contracts/catalog';
import { LISTING_CITY, type BusinessCategory } from '@shared/domain/business';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';

/**
 * The business's payout account can receive Regalo's transfers (ADR 053) and pass them on to
 * its bank: Stripe's `transfers` capability and `payouts_enabled` both, since an account that
 * takes transfers but may not pay out (a missing or rejected bank account, a past-due
 * requirement) would pile up the business's money where it cannot reach it. Spelled out with
 * table names for the same reason as listedGiftCount below.
 */
export const canBePaid = sql`exists (
  select 1 from payout_accounts pa where pa.business_id = "businesses"."id" and pa.transfers_active and pa.payouts_enabled
)`;

/**
 * The consumer listing rule, as one SQL condition so it is enforced by the query and never
 * by the client: active, approved, in Valencia, with an owner, terms accepted, not hidden
 * by the platform team after a report (DSA art. 17, ADR 059), and a payout account that
 * can receive transfers (a gift is never sold for a business Regalo cannot pay). The
 * catalogue and checkout both use it.
 */
export function isListedBusiness(): SQL {
  return and(
    eq(businesses.city, LISTING_CITY),
    eq(businesses.isActive, true),
    eq(businesses.verificationStatus, 'approved'),
    isNotNull(businesses.ownerId),
    isNotNull(businesses.termsAcceptedAt),
    canBePaid,
    isNull(businesses.hiddenAt),
  )!;
}

/** A gift a consumer may buy: available, not archived, not hidden after a report (its business checked separately). */
export function isListedGift(): SQL {
  return and(eq(gifts.isAvailable, true), isNull(gifts.archivedAt), isNull(gifts.hiddenAt))!;
}

// Spelled out with table names: drizzle leaves columns unqualified inside a selected sql
// fragment, which would make the correlation compare gifts.id with itself.
export const listedGiftCount = sql<number>`(
  select count(*)::int from gifts g
  where g.business_id = "businesses"."id" and g.is_available = true and g.archived_at is null and g.hidden_at is null
)`;

/** What a consumer sees of a listed business, in the list and on its page alike. */
export const catalogBusinessColumns = {
  id: businesses.id,
  name: businesses.name,
  category: businesses.category,
  address: businesses.address,
  description: businesses.description,
  descriptionTranslations: businesses.descriptionTranslations,
  ownLocale: businesses.ownLocale,
  imageUrl: businesses.imageUrl,
  giftCount: listedGiftCount,
  phone: businesses.phone,
  whatsapp: businesses.whatsapp,
  bookingUrl: businesses.bookingUrl,
  openingHours: businesses.openingHours,
  openingHoursTranslations: businesses.openingHoursTranslations,
};

interface CatalogBusinessRow {
  id: string;
  name: string;
  category: string;
  address: string;
  description: string | null;
  descriptionTranslations: LocalizedTexts;
  ownLocale: Locale;
  imageUrl: string | null;
  giftCount: number;
  phone: string | null;
  whatsapp: string | null;
  bookingUrl: string | null;
  openingHours: string | null;
  openingHoursTranslations: LocalizedTexts;
}

/** A listed business as the catalogue answers it, with how to book it. */
/** A listed business as `reader` reads it: its description and opening hours in their language when it wrote them (ADR 073). */
export function toCatalogBusiness(
  { phone, whatsapp, bookingUrl, openingHours, openingHoursTranslations, descriptionTranslations, ownLocale, ...row }: CatalogBusinessRow,
  reader: Locale,
): CatalogBusiness {
  return {
    ...row,
    description: pickLocalizedText(row.description, descriptionTranslations, reader, ownLocale),
    category: row.category as BusinessCategory,
    giftCount: Number(row.giftCount),
    booking: { phone, whatsapp, bookingUrl, openingHours: pickLocalizedText(openingHours, openingHoursTranslations, reader, ownLocale) },
  };
}
