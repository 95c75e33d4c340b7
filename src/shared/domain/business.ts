/**
 * One category list for the whole product. The specification had two that disagreed (the
 * sign-up wizard's and the dashboard's); this is their union, used by the wizard, the
 * dashboard and the consumer filters alike. Labels live in the `common` catalogue under
 * `categories.<value>`.
 */
export const businessCategories = [
  'restaurant',
  'coffee_bakery',
  'artisan_workshop',
  'food_experience',
  'traditional_drinks',
  'retail',
  'services',
  'entertainment',
  'health',
  'other',
] as const;
export type BusinessCategory = (typeof businessCategories)[number];

export const businessTypes = ['individual', 'company', 'cooperative'] as const;
export type BusinessType = (typeof businessTypes)[number];

/** Stored values; the dashboard shows `approved` as the specification's "verified". */
export const verificationStatuses = ['pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];

export const applicationStatuses = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

export const LISTING_CITY = 'Valencia';
export const DEFAULT_COMMISSION_RATE = 10;

export const documentTypes = [
  'business_license',
  'tax_registration',
  'articles_incorporation',
  'id_document',
] as const;
export type DocumentType = (typeof documentTypes)[number];

export interface VerificationDocument {
  type: DocumentType;
  fileName: string;
  /** Storage key; documents are private and downloaded through an authorised endpoint. */
  url: string;
  uploadedAt: string;
}
