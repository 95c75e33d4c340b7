import { and, eq, exists, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { invoiceCancellations, invoices, invoiceSubstitutions } from '../../db/schema/invoices';

/**
 * An invoice counts while it is neither cancelled (a registro de anulación) nor replaced by a
 * rectifying invoice by substitution (ADR 061): what the business was invoiced is the sum of
 * its live invoices' lines.
 */
export function isLiveInvoice(db: Executor): SQL {
  return and(
    notExists(db.select({ one: sql`1` }).from(invoiceCancellations).where(eq(invoiceCancellations.invoiceId, invoices.id))),
    notExists(db.select({ one: sql`1` }).from(invoiceSubstitutions).where(eq(invoiceSubstitutions.substitutedInvoiceId, invoices.id))),
  )!;
}

/**
 * A unit's base invoice, the one rectifying invoices by differences name: its full invoice
 * (F1), or the rectifying invoice by substitution that replaced it.
 */
export function isBaseInvoice(db: Executor): SQL {
  return or(eq(invoices.type, 'F1'), exists(db.select({ one: sql`1` }).from(invoiceSubstitutions).where(eq(invoiceSubstitutions.invoiceId, invoices.id))))!;
}
