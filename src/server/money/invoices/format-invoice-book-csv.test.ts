import { describe, expect, it } from 'vitest';
import { formatInvoiceBookCsv, operationDateOf } from './format-invoice-book-csv';
import type { BookEntry } from './get-invoice-book';

describe('invoice book: the operation date column (RIVA art. 63.3)', () => {
  it('is the invoiced month’s last day', () => {
    expect(operationDateOf('2026-10')).toBe('31/10/2026');
    expect(operationDateOf('2026-11')).toBe('30/11/2026');
    expect(operationDateOf('2026-12')).toBe('31/12/2026');
    expect(operationDateOf('2027-02')).toBe('28/02/2027');
    expect(operationDateOf('2028-02')).toBe('29/02/2028');
  });

  it('stands beside the issue date in every language, for full and rectifying invoices alike', () => {
    const entry: BookEntry = {
      issueDate: '2027-01-03', fullNumber: 'RR2027-000001', type: 'R1', correctsFullNumber: 'R2026-000009', period: '2026-12',
      recipientTaxId: 'B12345678', recipientName: 'Horno S.L.', baseCents: -250, vatRateBasisPoints: 2100, vatCents: -53, totalCents: -303, cancelledAt: null,
    };
    for (const [language, header] of [['es', 'Fecha de operación'], ['en', 'Operation date'], ['va', 'Data de l’operació']] as const) {
      const [head, row] = formatInvoiceBookCsv([entry], language).slice(1).split('\r\n');
      expect(head!.split(';')[1]).toBe(header);
      expect(row!.split(';').slice(0, 3)).toEqual(['03/01/2027', '31/12/2026', 'RR2027-000001']);
    }
  });
});
