/** The recipient as an invoice names it, from the business's invoicing data (complete: the caller checked). */
export function invoiceRecipientOf(business: { legalName: string | null; taxId: string; fiscalAddress: string | null }) {
  return { name: business.legalName!.trim(), taxId: business.taxId.trim().toUpperCase(), address: business.fiscalAddress!.trim().replace(/\s*\n\s*/g, ', ') };
}

/** An order as an invoice line names it: the first eight characters of its id, upper case. */
export const shortOrder = (orderId: string) => orderId.slice(0, 8).toUpperCase();
