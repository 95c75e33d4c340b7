import { z } from 'zod';
import { invoicingDataFields } from '../domain/invoices';
import { dac7SellerFields } from '../domain/dac7-seller';
import { sellerDetailsSchema } from './seller-details';
import { transferStates } from '../domain/payouts';
import { isCalendarDate } from '../domain/analytics';
import { isoTimestamp } from './timestamp';
import { businessCategories, businessTypes, documentTypes, verificationStatuses } from '../domain/business';
import { valenciaDistricts } from '../domain/valencia-districts';
import { LOCALES } from '../locale';
import type { LocalizedTexts } from '../domain/localized-text';
import { parsePriceToCents } from '../domain/money';
import { CARD_MAX_SUGGESTED, CARD_MAX_VALIDITY_DAYS, cardOfferErrors, giftKinds, giftOfferFieldErrors, type GiftKind } from '../domain/gift-card';
import {
  DEFAULT_VALIDITY_DAYS,
  MIN_VALIDITY_DAYS,
  businessOrderFilters,
  orderStatuses,
} from '../domain/order-status';
import { normalizeTaxId, taxIdError } from '../domain/tax-id';
import { BOOKING_LIMITS, MAX_PARTY_SIZE, normalizeWeekdays } from '../domain/gift-conditions';
import { multiLine, plainTextFieldErrors, singleLine } from './plain-text';
import {
  BUSINESS_LIMITS,
  businessInfoFields,
  EMAIL_SHAPE,
  invoicingDetailsFields,
  optionalText,
  registrationFieldErrors,
  requiredChoice,
} from './business-onboarding';

/**
 * The business dashboard (/business/dashboard). Every endpoint works on the business the
 * signed-in user OWNS (one per owner); the business id never comes from the client, and
 * prices are computed by the server. Failures are problem+json `{type,title,status,detail,
 * code,fields?}`; the web maps `code` and each `fields` value to a translated message.
 *
 * Guards, the same on every endpoint below:
 *   401 `unauthenticated`     nobody signed in
 *   403 `email_not_verified`  a session whose email is not confirmed
 *   403 `no_business`         signed in but owns no business — consumers AND admins who own
 *                             no business alike (the platform team uses its own tools, never
 *                             someone else's dashboard). Exception: GET /api/business/me
 *                             answers 404 `business_not_found` so the web can show the
 *                             "create your business first" card.
 *   403 `business_inactive`   gifts and orders endpoints while `is_active` is false (the tabs
 *                             are disabled then). Profile, /me and analytics stay available.
 *   404 `gift_not_found`      a gift id that is not one of the caller's non-archived gifts
 *                             (another business's gift looks exactly like a missing one).
 *
 * GET    /api/business/me                    → 200 dashboardBusinessSchema
 * PATCH  /api/business/me                    body businessProfilePatchSchema (send the whole
 *        form; absent fields stay as they are, empty optional ones are cleared to null)
 *        → 200 dashboardBusinessSchema; 400 validation_failed with `fields` (field → one of
 *        profileFieldErrors). The tax id is checked against the business type after merging
 *        with the stored values, and so are latitude and longitude (both or neither:
 *        `coordinatesTogether` on the one missing; `invalidCoordinate` out of range). The image changes through POST/DELETE /api/business/image.
 * GET    /api/business/gifts                 → 200 dashboardGiftListSchema (non-archived,
 *        newest first)
 * POST   /api/business/gifts                 body giftInputSchema → 201 dashboardGiftSchema
 *        400 validation_failed, fields: name → fillRequiredFields | tooLong;
 *        price → fillRequiredFields | invalidPrice | priceDecimals | priceTooHigh;
 *        a card's minAmount/maxAmount → cardAmountRequired | cardAmountOutOfBounds |
 *        cardMinAboveMax (on maxAmount); suggestedAmounts → cardSuggestedOutOfBounds;
 *        validityDays → cardValidityDays (ADR 108);
 *        description → tooLong;
 *        validityDays → invalidValidityDays.
 * PATCH  /api/business/gifts/:id             body giftPatchSchema (any subset, e.g.
 *        `{isAvailable:false}` for the card's toggle) → 200 dashboardGiftSchema
 * DELETE /api/business/gifts/:id             → 200 giftDeleteResultSchema: `deleted` when it
 *        had no orders (gone, image removed), `archived` when it has orders (hidden from the
 *        dashboard and the catalogue; order history keeps its name).
 * POST   /api/business/gifts/:id/image       multipart, file field `file` → 200
 *        giftImageSchema. Same rules as the business image: 415 `image_invalid`, 413
 *        `image_too_large` (5 MB, refused while streaming), 400 `file_missing`/`file_empty`.
 *        Re-encoded to WebP; the previous image's objects are removed.
 * DELETE /api/business/gifts/:id/image       → 204
 * GET    /api/business/orders                query ordersQuerySchema → 200 dashboardOrderPageSchema
 *        newest first (created_at, then id); `status` filters; `from`/`to` (YYYY-MM-DD,
 *        Europe/Madrid, inclusive, by created_at — the same period rule as analytics);
 *        `cursor` = the previous page's `nextCursor`. 400 validation_failed (fields.cursor
 *        `invalid`, fields.status `invalid`, fields.from/to `invalidDate`).
 * GET    /api/business/orders/updates?since=<ISO timestamp>
 *        → 200 orderUpdatesSchema: orders created or changed (status, redemption…) strictly
 *        after `since`, newest first, at most ORDER_UPDATES_LIMIT. Pass the answer's
 *        `nextSince` as the next `since` (start with the `serverTime` of the first answer
 *        or the newest order's updatedAt); it comes from the server's clock, never the
 *        browser's, and overlaps the previous window by a few seconds so a change committed
 *        late is not missed: items CAN repeat — merge them by id and announce only ids not
 *        seen before. The web polls with back-off (5 s doubling to 60 s while nothing
 *        changes, paused while hidden). Polling rather than SSE:
 *        it works behind any proxy and across several servers without a message broker.
 *        400 validation_failed (fields.since `invalidDate`) when `since` is not a timestamp.
 * GET    /api/business/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD
 *        → 200 businessAnalyticsSchema. Dates are Europe/Madrid calendar days, inclusive;
 *        default: the last 30 days ending today. 400 validation_failed with fields.from/to
 *        `invalidDate`, fields.to `invalidRange` (to before from) or `rangeTooLong`
 *        (more than MAX_ANALYTICS_DAYS = 366 days, domain/analytics.ts). A sale is an
 *        order that was paid: status paid, redeemed or expired (cancelled ones were
 *        refunded; unpaid ones never paid).
 *        The period is by the order's created_at — the date the orders list shows — so
 *        `giftsSold` equals the number of orders GET /api/business/orders returns for the
 *        same from/to with those statuses. Money in cents; weeks start on Monday
 *        (Europe/Madrid) and every week touching the period is listed, zero weeks included.
 */

