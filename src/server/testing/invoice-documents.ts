import type { InvoiceDocument } from '../platform/verifactu/invoice-document';

/**
 * Issued invoices for the document tests: a commission invoice (F1) per order, and the
 * rectifying invoice (R1) that takes one order's commission back after a withdrawal.
 */
export function sampleInvoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    id: '7d0c5b7e-3f7a-4c59-9a55-2f4f5cb0c001',
    type: 'F1',
    series: 'R2027',
    number: 12,
    fullNumber: 'R2027-000012',
    issueDate: '2027-02-01',
    period: '2027-01',
    issuer: { name: 'Regalo Valencia S.L.', taxId: 'B98765432', address: 'Carrer de Colón 1, 46004 València, España' },
    recipient: { name: 'Horchatería Santa Catalina S.L.', taxId: 'B46123456', address: 'Plaça de Santa Caterina 6, 46001 València' },
    lines: [
      { description: 'Comisión del pedido de «Horchata para dos» (12 %)', orderId: 'a1b2c3d4', baseCents: 180 },
      { description: 'Comisión del pedido de «Fartons & chocolate» (12 %)', orderId: 'e5f6a7b8', baseCents: 2160 },
    ],
    baseCents: 2340,
    vatRateBasisPoints: 2100,
    vatCents: 491,
    totalCents: 2831,
    ...overrides,
  };
}

export function sampleRectifyingInvoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return sampleInvoice({
    id: '7d0c5b7e-3f7a-4c59-9a55-2f4f5cb0c002',
    type: 'R1',
    number: 31,
    fullNumber: 'R2027-000031',
    issueDate: '2027-03-01',
    period: '2027-01',
    lines: [{ description: 'Devolución del pedido de «Fartons & chocolate»: comisión anulada', orderId: 'e5f6a7b8', baseCents: -2160 }],
    baseCents: -2160,
    vatCents: -454,
    totalCents: -2614,
    corrects: { fullNumber: 'R2027-000012', issueDate: '2027-02-01' },
    ...overrides,
  });
}
