/**
 * A report of a listing someone believes illegal (Digital Services Act arts. 16-17, issue
 * 26.5): what is reported, under which category, and how the platform team decided.
 */
export const reportTargets = ['gift', 'business'] as const;
export type ReportTarget = (typeof reportTargets)[number];

export const reportCategories = [
  'illegal_product',
  'misleading',
  'intellectual_property',
  'unsafe',
  'hateful_or_violent',
  'fraud',
  'other',
] as const;
export type ReportCategory = (typeof reportCategories)[number];

/** `open` until the team decides: `hidden` (the listing left the catalogue) or `kept`. */
export const reportStatuses = ['open', 'hidden', 'kept'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

export const reportDecisions = ['hide', 'keep'] as const;
export type ReportDecision = (typeof reportDecisions)[number];

export const REPORT_LIMITS = { explanation: 2000, reason: 2000, facts: 2000, email: 254 } as const;
