/**
 * Commission invoices and their VERI*FACTU records (ADR 061): the words shared by the server
 * (CHECK constraints, use cases) and the web app (labels).
 */

/** F1: a full invoice; R1: a rectifying invoice (art. 80 Uno, Dos y Seis LIVA) by differences. */
export const invoiceTypes = ['F1', 'R1'] as const;
export type InvoiceTypeCode = (typeof invoiceTypes)[number];

/** A registration record (registro de alta) or a cancellation record (registro de anulación). */
export const verifactuRecordKinds = ['alta', 'anulacion'] as const;
export type VerifactuRecordKind = (typeof verifactuRecordKinds)[number];

/** What a business must have before it can be invoiced (refused rather than blank, ADR 061). */
export const invoicingDataFields = ['legalName', 'taxId', 'fiscalAddress'] as const;
export type InvoicingDataField = (typeof invoicingDataFields)[number];

/**
 * What the dashboard's invoicing-details task asks for: the invoicing data the owner types
 * there (the tax id is part of the review, changed in the profile) and the Valencia district
 * the catalogue filters by.
 */
export const invoicingDetailFields = ['legalName', 'fiscalAddress', 'district'] as const;
export type InvoicingDetailField = (typeof invoicingDetailFields)[number];

export function missingInvoicingDetails(business: { legalName: string | null; fiscalAddress: string | null; district: string | null }): InvoicingDetailField[] {
  return invoicingDetailFields.filter((field) => !business[field] || business[field].trim().length === 0);
}

/** A quarter as `YYYY-Qn`, the book's and DAC7's period. */
export const QUARTER_PATTERN = /^(\d{4})-Q([1-4])$/;

/** What is missing for a business to be invoiced: an invoice with a blank party is refused, never issued. */
export function missingInvoicingData(business: { legalName: string | null; taxId: string | null; fiscalAddress: string | null }): InvoicingDataField[] {
  const blank = (v: string | null) => !v || v.trim().length === 0;
  const missing: InvoicingDataField[] = [];
  if (blank(business.legalName)) missing.push('legalName');
  if (blank(business.taxId)) missing.push('taxId');
  if (blank(business.fiscalAddress)) missing.push('fiscalAddress');
  return missing;
}
