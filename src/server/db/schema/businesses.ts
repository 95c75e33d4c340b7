import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { applicationKinds, applicationStatuses, businessCategories, businessTypes, DEFAULT_COMMISSION_RATE, LISTING_CITY, verificationStatuses, type VerificationDocument } from '@shared/domain/business';
import { valenciaDistricts } from '@shared/domain/valencia-districts';
import type { MemberState } from '@shared/domain/dac7-seller';
import { HOME_LOCALE, LOCALES, type Locale } from '@shared/locale';
import type { LocalizedTexts } from '@shared/domain/localized-text';
import { users } from './auth';
import { createdAt, id, localizedTextsCheck, sqlList, timestamptz, updatedAt } from './columns';

export const businesses = pgTable(
  'businesses',
  {
    id: id(),
    // Nullable: a business whose owner deleted their account stays for order history
    // but drops out of the consumer listing ("with an owner").
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    businessType: text('business_type').notNull().default('individual'),
    category: text('category').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull().default(LISTING_CITY),
    taxId: text('tax_id').notNull(),
    /** Razón social (or the individual's full name) for invoices; null until the owner gives it (ADR 061). */
    legalName: text('legal_name'),
    /** Fiscal address on one line, for invoices; may differ from where the shop is. */
    fiscalAddress: text('fiscal_address'),
    businessRegistrationNumber: text('business_registration_number'),
    /*
     * What DAC7 reports of a seller beyond the invoicing data (Directive 2021/514, Annex V;
     * ADR 100): none is needed to save the profile (businesses registered before keep
     * working), the dashboard and the admin show which are missing. A sole trader's own first
     * and last names and date of birth (`YYYY-MM-DD`).
     */
    ownerFirstName: text('owner_first_name'),
    ownerLastName: text('owner_last_name'),
    ownerBirthDate: date('owner_birth_date', { mode: 'string' }),
    /** The EU VAT identification number, with its state prefix (ESB58378431), where the seller has one. */
    vatNumber: text('vat_number'),
    /** Member States where the seller has a permanent establishment in the Union; often none. */
    permanentEstablishments: jsonb('permanent_establishments').$type<MemberState[]>().notNull().default(sql`'[]'::jsonb`),
    /** The account the consideration is paid to (IBAN, compact, capitals) and its holder's name. */
    iban: text('iban'),
    ibanHolder: text('iban_holder'),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    /** How recipients book: WhatsApp number (E.164) and an https booking link. */
    whatsapp: text('whatsapp'),
    bookingUrl: text('booking_url'),
    /** Free text in the owner's words ("Tue–Sat 13:00–16:00"). */
    openingHours: text('opening_hours'),
    /** The opening hours in other languages, written by the business like the description (ADR 073). */
    openingHoursTranslations: jsonb('opening_hours_translations').$type<LocalizedTexts>().notNull().default(sql`'{}'::jsonb`),
    description: text('description'),
    /** The language the business writes its own texts (name, description, gifts) in (ADR 073). */
    ownLocale: text('own_locale').$type<Locale>().notNull().default(HOME_LOCALE),
    /** The description in other languages, written by the business: `{ en: '…' }` (ADR 073). */
    descriptionTranslations: jsonb('description_translations').$type<LocalizedTexts>().notNull().default(sql`'{}'::jsonb`),
    imageUrl: text('image_url'),
    /**
     * What the catalogue's business search reads: name, description in every language and
     * address, folded by `search_fold` (lower case, no accents, z/s, v/b, doubled letters
     * once). Kept by the `businesses_search_text` trigger, never written by the code, and
     * trigram-indexed, so a search folds only the words typed.
     */
    searchText: text('search_text').notNull().default(''),
    /**
     * The shop page's address, `/b/<slug>` (ADR 067): made from the name by the
     * `businesses_slug` trigger on insert and on rename (the old one goes to
     * business_slug_history, which redirects), never typed by anyone.
     */
    slug: text('slug').notNull().default(''),
    /** The Valencia district the business is in (catalogue filter); null until the owner says. */
    district: text('district'),
    /**
     * Where the shop is, in WGS 84 degrees, typed by the owner (nothing is geocoded): the wallet
     * passes' "nearby" (ADR 107). Both or neither; null until the owner gives them.
     */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    verificationDocuments: jsonb('verification_documents')
      .$type<VerificationDocument[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    termsAcceptedAt: timestamptz('terms_accepted_at'),
    /** The partner agreement's version accepted at terms_accepted_at (null: before versions, ADR 059). */
    partnerTermsVersion: text('partner_terms_version'),
    /** Hidden from the catalogue by the platform team after a report (DSA art. 17). */
    hiddenAt: timestamptz('hidden_at'),
    isActive: boolean('is_active').notNull().default(false),
    verificationStatus: text('verification_status').notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    commissionRate: numeric('commission_rate', { precision: 5, scale: 2, mode: 'number' })
      .notNull()
      .default(DEFAULT_COMMISSION_RATE),
    /**
     * A rate the platform team proposed that the owner has not accepted yet (ADR 065): orders
     * keep being priced with `commission_rate`, the one the owner accepted, until they do.
     */
    proposedCommissionRate: numeric('proposed_commission_rate', { precision: 5, scale: 2, mode: 'number' }),
    commissionProposedAt: timestamptz('commission_proposed_at'),
    /** The owner asked for one daily summary of sales and cancellations instead of a mail each (ADR 065). */
    orderMailDigest: boolean('order_mail_digest').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('businesses_type_check', sql`${t.businessType} in (${sqlList(businessTypes)})`),
    check('businesses_category_check', sql`${t.category} in (${sqlList(businessCategories)})`),
    check(
      'businesses_verification_status_check',
      sql`${t.verificationStatus} in (${sqlList(verificationStatuses)})`,
    ),
    check(
      'businesses_commission_rate_check',
      sql`${t.commissionRate} >= 0 and ${t.commissionRate} <= 100`,
    ),
    check(
      'businesses_proposed_commission_rate_check',
      sql`${t.proposedCommissionRate} is null or (${t.proposedCommissionRate} >= 0 and ${t.proposedCommissionRate} <= 100 and ${t.commissionProposedAt} is not null)`,
    ),
    check('businesses_name_not_blank', sql`length(trim(${t.name})) > 0`),
    // A link a recipient taps from the gift page: https only (normalizeBookingUrl).
    check('businesses_booking_url_https', sql`${t.bookingUrl} is null or ${t.bookingUrl} like 'https://%'`),
    // One business per owner: the dashboard loads "the" business of the signed-in user.
    uniqueIndex('businesses_owner_id_unique').on(t.ownerId),
    index('businesses_listing_idx').on(t.city, t.isActive, t.verificationStatus, t.name),
    check('businesses_slug_shape', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('businesses_district_check', sql`${t.district} in (${sqlList(valenciaDistricts)})`),
    check(
      'businesses_coordinates_check',
      sql`(${t.latitude} is null) = (${t.longitude} is null) and (${t.latitude} is null or (${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180))`,
    ),
    uniqueIndex('businesses_slug_unique').on(t.slug),
    check('businesses_iban_shape', sql`${t.iban} is null or ${t.iban} ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'`),
    check('businesses_permanent_establishments_array', sql`jsonb_typeof(${t.permanentEstablishments}) = 'array'`),
    check('businesses_own_locale_check', sql`${t.ownLocale} in (${sqlList(LOCALES)})`),
    check('businesses_description_translations_check', localizedTextsCheck(t.descriptionTranslations)),
    check('businesses_opening_hours_translations_check', localizedTextsCheck(t.openingHoursTranslations)),
    index('businesses_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

export const businessApplications = pgTable(
  'business_applications',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    applicationStatus: text('application_status').notNull().default('pending'),
    submittedAt: timestamptz('submitted_at').notNull().defaultNow(),
    reviewedAt: timestamptz('reviewed_at'),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewNotes: text('review_notes'),
    /** Why this review exists: the first registration, a resubmission after a rejection, or a change of identity after approval. */
    kind: text('kind').notNull().default('registration'),
    /** For an identity change: which identity fields changed (names from applicationIdentityFields). */
    changedFields: jsonb('changed_fields').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'business_applications_status_check',
      sql`${t.applicationStatus} in (${sqlList(applicationStatuses)})`,
    ),
    check('business_applications_kind_check', sql`${t.kind} in (${sqlList(applicationKinds)})`),
    index('business_applications_business_idx').on(t.businessId, t.submittedAt),
    // At most one open review per business: a second change while pending joins the open one.
    uniqueIndex('business_applications_one_pending')
      .on(t.businessId)
      .where(sql`${t.applicationStatus} = 'pending'`),
  ],
);

export const businessInterests = pgTable(
  'business_interests',
  {
    id: id(),
    businessName: text('business_name').notNull(),
    // Stored lower-cased; unique so a double submit cannot create two records.
    email: text('email').notNull().unique(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    userType: text('user_type').notNull().default('business'),
    isConfirmed: boolean('is_confirmed').notNull().default(false),
    // SHA-256 of the emailed token: a database leak does not leak working links.
    confirmationToken: text('confirmation_token').unique(),
    expiresAt: timestamptz('expires_at'),
    confirmedAt: timestamptz('confirmed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
);

/**
 * Each time an owner accepted a commission rate, with the partner agreement's version they
 * read (ADR 059, 065): at sign-up (the wizard's third step) and for each rate the team
 * proposed later. Append-only; the business's `commission_rate` is the last one.
 */
export const commissionAcceptances = pgTable(
  'commission_acceptances',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    commissionRate: numeric('commission_rate', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    partnerTermsVersion: text('partner_terms_version').notNull(),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    /** `signup`: the wizard; `proposal`: a rate the team proposed, accepted on the dashboard. */
    source: text('source').notNull(),
    acceptedAt: timestamptz('accepted_at').notNull(),
  },
  (t) => [
    check('commission_acceptances_source_check', sql`${t.source} in ('signup', 'proposal')`),
    check('commission_acceptances_rate_check', sql`${t.commissionRate} >= 0 and ${t.commissionRate} <= 100`),
    index('commission_acceptances_business_idx').on(t.businessId, t.acceptedAt),
  ],
);

/**
 * The sign-up wizard's step 1 while it is not submitted (ADR 066): one row per account,
 * deleted in the registration's transaction. Only text fields, each optional.
 */
export const businessSignupDrafts = pgTable('business_signup_drafts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  values: jsonb('values').$type<Record<string, string>>().notNull(),
  hadPhoto: boolean('had_photo').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A business's earlier slugs: `/b/<old slug>` answers 301 to the current one after a rename
 * (ADR 067). Written by the `businesses_slug` trigger in the rename's own statement; a slug
 * another business takes later leaves this table in that same trigger.
 */
export const businessSlugHistory = pgTable('business_slug_history', {
  slug: text('slug').primaryKey(),
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});
