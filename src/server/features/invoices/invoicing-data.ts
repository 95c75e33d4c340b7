import type { InvoicingDataField } from '@shared/domain/invoices';

/** What is missing for a business to be invoiced: an invoice with a blank party is refused, never issued. */
export function missingInvoicingData(business: { legalName: string | null; taxId: string | null; fiscalAddress: string | null }): InvoicingDataField[] {
  const blank = (v: string | null) => !v || v.trim().length === 0;
  const missing: InvoicingDataField[] = [];
  if (blank(business.legalName)) missing.push('legalName');
  if (blank(business.taxId)) missing.push('taxId');
  if (blank(business.fiscalAddress)) missing.push('fiscalAddress');
  return missing;
}