/** Field codes (web: dashboard translations per code). */
export const profileFieldErrors = {
  ...registrationFieldErrors,
  /** The booking link is not an https address. */
  bookingUrlNotHttps: 'bookingUrlNotHttps',
  invalidDistrict: 'invalidDistrict',
  /** Not a number, or outside −90…90 (latitude) or −180…180 (longitude). */
  invalidCoordinate: 'invalidCoordinate',
  /** One of latitude and longitude without the other (on the one missing). */
  coordinatesTogether: 'coordinatesTogether',
} as const;

export const giftFieldErrors = {
  fillRequiredFields: 'fillRequiredFields',
  invalidPrice: 'invalidPrice',
  priceDecimals: 'priceDecimals',
  priceTooHigh: 'priceTooHigh',
  invalidValidityDays: 'invalidValidityDays',
  tooLong: 'tooLong',
  invalidPartySize: 'invalidPartySize',
  invalidWeekdays: 'invalidWeekdays',
  /** A gift card's bounds (shared/domain/gift-card.ts, ADR 108). */
  ...cardOfferErrors,
  controlCharacter: plainTextFieldErrors.controlCharacter,
  controlCharacterInText: plainTextFieldErrors.controlCharacterInText,
} as const;

export const periodFieldErrors = {
  invalidDate: 'invalidDate',
  invalidRange: 'invalidRange',
  rangeTooLong: 'rangeTooLong',
} as const;

/** Problem codes of these endpoints besides the guards' and validation_failed. */
export const businessDashboardErrorCodes = [
  'no_business',
  'business_not_found',
  'business_inactive',
  'gift_not_found',
  'image_invalid',
  'image_too_large',
  'file_missing',
  'file_empty',
  'review_confirmation_required',
  'commission_proposal_changed',
  'partner_terms_outdated',
] as const;

