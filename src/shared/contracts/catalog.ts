import { z } from 'zod';
import { giftKinds } from '../domain/gift-card';
import { businessCategories } from '../domain/business';
import { valenciaDistricts } from '../domain/valencia-districts';
import { CATALOG_MAX_PAGE_SIZE, CATALOG_PAGE_SIZE, CATALOG_SEARCH_MAX_LENGTH, giftSorts } from './catalog-options';

export { CATALOG_MAX_PAGE_SIZE, CATALOG_PAGE_SIZE, CATALOG_SEARCH_MAX_LENGTH, giftSorts, type GiftSort } from './catalog-options';


// Query strings arrive as text; an empty `category=` means "all".
const categoryFilter = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.enum(businessCategories, 'invalid').optional(),
);
const searchText = z.string().trim().max(CATALOG_SEARCH_MAX_LENGTH, 'too_long').optional();
const page = z.coerce.number('invalid').int('invalid').min(1, 'invalid').max(10_000, 'invalid').default(1);
const pageSize = z.coerce
  .number('invalid')
  .int('invalid')
  .min(1, 'invalid')
  .max(CATALOG_MAX_PAGE_SIZE, 'invalid')
  .default(CATALOG_PAGE_SIZE);

export const catalogBusinessesQuerySchema = z.object({
  category: categoryFilter,
  q: searchText,
  page,
  pageSize,
});
export type CatalogBusinessesQuery = z.output<typeof catalogBusinessesQuerySchema>;

/** A price bound in whole euros (`?minPrice=10&maxPrice=50`); empty means none. */
const euros = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce.number('invalid').int('invalid').min(0, 'invalid').max(100_000, 'invalid').optional(),
);

export const catalogGiftsQuerySchema = z.object({
  category: categoryFilter,
  q: searchText,
  minPrice: euros,
  maxPrice: euros,
  district: z.preprocess((v) => (v === '' ? undefined : v), z.enum(valenciaDistricts, 'invalid').optional()),
  /** Gifts meant for two people; a checkbox sends `1` (or `on`), absence means any. */
  forTwo: z.preprocess((v) => v === '1' || v === 'on' || v === 'true' || v === true, z.boolean()).default(false),
  sort: z.preprocess((v) => (v === '' ? undefined : v), z.enum(giftSorts, 'invalid').default('price_asc')),
  page,
  pageSize,
}).refine((query) => query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice, {
  message: 'invalidRange',
  path: ['maxPrice'],
});
export type CatalogGiftsQuery = z.output<typeof catalogGiftsQuerySchema>;

/** How to book and when it is open; phones are E.164, the link https. */
export const catalogBookingSchema = z.object({
  phone: z.string().nullable(),
  whatsapp: z.string().nullable(),
  bookingUrl: z.string().nullable(),
  openingHours: z.string().nullable(),
});
export type CatalogBooking = z.infer<typeof catalogBookingSchema>;

export const catalogBusinessSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(businessCategories),
  address: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  giftCount: z.number().int(),
  booking: catalogBookingSchema,
});
export type CatalogBusiness = z.infer<typeof catalogBusinessSchema>;

export const catalogGiftSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Cents; a gift card's minimum. */
  price: z.number().int(),
  /** `card`: a gift card (ADR 108), bought for any amount from `minAmount` to `maxAmount` (cents; null for a fixed gift). */
  kind: z.enum(giftKinds),
  minAmount: z.number().int().nullable(),
  maxAmount: z.number().int().nullable(),
  currency: z.string(),
  validityDays: z.number().int(),
  imageUrl: z.string().nullable(),
  /** What the recipient must know (shared/domain/gift-conditions.ts). */
  bookingRequired: z.boolean(),
  partySize: z.number().int().nullable(),
  validWeekdays: z.array(z.number().int()).nullable(),
  conditions: z.string().nullable(),
  /**
   * A gift booked online from the gift page (ADR 105): its business publishes times, and this
   * is the next free one (ISO instant) as if bought now. Null: booked by phone, or no booking.
   */
  onlineBooking: z.object({ nextFreeAt: z.string() }).nullable(),
  business: z.object({
    id: z.string(),
    name: z.string(),
    category: z.enum(businessCategories),
    booking: catalogBookingSchema,
  }),
});
export type CatalogGift = z.infer<typeof catalogGiftSchema>;

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export const catalogBusinessPageSchema = pageOf(catalogBusinessSchema);
export type CatalogBusinessPage = z.infer<typeof catalogBusinessPageSchema>;

export const catalogGiftPageSchema = pageOf(catalogGiftSchema);
export type CatalogGiftPage = z.infer<typeof catalogGiftPageSchema>;

export const catalogBusinessDetailSchema = z.object({
  business: catalogBusinessSchema,
  gifts: z.array(catalogGiftSchema),
});
export type CatalogBusinessDetail = z.infer<typeof catalogBusinessDetailSchema>;

export const catalogBusinessParamsSchema = z.object({ id: z.string() });
