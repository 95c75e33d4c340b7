import { formatCountryIn, formatDate, formatPrice } from '@shared/format';
import { HTML_LANG } from '@shared/locale';
import type { VerifactuDriver } from '../../platform/verifactu/verifactu-sender';
import { buildVerifactuQrUrl, verifactuQrEnvironment } from './build-verifactu-qr-url';
import type { InvoiceDocument, InvoiceParty } from '../../platform/verifactu/invoice-document';
import { invoiceQr, type InvoiceQr } from './invoice-qr';
import { invoiceText, type InvoiceLanguage } from './invoice-text';

/** What the document needs besides the invoice: where its QR points (ADR 063). */
export interface InvoiceRenderSettings {
  /** The VERI*FACTU sender's driver: `aeat` → the AEAT's production check service, else its test site. */
  verifactuDriver: VerifactuDriver;
}

/**
 * A heading in Spanish, the invoice's legal language, with its translation for a reader of
 * another language (ADR 063: English; Valencian too, so a Valencian reader is told what the
 * document is); `en` holds that translation, whichever the language, and is absent for a
 * Spanish reader.
 */
export interface Label {
  es: string;
  en?: string;
}

export interface InvoiceView {
  title: Label;
  readerNote?: string;
  /** The `lang` of the translations (`en`, `ca-ES-valencia`); absent for a Spanish reader. */
  readerLang?: string;
  fields: Array<{ label: Label; value: string }>;
  issuer: { label: Label; party: InvoiceParty };
  recipient: { label: Label; party: InvoiceParty };
  partyLabels: { taxId: Label; address: Label };
  linesLabel: Label;
  lineHeadings: { description: Label; order: Label; amount: Label };
  lines: Array<{ description: string; orderId?: string; amount: string }>;
  totals: Array<{ label: Label; value: string; grand?: boolean }>;
  cancelled?: Label;
  /** On an invoice a rectifying invoice by substitution replaced: which one (ADR 061). */
  substituted?: Label;
  qrLabel: Label;
  qr: InvoiceQr;
  legend: [string, string];
  /** The first phrase in English, for an English reader. */
  legendTranslation?: string;
  downloadPdf: Label;
}

/** A calendar date `yyyy-mm-dd` the Spanish way (`1 feb 2027`): noon UTC is that day in Madrid. */
const calendarDate = (isoDate: string) => formatDate(new Date(`${isoDate}T12:00:00Z`), 'es');

