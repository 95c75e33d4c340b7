import { LOCALES } from '../locale';
import { z } from 'zod';
import { businessCategories, DEFAULT_COMMISSION_RATE, documentTypes } from '../domain/business';
import { valenciaDistricts } from '../domain/valencia-districts';
import { normalizeTaxId, taxIdError } from '../domain/tax-id';
import { BOOKING_LIMITS, normalizeBookingUrl } from '../domain/gift-conditions';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './auth';
import { multiLine, plainTextFieldErrors, singleLine } from './plain-text';
import { normalizePhone } from './profile';

/**
 * Business onboarding: interest → mailed link → /confirm → /business/confirm → wizard.
 * Every failure is problem+json `{type,title,status,detail,code,fields?}`; the web maps
 * `code` (and each `fields` value) to a translated message.
 *
 * POST /api/business/interest            public, rate-limited per IP and per email
 *   body interestInputSchema → 201 interestResultSchema
 *   The same 201 whether or not the address has an account (its owner is mailed instead:
 *       no account enumeration, ADR 035), 400 validation_failed (fields: businessName/email →
 *       fieldRequired | invalidEmail | tooLong), 429 rate_limited,
 *       503 `mail_delivery_failed` (the confirmation mail could not be queued: nothing was
 *       created; show 'Registration failed: {detail}' in the 'Email Delivery Issue' box).
 *   A repeated submit for an address whose interest is still unconfirmed answers 201 again
 *   without a second user or mail (the spec ignores the duplicate record).
 * POST /api/business/interest/confirm    public; the /confirm page opening the mailed link
 *   body confirmTokenInputSchema → 200 confirmTokenResultSchema. A live link of an account
 *   nobody has confirmed answers `passwordRequired` and changes nothing (the link is used
 *   by setting the password, below; `email` is given only to the browser that filled the
 *   interest form, anywhere else the person types it). A used link, or one whose account was
 *   confirmed another way, answers `confirmed` with `alreadyConfirmed` (sign in to go on).
 *   400 `token_missing`, 404 `token_invalid` (→ 'Confirmation Failed'), 410 `token_expired`
 *   (→ 'Link Expired', offer resend). Never signs anyone in.
 * POST /api/business/interest/password   public; the /confirm page's password form
 *   body linkPasswordInputSchema → 200 linkPasswordResultSchema + the session cookie: the
 *   address is confirmed, the password set (replacing one left by a sign-up nobody
 *   confirmed), the link used up, and this browser signed in. 400 `token_missing`, 404
 *   `token_invalid`, 410 `token_expired`, 409 `link_used` (used before, or the account was
 *   confirmed another way: sign in, or reset the password); 400 `email_mismatch` (fields.email
 *   `emailMismatch`: not the address the link was sent to), 400 with `fields.newPassword`
 *   `PASSWORD_TOO_SHORT` | `PASSWORD_TOO_LONG` | `PASSWORD_TOO_COMMON`. A refusal changes nothing.
 * POST /api/business/interest/resend     public, rate-limited
 *   body resendInputSchema ({token} from the expired page, or {email}) → 202 {status:'sent'}
 *   whatever the address (reveals nothing); 400 `token_missing` when neither is given.
 * POST /api/business/confirm-session     signed in; the /business/confirm page
 *   → 200 confirmSessionResultSchema; 401 unauthenticated (web → /business/interest).
 *   hasBusiness true → web goes to /business/dashboard.
 * GET  /api/account/password             signed in → 200 passwordStatusSchema
 * POST /api/account/password             signed in; body setPasswordInputSchema → 204
 *   409 `password_already_set` (use reset instead); 400 with `fields.newPassword` one of
 *   Better Auth's codes `PASSWORD_TOO_SHORT` | `PASSWORD_TOO_LONG` | `PASSWORD_TOO_COMMON`
 *   (translate them as /auth does; `code` is validation_failed or PASSWORD_TOO_COMMON).
 * POST /api/business/registration        signed in; the wizard's submit
 *   body registrationInputSchema → 201 registrationResultSchema
 *   400 validation_failed with fields (registrationFieldErrors), 400 `commission_required`,
 *   400 `password_required` (the account has neither a password nor Google to sign in with:
 *   without one the owner could not come back once this session ends),
 *   400 `documents_missing` (fields: {<documentType>: 'documentRequired'} per missing type),
 *   409 `business_exists`, 401 unauthenticated (web: loginRequired toast).
 * GET  /api/business/registration        signed in → 200 businessRegistrationStatusSchema,
 *   404 `business_not_found` when the caller owns no business.
 * GET  /api/business/signup-draft        signed in; the caller's own unsubmitted step 1
 *   → 200 signupDraftResultSchema (`draft` null when there is none). ADR 066.
 * PUT  /api/business/signup-draft        signed in; body signupDraftSchema (the whole step-1
 *   form, each field optional, unchecked beyond its length) → 204. 400 validation_failed
 *   (fields: <field> → tooLong | invalidCategory | invalidBusinessType), 409 `business_exists`
 *   once the caller has a business. The registration deletes the draft.
 */

