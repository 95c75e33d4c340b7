import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { CatalogBusinessPage, CatalogBusinessesQuery } from '@shared/contracts/catalog';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema/businesses';
import { localizedTextsForSearch, matchesSearch } from '../../db/query-helpers';
import type { Locale } from '@shared/locale';
import { catalogBusinessColumns, toCatalogBusiness, isListedBusiness } from '../../domain/catalog/visibility';

/** Businesses a consumer can buy from, by name, filtered by category and search text. */
export async function listCatalogBusinesses(
  db: Executor,
  query: CatalogBusinessesQuery,
  reader: Locale,
): Promise<CatalogBusinessPage> {
  const conditions: SQL[] = [isListedBusiness()];
  if (query.category) conditions.push(eq(businesses.category, query.category));
  if (query.q) {
    conditions.push(matchesSearch(query.q, [businesses.name, businesses.description, localizedTextsForSearch(businesses.descriptionTranslations), businesses.address]));
  }
  const where = and(...conditions);

  const [rows, totals] = await Promise.all([
    db
      .select(catalogBusinessColumns)
      .from(businesses)
      .where(where)
      .orderBy(asc(businesses.name), asc(businesses.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(businesses).where(where),
  ]);

  return {
    items: rows.map((row) => toCatalogBusiness(row, reader)),
    total: Number(totals[0]?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}
