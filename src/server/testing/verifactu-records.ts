import { createHash } from 'node:crypto';
import type { InvoiceDocument } from '../platform/verifactu/invoice-document';
import { aeatAmount, aeatDate } from '../platform/verifactu/aeat-formats';
import type { VerifactuRecordToSend } from '../platform/verifactu/verifactu-sender';

/**
 * Billing records for the sender's tests: invoices of a fictitious operator to businesses,
 * chained with real SHA-256 fingerprints over the AEAT's field string (ADR 061), so the
 * stand-in can check the chain as the service does. The invoicing module has its own
 * fingerprint code; this one only makes the fixtures honest.
 */
export const TEST_ISSUER = { name: 'Regalo Pruebas SL', taxId: 'B12345674', address: 'Carrer de Colón 1, 46004 València' };

export function testFingerprint(record: Omit<VerifactuRecordToSend, 'fingerprint' | 'id'>): string {
  const invoice = record.invoice;
  const fields =
    record.kind === 'alta'
      ? [
          ['IDEmisorFactura', invoice.issuer.taxId],
          ['NumSerieFactura', invoice.fullNumber],
          ['FechaExpedicionFactura', aeatDate(invoice.issueDate)],
          ['TipoFactura', invoice.type],
          ['CuotaTotal', aeatAmount(invoice.vatCents)],
          ['ImporteTotal', aeatAmount(invoice.totalCents)],
          ['Huella', record.previous?.fingerprint ?? ''],
          ['FechaHoraHusoGenRegistro', record.generatedAt],
        ]
      : [
          ['IDEmisorFacturaAnulada', invoice.issuer.taxId],
          ['NumSerieFacturaAnulada', invoice.fullNumber],
          ['FechaExpedicionFacturaAnulada', aeatDate(invoice.issueDate)],
          ['Huella', record.previous?.fingerprint ?? ''],
          ['FechaHoraHusoGenRegistro', record.generatedAt],
        ];
  return createHash('sha256')
    .update(fields.map(([name, value]) => `${name}=${value}`).join('&'), 'utf8')
    .digest('hex')
    .toUpperCase();
}

export function testInvoice(number: number, overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const baseCents = 1000 + number;
  const vatCents = Math.round((baseCents * 21) / 100);
  return {
    id: `inv-${number}`,
    type: 'F1',
    series: 'R2027',
    number,
    fullNumber: `R2027-${String(number).padStart(6, '0')}`,
    issueDate: '2027-02-01',
    period: '2027-01',
    issuer: TEST_ISSUER,
    recipient: { name: `Floristería Número ${number} & Hijos SL`, taxId: 'B98765438', address: 'Carrer de Sueca 12, 46006 València' },
    lines: [{ description: 'Comisión por pedidos de enero de 2027', baseCents }],
    baseCents,
    vatRateBasisPoints: 2100,
    vatCents,
    totalCents: baseCents + vatCents,
    ...overrides,
  };
}

/** The NumeroInstalacion the test records were generated at. */
export const TEST_INSTALLATION_NUMBER = 'regalo.test';

/** `count` registration records (one F1 each), chained from the first, in chain order. */
export function testRecordChain(count: number, options: { from?: VerifactuRecordToSend } = {}): VerifactuRecordToSend[] {
  const records: VerifactuRecordToSend[] = [];
  let previous = options.from;
  const start = previous ? previous.invoice.number + 1 : 1;
  for (let n = start; n < start + count; n++) {
    const seconds = n % 60;
    const record: Omit<VerifactuRecordToSend, 'fingerprint' | 'id'> = {
      kind: 'alta',
      invoice: testInvoice(n),
      generatedAt: `2027-02-01T00:${String(Math.floor(n / 60) % 60).padStart(2, '0')}:${String(seconds).padStart(2, '0')}+01:00`,
      installationNumber: TEST_INSTALLATION_NUMBER,
      previous: previous
        ? { issuerTaxId: previous.invoice.issuer.taxId, fullNumber: previous.invoice.fullNumber, issueDate: previous.invoice.issueDate, fingerprint: previous.fingerprint }
        : undefined,
    };
    const full = { ...record, id: `rec-${n}`, fingerprint: testFingerprint(record) };
    records.push(full);
    previous = full;
  }
  return records;
}

/** A chained record of either kind after `previous` (a rectifying invoice, a cancellation…). */
export function testRecordAfter(
  previous: VerifactuRecordToSend | undefined,
  record: Omit<VerifactuRecordToSend, 'fingerprint' | 'previous' | 'installationNumber'> & { installationNumber?: string },
): VerifactuRecordToSend {
  const linked = {
    ...record,
    installationNumber: record.installationNumber ?? TEST_INSTALLATION_NUMBER,
    previous: previous
      ? { issuerTaxId: previous.invoice.issuer.taxId, fullNumber: previous.invoice.fullNumber, issueDate: previous.invoice.issueDate, fingerprint: previous.fingerprint }
      : undefined,
  };
  return { ...linked, fingerprint: testFingerprint(linked) };
}
