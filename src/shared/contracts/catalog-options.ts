// The catalogue's list options, without zod: the consumer area reads them on its first load (ADR 039).
export const giftSorts = ['price_asc', 'price_desc', 'newest'] as const;
export type GiftSort = (typeof giftSorts)[number];

export const CATALOG_PAGE_SIZE = 24;
export const CATALOG_MAX_PAGE_SIZE = 100;
/**
 * The longest catalogue search, in characters: a phrase of several words fits ("cena para dos
 * en el cabanyal" is 29), and what a search costs the database stays bounded (docs/performance.md).
 */
export const CATALOG_SEARCH_MAX_LENGTH = 60;

/** What the consumer's gifts tab lists first: no search, no category, the cheapest first. */
export const GIFTS_TAB_PAGE_SIZE = 12;
export const firstGiftsListing = { sort: 'price_asc', page: 1, pageSize: GIFTS_TAB_PAGE_SIZE } as const satisfies GiftsListing;

export interface GiftsListing {
  category?: string;
  q?: string;
  sort: GiftSort;
  page: number;
  pageSize: number;
}

/**
 * The address of one page of the gift listing, parameters always in this order: the server
 * names the gifts tab's first page in the document it serves (`<link rel="preload">`, ADR 047),
 * and the browser reuses that answer only for the very same address.
 */
export function giftsListingPath({ q, category, sort, page, pageSize }: GiftsListing): string {
  const search = new URLSearchParams();
  if (q) search.set('q', q);
  if (category) search.set('category', category);
  search.set('sort', sort);
  search.set('page', String(page));
  search.set('pageSize', String(pageSize));
  return `/api/catalog/gifts?${search.toString()}`;
}