export const PROFILE_LIMITS = {
  ...BUSINESS_LIMITS,
  businessRegistrationNumber: 50,
  legalName: 200,
  fiscalAddress: 300,
} as const;

export const GIFT_LIMITS = { name: 200, description: 2000 } as const;

/**
 * A text in other languages than the business's own (ADR 073): `{ en: '…', va: '…' }`, known
 * languages only, each within the length of the field it translates. The form sends the whole
 * map; a language left empty is removed.
 */
export const localizedTextsInput = (max: number, lines: 'one' | 'many') =>
  z
    .partialRecord(
      z.enum(LOCALES, { error: 'invalid' }),
      (lines === 'one' ? singleLine : multiLine)(z.string({ error: 'invalid' }).trim().max(max, { error: 'tooLong' })),
      { error: 'invalid' },
    )
    .transform((texts): LocalizedTexts => Object.fromEntries(Object.entries(texts).filter(([, text]) => text !== '')));

/** The stored translations as the dashboard reads them back. */
export const localizedTextsSchema = z.partialRecord(z.enum(LOCALES), z.string());
export const ORDERS_PAGE_SIZE = 20;
export const ORDERS_MAX_PAGE_SIZE = 100;
export const ORDER_UPDATES_LIMIT = 100;
export const ORDER_UPDATES_OVERLAP_MS = 5_000;

// ---------------------------------------------------------------------------------------
// Business profile

export const dashboardDocumentSchema = z.object({
  type: z.enum(documentTypes),
  fileName: z.string(),
  uploadedAt: z.string(),
  /** Authorised download (owner or admin); use a plain link. */
  downloadUrl: z.string(),
});
export type DashboardDocument = z.infer<typeof dashboardDocumentSchema>;

export const dashboardBusinessSchema = z.object({
  id: z.string(),
  /** The shop page's address is `/b/<slug>` (made from the name; ADR 067). */
  slug: z.string(),
  name: z.string(),
  /** Valencia's district, for the catalogue's filter; null until the owner picks one. */
  district: z.enum(valenciaDistricts).nullable(),
  /** Where the shop is (degrees, WGS 84), for the wallet passes' "nearby"; both null until the owner gives them. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  category: z.enum(businessCategories),
  description: z.string().nullable(),
  /** The language the business writes its own texts in; the others are translations (ADR 073). */
  ownLocale: z.enum(LOCALES),
  descriptionTranslations: localizedTextsSchema,
  address: z.string(),
  city: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  /** How recipients book: WhatsApp (E.164), an https link, opening hours. */
  whatsapp: z.string().nullable(),
  bookingUrl: z.string().nullable(),
  openingHours: z.string().nullable(),
  /** The opening hours in other languages, as the description's (ADR 073). */
  openingHoursTranslations: localizedTextsSchema,
  businessType: z.enum(businessTypes),
  taxId: z.string(),
  businessRegistrationNumber: z.string().nullable(),
  /** Invoicing data (ADR 061): the razón social and the fiscal address Regalo's invoices name. */
  legalName: z.string().nullable(),
  fiscalAddress: z.string().nullable(),
  /** What Regalo's commission invoices still need (empty: it can be invoiced). */
  invoicingDataMissing: z.array(z.enum(invoicingDataFields)),
  /** What DAC7 reports of the seller beyond the invoicing data (ADR 100). */
  sellerDetails: sellerDetailsSchema,
  /** What the DAC7 report still lacks of this business, by its type (empty: nothing). */
  dac7Missing: z.array(z.enum(dac7SellerFields)),
  imageUrl: z.string().nullable(),
  /** 480 px variant for previews (the main image when it has none); null without an image. */
  thumbnailUrl: z.string().nullable(),
  /** Stored values; show `approved` as the specification's "verified". */
  verificationStatus: z.enum(verificationStatuses),
  rejectionReason: z.string().nullable(),
  isActive: z.boolean(),
  /** Percentage, e.g. 10 for 10 %: the rate the owner accepted, which prices their orders. */
  commissionRate: z.number(),
  /** A different rate the team proposed; it applies only once the owner accepts it (ADR 065). */
  proposedCommissionRate: z.number().nullable(),
  commissionProposedAt: z.string().nullable(),
  /** The owner gets one summary mail a day of sales and cancellations instead of a mail each. */
  orderMailDigest: z.boolean(),
  termsAcceptedAt: z.string().nullable(),
  /** The partner agreement's version accepted then (`/partner-terms`); null for an acceptance before versions. */
  partnerTermsVersion: z.string().nullable(),
  documents: z.array(dashboardDocumentSchema),
  totals: z.object({
    /** Gifts not archived. */
    gifts: z.number().int(),
    /** Orders of every status. */
    orders: z.number().int(),
    /** Requests for more time still waiting for the owner's answer (ADR 064). */
    extensionRequests: z.number().int(),
  }),
  createdAt: z.string(),
});
export type DashboardBusiness = z.infer<typeof dashboardBusinessSchema>;