/** `2027-01` → `enero de 2027`. */
const monthName = (period: string) =>
  new Intl.DateTimeFormat('es-ES', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${period}-15T12:00:00Z`));

/** 2100 → `21 %`, 1050 → `10,5 %` (a space before the sign, as Spanish writes it). */
const percent = (basisPoints: number) => `${(basisPoints / 100).toLocaleString('es-ES', { maximumFractionDigits: 2 })} %`;

/** Everything the HTML page and the PDF show, in the same order, so both say the same. */
export function describeInvoice(document: InvoiceDocument, language: InvoiceLanguage, settings: InvoiceRenderSettings): InvoiceView {
  const es = invoiceText('es');
  const en = language === 'es' ? undefined : invoiceText(language);
  const label = (key: string, values?: Record<string, string>): Label => ({ es: es(key, values), ...(en ? { en: en(key, values) } : {}) });
  const rate = percent(document.vatRateBasisPoints);
  // A legal document that does not add up is never printed: the issuer's bug must surface.
  const linesBase = document.lines.reduce((sum, line) => sum + line.baseCents, 0);
  if (document.lines.length === 0 || linesBase !== document.baseCents || document.baseCents + document.vatCents !== document.totalCents) {
    throw new Error(`Invoice ${document.fullNumber} does not add up: lines ${linesBase}, base ${document.baseCents}, VAT ${document.vatCents}, total ${document.totalCents}`);
  }

  const fields: InvoiceView['fields'] = [
    { label: label('number'), value: document.fullNumber },
    { label: label('issueDate'), value: calendarDate(document.issueDate) },
    { label: label('period'), value: monthName(document.period) },
  ];
  if (document.type === 'R1' && document.substitutes) {
    // RD 1619/2012 art. 15 and 7.1: it says it is rectifying (the title), which invoices it
    // rectifies, how and why, and what the rectified invoices said where it differs.
    const replaced = document.substitutes.invoices;
    const base = replaced.reduce((sum, r) => sum + r.baseCents, 0);
    const vat = replaced.reduce((sum, r) => sum + r.vatCents, 0);
    const recipients = [...new Map(replaced.map((r) => [`${r.recipient.name}|${r.recipient.taxId}|${r.recipient.address}`, r.recipient])).values()];
    fields.push(
      {
        label: label(replaced.length === 1 ? 'corrects' : 'correctsPlural'),
        value: replaced.map((r) => es('correctsValue', { number: r.fullNumber, date: calendarDate(r.issueDate) })).join(', '),
      },
      { label: label('correctionMethod'), value: es('bySubstitution') },
      { label: label('reason'), value: es('reasonRecipient') },
      { label: label('rectifiedAmounts'), value: es('rectifiedAmountsValue', { base: formatPrice(base), vat: formatPrice(vat) }) },
      { label: label('previousRecipient'), value: recipients.map((r) => `${r.name}, NIF ${r.taxId}, ${formatCountryIn(r.address, 'es')}`).join('; ') },
    );
  } else if (document.type === 'R1') {
    if (!document.corrects) throw new Error(`Rectifying invoice ${document.fullNumber} names no corrected invoice`);
    fields.push(
      { label: label('corrects'), value: es('correctsValue', { number: document.corrects.fullNumber, date: calendarDate(document.corrects.issueDate) }) },
      { label: label('correctionMethod'), value: es('byDifferences') },
    );
  }

  const url = buildVerifactuQrUrl(
    { nif: document.issuer.taxId, numSerie: document.fullNumber, issueDate: document.issueDate, totalCents: document.totalCents },
    verifactuQrEnvironment(settings.verifactuDriver),
  );

  return {
    title: label(`title.${document.type}`),
    ...(en ? { readerNote: en('readerNote'), readerLang: HTML_LANG[language] } : {}),
    fields,
    // The document is Spanish: the operator's configured "…, Spain" reads "…, España".
    issuer: { label: label('issuer'), party: { ...document.issuer, address: formatCountryIn(document.issuer.address, 'es') } },
    recipient: { label: label('recipient'), party: { ...document.recipient, address: formatCountryIn(document.recipient.address, 'es') } },
    partyLabels: { taxId: label('taxId'), address: label('address') },
    linesLabel: label('lines'),
    lineHeadings: { description: label('description'), order: label('order'), amount: label('amount') },
    lines: document.lines.map((line) => ({
      description: line.description,
      ...(line.orderId ? { orderId: line.orderId } : {}),
      amount: formatPrice(line.baseCents),
    })),
    totals: [
      { label: label('base'), value: formatPrice(document.baseCents) },
      { label: label('vat', { rate }), value: formatPrice(document.vatCents) },
      { label: label('total'), value: formatPrice(document.totalCents), grand: true },
    ],
    ...(document.substitutedBy
      ? {
          substituted: {
            es: es('substituted', { number: document.substitutedBy.fullNumber, date: calendarDate(document.substitutedBy.issueDate) }),
            ...(en ? { en: en('substituted', { number: document.substitutedBy.fullNumber, date: formatDate(new Date(`${document.substitutedBy.issueDate}T12:00:00Z`), language) }) } : {}),
          },
        }
      : {}),
    ...(document.cancelledAt
      ? {
          cancelled: {
            es: es('cancelled', { date: formatDate(document.cancelledAt, 'es') }),
            ...(en ? { en: en('cancelled', { date: formatDate(document.cancelledAt, language) }) } : {}),
          },
        }
      : {}),
    qrLabel: label('qrLabel'),
    qr: invoiceQr(url),
    // The two phrases the law allows under the QR of a VERI*FACTU invoice; we print both.
    legend: [es('verifiable'), 'VERI*FACTU'],
    ...(en ? { legendTranslation: en('verifiable') } : {}),
    downloadPdf: label('downloadPdf'),
  };
}
