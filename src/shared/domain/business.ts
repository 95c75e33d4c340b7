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

/** Why an application (a review by the platform team) was opened. */
export const applicationKinds = ['registration', 'resubmission', 'identity_change'] as const;
export type ApplicationKind = (typeof applicationKinds)[number];

/**
 * The fields that identify a business to customers and to the tax authority. Changing one
 * after approval (or any verification document) sends the business back to review (ADR 034).
 */
export const identityFields = ['name', 'businessType', 'taxId', 'businessRegistrationNumber'] as const;
export type IdentityField = (typeof identityFields)[number];
/** The name recorded in `changed_fields` when a verification document is added, replaced or removed. */
export const DOCUMENTS_CHANGE = 'documents';

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

/**
 * Whether a business may redeem gifts at its counter: while active, and also after the
 * platform team deactivated an approved business — what was paid for stays redeemable.
 */
export function canRedeem(business: { isActive: boolean; verificationStatus: string }): boolean {
  return business.isActive || business.verificationStatus === 'approved';
}
