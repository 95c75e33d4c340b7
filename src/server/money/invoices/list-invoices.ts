import { and, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { InvoiceSummary } from '@shared/contracts/invoices';
import type { VerifactuSendState } from '@shared/domain/verifactu-send-states';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema/businesses';
import { invoiceCancellations, invoices, verifactuRecords, verifactuSubmissions } from '../../db/schema/invoices';

/** Invoices newest first, with what they correct, whether they were cancelled and their record's state with the AEAT. */
export async function listInvoices(db: Executor, filter: { businessId?: string } = {}, limit = 500): Promise<InvoiceSummary[]> {
  const corrected = alias(invoices, 'corrected');
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
      cancelledAt: invoiceCancellations.createdAt,
      submissionState: verifactuSubmissions.state,
    })
    .from(invoices)
    .innerJoin(businesses, eq(businesses.id, invoices.businessId))
    .leftJoin(corrected, eq(corrected.id, invoices.correctsInvoiceId))
    .leftJoin(invoiceCancellations, eq(invoiceCancellations.invoiceId, invoices.id))
    .leftJoin(verifactuRecords, and(eq(verifactuRecords.invoiceId, invoices.id), eq(verifactuRecords.kind, 'alta')))
    .leftJoin(verifactuSubmissions, eq(verifactuSubmissions.recordId, verifactuRecords.id))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(invoices.issueDate), desc(invoices.createdAt), desc(invoices.number))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    type: r.type as InvoiceSummary['type'],
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    submissionState: (r.submissionState as VerifactuSendState | null) ?? null,
  }));
}
