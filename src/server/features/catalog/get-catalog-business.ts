import { and, asc, eq } from 'drizzle-orm';
import type { CatalogBusinessDetail } from '@shared/contracts/catalog';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { AppError } from '../../platform/errors';
import { findOnlineBookingGifts } from '../../domain/bookings/find-online-booking-gifts';
import { catalogGiftColumns, isSellableNow, toCatalogGift } from './list-catalog-gifts';
import { isUuid } from '../../db/query-helpers';
import type { Locale } from '@shared/locale';
import { catalogBusinessColumns, isListedBusiness, isListedGift, toCatalogBusiness } from '../../domain/catalog/visibility';

/** One listed business with the gifts a consumer can buy from it now; 404 when not listed. */
export async function getCatalogBusiness(db: Executor, id: string, reader: Locale, now: Date = new Date()): Promise<CatalogBusinessDetail> {
  if (!isUuid(id)) throw AppError.notFound('Business not found');
  const [business] = await db
    .select(catalogBusinessColumns)
    .from(businesses)
    .where(and(eq(businesses.id, id), isListedBusiness()));
  if (!business) throw AppError.notFound('Business not found');

  const online = await findOnlineBookingGifts(db, now, { businessIds: [id] });
  const rows = await db
    .select(catalogGiftColumns)
    .from(gifts)
    .innerJoin(businesses, eq(businesses.id, gifts.businessId))
    .where(and(eq(gifts.businessId, id), isListedGift(), isSellableNow(online)))
    .orderBy(asc(gifts.price), asc(gifts.name), asc(gifts.id));

  return {
    business: toCatalogBusiness(business, reader),
    gifts: rows.map((row) => toCatalogGift(row, reader, online)),
  };
}
