import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  CURRENCY,
  DEFAULT_VALIDITY_DAYS,
  MAX_VALIDITY_DAYS,
  MIN_VALIDITY_DAYS,
} from '@shared/domain/order-status';
import { MAX_PARTY_SIZE } from '@shared/domain/gift-conditions';
import {
  CARD_MAX_CENTS,
  CARD_MAX_SUGGESTED,
  CARD_MAX_VALIDITY_DAYS,
  CARD_MIN_CENTS,
  CARD_MIN_VALIDITY_DAYS,
  giftKinds,
} from '@shared/domain/gift-card';
import { businesses } from './businesses';
import type { LocalizedTexts } from '@shared/domain/localized-text';
import { createdAt, id, localizedTextsCheck, sqlList, timestamptz, updatedAt } from './columns';

export const gifts = pgTable(
  'gifts',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    /** Name and description in other languages than the business's own (ADR 073): `{ en: '…' }`. */
    nameTranslations: jsonb('name_translations').$type<LocalizedTexts>().notNull().default(sql`'{}'::jsonb`),
    descriptionTranslations: jsonb('description_translations').$type<LocalizedTexts>().notNull().default(sql`'{}'::jsonb`),
    /**
     * What the catalogue's gift search reads: the gift's name and description in every
     * language, its business's name and address, folded by `search_fold`. Kept by triggers
     * (`gifts_search_text`, and `businesses_search_text` when the business is renamed or
     * moves), never written by the code, and trigram-indexed.
     */
    searchText: text('search_text').notNull().default(''),
    /**
     * `fixed`: one thing at `price`. `card`: the business's gift card (ADR 108), an amount the
     * giver picks between `min_amount` and `max_amount`; set at creation, never changed.
     */
    kind: text('kind').notNull().default('fixed'),
    /** Whole cents. A card's is its minimum (what "from" and the price sort read). */
    price: integer('price').notNull(),
    /** A card's bounds in whole cents; null for a fixed gift. */
    minAmount: integer('min_amount'),
    maxAmount: integer('max_amount'),
    /** A card's amounts offered as buttons at checkout, ascending; null: none. */
    suggestedAmounts: integer('suggested_amounts').array(),
    currency: text('currency').notNull().default(CURRENCY),
    imageUrl: text('image_url'),
    isAvailable: boolean('is_available').notNull().default(true),
    validityDays: integer('validity_days').notNull().default(DEFAULT_VALIDITY_DAYS),
    /** Conditions a recipient must know (shared/domain/gift-conditions.ts). */
    bookingRequired: boolean('booking_required').notNull().default(false),
    partySize: integer('party_size'),
    /** ISO weekdays it can be used on, ascending; null: any day. */
    validWeekdays: integer('valid_weekdays').array(),
    conditions: text('conditions'),
    // A gift with orders is archived instead of deleted, so order history keeps its name.
    archivedAt: timestamptz('archived_at'),
    /** Hidden from the catalogue by the platform team after a report (DSA art. 17); the owner cannot undo it. */
    hiddenAt: timestamptz('hidden_at'),
    /** `/b/<business slug>/<slug>`, unique within the business; made by the `gifts_slug` trigger (ADR 067). */
    slug: text('slug').notNull().default(''),
    /** Meant for two people (a dinner for two, a class for a couple): a catalogue filter. */
    forTwo: boolean('for_two').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('gifts_price_positive', sql`${t.price} > 0`),
    check('gifts_currency_check', sql`${t.currency} = '${sql.raw(CURRENCY)}'`),
    check(
      'gifts_validity_days_check',
      sql`${t.validityDays} between ${sql.raw(String(MIN_VALIDITY_DAYS))} and ${sql.raw(String(MAX_VALIDITY_DAYS))} or ${t.kind} = 'card'`,
    ),
    check('gifts_kind_check', sql`${t.kind} in (${sqlList(giftKinds)})`),
    // A fixed gift has no bounds; a card has both within the platform's, its price is its
    // minimum, its suggestions lie within its bounds, and it lasts 12 to 24 months (ADR 108).
    check(
      'gifts_card_offer_check',
      sql`(${t.kind} = 'fixed' and ${t.minAmount} is null and ${t.maxAmount} is null and ${t.suggestedAmounts} is null) or (${t.kind} = 'card'
        and ${t.minAmount} is not null and ${t.maxAmount} is not null
        and ${t.minAmount} between ${sql.raw(String(CARD_MIN_CENTS))} and ${t.maxAmount}
        and ${t.maxAmount} <= ${sql.raw(String(CARD_MAX_CENTS))}
        and ${t.price} = ${t.minAmount}
        and ${t.validityDays} between ${sql.raw(String(CARD_MIN_VALIDITY_DAYS))} and ${sql.raw(String(CARD_MAX_VALIDITY_DAYS))}
        and (${t.suggestedAmounts} is null or (cardinality(${t.suggestedAmounts}) between 1 and ${sql.raw(String(CARD_MAX_SUGGESTED))}
          and array_position(${t.suggestedAmounts}, null) is null
          and ${t.minAmount} <= all(${t.suggestedAmounts}) and ${t.maxAmount} >= all(${t.suggestedAmounts}))))`,
    ),
    check('gifts_name_not_blank', sql`length(trim(${t.name})) > 0`),
    check(
      'gifts_party_size_check',
      sql`${t.partySize} is null or ${t.partySize} between 1 and ${sql.raw(String(MAX_PARTY_SIZE))}`,
    ),
    check(
      'gifts_valid_weekdays_check',
      sql`${t.validWeekdays} is null or (cardinality(${t.validWeekdays}) between 1 and 6 and ${t.validWeekdays} <@ array[1,2,3,4,5,6,7])`,
    ),
    index('gifts_business_created_idx').on(t.businessId, t.createdAt.desc()),
    index('gifts_listing_idx').on(t.isAvailable, t.price),
    // Target of orders' (gift_id, business_id) foreign key.
    uniqueIndex('gifts_id_business_unique').on(t.id, t.businessId),
    check('gifts_slug_shape', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    uniqueIndex('gifts_business_slug_unique').on(t.businessId, t.slug),
    check('gifts_name_translations_check', localizedTextsCheck(t.nameTranslations)),
    check('gifts_description_translations_check', localizedTextsCheck(t.descriptionTranslations)),
    index('gifts_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/** A gift's earlier slugs within its business, for the 301 after a rename (ADR 067). */
export const giftSlugHistory = pgTable(
  'gift_slug_history',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    giftId: uuid('gift_id')
      .notNull()
      .references(() => gifts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.slug] })],
);
