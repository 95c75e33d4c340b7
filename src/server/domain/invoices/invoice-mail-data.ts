import { formatPrice } from '@shared/format';
import type { InvoiceMailTemplates } from '../../platform/mail/invoice-templates';
import type { InvoiceDocument } from './invoice-document';
import type { InvoiceLanguage } from './invoice-text';

/**
 * The `invoice-issued` email's data for one invoice, in the owner's language:
 * `enqueueMail(tx, { to, template: 'invoice-issued', locale: language, data: invoiceMailData(…) })`.
 * `invoiceUrl` is the invoice in the owner's dashboard.
 */
export function invoiceMailData(
  document: InvoiceDocument,
  language: InvoiceLanguage,
  owner: { name: string; invoiceUrl: string },
): InvoiceMailTemplates['invoice-issued'] {
  const month = new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${document.period}-15T12:00:00Z`),
  );
  return {
    name: owner.name,
    businessName: document.recipient.name,
    type: document.type,
    invoiceNumber: document.fullNumber,
    month,
    total: formatPrice(document.totalCents),
    ...(document.corrects ? { correctsNumber: document.corrects.fullNumber } : {}),
    invoiceUrl: owner.invoiceUrl,
  };
}
