// The checkout's limits and recipient languages, without zod: the cart reads them on every signed-in first load (ADR 039).
import { LOCALES } from '../locale';
export const CHECKOUT_LIMITS = {
  recipientName: 100,
  recipientEmail: 254,
  recipientPhone: 30,
  personalMessage: 500,
  lines: 20,
  /** A scheduled delivery may lie at most this many days ahead. */
  maxScheduleDays: 90,
} as const;

export const recipientLocales = LOCALES;
export type RecipientLocale = (typeof recipientLocales)[number];