const P = profileFieldErrors;

const businessTypeChoice = requiredChoice(businessTypes, P.invalidBusinessType);

/**
 * A coordinate as the form types it ("39.4738", or "39,4738" with a Spanish keyboard) or as a
 * number; empty clears it. Degrees within ±`limit`.
 */
const coordinate = (limit: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v.trim().replace(',', '.'))) : v),
    z.number({ error: P.invalidCoordinate }).min(-limit, { error: P.invalidCoordinate }).max(limit, { error: P.invalidCoordinate }).nullable(),
  );

/** Latitude and longitude come together or not at all (the one missing is named). */
export function coordinatesTogetherError(latitude: number | null, longitude: number | null): 'latitude' | 'longitude' | null {
  if ((latitude === null) === (longitude === null)) return null;
  return latitude === null ? 'latitude' : 'longitude';
}

const profileFields = businessInfoFields
  .omit({ businessName: true, businessType: true })
  .extend({
    name: businessInfoFields.shape.businessName,
    businessType: businessTypeChoice,
    email: optionalText(BUSINESS_LIMITS.email)
      .refine((v) => v === null || EMAIL_SHAPE.test(v), { error: P.invalidEmail })
      .transform((v) => (v === null ? null : v.toLowerCase())),
    businessRegistrationNumber: optionalText(PROFILE_LIMITS.businessRegistrationNumber),
    // whatsapp, bookingUrl and openingHours: the wizard's own rules (bookingDetailsFields).
    // An empty choice clears it.
    district: z.preprocess((v) => (v === '' ? null : v), z.enum(valenciaDistricts, { error: P.invalidDistrict }).nullable()),
    latitude: coordinate(90),
    longitude: coordinate(180),
    legalName: optionalText(PROFILE_LIMITS.legalName),
    fiscalAddress: optionalText(PROFILE_LIMITS.fiscalAddress, 'many'),
    ownLocale: z.enum(LOCALES, { error: 'invalid' }),
    descriptionTranslations: localizedTextsInput(BUSINESS_LIMITS.description, 'many'),
    openingHoursTranslations: localizedTextsInput(BOOKING_LIMITS.openingHours, 'many'),
  })
  .partial();

/**
 * PATCH /api/business/me. The form sends every field; the tax id is checked against the
 * business type here when both are present, and by the server against the merged values.
 */
export const businessProfilePatchSchema = profileFields
  .extend({
    /**
     * The owner was told that this change (of who the business is) sends an approved business
     * back to review, and confirmed it; without it such a save answers 409
     * `review_confirmation_required` with the fields in question and changes nothing (ADR 065).
     */
    confirmReview: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    const error = v.taxId !== undefined && v.businessType !== undefined ? taxIdError(v.taxId, v.businessType) : null;
    if (error) ctx.addIssue({ code: 'custom', path: ['taxId'], message: P[error] });
    const missing = v.latitude !== undefined && v.longitude !== undefined ? coordinatesTogetherError(v.latitude, v.longitude) : null;
    if (missing) ctx.addIssue({ code: 'custom', path: [missing], message: P.coordinatesTogether });
  })
  .transform((v) => (v.taxId === undefined ? v : { ...v, taxId: normalizeTaxId(v.taxId) }));
export type BusinessProfilePatchInput = z.input<typeof businessProfilePatchSchema>;
export type BusinessProfilePatch = z.output<typeof businessProfilePatchSchema>;

/**
 * POST /api/business/commission/accept: the owner accepts the rate the team proposed, as shown
 * to them, under the partner agreement's version they were shown (ADR 065). A proposal that
 * changed or went meanwhile answers 409 `commission_proposal_changed`; an older agreement 409
 * `partner_terms_outdated`. Nothing changes then.
 */
