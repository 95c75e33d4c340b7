import { describe, expect, it } from 'vitest';
import { businessInfoSchema, interestInputSchema, linkPasswordInputSchema, normalizeWebsite, registrationInputSchema, signupDraftSchema } from './business-onboarding';
import { invoicingDetailsSchema } from './business-dashboard';

const valid = {
  businessName: 'Horno',
  category: 'retail',
  address: 'Carrer 1',
  taxId: 'b12345674',
  businessType: 'company',
  legalName: 'Horno S.L.',
  fiscalAddress: 'Carrer 1, 46001 València',
  district: 'ciutat_vella',
};

function fieldErrors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('business info (wizard step 1)', () => {
  it('accepts a valid company and upper-cases the tax id', () => {
    const parsed = businessInfoSchema.parse(valid);
    expect(parsed.taxId).toBe('B12345674');
    expect(parsed).toMatchObject({ phone: null, website: null, description: null });
  });

  it('accepts a tax id typed with the ES VAT prefix and stores it without, and K/L/M NIFs', () => {
    expect(businessInfoSchema.parse({ ...valid, taxId: 'ESB58378431' }).taxId).toBe('B58378431');
    expect(businessInfoSchema.parse({ ...valid, taxId: 'ES-x-2482300w', businessType: 'individual' }).taxId).toBe('X2482300W');
    expect(businessInfoSchema.parse({ ...valid, taxId: 'M-1234567-L', businessType: 'individual' }).taxId).toBe('M1234567L');
    expect(businessInfoSchema.parse({ ...valid, taxId: 'L1111111G', businessType: 'individual' }).taxId).toBe('L1111111G');
  });

  it('marks empty required fields with fieldRequired', () => {
    const result = businessInfoSchema.safeParse({ businessName: '', category: '', address: ' ', taxId: '', businessType: '' });
    expect(fieldErrors(result)).toMatchObject({
      businessName: 'fieldRequired',
      category: 'fieldRequired',
      address: 'fieldRequired',
      taxId: 'fieldRequired',
      businessType: 'fieldRequired',
    });
  });

  it('checks the tax id by its check character, and NIE only for individuals', () => {
    expect(fieldErrors(businessInfoSchema.safeParse({ ...valid, taxId: 'B12345678' }))).toEqual({ taxId: 'invalidTaxId' });
    // A valid NIE on a company is the wrong business type, not a typo: its own message says so.
    expect(fieldErrors(businessInfoSchema.safeParse({ ...valid, taxId: 'X1234567L' }))).toEqual({ taxId: 'nieNeedsIndividual' });
    expect(businessInfoSchema.safeParse({ ...valid, businessType: 'individual', taxId: 'x1234567l' }).success).toBe(true);
    expect(businessInfoSchema.safeParse({ ...valid, businessType: 'individual', taxId: '12345678Z' }).success).toBe(true);
  });

  it('refuses unknown categories and cooperative as a sign-up type', () => {
    expect(fieldErrors(businessInfoSchema.safeParse({ ...valid, category: 'casino' }))).toEqual({ category: 'invalidCategory' });
    expect(fieldErrors(businessInfoSchema.safeParse({ ...valid, businessType: 'cooperative' }))).toEqual({ businessType: 'invalidBusinessType' });
  });

  it('normalises optional phone and website, and refuses bad ones', () => {
    const parsed = businessInfoSchema.parse({ ...valid, phone: '612 345 678', website: 'horno.es' });
    expect(parsed).toMatchObject({ phone: '+34612345678', website: 'https://horno.es/' });
    expect(fieldErrors(businessInfoSchema.safeParse({ ...valid, phone: 'call me' }))).toEqual({ phone: 'invalidPhone' });
    expect(fieldErrors(businessInfoSchema.safeParse({ ...valid, website: 'javascript:alert(1)' }))).toEqual({ website: 'invalidWebsite' });
  });

  it('normalizeWebsite keeps http(s) only', () => {
    expect(normalizeWebsite('http://bar.es/menu')).toBe('http://bar.es/menu');
    expect(normalizeWebsite('ftp://bar.es')).toBeUndefined();
    expect(normalizeWebsite('localhost')).toBeUndefined();
  });
});

