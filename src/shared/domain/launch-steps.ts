import { invoicingDataFields } from './invoices';

/**
 * The steps from approval to the first sale, in the order the owner does them (contract:
 * contracts/launch-checklist.ts). Without zod, so the dashboard's card can read them at run
 * time without loading it (ADR 039).
 */
export const launchStepKeys = ['commission', 'payouts', 'invoicing', 'firstGift'] as const;
export type LaunchStepKey = (typeof launchStepKeys)[number];

/** The invoicing data the checklist asks for: the invoicing rule's fields and the district. */
export const launchDetailFields = [...invoicingDataFields, 'district'] as const;
export type LaunchDetailField = (typeof launchDetailFields)[number];

/** Where each step is done, on the dashboard (the web links there; the email adds the origin). */
export const launchStepPaths: Record<LaunchStepKey, string> = {
  commission: '/business/dashboard?tab=verification',
  payouts: '/business/dashboard?tab=payouts',
  invoicing: '/business/dashboard?tab=profile',
  firstGift: '/business/dashboard?tab=gifts',
};
