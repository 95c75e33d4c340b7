import { z } from 'zod';
import {
  birthDateError,
  dac7SellerFields,
  EU_MEMBER_STATES,
  ibanError,
  madridDayOf,
  normalizeIban,
  normalizeVatNumber,
  vatNumberError,
} from '../domain/dac7-seller';
import { optionalText } from './business-onboarding';
import { plainTextFieldErrors } from './plain-text';

/**
 * The seller details DAC7 reports (Directive 2021/514, Annex V; ADR 100), part of the
 * business's invoicing data and kept by the owner in the profile tab:
 *
 * PUT /api/business/seller-details   the owner's own business (401 anonymous, 403 `no_business`)
 *   body sellerDetailsInputSchema → 200 dashboardBusinessSchema (with `sellerDetails` and
 *   `dac7Missing`). Every field may be left empty (a business keeps working without them; the
 *   report lists what is missing); what is given is checked, and a refusal is 400
 *   validation_failed with `fields` (sellerDetailsFieldErrors) and changes nothing. Not who the
 *   business is (ADR 034): no new review.
 * GET /api/admin/dac7/:year/missing  admin only → dac7MissingSellerDataSchema: the businesses
 *   with relevant activities in the year that lack a field the report needs, with the day the
 *   report is due.
 */

export const sellerDetailsFieldErrors = {
  tooLong: 'tooLong',
  invalidDate: 'invalidDate',
  notAdult: 'notAdult',
  tooOld: 'tooOld',
  invalidVatNumber: 'invalidVatNumber',
  vatNumberCountry: 'vatNumberCountry',
  invalidIban: 'invalidIban',
  ibanCountry: 'ibanCountry',
  ibanLength: 'ibanLength',
  invalidMemberState: 'invalidMemberState',
  duplicateMemberState: 'duplicateMemberState',
  controlCharacter: plainTextFieldErrors.controlCharacter,
  controlCharacterInText: plainTextFieldErrors.controlCharacterInText,
} as const;
const E = sellerDetailsFieldErrors;

export const SELLER_DETAILS_LIMITS = { name: 100, vatNumber: 20, iban: 42, ibanHolder: 200 } as const;

/** A checked optional value: null when empty, else `check` says why it is refused, `normalize` how it is kept. */
const checkedText = (max: number, check: (v: string) => string | null, normalize: (v: string) => string) =>
  optionalText(max)
    .superRefine((v, ctx) => {
      const error = v === null ? null : check(v);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    })
    .transform((v) => (v === null ? null : normalize(v)));

export const sellerDetailsInputSchema = z.object({
  /** A sole trader's own names, as on their DNI/NIE. */
  ownerFirstName: optionalText(SELLER_DETAILS_LIMITS.name),
  ownerLastName: optionalText(SELLER_DETAILS_LIMITS.name),
  /** `YYYY-MM-DD`: a real day, of someone of age today in Madrid (the browser's and the server's clock). */
  ownerBirthDate: checkedText(10, (v) => birthDateError(v, madridDayOf(new Date())), (v) => v),
  /** With its Member State prefix; a Spanish one checked by its check character. */
  vatNumber: checkedText(SELLER_DETAILS_LIMITS.vatNumber, vatNumberError, normalizeVatNumber),
  /** Member States with a permanent establishment; empty when there is none. */
  permanentEstablishments: z
    .array(z.enum(EU_MEMBER_STATES, { error: E.invalidMemberState }), { error: E.invalidMemberState })
    .max(EU_MEMBER_STATES.length, { error: E.invalidMemberState })
    .refine((states) => new Set(states).size === states.length, { error: E.duplicateMemberState })
    .default([]),
  /** The account the business is paid to, checked by its check digits (ISO 13616). */
  iban: checkedText(SELLER_DETAILS_LIMITS.iban, ibanError, normalizeIban),
  ibanHolder: optionalText(SELLER_DETAILS_LIMITS.ibanHolder),
});
export type SellerDetailsInput = z.input<typeof sellerDetailsInputSchema>;
export type SellerDetails = z.output<typeof sellerDetailsInputSchema>;

/** As stored and read back by the dashboard. */
export const sellerDetailsSchema = z.object({
  ownerFirstName: z.string().nullable(),
  ownerLastName: z.string().nullable(),
  ownerBirthDate: z.string().nullable(),
  vatNumber: z.string().nullable(),
  permanentEstablishments: z.array(z.enum(EU_MEMBER_STATES)),
  iban: z.string().nullable(),
  ibanHolder: z.string().nullable(),
});

export const dac7MissingSellerDataSchema = z.object({
  year: z.number().int(),
  /** `YYYY-MM-DD`: 31 January of the next year. */
  dueDate: z.string(),
  businesses: z.array(z.object({ id: z.string(), name: z.string(), businessType: z.string(), missing: z.array(z.enum(dac7SellerFields)) })),
});
export type Dac7MissingSellerData = z.infer<typeof dac7MissingSellerDataSchema>;