export const interestLocales = LOCALES;

/** Field codes (web: business.signup.errors.<code> / businessInterest.errors.<code>). */
export const registrationFieldErrors = {
  fieldRequired: 'fieldRequired',
  invalidTaxId: 'invalidTaxId',
  nieNeedsIndividual: 'nieNeedsIndividual',
  invalidEmail: 'invalidEmail',
  invalidPhone: 'invalidPhone',
  invalidWebsite: 'invalidWebsite',
  invalidCategory: 'invalidCategory',
  invalidBusinessType: 'invalidBusinessType',
  invalidDistrict: 'invalidDistrict',
  /** A booking link must be https (it is tapped from the gift page). */
  bookingUrlNotHttps: 'bookingUrlNotHttps',
  tooLong: 'tooLong',
  controlCharacter: plainTextFieldErrors.controlCharacter,
  controlCharacterInText: plainTextFieldErrors.controlCharacterInText,
} as const;
const E = registrationFieldErrors;

export const BUSINESS_LIMITS = {
  businessName: 200,
  email: 254,
  address: 300,
  taxId: 20,
  phone: 32,
  website: 300,
  description: 2000,
  legalName: 200,
  fiscalAddress: 300,
} as const;

/** A required one-line text. */
export const requiredText = (max: number) =>
  singleLine(z.string({ error: E.fieldRequired }).trim().min(1, { error: E.fieldRequired }).max(max, { error: E.tooLong }));

export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const interestInputSchema = z.object({
  businessName: requiredText(BUSINESS_LIMITS.businessName),
  email: requiredText(BUSINESS_LIMITS.email)
    .refine((v) => v === '' || EMAIL_SHAPE.test(v), { error: E.invalidEmail })
    .transform((v) => v.toLowerCase()),
  locale: z.enum(interestLocales).default('en'),
});
export type InterestInput = z.input<typeof interestInputSchema>;

export const interestResultSchema = z.object({ status: z.literal('pending'), email: z.string() });
export type InterestResult = z.infer<typeof interestResultSchema>;

export const confirmationTypes = ['business', 'consumer'] as const;
export type ConfirmationType = (typeof confirmationTypes)[number];

/** The /confirm page sends the query parameters as they are; `type` defaults to business. */
export const confirmTokenInputSchema = z.object({
  token: z.string().max(200).optional(),
  type: z.enum(confirmationTypes).catch('business').default('business'),
});
export type ConfirmTokenInput = z.input<typeof confirmTokenInputSchema>;

export const confirmTokenResultSchema = z.discriminatedUnion('status', [
  z.object({
    /** The link works and nobody has confirmed the account: set a password to use it. */
    status: z.literal('passwordRequired'),
    type: z.enum(confirmationTypes),
    /** The address, for the browser that filled the interest form only; null elsewhere. */
    email: z.string().nullable(),
  }),
  z.object({
    status: z.literal('confirmed'),
    /** Always true: the link was used before, or the address was confirmed another way. */
    alreadyConfirmed: z.boolean(),
    type: z.enum(confirmationTypes),
  }),
]);
export type ConfirmTokenResult = z.infer<typeof confirmTokenResultSchema>;

/** The /confirm page's form: the address the link was sent to, and the password to sign in with. */
export const linkPasswordInputSchema = z.object({
  token: z.string({ error: 'token_missing' }).max(200),
  email: requiredText(BUSINESS_LIMITS.email)
    .refine((v) => v === '' || EMAIL_SHAPE.test(v), { error: E.invalidEmail })
    .transform((v) => v.toLowerCase()),
  newPassword: z
    .string({ error: 'PASSWORD_TOO_SHORT' })
    .min(MIN_PASSWORD_LENGTH, { error: 'PASSWORD_TOO_SHORT' })
    .max(MAX_PASSWORD_LENGTH, { error: 'PASSWORD_TOO_LONG' }),
});
export type LinkPasswordInput = z.input<typeof linkPasswordInputSchema>;
export const linkPasswordResultSchema = z.object({ status: z.literal('confirmed'), signedIn: z.literal(true) });
export type LinkPasswordResult = z.infer<typeof linkPasswordResultSchema>;

export const resendInputSchema = z.object({
  token: z.string().max(200).optional(),
  email: z.string().trim().max(BUSINESS_LIMITS.email).optional(),
  locale: z.enum(interestLocales).optional(),
});
export type ResendInput = z.input<typeof resendInputSchema>;
export const resendResultSchema = z.object({ status: z.literal('sent') });