export const commissionAcceptanceSchema = z.object({
  commissionRate: z.number().min(0).max(100),
  partnerTermsVersion: z.string().max(32),
});
export type CommissionAcceptance = z.infer<typeof commissionAcceptanceSchema>;

/**
 * PUT /api/business/invoicing-details: the dashboard's task for a business that lacks its
 * legal name, fiscal address or district (registered before the wizard asked for them): the
 * owner's own business only (403 `no_business` otherwise) → 200 dashboardBusinessSchema.
 * 400 validation_failed (fields: legalName/fiscalAddress → fieldRequired | tooLong;
 * district → fieldRequired | invalidDistrict). Not an identity change: no new review.
 */
export const invoicingDetailsSchema = invoicingDetailsFields;
export type InvoicingDetails = z.output<typeof invoicingDetailsSchema>;
export type InvoicingDetailsInput = z.input<typeof invoicingDetailsSchema>;

/** PUT /api/business/mail-settings: one daily summary of order events instead of a mail each. */
export const ownerMailSettingsSchema = z.object({ orderMailDigest: z.boolean() });
export type OwnerMailSettings = z.infer<typeof ownerMailSettingsSchema>;

// ---------------------------------------------------------------------------------------
// Gifts

const G = giftFieldErrors;

/** What a person typed ('12,50', '12.50', 12.5) → whole cents, with the field codes above. */
export const priceInputSchema = z
  .union([z.string(), z.number()], { error: G.fillRequiredFields })
  .nullish()
  .transform((value, ctx) => {
    const parsed = parsePriceToCents(value);
    if (parsed.ok) return parsed.cents;
    const messages = {
      required: G.fillRequiredFields,
      invalid: G.invalidPrice,
      tooManyDecimals: G.priceDecimals,
      tooHigh: G.priceTooHigh,
    } as const;
    const message = messages[parsed.error];
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

/** An amount that may be left empty: null then; otherwise parsed as a price. */
const optionalAmountInput = z
  .union([z.string(), z.number()], { error: G.invalidPrice })
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
    const parsed = parsePriceToCents(value);
    if (parsed.ok) return parsed.cents;
    const messages = { required: G.fillRequiredFields, invalid: G.invalidPrice, tooManyDecimals: G.priceDecimals, tooHigh: G.priceTooHigh } as const;
    ctx.addIssue({ code: 'custom', message: messages[parsed.error] });
    return z.NEVER;
  });

/**
 * A card's suggested amounts as typed, one per box; empty boxes are dropped, the rest parsed
 * as prices, kept ascending without repeats; none: null.
 */
const suggestedAmountsInput = z
  .array(optionalAmountInput, { error: G.suggestedOutOfBounds })
  // Empty boxes and repeats do not count: the rule checks how many amounts are left.
  .max(CARD_MAX_SUGGESTED * 2, { error: G.suggestedOutOfBounds })
  .nullish()
  .transform((values) => {
    const amounts = [...new Set((values ?? []).filter((v): v is number => v !== null))].sort((a, b) => a - b);
    return amounts.length === 0 ? null : amounts;
  });

