import { describe, expect, it } from 'vitest';
import { ApiError } from '@web/lib/api-client';
import {
  areDocumentsComplete,
  canGoNext,
  classifySubmitFailure,
  isBusinessInfoValid,
  uploadErrorKey,
} from './wizard-rules';

const problem = (status: number, code: string, fields?: Record<string, string>) =>
  new ApiError(status, { type: 'about:blank', title: code, status, code, fields });

const validCompany = {
  businessName: 'Horchatería Daniel',
  category: 'coffee_bakery' as const,
  address: 'Avinguda de la Horchata, 41, Alboraya',
  taxId: 'b12345674',
  businessType: 'company' as const,
  phone: '',
  website: '',
  description: '',
  legalName: 'Orxateria Daniel S.L.',
  fiscalAddress: 'Avinguda de la Horchata, 41, 46120 Alboraia',
  district: 'benimaclet' as const,
};

describe('isBusinessInfoValid', () => {
  it('accepts a company with a valid CIF in lower case and empty optional fields', () => {
    expect(isBusinessInfoValid(validCompany)).toBe(true);
  });
  it('refuses a missing required field or a CIF with a wrong control digit', () => {
    expect(isBusinessInfoValid({ ...validCompany, address: '  ' })).toBe(false);
    expect(isBusinessInfoValid({ ...validCompany, category: undefined })).toBe(false);
    expect(isBusinessInfoValid({ ...validCompany, taxId: 'B12345675' })).toBe(false);
    // What the invoices and the district filter need.
    expect(isBusinessInfoValid({ ...validCompany, legalName: '' })).toBe(false);
    expect(isBusinessInfoValid({ ...validCompany, fiscalAddress: ' ' })).toBe(false);
    expect(isBusinessInfoValid({ ...validCompany, district: undefined })).toBe(false);
  });
  it('accepts a NIE only for an individual', () => {
    expect(isBusinessInfoValid({ ...validCompany, taxId: 'X1234567L', businessType: 'individual' })).toBe(true);
    expect(isBusinessInfoValid({ ...validCompany, taxId: 'X1234567L', businessType: 'company' })).toBe(false);
  });
});

describe('areDocumentsComplete', () => {
  it('needs three documents for a company and the id document for an individual', () => {
    expect(areDocumentsComplete('company', ['business_license', 'tax_registration'], false)).toBe(false);
    expect(areDocumentsComplete('company', ['business_license', 'tax_registration', 'articles_incorporation'], false)).toBe(true);
    expect(areDocumentsComplete('individual', ['business_license', 'tax_registration', 'articles_incorporation'], false)).toBe(false);
    expect(areDocumentsComplete('individual', ['business_license', 'tax_registration', 'id_document'], false)).toBe(true);
  });
  it('is not complete while an upload is still running', () => {
    expect(areDocumentsComplete('individual', ['business_license', 'tax_registration', 'id_document'], true)).toBe(false);
  });
});

describe('canGoNext', () => {
  it('follows the current step only, and never blocks the submit step', () => {
    expect(canGoNext(1, { infoValid: false, documentsComplete: true })).toBe(false);
    expect(canGoNext(1, { infoValid: true, documentsComplete: false })).toBe(true);
    expect(canGoNext(2, { infoValid: true, documentsComplete: false })).toBe(false);
    expect(canGoNext(3, { infoValid: false, documentsComplete: false })).toBe(true);
  });
});


describe('classifySubmitFailure', () => {
  it('maps the session and business rules to the wizard actions', () => {
    expect(classifySubmitFailure(problem(401, 'unauthenticated'))).toEqual({ kind: 'loginRequired' });
    expect(classifySubmitFailure(problem(403, 'email_not_verified'))).toEqual({ kind: 'authFailed' });
    expect(classifySubmitFailure(problem(400, 'commission_required'))).toEqual({ kind: 'commission' });
    expect(classifySubmitFailure(problem(400, 'documents_missing', { id_document: 'documentRequired' }))).toEqual({
      kind: 'documents',
    });
    expect(classifySubmitFailure(problem(409, 'business_exists'))).toEqual({ kind: 'exists' });
    expect(classifySubmitFailure(problem(400, 'password_required'))).toEqual({ kind: 'password' });
    expect(classifySubmitFailure(problem(400, 'validation_failed', { district: 'invalidDistrict' }))).toEqual({ kind: 'fields', fields: { district: 'invalidDistrict' } });
  });
  it('keeps only step-1 field errors and falls back to registrationError', () => {
    expect(classifySubmitFailure(problem(400, 'validation_failed', { taxId: 'invalidTaxId', other: 'x' }))).toEqual({
      kind: 'fields',
      fields: { taxId: 'invalidTaxId' },
    });
    expect(classifySubmitFailure(problem(400, 'validation_failed', { other: 'x' }))).toEqual({
      kind: 'message',
      key: 'registrationError',
    });
    expect(classifySubmitFailure(new Error('boom'))).toEqual({ kind: 'message', key: 'registrationError' });
  });
});

describe('uploadErrorKey', () => {
  it('names the server refusals and falls back to a generic failure', () => {
    expect(uploadErrorKey(problem(413, 'file_too_large'))).toBe('signup.errors.fileTooLarge');
    expect(uploadErrorKey(problem(415, 'unsupported_file_type'))).toBe('signup.errors.unsupportedFileType');
    expect(uploadErrorKey(problem(500, 'internal_error'))).toBe('signup.documents.uploadFailed');
  });
});
