import { csvField, formatCsvAmount } from '../../platform/spreadsheet-csv';
import { statementText, type StatementLanguage } from '../statements/payouts-text';
import { TAX_ID_ISSUING_STATE } from '@shared/domain/dac7-seller';
import type { Dac7Row } from './get-dac7-report';

const BOM = '\uFEFF';

/** `1980-05-17` → `17/05/1980`, the statements' date writing (ADR 060). */
const calendarDate = (isoDate: string | null) => (isoDate ? `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}` : '');

/**
 * The seller's columns, in the order of Annex V (Directive 2021/514): who the seller is
 * (section II A 1 for individuals, II A 2 for entities), the financial account (section III
 * B(2)(b)-(c)) and the Member State of residence (III B(2)(d)). A field that does not apply to
 * the seller's kind (an entity's date of birth, an individual's registration number) is empty.
 */
const sellerColumns = [
  'sellerType',
  'firstName',
  'lastName',
  'birthDate',
  'legalName',
  'tradeName',
  'fiscalAddress',
  'taxId',
  'taxIdIssuedBy',
  'vatNumber',
  'businessRegistrationNumber',
  'permanentEstablishments',
  'iban',
  'ibanHolder',
  'country',
] as const;

/** The DAC7 report as CSV, with the statements' conventions (ADR 060). */
export function formatDac7Csv(rows: Dac7Row[], language: StatementLanguage): string {
  const t = statementText(language);
  const header = [
    ...sellerColumns.map((c) => t(`dac7.headers.${c}`)),
    ...[1, 2, 3, 4].flatMap((q) => (['consideration', 'fees', 'activities'] as const).map((c) => t(`dac7.headers.${c}`, { quarter: String(q) }))),
    t('dac7.headers.considerationYear'),
    t('dac7.headers.feesYear'),
    t('dac7.headers.activitiesYear'),
  ].map(csvField);
  const lines = [header.join(';')];
  for (const r of rows) {
    const sum = (pick: (q: Dac7Row['quarters'][number]) => number) => r.quarters.reduce((s, q) => s + pick(q), 0);
    const individual = r.businessType === 'individual';
    const seller: Record<(typeof sellerColumns)[number], string> = {
      sellerType: t(`dac7.sellerTypes.${individual ? 'individual' : 'entity'}`),
      firstName: individual ? (r.ownerFirstName ?? '') : '',
      lastName: individual ? (r.ownerLastName ?? '') : '',
      birthDate: individual ? calendarDate(r.ownerBirthDate) : '',
      legalName: r.legalName ?? '',
      tradeName: r.tradeName,
      fiscalAddress: r.fiscalAddress ?? '',
      taxId: r.taxId,
      taxIdIssuedBy: TAX_ID_ISSUING_STATE,
      vatNumber: r.vatNumber ?? '',
      businessRegistrationNumber: individual ? '' : (r.businessRegistrationNumber ?? ''),
      // Member State codes, space-separated; empty when there is none (asked of entities only, II A 2(f)).
      permanentEstablishments: individual ? '' : r.permanentEstablishments.join(' '),
      iban: r.iban ?? '',
      ibanHolder: r.ibanHolder ?? '',
      // Every seller on Regalo is a Valencia business: resident in Spain.
      country: 'ES',
    };
    lines.push(
      [
        ...sellerColumns.map((c) => csvField(seller[c])),
        ...r.quarters.flatMap((q) => [formatCsvAmount(q.considerationCents), formatCsvAmount(q.feesCents), String(q.activities)]),
        formatCsvAmount(sum((q) => q.considerationCents)),
        formatCsvAmount(sum((q) => q.feesCents)),
        String(sum((q) => q.activities)),
      ].join(';'),
    );
  }
  return BOM + lines.join('\r\n') + '\r\n';
}
