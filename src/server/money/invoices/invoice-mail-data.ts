import { formatPrice } from '@shared/format';
import type { Locale } from '@shared/locale';
import type { InvoiceMailTemplates } from '../../mail/invoice-templates';
import type { InvoiceDocument } from '../../platform/verifactu/invoice-document';
import { monthName } from '../../mail/month-name';

/**
 * The `invoice-issued` email's data for one invoice, in the owner's language:
 * `enqueueMail(tx, { to, template: 'invoice-issued', locale: language, data: invoiceMailData(…) })`.
 * `invoiceUrl` is the invoice in the owner's dashboard.
 */
export function invoiceMailData(
  document: InvoiceDocument,
  language: Locale,
  owner: { name: string; invoiceUrl: string },
): InvoiceMailTemplates['invoice-issued'] {
  return {
    name: owner.name,
    businessName: document.recipient.name,
    type: document.type,
    invoiceNumber: document.fullNumber,
    month: monthName(document.period, language),
    total: formatPrice(document.totalCents),
    ...(document.corrects ? { correctsNumber: document.corrects.fullNumber } : {}),
    ...(document.substitutes ? { bySubstitution: true } : {}),
    invoiceUrl: owner.invoiceUrl,
  };
}
