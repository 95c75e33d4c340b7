import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { CatalogBusinessPage, CatalogBusinessesQuery } from '@shared/contracts/catalog';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema/businesses';
import { matchesFoldedSearch } from '../../db/query-helpers';
import type { Locale } from '@shared/locale';
import { catalogBusinessColumns, toCatalogBusiness, isListedBusiness } from '../../domain/catalog/visibility';
import { boundedCatalogQuery } from './bounded-catalog-query';

/** Businesses a consumer can buy from, by name, filtered by category and search text. */
export async function listCatalogBusinesses(
  db: Executor,
  query: CatalogBusinessesQuery,
  reader: Locale,
): Promise<CatalogBusinessPage> {
  const conditions: SQL[] = [isListedBusiness()];
  if (query.category) conditions.push(eq(businesses.category, query.category));
  // Name, description in every language (ADR 073) and address, folded in advance (businesses.search_text).
  if (query.q) conditions.push(matchesFoldedSearch(query.q, businesses.searchText));
  const where = and(...conditions);

  const [rows, totals] = await boundedCatalogQuery(db, {}, (tx) => Promise.all([
    tx
      .select(catalogBusinessColumns)
      .from(businesses)
      .where(where)
      .orderBy(asc(businesses.name), asc(businesses.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    tx.select({ total: count() }).from(businesses).where(where),
  ]));

  return {
    items: rows.map((row) => toCatalogBusiness(row, reader)),
    total: Number(totals[0]?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}