const giftFields = {
  name: singleLine(z.string({ error: G.fillRequiredFields }).trim().min(1, { error: G.fillRequiredFields }).max(GIFT_LIMITS.name, { error: G.tooLong })),
  description: z
    .string({ error: G.tooLong })
    .nullish()
    .transform((v) => {
      const t = (v ?? '').trim();
      return t === '' ? null : t;
    })
    .pipe(multiLine(z.string().max(GIFT_LIMITS.description, { error: G.tooLong })).nullable()),
  /** The name and description in other languages, the same lengths (ADR 073). */
  nameTranslations: localizedTextsInput(GIFT_LIMITS.name, 'one'),
  descriptionTranslations: localizedTextsInput(GIFT_LIMITS.description, 'many'),
  price: priceInputSchema,
  isAvailable: z.boolean({ error: 'invalid' }),
  /** Meant for two people: the catalogue's "for two" filter finds it. */
  forTwo: z.boolean({ error: 'invalid' }),
  validityDays: z.coerce
    .number({ error: G.invalidValidityDays })
    .int({ error: G.invalidValidityDays })
    .min(MIN_VALIDITY_DAYS, { error: G.invalidValidityDays })
    // A card may last longer than a fixed gift; which bound applies is checked with the kind.
    .max(CARD_MAX_VALIDITY_DAYS, { error: G.invalidValidityDays }),
  // What a recipient must know to use it (shared/domain/gift-conditions.ts).
  bookingRequired: z.boolean({ error: 'invalid' }),
  /** "For N people"; empty or null: not said. */
  partySize: z
    .union([z.number(), z.string()], { error: G.invalidPartySize })
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
      const n = typeof v === 'number' ? v : Number(v.trim());
      if (!Number.isInteger(n) || n < 1 || n > MAX_PARTY_SIZE) {
        ctx.addIssue({ code: 'custom', message: G.invalidPartySize });
        return z.NEVER;
      }
      return n;
    }),
  /** The days it can be used on (ISO 1 Monday … 7 Sunday); none or all seven: any day. */
  validWeekdays: z
    .array(z.number({ error: G.invalidWeekdays }).int({ error: G.invalidWeekdays }).min(1, { error: G.invalidWeekdays }).max(7, { error: G.invalidWeekdays }), {
      error: G.invalidWeekdays,
    })
    .max(7, { error: G.invalidWeekdays })
    .nullish()
    .transform((v) => normalizeWeekdays(v)),
  conditions: z
    .string({ error: G.tooLong })
    .nullish()
    .transform((v) => {
      const t = (v ?? '').trim();
      return t === '' ? null : t;
    })
    .pipe(multiLine(z.string().max(BOOKING_LIMITS.conditions, { error: G.tooLong })).nullable()),
};

/** What the offer's check reads; a field that failed on its own may hold anything. */
type GiftOfferDraft = {
  kind: GiftKind;
  price: number | null;
  minAmount: number | null;
  maxAmount: number | null;
  suggestedAmounts: number[] | null;
  validityDays: number;
};

/** A gift card's fields (ADR 108): its bounds and suggestions, typed in euros like the price. */
const cardFields = {
  minAmount: optionalAmountInput,
  maxAmount: optionalAmountInput,
  suggestedAmounts: suggestedAmountsInput,
};

/**
 * POST /api/business/gifts. `price` is the text typed in euros; the server stores cents.
 * `kind` is chosen once: `fixed` needs a price; `card` needs `minAmount` and `maxAmount`
 * (5 € to 500 €, min ≤ max), takes optional `suggestedAmounts` within them and at least 365
 * days of validity; its price is its minimum (a price sent with it is ignored).
 */
export const giftInputSchema = z
  .object({
    ...giftFields,
    ...cardFields,
    kind: z.enum(giftKinds, { error: 'invalid' }).default('fixed'),
    price: optionalAmountInput,
    isAvailable: giftFields.isAvailable.default(true),
    forTwo: giftFields.forTwo.default(false),
    validityDays: giftFields.validityDays.default(DEFAULT_VALIDITY_DAYS),
    bookingRequired: giftFields.bookingRequired.default(false),
    nameTranslations: giftFields.nameTranslations.default({}),
    descriptionTranslations: giftFields.descriptionTranslations.default({}),
  })
  // Also when another field failed (a missing name must not hide a missing price): a field
  // that failed on its own is left to its own message and read as absent here.
  .check(
    z.superRefine(
      (v: GiftOfferDraft, ctx) => {
        const failed = new Set(ctx.issues.map((issue) => String(issue.path?.[0])));
        if (failed.has('kind')) return;
        const ok = <T,>(field: string, value: T | undefined) => (failed.has(field) || value === undefined ? null : value);
        const errors = giftOfferFieldErrors({
          kind: v.kind,
          price: ok('price', v.price),
          minAmount: ok('minAmount', v.minAmount),
          maxAmount: ok('maxAmount', v.maxAmount),
          suggestedAmounts: ok('suggestedAmounts', v.suggestedAmounts),
          validityDays: ok('validityDays', v.validityDays) ?? DEFAULT_VALIDITY_DAYS,
        });
        for (const [field, message] of Object.entries(errors)) {
          if (!failed.has(field)) ctx.addIssue({ code: 'custom', path: [field], message });
        }
      },
      { when: () => true },
    ),
  )
  .transform((v) =>
    v.kind === 'card'
      ? { ...v, price: v.minAmount! }
      : { ...v, price: v.price!, minAmount: null, maxAmount: null, suggestedAmounts: null },
  );
export type GiftInput = z.input<typeof giftInputSchema>;
export type GiftValues = z.output<typeof giftInputSchema>;

