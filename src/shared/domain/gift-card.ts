import { MAX_VALIDITY_DAYS } from './order-status';

/**
 * A business's gift card (ADR 108): an amount the giver chooses between the card's
 * minimum and maximum, spent in parts at that business. The bounds below are the platform's:
 * the owner picks a minimum and a maximum inside them. The database's CHECKs say the same
 * (`gifts_card_offer_check`), so a row that breaks them cannot exist.
 */

/** What a gift is: one fixed thing at one price, or a card holding an amount. */
export const giftKinds = ['fixed', 'card'] as const;
export type GiftKind = (typeof giftKinds)[number];

/** 5,00 € to 500,00 €: a card's amounts always lie between these. */
export const CARD_MIN_CENTS = 500;
export const CARD_MAX_CENTS = 50_000;
/** A card lasts at least twelve months, and at most twenty-four. */
export const CARD_MIN_VALIDITY_DAYS = 365;
export const CARD_MAX_VALIDITY_DAYS = 730;
/** The amounts the checkout offers as buttons; the giver may still type another. */
export const CARD_MAX_SUGGESTED = 4;

/** Field codes a card's offer may answer (dashboard namespace, `fieldErrors.<code>`). */
export const cardOfferErrors = {
  amountRequired: 'cardAmountRequired',
  amountOutOfBounds: 'cardAmountOutOfBounds',
  minAboveMax: 'cardMinAboveMax',
  suggestedOutOfBounds: 'cardSuggestedOutOfBounds',
  validity: 'cardValidityDays',
} as const;
export type CardOfferError = (typeof cardOfferErrors)[keyof typeof cardOfferErrors];

export interface CardOffer {
  minAmount: number | null;
  maxAmount: number | null;
  suggestedAmounts: readonly number[] | null;
  validityDays: number;
}

const withinPlatform = (cents: number) => Number.isInteger(cents) && cents >= CARD_MIN_CENTS && cents <= CARD_MAX_CENTS;

/** What is wrong with a card's offer, per field; empty when it may be sold. */
export function cardOfferFieldErrors(offer: CardOffer): Partial<Record<keyof CardOffer, CardOfferError>> {
  const errors: Partial<Record<keyof CardOffer, CardOfferError>> = {};
  const { minAmount: min, maxAmount: max } = offer;
  if (min === null) errors.minAmount = cardOfferErrors.amountRequired;
  else if (!withinPlatform(min)) errors.minAmount = cardOfferErrors.amountOutOfBounds;
  if (max === null) errors.maxAmount = cardOfferErrors.amountRequired;
  else if (!withinPlatform(max)) errors.maxAmount = cardOfferErrors.amountOutOfBounds;
  if (!errors.minAmount && !errors.maxAmount && min! > max!) errors.maxAmount = cardOfferErrors.minAboveMax;
  const suggested = offer.suggestedAmounts ?? [];
  if (
    suggested.length > CARD_MAX_SUGGESTED ||
    suggested.some((cents) => !withinPlatform(cents) || (min !== null && cents < min) || (max !== null && cents > max))
  ) {
    errors.suggestedAmounts = cardOfferErrors.suggestedOutOfBounds;
  }
  if (!Number.isInteger(offer.validityDays) || offer.validityDays < CARD_MIN_VALIDITY_DAYS || offer.validityDays > CARD_MAX_VALIDITY_DAYS) {
    errors.validityDays = cardOfferErrors.validity;
  }
  return errors;
}

/** Checkout field codes for a card line's amount (checkout namespace, `errors.fields.<code>`). */
export const cardAmountErrors = {
  required: 'card_amount_required',
  invalid: 'card_amount_invalid',
  outOfBounds: 'card_amount_out_of_bounds',
  notACard: 'card_amount_not_a_card',
} as const;

/**
 * Whether a giver's amount may buy this card: whole cents, within its bounds. Null when it may.
 * Amounts arrive as cents already (the contract refuses fractions and text).
 */
export function cardAmountError(amountCents: number | null | undefined, card: { minAmount: number; maxAmount: number }) {
  if (amountCents === null || amountCents === undefined) return cardAmountErrors.required;
  if (!Number.isInteger(amountCents)) return cardAmountErrors.invalid;
  if (amountCents < card.minAmount || amountCents > card.maxAmount) return cardAmountErrors.outOfBounds;
  return null;
}

/**
 * What is wrong with a gift's offer as a whole, per field, for either kind: a fixed gift needs
 * its price and lasts 30 to 365 days; a card, its bounds (above). The contract and the edit's
 * use case (which checks the saved row with the changes) both ask this one rule.
 */
export function giftOfferFieldErrors(offer: CardOffer & { kind: GiftKind; price: number | null }): Record<string, string> {
  if (offer.kind === 'card') return cardOfferFieldErrors(offer);
  const errors: Record<string, string> = {};
  if (offer.price === null) errors.price = 'fillRequiredFields';
  if (offer.validityDays > MAX_VALIDITY_DAYS) errors.validityDays = 'invalidValidityDays';
  return errors;
}

/**
 * What a listing says a gift costs: its price, or a card's "from … to …" bounds, for the
 * reader's own wording (each page's catalogue has its "from {{min}} to {{max}}").
 */
export function cardBounds(gift: { kind: GiftKind; minAmount: number | null; maxAmount: number | null }): { min: number; max: number } | null {
  return gift.kind === 'card' && gift.minAmount !== null && gift.maxAmount !== null ? { min: gift.minAmount, max: gift.maxAmount } : null;
}
