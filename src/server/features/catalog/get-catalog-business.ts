import { and, asc, eq } from 'drizzle-orm';
import type { CatalogBusinessDetail } from '@shared/contracts/catalog';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { AppError } from '../../platform/errors';
import { catalogGiftColumns, toCatalogGift } from './list-catalog-gifts';
import { isUuid } from '../../db/query-helpers';
import type { Locale } from '@shared/locale';
import { catalogBusinessColumns, isListedBusiness, isListedGift, toCatalogBusiness } from '../../domain/catalog/visibility';

/** One listed business with the gifts a consumer can buy from it; 404 when not listed. */
export async function getCatalogBusiness(db: Executor, id: string, reader: Locale): Promise<CatalogBusinessDetail> {
  if (!isUuid(id)) throw AppError.notFound('Business not found');
  const [business] = await db
    .select(catalogBusinessColumns)
    .from(businesses)
    .where(and(eq(businesses.id, id), isListedBusiness()));
  if (!business) throw AppError.notFound('Business not found');

  const rows = await db
    .select(catalogGiftColumns)
    .from(gifts)
    .innerJoin(businesses, eq(businesses.id, gifts.businessId))
    .where(and(eq(gifts.businessId, id), isListedGift()))
    .orderBy(asc(gifts.price), asc(gifts.name), asc(gifts.id));

  return {
    business: toCatalogBusiness(business, reader),
    gifts: rows.map((row) => toCatalogGift(row, reader)),
  };
}
