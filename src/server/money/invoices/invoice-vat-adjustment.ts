import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ledgerEntries } from '../../db/schema/payouts';
import { recordLedgerEntries } from '../ledger/record-ledger-entries';

/** One adjustment per invoice, whichever its sign (ADR 093). */
export const invoiceVatAdjustmentKey = (invoiceId: string) => `invoice_vat_adjustment:${invoiceId}`;
/** Its undoing when the invoice is cancelled: the invoice that replaces it brings its own. */
export const cancelledInvoiceVatAdjustmentKey = (invoiceId: string) => `invoice_vat_adjustment_cancelled:${invoiceId}`;

/**
 * The per-order VAT withheld for an invoice's lines and the invoice's VAT (its rate on its
 * base) differ by rounding, a few cents at most: one ledger row moves the difference between
 * the balance Regalo holds for the business and Regalo's VAT, in the issuing transaction, so
 * the ledger, the statement and the invoice say the same VAT (ADR 093). Nothing when they agree.
 */
export async function recordInvoiceVatAdjustment(
  tx: Executor,
  invoice: { id: string; fullNumber: string; businessId: string; vatCents: number; withheldVatCents: number },
  at: Date,
): Promise<number> {
  const difference = invoice.vatCents - invoice.withheldVatCents;
  if (difference === 0) return 0;
  await recordLedgerEntries(tx, [
    {
      kind: difference > 0 ? 'invoice_vat_charged' : 'invoice_vat_credited',
      amount: Math.abs(difference),
      businessId: invoice.businessId,
      providerRef: invoice.fullNumber,
      idempotencyKey: invoiceVatAdjustmentKey(invoice.id),
      at,
    },
  ]);
  return difference;
}

/**
 * A cancelled invoice no longer counts (ADR 061), nor does its adjustment: the opposite row,
 * once, so the invoice issued in its place with its own adjustment is not counted twice.
 */
export async function undoInvoiceVatAdjustment(tx: Executor, invoiceId: string, at: Date): Promise<void> {
  const [adjustment] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, invoiceVatAdjustmentKey(invoiceId)));
  if (!adjustment) return;
  await recordLedgerEntries(tx, [
    {
      kind: adjustment.kind === 'invoice_vat_charged' ? 'invoice_vat_credited' : 'invoice_vat_charged',
      amount: adjustment.amount,
      businessId: adjustment.businessId,
      providerRef: adjustment.providerRef,
      idempotencyKey: cancelledInvoiceVatAdjustmentKey(invoiceId),
      at,
    },
  ]);
}
