import { csvField, formatCsvAmount } from '../../platform/spreadsheet-csv';
import { statementText, type StatementLanguage } from '../statements/payouts-text';
import type { Dac7Row } from './get-dac7-report';

const BOM = '\uFEFF';

/** The DAC7 report as CSV, with the statements' conventions (ADR 060). */
export function formatDac7Csv(rows: Dac7Row[], language: StatementLanguage): string {
  const t = statementText(language);
  const header = [
    ...(['legalName', 'tradeName', 'taxId', 'fiscalAddress', 'country'] as const).map((c) => t(`dac7.headers.${c}`)),
    ...[1, 2, 3, 4].flatMap((q) => (['consideration', 'fees', 'activities'] as const).map((c) => t(`dac7.headers.${c}`, { quarter: String(q) }))),
    t('dac7.headers.considerationYear'),
    t('dac7.headers.feesYear'),
    t('dac7.headers.activitiesYear'),
  ].map(csvField);
  const lines = [header.join(';')];
  for (const r of rows) {
    const sum = (pick: (q: Dac7Row['quarters'][number]) => number) => r.quarters.reduce((s, q) => s + pick(q), 0);
    lines.push(
      [
        csvField(r.legalName ?? ''),
        csvField(r.tradeName),
        csvField(r.taxId),
        csvField(r.fiscalAddress ?? ''),
        'ES',
        ...r.quarters.flatMap((q) => [formatCsvAmount(q.considerationCents), formatCsvAmount(q.feesCents), String(q.activities)]),
        formatCsvAmount(sum((q) => q.considerationCents)),
        formatCsvAmount(sum((q) => q.feesCents)),
        String(sum((q) => q.activities)),
      ].join(';'),
    );
  }
  return BOM + lines.join('\r\n') + '\r\n';
}
