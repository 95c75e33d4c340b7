import { and, desc, eq, exists, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { InvoiceSummary } from '@shared/contracts/invoices';
import type { VerifactuSendState } from '@shared/domain/verifactu-send-states';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema/businesses';
import { invoiceCancellations, invoices, invoiceSubstitutions, verifactuRecords, verifactuSubmissions } from '../../db/schema/invoices';
import { missingInvoicingData } from '@shared/domain/invoices';
import { invoiceRecipientOf } from './invoice-recipient';

/**
 * Invoices newest first, with what they correct and how, whether they were cancelled or
 * replaced, whether they name the business otherwise than its invoicing details do now, and
 * their record's state with the AEAT.
 */
export async function listInvoices(db: Executor, filter: { businessId?: string } = {}, limit = 500): Promise<InvoiceSummary[]> {
  const corrected = alias(invoices, 'corrected');
  const substitute = alias(invoices, 'substitute');
  const replacement = alias(invoiceSubstitutions, 'replacement');
  const where: SQL[] = [];
  if (filter.businessId) where.push(eq(invoices.businessId, filter.businessId));
  const rows = await db
    .select({
      id: invoices.id,
      businessId: invoices.businessId,
      businessName: businesses.name,
      type: invoices.type,
      fullNumber: invoices.fullNumber,
      issueDate: invoices.issueDate,
      period: invoices.period,
      totalCents: invoices.totalCents,
      correctsFullNumber: corrected.fullNumber,
      bySubstitution: exists(db.select({ one: sql`1` }).from(invoiceSubstitutions).where(eq(invoiceSubstitutions.invoiceId, invoices.id))),
      substitutedByFullNumber: substitute.fullNumber,
      recipient: { name: invoices.recipientName, taxId: invoices.recipientTaxId, address: invoices.recipientAddress },
      current: { legalName: businesses.legalName, taxId: businesses.taxId, fiscalAddress: businesses.fiscalAddress },
      cancelledAt: invoiceCancellations.createdAt,
      submissionState: verifactuSubmissions.state,
    })
    .from(invoices)
    .innerJoin(businesses, eq(businesses.id, invoices.businessId))
    .leftJoin(corrected, eq(corrected.id, invoices.correctsInvoiceId))
    .leftJoin(replacement, eq(replacement.substitutedInvoiceId, invoices.id))
    .leftJoin(substitute, eq(substitute.id, replacement.invoiceId))
    .leftJoin(invoiceCancellations, eq(invoiceCancellations.invoiceId, invoices.id))
    .leftJoin(verifactuRecords, and(eq(verifactuRecords.invoiceId, invoices.id), eq(verifactuRecords.kind, 'alta')))
    .leftJoin(verifactuSubmissions, eq(verifactuSubmissions.recordId, verifactuRecords.id))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(invoices.issueDate), desc(invoices.createdAt), desc(invoices.number))
    .limit(limit);
  return rows.map(({ recipient, current, ...r }) => {
    const now = missingInvoicingData(current).length === 0 ? invoiceRecipientOf(current) : null;
    const live = !r.cancelledAt && !r.substitutedByFullNumber;
    return {
    ...r,
    bySubstitution: Boolean(r.bySubstitution),
    recipientOutdated: live && now !== null && (now.name !== recipient.name || now.taxId !== recipient.taxId || now.address !== recipient.address),
    type: r.type as InvoiceSummary['type'],
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    submissionState: (r.submissionState as VerifactuSendState | null) ?? null,
    };
  });
}