/**
 * PATCH /api/business/gifts/:id: only the fields sent change; a gift's kind never does. The
 * bounds are checked on the gift as it would be saved (400 with the same field codes).
 */
export const giftPatchSchema = z.object({ ...giftFields, ...cardFields }).partial();
export type GiftPatchInput = z.input<typeof giftPatchSchema>;
export type GiftPatch = z.output<typeof giftPatchSchema>;

export const giftParamsSchema = z.object({ id: z.string().max(64) });

export const dashboardGiftSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  nameTranslations: localizedTextsSchema,
  descriptionTranslations: localizedTextsSchema,
  kind: z.enum(giftKinds),
  /** Whole cents; a card's minimum. */
  price: z.number().int(),
  /** A card's bounds and suggested amounts in cents; null for a fixed gift. */
  minAmount: z.number().int().nullable(),
  maxAmount: z.number().int().nullable(),
  suggestedAmounts: z.array(z.number().int()).nullable(),
  currency: z.string(),
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  isAvailable: z.boolean(),
  forTwo: z.boolean(),
  validityDays: z.number().int(),
  bookingRequired: z.boolean(),
  partySize: z.number().int().nullable(),
  validWeekdays: z.array(z.number().int()).nullable(),
  conditions: z.string().nullable(),
  /** Deleting a gift with orders archives it instead. */
  hasOrders: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DashboardGift = z.infer<typeof dashboardGiftSchema>;

export const dashboardGiftListSchema = z.object({ items: z.array(dashboardGiftSchema) });
export type DashboardGiftList = z.infer<typeof dashboardGiftListSchema>;

export const giftDeleteOutcomes = ['deleted', 'archived'] as const;
export const giftDeleteResultSchema = z.object({ id: z.string(), outcome: z.enum(giftDeleteOutcomes) });
export type GiftDeleteResult = z.infer<typeof giftDeleteResultSchema>;

export const giftImageSchema = z.object({ imageUrl: z.string(), thumbnailUrl: z.string() });
export type GiftImage = z.infer<typeof giftImageSchema>;

// ---------------------------------------------------------------------------------------
// Orders

const D = periodFieldErrors;
const calendarDate = z
  .string({ error: D.invalidDate })
  .refine((v) => isCalendarDate(v), { error: D.invalidDate });
// Query strings arrive as text; an empty parameter means "not given".
const emptyAsAbsent = (v: unknown) => (v === '' ? undefined : v);

export const ordersQuerySchema = z.object({
  status: z.preprocess(emptyAsAbsent, z.enum(businessOrderFilters, { error: 'invalid' }).optional()),
  from: z.preprocess(emptyAsAbsent, calendarDate.optional()),
  to: z.preprocess(emptyAsAbsent, calendarDate.optional()),
  cursor: z.preprocess(emptyAsAbsent, z.string().max(200, { error: 'invalid' }).optional()),
  limit: z.coerce
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .min(1, { error: 'invalid' })
    .max(ORDERS_MAX_PAGE_SIZE, { error: 'invalid' })
    .default(ORDERS_PAGE_SIZE),
});
export type OrdersQuery = z.output<typeof ordersQuerySchema>;

export const dashboardOrderSchema = z.object({
  id: z.string(),
  giftId: z.string(),
  giftName: z.string(),
  /** The gift's validity in days: the longest extension the owner may give (ADR 064). */
  giftValidityDays: z.number().int(),
  status: z.enum(orderStatuses),
  /** Cents. */
  totalAmount: z.number().int(),
  currency: z.string(),
  recipientName: z.string(),
  recipientPhone: z.string().nullable(),
  personalMessage: z.string().nullable(),
  /** The platform's percentage for this order (e.g. 1.14), fixed when the price was. */
  commissionRate: z.number().nullable(),
  /** Cents; null until paid. commissionAmount + commissionVatAmount + netAmount = totalAmount. */
  commissionAmount: z.number().int().nullable(),
  /** Cents: IVA on Regalo's commission (ADR 053); null until paid. */
  commissionVatAmount: z.number().int().nullable(),
  /** Cents the business receives; null until paid. */
  netAmount: z.number().int().nullable(),
  /** The state of the order's one transfer to the business (ADR 053); null before payment. */
  transferState: z.enum(transferStates).nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  redeemedAt: z.string().nullable(),
  expiresAt: z.string(),
  updatedAt: z.string(),
  /** Fair expiry (ADR 064): when the recipient asked for more time; null if never. */
  extensionRequestedAt: z.string().nullable(),
  /** The business's answer, once given; null while it waits (or was never asked). */
  extensionDecision: z.enum(['extended', 'declined']).nullable(),
  /**
   * A gift card's figures, read from its movements (ADR 104); null for a fixed gift. Cents:
   * `spentCents` is what its uses took less the undone ones, `balanceCents` what is left now
   * (0 once withdrawn or expired), `uses` the uses not undone.
   */
  card: z
    .object({
      amountCents: z.number().int(),
      spentCents: z.number().int(),
      balanceCents: z.number().int(),
      uses: z.number().int(),
    })
    .nullable(),
});
export type DashboardOrder = z.infer<typeof dashboardOrderSchema>;
export type DashboardCardFigures = NonNullable<DashboardOrder['card']>;

