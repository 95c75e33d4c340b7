import { eq, max } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { invoiceLines, invoices } from '../../db/schema/invoices';
import { appendVerifactuRecord } from '../verifactu/verifactu-chain';
import { aeatAmount, aeatDate } from '../../platform/verifactu/aeat-formats';
import { madridDateOf } from '../verifactu/verifactu-formats';
import { vatOnBase } from '@shared/domain/money';

/** `R2027` for full invoices, `RR2027` for rectifying ones: rectifying invoices need their own series (RD 1619/2012 art. 6.1.a, 15.4). */
export function invoiceSeries(type: 'F1' | 'R1', issueDate: string): string {
  return `${type === 'F1' ? 'R' : 'RR'}${issueDate.slice(0, 4)}`;
}

export function fullInvoiceNumber(series: string, number: number): string {
  return `${series}-${String(number).padStart(6, '0')}`;
}

export interface InvoiceToWrite {
  businessId: string;
  type: 'F1' | 'R1';
  period: string;
  recipient: { name: string; taxId: string; address: string };
  vatRateBasisPoints: number;
  /** Each order's commission and the VAT withheld on it (per order, ADR 053), as the ledger says. */
  lines: { description: string; orderId: string | null; baseCents: number; vatCents: number }[];
  correctsInvoiceId: string | null;
}

/**
 * Numbers and writes an invoice, its lines and its registration record. The caller holds the
 * issuer's chain lock in `tx` (the number is the series' max + 1, gapless only under it).
 * The invoice's VAT is its rate applied to its base (ADR 093), not the sum of the lines'
 * per-order VAT; the caller records the difference in the ledger.
 */
export async function writeInvoice(tx: Executor, issuer: { name: string; taxId: string; address: string; installationNumber: string }, input: InvoiceToWrite, now: Date): Promise<{ id: string; fullNumber: string; baseCents: number; vatCents: number }> {
  const baseCents = input.lines.reduce((sum, l) => sum + l.baseCents, 0);
  const vatCents = vatOnBase(baseCents, input.vatRateBasisPoints);
  const issueDate = madridDateOf(now);
  const series = invoiceSeries(input.type, issueDate);
  const [last] = await tx.select({ number: max(invoices.number) }).from(invoices).where(eq(invoices.series, series));
  const number = (last?.number ?? 0) + 1;
  const fullNumber = fullInvoiceNumber(series, number);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      businessId: input.businessId,
      type: input.type,
      series,
      number,
      fullNumber,
      period: input.period,
      issueDate,
      issuerName: issuer.name,
      issuerTaxId: issuer.taxId,
      issuerAddress: issuer.address,
      recipientName: input.recipient.name,
      recipientTaxId: input.recipient.taxId,
      recipientAddress: input.recipient.address,
      baseCents,
      vatRateBasisPoints: input.vatRateBasisPoints,
      vatCents,
      totalCents: baseCents + vatCents,
      correctsInvoiceId: input.correctsInvoiceId,
      createdAt: now,
    })
    .returning({ id: invoices.id });
  await tx.insert(invoiceLines).values(input.lines.map((l, i) => ({ invoiceId: invoice!.id, position: i + 1, ...l })));
  await appendVerifactuRecord(
    tx,
    issuer.taxId,
    {
      kind: 'alta',
      invoiceId: invoice!.id,
      numSerie: fullNumber,
      fechaExpedicion: aeatDate(issueDate),
      tipoFactura: input.type,
      cuotaTotal: aeatAmount(vatCents),
      importeTotal: aeatAmount(baseCents + vatCents),
      installationNumber: issuer.installationNumber,
    },
    now,
  );
  return { id: invoice!.id, fullNumber, baseCents, vatCents };
}