export const confirmSessionResultSchema = z.object({
  businessName: z.string().nullable(),
  email: z.string(),
  hasBusiness: z.boolean(),
});
export type ConfirmSessionResult = z.infer<typeof confirmSessionResultSchema>;

export const passwordStatusSchema = z.object({
  hasPassword: z.boolean(),
  /** Signs in with Google: the wizard may be submitted without a password (nothing to be locked out of). */
  hasGoogle: z.boolean().default(false),
});
export type PasswordStatus = z.infer<typeof passwordStatusSchema>;

export const setPasswordInputSchema = z.object({
  newPassword: z
    .string({ error: 'PASSWORD_TOO_SHORT' })
    .min(MIN_PASSWORD_LENGTH, { error: 'PASSWORD_TOO_SHORT' })
    .max(MAX_PASSWORD_LENGTH, { error: 'PASSWORD_TOO_LONG' }),
});
export type SetPasswordInput = z.infer<typeof setPasswordInputSchema>;

/** Categories and types offered by the wizard (cooperative exists in data, not in sign-up). */
export const signupBusinessTypes = ['individual', 'company'] as const;
export type SignupBusinessType = (typeof signupBusinessTypes)[number];

/** An optional text, trimmed, null when empty: one line, unless `lines` says it may have several. */
export const optionalText = (max: number, lines: 'one' | 'many' = 'one') =>
  z
    .string()
    .nullish()
    .transform((v) => {
      const t = (v ?? '').trim();
      return t === '' ? null : t;
    })
    .pipe((lines === 'one' ? singleLine : multiLine)(z.string().max(max, { error: E.tooLong })).nullable());

/** `example.es` or `https://example.es/...` → an absolute http(s) URL, or undefined if it is not one. */
export function normalizeWebsite(value: string): string | undefined {
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    if (!url.hostname.includes('.') || /\s/.test(value)) return undefined;
    return url.toString();
  } catch {
    return undefined;
  }
}

export const requiredChoice = <T extends readonly [string, ...string[]]>(values: T, invalid: string) =>
  z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? E.fieldRequired : invalid),
  });

/**
 * What Regalo's commission invoices and the catalogue's district filter need (ADR 061): the
 * razón social (or the self-employed owner's full name), the fiscal address on one line, and
 * the Valencia district. Asked by the wizard and by the dashboard's task for businesses
 * registered before it asked; the same rules on both sides and on the server.
 */
export const invoicingDetailsFields = z.object({
  legalName: requiredText(BUSINESS_LIMITS.legalName),
  fiscalAddress: requiredText(BUSINESS_LIMITS.fiscalAddress),
  district: requiredChoice(valenciaDistricts, E.invalidDistrict),
});

/**
 * How recipients book and when the business is open, shown where the gift page says how to
 * book: a WhatsApp number (the same Spanish phone rules as the business phone, which is the
 * phone for bookings), a booking link (https only: it is tapped from the gift page) and the
 * opening hours in the owner's words. Asked by the wizard and edited on the dashboard's
 * profile, by these same rules on both sides and on the server.
 */
export const bookingDetailsFields = z.object({
  whatsapp: optionalText(BOOKING_LIMITS.whatsapp)
    .refine((v) => v === null || normalizePhone(v) !== undefined, { error: E.invalidPhone })
    .transform((v) => (v === null ? null : (normalizePhone(v) ?? null))),
  bookingUrl: optionalText(BOOKING_LIMITS.bookingUrl)
    .refine((v) => v === null || normalizeBookingUrl(v) !== undefined, { error: E.bookingUrlNotHttps })
    .transform((v) => (v === null ? null : (normalizeBookingUrl(v) ?? null))),
  openingHours: optionalText(BOOKING_LIMITS.openingHours, 'many'),
});

export const businessInfoFields = z.object({
  businessName: requiredText(BUSINESS_LIMITS.businessName),
  category: requiredChoice(businessCategories, E.invalidCategory),
  address: requiredText(BUSINESS_LIMITS.address),
  taxId: requiredText(BUSINESS_LIMITS.taxId),
  phone: optionalText(BUSINESS_LIMITS.phone)
    .refine((v) => v === null || normalizePhone(v) !== undefined, { error: E.invalidPhone })
    .transform((v) => (v === null ? null : (normalizePhone(v) ?? null))),
  website: optionalText(BUSINESS_LIMITS.website)
    .refine((v) => v === null || normalizeWebsite(v) !== undefined, { error: E.invalidWebsite })
    .transform((v) => (v === null ? null : (normalizeWebsite(v) ?? null))),
  description: optionalText(BUSINESS_LIMITS.description, 'many'),
  businessType: requiredChoice(signupBusinessTypes, E.invalidBusinessType),
  ...invoicingDetailsFields.shape,
  ...bookingDetailsFields.shape,
});

