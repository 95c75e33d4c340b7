import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { businessProfilePatchSchema, giftInputSchema } from '@shared/contracts/business-dashboard';
import { setServerErrors } from './form-errors';

/** The message code per field that the dialog's resolver (the one the forms use) reports. */
async function errorsOf(schema: z.ZodType<Record<string, unknown>, Record<string, unknown>>, value: Record<string, unknown>) {
  const result = await zodResolver(schema)(value, undefined, { fields: {}, shouldUseNativeValidation: false });
  return Object.fromEntries(Object.entries(result.errors).map(([field, error]) => [field, error?.message]));
}

describe('setServerErrors', () => {
  it('puts each code the server named on its field', async () => {
    const setError = vi.fn();
    setServerErrors(setError, { phone: 'invalidPhone', taxId: 'invalidTaxId' });
    expect(setError.mock.calls).toEqual([
      ['phone', { type: 'server', message: 'invalidPhone' }],
      ['taxId', { type: 'server', message: 'invalidTaxId' }],
    ]);
  });
});

describe('the gift dialog rules', () => {
  it('asks for the required fields', async () => {
    expect(await errorsOf(giftInputSchema, { name: ' ', price: '' })).toEqual({
      name: 'fillRequiredFields',
      price: 'fillRequiredFields',
    });
  });

  it('refuses prices that are not a positive amount of cents', async () => {
    for (const price of ['abc', '0', '-1']) {
      expect(await errorsOf(giftInputSchema, { name: 'Paella', price })).toEqual({ price: 'invalidPrice' });
    }
  });

  it('refuses a third decimal instead of rounding it', async () => {
    for (const price of ['12,555', '12.505', '0,004']) {
      expect(await errorsOf(giftInputSchema, { name: 'Paella', price })).toEqual({ price: 'priceDecimals' });
    }
  });

  it('accepts a comma or a point and validity of 30 to 365 days', async () => {
    expect(await errorsOf(giftInputSchema, { name: 'Paella', price: '12,50', validityDays: 30 })).toEqual({});
    expect(await errorsOf(giftInputSchema, { name: 'Paella', price: '12.50', validityDays: 365 })).toEqual({});
    expect(await errorsOf(giftInputSchema, { name: 'Paella', price: '12.50', validityDays: 29 })).toEqual({
      validityDays: 'invalidValidityDays',
    });
  });
});

describe('the profile rules', () => {
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

  it('accepts a complete profile with a valid CIF', async () => {
    expect(await errorsOf(businessProfilePatchSchema, valid)).toEqual({});
  });

  it('names every wrong field once', async () => {
    expect(
      await errorsOf(businessProfilePatchSchema, { ...valid, name: '', email: 'not-an-email', website: 'nope', taxId: '123' }),
    ).toEqual({ name: 'fieldRequired', email: 'invalidEmail', website: 'invalidWebsite', taxId: 'invalidTaxId' });
  });
});