/**
 * POST /api/business/orders/:id/extension — the owner answers a recipient's request for more
 * time, once. `extend` moves the expiry to the end of the day `days` calendar days from today
 * in Valencia: one of the lengths extensionLengthsFor(the gift's validity) offers (default:
 * the gift's validity).
 * 200 the order's new status and expiry; 404 not this business's; 409
 * `extension_not_requested` / `extension_already_decided` / `order_not_extendable`;
 * 400 fields.days `invalidExtensionLength`.
 */
export const extensionDecisionSchema = z.object({
  decision: z.enum(['extend', 'decline']),
  days: z
    .number({ error: 'invalidExtensionLength' })
    .int({ error: 'invalidExtensionLength' })
    .optional(),
});
/** The order after the answer (the dashboard reloads its lists for the rest). */
export const extensionDecisionResultSchema = z.object({
  id: z.string(),
  status: z.enum(orderStatuses),
  expiresAt: z.string(),
  extensionDecision: z.enum(['extended', 'declined']),
});
export type ExtensionDecisionResult = z.infer<typeof extensionDecisionResultSchema>;
export const extensionParamsSchema = z.object({ id: z.string().max(64) });
export type ExtensionDecisionInput = z.infer<typeof extensionDecisionSchema>;

export const dashboardOrderPageSchema = z.object({
  items: z.array(dashboardOrderSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type DashboardOrderPage = z.infer<typeof dashboardOrderPageSchema>;

export const orderUpdatesQuerySchema = z.object({
  since: isoTimestamp(D.invalidDate),
});

export const orderUpdatesSchema = z.object({
  items: z.array(dashboardOrderSchema),
  /** The server's clock when it looked. */
  serverTime: z.string(),
  /** What to send as the next `since` (serverTime minus ORDER_UPDATES_OVERLAP_MS). */
  nextSince: z.string(),
});
export type OrderUpdates = z.infer<typeof orderUpdatesSchema>;

// ---------------------------------------------------------------------------------------
// Analytics

export const analyticsQuerySchema = z.object({
  from: z.preprocess(emptyAsAbsent, calendarDate.optional()),
  to: z.preprocess(emptyAsAbsent, calendarDate.optional()),
});
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;

export const businessAnalyticsSchema = z.object({
  /** The period actually used (YYYY-MM-DD, Europe/Madrid, inclusive). */
  from: z.string(),
  to: z.string(),
  timeZone: z.literal('Europe/Madrid'),
  currency: z.string(),
  giftsSold: z.number().int(),
  /** Cents: sum of total_amount, of commission_amount, commission_vat_amount and net_amount of the sales. */
  revenue: z.number().int(),
  commission: z.number().int(),
  commissionVat: z.number().int(),
  net: z.number().int(),
  redeemed: z.number().int(),
  /** redeemed / giftsSold between 0 and 1; null when nothing was sold. */
  redemptionRate: z.number().nullable(),
  /** Up to 5, by count then revenue. */
  topGifts: z.array(
    z.object({ giftId: z.string(), name: z.string(), count: z.number().int(), revenue: z.number().int() }),
  ),
  weeks: z.array(
    z.object({
      /** The Monday (YYYY-MM-DD) starting the week; the first may start before `from`. */
      weekStart: z.string(),
      giftsSold: z.number().int(),
      revenue: z.number().int(),
    }),
  ),
});
export type BusinessAnalytics = z.infer<typeof businessAnalyticsSchema>;