// The tax id's accepted forms depend on the business type (NIE for individuals only).
function checkTaxId(v: { taxId: string; businessType: SignupBusinessType }, ctx: z.RefinementCtx) {
  const error = taxIdError(v.taxId, v.businessType);
  if (error) ctx.addIssue({ code: 'custom', path: ['taxId'], message: E[error] });
}

/** Step 1 of the wizard; the same rules validate the form and the server. */
export const businessInfoSchema = businessInfoFields
  .superRefine(checkTaxId)
  .transform((v) => ({ ...v, taxId: normalizeTaxId(v.taxId) }));
export type BusinessInfoInput = z.input<typeof businessInfoSchema>;
export type BusinessInfo = z.output<typeof businessInfoSchema>;

/**
 * The wizard's submit: step-1 fields plus the commission box. `commissionAccepted` must be
 * true; false or absent → 400 `commission_required` (checked after the fields).
 */
export const registrationInputSchema = businessInfoFields
  .extend({ commissionAccepted: z.boolean().default(false) })
  .superRefine(checkTaxId)
  .transform((v) => ({ ...v, taxId: normalizeTaxId(v.taxId) }));
export type RegistrationInput = z.input<typeof registrationInputSchema>;
export type RegistrationValues = z.output<typeof registrationInputSchema>;

export const registrationResultSchema = z.object({
  businessId: z.string(),
  verificationStatus: z.literal('pending'),
  commissionRate: z.number(),
  documents: z.array(z.object({ type: z.enum(documentTypes), fileName: z.string(), uploadedAt: z.string() })),
});
export type RegistrationResult = z.infer<typeof registrationResultSchema>;

/** Step 1 as the owner left it (ADR 066): anything typed so far, only bounded in length. */
const draftText = (max: number, lines: 'one' | 'many' = 'one') => (lines === 'one' ? singleLine : multiLine)(z.string().max(max, { error: E.tooLong })).optional();
export const signupDraftFieldsSchema = z.object({
  businessName: draftText(BUSINESS_LIMITS.businessName),
  category: z.union([z.enum(businessCategories), z.literal('')], { error: E.invalidCategory }).optional(),
  address: draftText(BUSINESS_LIMITS.address),
  taxId: draftText(BUSINESS_LIMITS.taxId),
  businessType: z.enum(signupBusinessTypes, { error: E.invalidBusinessType }).optional(),
  phone: draftText(BUSINESS_LIMITS.phone),
  website: draftText(BUSINESS_LIMITS.website),
  description: draftText(BUSINESS_LIMITS.description, 'many'),
  legalName: draftText(BUSINESS_LIMITS.legalName),
  fiscalAddress: draftText(BUSINESS_LIMITS.fiscalAddress),
  district: z.union([z.enum(valenciaDistricts), z.literal('')], { error: E.invalidDistrict }).optional(),
  whatsapp: draftText(BOOKING_LIMITS.whatsapp),
  bookingUrl: draftText(BOOKING_LIMITS.bookingUrl),
  openingHours: draftText(BOOKING_LIMITS.openingHours, 'many'),
});
export type SignupDraftFields = z.infer<typeof signupDraftFieldsSchema>;

export const signupDraftSchema = signupDraftFieldsSchema.extend({
  /** A photo had been chosen: the page asks for it again (files are not kept in a draft). */
  hadPhoto: z.boolean().default(false),
});
export type SignupDraftInput = z.input<typeof signupDraftSchema>;
export type SignupDraft = z.output<typeof signupDraftSchema>;

export const signupDraftResultSchema = z.object({
  draft: z.object({ values: signupDraftFieldsSchema, hadPhoto: z.boolean(), updatedAt: z.string() }).nullable(),
});
export type SignupDraftResult = z.infer<typeof signupDraftResultSchema>;

/** The rate the commission step shows; new businesses get it until the team changes it. */
export const SIGNUP_COMMISSION_RATE = DEFAULT_COMMISSION_RATE;

/** Problem codes of these endpoints besides the guards' and validation_failed. */
export const businessOnboardingErrorCodes = [
  'mail_delivery_failed',
  'token_missing',
  'token_invalid',
  'token_expired',
  'password_already_set',
  'password_required',
  'link_used',
  'email_mismatch',
  'commission_required',
  'documents_missing',
  'business_exists',
  'business_not_found',
] as const;

/**
 * GET /api/business/registration  signed in → 200 for the caller's own business,
 * 404 `business_not_found` when they own none.
 */
export const businessRegistrationStatusSchema = z.object({
  businessId: z.string(),
  name: z.string(),
  verificationStatus: z.enum(['pending', 'approved', 'rejected']),
  isActive: z.boolean(),
});
export type BusinessRegistrationStatus = z.infer<typeof businessRegistrationStatusSchema>;
