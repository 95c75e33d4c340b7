import { describe, expect, it } from 'vitest';
import {
  acceptFor,
  documentProgress,
  extensionOf,
  isAllowedDocumentName,
  MAX_DOCUMENT_BYTES,
  MAX_IMAGE_BYTES,
  missingDocuments,
  requiredDocuments,
} from './documents';

describe('required documents', () => {
  it('individuals need a licence, the tax registration and an identity document', () => {
    expect(requiredDocuments('individual')).toEqual(['business_license', 'tax_registration', 'id_document']);
  });

  it('companies (and cooperatives) need the articles of incorporation instead', () => {
    expect(requiredDocuments('company')).toEqual(['business_license', 'tax_registration', 'articles_incorporation']);
    expect(requiredDocuments('cooperative')).toEqual(requiredDocuments('company'));
  });

  it('lists what is missing in the wizard order and counts progress over required ones only', () => {
    expect(missingDocuments('company', ['tax_registration', 'id_document'])).toEqual(['business_license', 'articles_incorporation']);
    expect(documentProgress('company', ['tax_registration', 'id_document'])).toEqual({ uploaded: 1, total: 3 });
    expect(documentProgress('individual', ['business_license', 'tax_registration', 'id_document'])).toEqual({ uploaded: 3, total: 3 });
    expect(missingDocuments('individual', ['business_license', 'tax_registration', 'id_document'])).toEqual([]);
  });
});

describe('allowed files', () => {
  it('takes pdf, jpg, jpeg and png, case-insensitively, for most documents', () => {
    for (const name of ['a.pdf', 'b.JPG', 'c.jpeg', 'd.Png']) expect(isAllowedDocumentName('business_license', name)).toBe(true);
    expect(isAllowedDocumentName('id_document', 'scan.gif')).toBe(false);
    expect(isAllowedDocumentName('tax_registration', 'pdf')).toBe(false);
  });

  it('takes a photo of the articles of incorporation as well as a PDF', () => {
    expect(isAllowedDocumentName('articles_incorporation', 'estatutos.pdf')).toBe(true);
    expect(isAllowedDocumentName('articles_incorporation', 'escritura.JPG')).toBe(true);
    expect(isAllowedDocumentName('articles_incorporation', 'escritura.png')).toBe(true);
    expect(isAllowedDocumentName('articles_incorporation', 'escritura.heic')).toBe(false);
    expect(acceptFor('articles_incorporation')).toBe('.pdf,.jpg,.jpeg,.png');
    expect(acceptFor('business_license')).toBe('.pdf,.jpg,.jpeg,.png');
  });

  it('reads extensions, ignoring dot files and trailing dots', () => {
    expect(extensionOf('archive.tar.PDF')).toBe('pdf');
    expect(extensionOf('.pdf')).toBe('');
    expect(extensionOf('name.')).toBe('');
    expect(extensionOf('noext')).toBe('');
  });

  it('has the specification limits: 10 MB documents, 5 MB images', () => {
    expect(MAX_DOCUMENT_BYTES).toBe(10 * 1024 * 1024);
    expect(MAX_IMAGE_BYTES).toBe(5 * 1024 * 1024);
  });
});
