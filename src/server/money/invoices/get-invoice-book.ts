import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { invoiceCancellations, invoices } from '../../db/schema/invoices';
import { alias } from 'drizzle-orm/pg-core';
import { quarterBounds } from './quarter-bounds';

export interface BookEntry {
  issueDate: string;
  fullNumber: string;
  type: 'F1' | 'R1';
  correctsFullNumber: string | null;
  period: string;
  recipientTaxId: string;
  recipientName: string;
  baseCents: number;
  vatRateBasisPoints: number;
  vatCents: number;
  totalCents: number;
  cancelledAt: Date | null;
}

/**
 * The issued-invoices book (libro registro de facturas expedidas) of a quarter: every invoice
 * issued in it, in number order within the issue date, cancelled ones included and marked
 * (the book records what was issued; the cancellation is its own record).
 */
export async function getInvoiceBook(db: Executor, quarter: string): Promise<BookEntry[]> {
  const { fromDate, toDate } = quarterBounds(quarter);
  const corrected = alias(invoices, 'corrected');
  const rows = await db
    .select({
      issueDate: invoices.issueDate,
      fullNumber: invoices.fullNumber,
      type: invoices.type,
      correctsFullNumber: corrected.fullNumber,
      period: invoices.period,
      recipientTaxId: invoices.recipientTaxId,
      recipientName: invoices.recipientName,
      baseCents: invoices.baseCents,
      vatRateBasisPoints: invoices.vatRateBasisPoints,
      vatCents: invoices.vatCents,
      totalCents: invoices.totalCents,
      cancelledAt: invoiceCancellations.createdAt,
    })
    .from(invoices)
    .leftJoin(corrected, eq(corrected.id, invoices.correctsInvoiceId))
    .leftJoin(invoiceCancellations, eq(invoiceCancellations.invoiceId, invoices.id))
    .where(and(gte(invoices.issueDate, fromDate), lt(invoices.issueDate, toDate)))
    .orderBy(asc(invoices.issueDate), asc(invoices.series), asc(invoices.number));
  return rows.map((r) => ({ ...r, type: r.type as BookEntry['type'] }));
}
