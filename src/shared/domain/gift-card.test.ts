import { describe, expect, it } from 'vitest';
import { cardAmountError, cardOfferFieldErrors, giftOfferFieldErrors } from './gift-card';

const card = { minAmount: 500, maxAmount: 50_000, suggestedAmounts: null, validityDays: 365 };

describe('a gift card’s offer', () => {
  it('may be sold between 5 € and 500 €, min ≤ max, for 12 to 24 months', () => {
    expect(cardOfferFieldErrors(card)).toEqual({});
    expect(cardOfferFieldErrors({ ...card, minAmount: 2000, maxAmount: 2000, suggestedAmounts: [2000], validityDays: 730 })).toEqual({});
  });

  it('names each field that is wrong', () => {
    expect(cardOfferFieldErrors({ ...card, minAmount: 499 })).toEqual({ minAmount: 'cardAmountOutOfBounds' });
    expect(cardOfferFieldErrors({ ...card, maxAmount: 50_001 })).toEqual({ maxAmount: 'cardAmountOutOfBounds' });
    expect(cardOfferFieldErrors({ ...card, minAmount: 3000, maxAmount: 2000 })).toEqual({ maxAmount: 'cardMinAboveMax' });
    expect(cardOfferFieldErrors({ ...card, minAmount: null, maxAmount: null })).toEqual({ minAmount: 'cardAmountRequired', maxAmount: 'cardAmountRequired' });
    expect(cardOfferFieldErrors({ ...card, minAmount: 1000, suggestedAmounts: [900] })).toEqual({ suggestedAmounts: 'cardSuggestedOutOfBounds' });
    expect(cardOfferFieldErrors({ ...card, suggestedAmounts: [1000, 2000, 3000, 4000, 5000] })).toEqual({ suggestedAmounts: 'cardSuggestedOutOfBounds' });
    expect(cardOfferFieldErrors({ ...card, validityDays: 364 })).toEqual({ validityDays: 'cardValidityDays' });
  });

  it('leaves a fixed gift to its price and its 365 days', () => {
    expect(giftOfferFieldErrors({ ...card, kind: 'fixed', price: 1000 })).toEqual({});
    expect(giftOfferFieldErrors({ ...card, kind: 'fixed', price: null, validityDays: 366 })).toEqual({ price: 'fillRequiredFields', validityDays: 'invalidValidityDays' });
  });
});

describe('a card’s amount at checkout', () => {
  it('is whole cents within the card’s bounds', () => {
    const bounds = { minAmount: 500, maxAmount: 10_000 };
    expect(cardAmountError(500, bounds)).toBeNull();
    expect(cardAmountError(10_000, bounds)).toBeNull();
    expect(cardAmountError(499, bounds)).toBe('card_amount_out_of_bounds');
    expect(cardAmountError(10_001, bounds)).toBe('card_amount_out_of_bounds');
    expect(cardAmountError(1000.5, bounds)).toBe('card_amount_invalid');
    expect(cardAmountError(undefined, bounds)).toBe('card_amount_required');
  });
});
