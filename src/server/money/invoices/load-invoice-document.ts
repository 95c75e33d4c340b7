import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { invoiceCancellations, invoiceLines, invoices, invoiceSubstitutions } from '../../db/schema/invoices';
import type { InvoiceDocument } from '../../platform/verifactu/invoice-document';

/**
 * An issued invoice as `InvoiceDocument`, from the invoice tables: the one way the document
 * renderer, the sender and the endpoints read an invoice. `businessId` restricts it to one
 * business (the owner's endpoints), so another business's invoice is simply not found.
 * Returns null when there is no such invoice.
 */
export async function loadInvoiceDocument(db: Executor, invoiceId: string, options: { businessId?: string } = {}): Promise<InvoiceDocument | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!row || (options.businessId !== undefined && row.businessId !== options.businessId)) return null;
  const lines = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, row.id)).orderBy(asc(invoiceLines.position));
  const [cancellation] = await db.select({ at: invoiceCancellations.createdAt }).from(invoiceCancellations).where(eq(invoiceCancellations.invoiceId, row.id));
  const [corrected] = row.correctsInvoiceId
    ? await db.select({ fullNumber: invoices.fullNumber, issueDate: invoices.issueDate }).from(invoices).where(eq(invoices.id, row.correctsInvoiceId))
    : [];
  const replaced = await db
    .select({ fullNumber: invoices.fullNumber, issueDate: invoices.issueDate, baseCents: invoices.baseCents, vatCents: invoices.vatCents, name: invoices.recipientName, taxId: invoices.recipientTaxId, address: invoices.recipientAddress })
    .from(invoiceSubstitutions)
    .innerJoin(invoices, eq(invoices.id, invoiceSubstitutions.substitutedInvoiceId))
    .where(eq(invoiceSubstitutions.invoiceId, row.id))
    .orderBy(asc(invoices.createdAt), asc(invoices.number));
  const substitute = alias(invoices, 'substitute');
  const [substitutedBy] = await db
    .select({ fullNumber: substitute.fullNumber, issueDate: substitute.issueDate })
    .from(invoiceSubstitutions)
    .innerJoin(substitute, eq(substitute.id, invoiceSubstitutions.invoiceId))
    .where(eq(invoiceSubstitutions.substitutedInvoiceId, row.id));
  return {
    id: row.id,
    type: row.type as InvoiceDocument['type'],
    series: row.series,
    number: row.number,
    fullNumber: row.fullNumber,
    issueDate: row.issueDate,
    period: row.period,
    issuer: { name: row.issuerName, taxId: row.issuerTaxId, address: row.issuerAddress },
    recipient: { name: row.recipientName, taxId: row.recipientTaxId, address: row.recipientAddress },
    lines: lines.map((l) => ({ description: l.description, ...(l.orderId ? { orderId: l.orderId } : {}), baseCents: l.baseCents })),
    baseCents: row.baseCents,
    vatRateBasisPoints: row.vatRateBasisPoints,
    vatCents: row.vatCents,
    totalCents: row.totalCents,
    ...(corrected ? { corrects: { fullNumber: corrected.fullNumber, issueDate: corrected.issueDate } } : {}),
    ...(replaced.length
      ? {
          substitutes: {
            invoices: replaced.map((r) => ({ fullNumber: r.fullNumber, issueDate: r.issueDate, baseCents: r.baseCents, vatCents: r.vatCents, recipient: { name: r.name, taxId: r.taxId, address: r.address } })),
            // The one correction Regalo makes by substitution (ADR 061).
            reason: 'recipient' as const,
          },
        }
      : {}),
    ...(substitutedBy ? { substitutedBy } : {}),
    ...(cancellation ? { cancelledAt: cancellation.at.toISOString() } : {}),
  };
}
