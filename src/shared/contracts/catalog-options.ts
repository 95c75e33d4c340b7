// The catalogue's list options, without zod: the consumer area reads them on its first load (ADR 039).
export const giftSorts = ['price_asc', 'price_desc'] as const;
export type GiftSort = (typeof giftSorts)[number];

export const CATALOG_PAGE_SIZE = 24;
export const CATALOG_MAX_PAGE_SIZE = 100;
