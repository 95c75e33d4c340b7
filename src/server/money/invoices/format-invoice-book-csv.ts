import { csvField, formatCsvAmount, formatCsvDate } from '../../platform/spreadsheet-csv';
import { statementText, type StatementLanguage } from '../statements/payouts-text';
import type { BookEntry } from './get-invoice-book';

const BOM = '\uFEFF';
const columns = ['issueDate', 'operationDate', 'number', 'type', 'corrects', 'period', 'recipientTaxId', 'recipientName', 'base', 'vatRate', 'vat', 'total', 'cancelledOn'] as const;

/** `2026-11-03` → `03/11/2026`, the statements' date writing. */
const calendarDate = (isoDate: string) => `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}`;

/**
 * The operation date the book must show beside the issue date (RIVA art. 63.3, RD 1619/2012
 * art. 6.1.g): an invoice covers the commission earned over one Madrid month, accrued as the
 * month's orders were paid, so it is the month's last day, `2026-10` → `31/10/2026`. A
 * rectifying invoice corrects that same month and carries the same date.
 */
export function operationDateOf(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(lastDay).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`;
}

/** Basis points as a percentage with a decimal comma: 2100 → `21,00`. */
const percentage = (basisPoints: number) => formatCsvAmount(basisPoints);

/**
 * The book as the accountant's spreadsheet reads it, with the statements' conventions (ADR
 * 060): `;`, decimal comma, `dd/mm/yyyy`, UTF-8 with BOM, CRLF, one header row, amounts
 * never quoted, texts guarded against formulas.
 */
export function formatInvoiceBookCsv(entries: BookEntry[], language: StatementLanguage): string {
  const t = statementText(language);
  const rows: string[][] = [columns.map((c) => csvField(t(`invoiceBook.headers.${c}`)))];
  for (const e of entries) {
    rows.push([
      calendarDate(e.issueDate),
      operationDateOf(e.period),
      csvField(e.fullNumber),
      csvField(t(`invoiceBook.types.${e.type}`)),
      csvField(e.correctsFullNumber ?? ''),
      csvField(e.period),
      csvField(e.recipientTaxId),
      csvField(e.recipientName),
      formatCsvAmount(e.baseCents),
      percentage(e.vatRateBasisPoints),
      formatCsvAmount(e.vatCents),
      formatCsvAmount(e.totalCents),
      e.cancelledAt ? formatCsvDate(e.cancelledAt) : '',
    ]);
  }
  return BOM + rows.map((r) => r.join(';')).join('\r\n') + '\r\n';
}