describe('registration and interest bodies', () => {
  it('defaults the commission box to unchecked', () => {
    expect(registrationInputSchema.parse(valid).commissionAccepted).toBe(false);
  });

  it('lower-cases the interest email and requires both fields', () => {
    expect(interestInputSchema.parse({ businessName: 'Bar', email: 'A@B.ES' })).toEqual({ businessName: 'Bar', email: 'a@b.es', locale: 'en' });
    expect(fieldErrors(interestInputSchema.safeParse({ businessName: '', email: '' }))).toMatchObject({
      businessName: 'fieldRequired',
      email: 'fieldRequired',
    });
  });
});

describe('invoicing details (wizard step 1 and the dashboard task)', () => {
  it('are required in the wizard: legal name, fiscal address and a Valencia district', () => {
    const { legalName: _l, fiscalAddress: _f, district: _d, ...without } = valid;
    expect(fieldErrors(businessInfoSchema.safeParse(without))).toEqual({ legalName: 'fieldRequired', fiscalAddress: 'fieldRequired', district: 'fieldRequired' });
    expect(fieldErrors(businessInfoSchema.safeParse({ ...valid, legalName: '  ', fiscalAddress: '', district: '' }))).toEqual({
      legalName: 'fieldRequired',
      fiscalAddress: 'fieldRequired',
      district: 'fieldRequired',
    });
    expect(fieldErrors(businessInfoSchema.safeParse({ ...valid, district: 'atlantis', legalName: 'x'.repeat(201), fiscalAddress: 'x'.repeat(301) }))).toEqual({
      district: 'invalidDistrict',
      legalName: 'tooLong',
      fiscalAddress: 'tooLong',
    });
    expect(businessInfoSchema.parse({ ...valid, legalName: ' Horno S.L. ' })).toMatchObject({ legalName: 'Horno S.L.', fiscalAddress: 'Carrer 1, 46001 València', district: 'ciutat_vella' });
    expect(registrationInputSchema.safeParse({ ...valid, district: undefined, commissionAccepted: true }).success).toBe(false);
  });

  it('the dashboard task checks the same three fields with the same codes', () => {
    expect(invoicingDetailsSchema.parse({ legalName: ' Forn S.L.', fiscalAddress: 'Carrer 2', district: 'benimaclet' })).toEqual({
      legalName: 'Forn S.L.',
      fiscalAddress: 'Carrer 2',
      district: 'benimaclet',
    });
    expect(fieldErrors(invoicingDetailsSchema.safeParse({ legalName: '', district: 'nowhere' }))).toEqual({
      legalName: 'fieldRequired',
      fiscalAddress: 'fieldRequired',
      district: 'invalidDistrict',
    });
  });

  it('travel with the draft as typed, empty included, but only a known district', () => {
    expect(signupDraftSchema.parse({ legalName: '', fiscalAddress: 'Carrer 1', district: '' })).toMatchObject({ legalName: '', fiscalAddress: 'Carrer 1', district: '' });
    expect(fieldErrors(signupDraftSchema.safeParse({ district: 'atlantis' }))).toEqual({ district: 'invalidDistrict' });
  });
});

describe('the confirmation link\'s password form', () => {
  it('needs the token, the address (lower-cased) and a password of 8 to 128 characters', () => {
    expect(linkPasswordInputSchema.parse({ token: 't', email: ' Owner@Example.TEST ', newPassword: 'orxata-de-xufa' })).toEqual({
      token: 't',
      email: 'owner@example.test',
      newPassword: 'orxata-de-xufa',
    });
    expect(fieldErrors(linkPasswordInputSchema.safeParse({ token: 't', email: 'nope', newPassword: 'short' }))).toEqual({
      email: 'invalidEmail',
      newPassword: 'PASSWORD_TOO_SHORT',
    });
    expect(fieldErrors(linkPasswordInputSchema.safeParse({ token: 't', email: '', newPassword: 'x'.repeat(129) }))).toEqual({
      email: 'fieldRequired',
      newPassword: 'PASSWORD_TOO_LONG',
    });
  });
});
