import type { Statement } from '@shared/contracts/statements';
import { statementClosingDay } from '@shared/domain/statement-summary';
import { statementText, type StatementLanguage } from './payouts-text';
import { csvField, formatCsvAmount, formatCsvDate } from '../../platform/spreadsheet-csv';

/**
 * The statement for the accountant, as Spanish spreadsheets read it without an import
 * dialog: `;` between fields (the comma is the decimal mark), amounts like `1234,50` (no
 * thousands separator, which some importers take for a decimal point), dates `dd/mm/yyyy`
 * in Madrid, UTF-8 with a byte-order mark (so Excel does not read it as Windows-1252),
 * CRLF line ends and one header row (RFC 4180).
 */
const BOM = '\uFEFF';
const columns = ['date', 'concept', 'order', 'gift', 'gross', 'commission', 'commissionVat', 'share', 'balanceChange', 'balance'] as const;

export function formatStatementCsv(statement: Statement, language: StatementLanguage): string {
  const t = statementText(language);
  const rows: string[][] = [columns.map((c) => csvField(t(`csv.headers.${c}`)))];
  const balanceRow = (at: Date | string, concept: string, balance: number) => [formatCsvDate(at), csvField(concept), '', '', '', '', '', '', '', formatCsvAmount(balance)];
  rows.push(balanceRow(statement.from, t('csv.opening'), statement.openingBalance));
  for (const line of statement.lines) {
    // Amounts are written as numbers (never quoted), so the spreadsheet can add them up; a
    // transfer moves the balance only, so its order columns stay empty rather than read 0,00.
    const isTransfer = line.kind === 'transfer_sent' || line.kind === 'transfer_reversed';
    const amount = (cents: number) => (isTransfer ? '' : formatCsvAmount(cents));
    rows.push([
      formatCsvDate(line.at),
      csvField(t(`lineKinds.${line.kind}`)),
      csvField(line.orderId ?? ''),
      csvField(line.giftName),
      amount(line.gross),
      amount(line.commission),
      amount(line.commissionVat),
      amount(line.share),
      formatCsvAmount(line.balanceChange),
      formatCsvAmount(line.balance),
    ]);
  }
  // The month still running closes "to date": dated today, not on its last day still ahead.
  rows.push(balanceRow(statementClosingDay(statement), t(statement.inProgress ? 'csv.closingToDate' : 'csv.closing'), statement.summary.closing));
  // What the business's gift cards may still be spent on there (ADR 104): in the gross column.
  if (statement.cardBalance !== undefined) {
    rows.push([formatCsvDate(statementClosingDay(statement)), csvField(t('csv.cardBalance')), '', '', formatCsvAmount(statement.cardBalance), '', '', '', '', '']);
  }
  return BOM + rows.map((r) => r.join(';')).join('\r\n') + '\r\n';
}

/** A file name safe in a Content-Disposition header: the business's name as ASCII letters and digits. */
export function statementCsvFileName(statement: Statement, language: StatementLanguage): string {
  const slug = statement.businessName
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .toLowerCase()
    .slice(0, 40) || 'business';
  return statementText(language)('csv.fileName', { business: slug, month: statement.month });
}
