import { describe, expect, it } from 'vitest';
import { businessProfilePatchSchema, giftInputSchema } from '@shared/contracts/business-dashboard';
import { fieldErrorsOf } from './form-errors';

function errorsOf(schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return fieldErrorsOf(result.error as Parameters<typeof fieldErrorsOf>[0]);
}

describe('fieldErrorsOf with the gift dialog rules', () => {
  it('asks for the required fields', () => {
    expect(errorsOf(giftInputSchema, { name: ' ', price: '' })).toEqual({
      name: 'fillRequiredFields',
      price: 'fillRequiredFields',
    });
  });

  it('refuses prices that are not a positive amount of cents', () => {
    for (const price of ['abc', '0', '-1']) {
      expect(errorsOf(giftInputSchema, { name: 'Paella', price })).toEqual({ price: 'invalidPrice' });
    }
  });

  it('refuses a third decimal instead of rounding it', () => {
    for (const price of ['12,555', '12.505', '0,004']) {
      expect(errorsOf(giftInputSchema, { name: 'Paella', price })).toEqual({ price: 'priceDecimals' });
    }
  });

  it('accepts a comma or a point and validity of 30 to 365 days', () => {
    expect(errorsOf(giftInputSchema, { name: 'Paella', price: '12,50', validityDays: 30 })).toEqual({});
    expect(errorsOf(giftInputSchema, { name: 'Paella', price: '12.50', validityDays: 365 })).toEqual({});
    expect(errorsOf(giftInputSchema, { name: 'Paella', price: '12.50', validityDays: 29 })).toEqual({
      validityDays: 'invalidValidityDays',
    });
  });
});

describe('fieldErrorsOf with the profile rules', () => {
  const valid = {
    name: 'Horchatería',
    category: 'traditional_drinks',
    address: 'Carrer de Santa Caterina 6',
    businessType: 'company',
    taxId: 'B12345674',
    email: '',
    phone: '',
    website: '',
  };

  it('accepts a complete profile with a valid CIF', () => {
    expect(errorsOf(businessProfilePatchSchema, valid)).toEqual({});
  });

  it('names every wrong field once', () => {
    expect(
      errorsOf(businessProfilePatchSchema, { ...valid, name: '', email: 'not-an-email', website: 'nope', taxId: '123' }),
    ).toEqual({ name: 'fieldRequired', email: 'invalidEmail', website: 'invalidWebsite', taxId: 'invalidTaxId' });
  });
});
