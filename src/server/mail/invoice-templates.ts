import type { Locale } from '@shared/locale';
import { invoiceTexts } from './invoice-texts';
import { greeting, renderMail, type RenderedMail } from './layout';

/**
 * The email that tells a business's owner Regalo has issued them an invoice (ADR 061), registered
 * in templates.ts; `invoiceMailData` (money/invoices) fills it from the invoice. The mail
 * carries a link to the invoice in the dashboard, not the PDF: the outbox stores text and HTML
 * only, and the dashboard is where the owner downloads the PDF.
 */
export interface InvoiceMailTemplates {
  'invoice-issued': {
    name: string;
    /** The business's legal name, as on the invoice. */
    businessName: string;
    type: 'F1' | 'R1';
    invoiceNumber: string;
    /** The month invoiced, in the owner's language (`enero de 2027`, `January 2027`). */
    month: string;
    /** The invoice's total, formatted (`28,31 €`). */
    total: string;
    /** For a rectifying invoice: the number of the invoice it corrects (or the first it replaces). */
    correctsNumber?: string;
    /** A rectifying invoice by substitution (the recipient's data corrected), not by differences. */
    bySubstitution?: boolean;
    invoiceUrl: string;
  };
}

type Renderer<T> = (data: T, locale: Locale) => RenderedMail;

export const invoiceTemplates: { [K in keyof InvoiceMailTemplates]: Renderer<InvoiceMailTemplates[K]> } = {
  'invoice-issued': (d, locale) => {
    const t = invoiceTexts[locale];
    const rectifying = d.type === 'R1';
    return renderMail({
      locale,
      subject: rectifying ? t.subject.rectifying(d) : t.subject.issued(d),
      preheader: t.preheader(d),
      heading: rectifying ? t.heading.rectifying : t.heading.issued(d),
      paragraphs: [
        greeting(locale, d.name),
        rectifying
          ? (d.bySubstitution ? t.body.substituting : t.body.rectifying)({ ...d, correctsNumber: d.correctsNumber ?? '' })
          : t.body.issued(d),
        t.where,
      ],
      action: { label: t.action, url: d.invoiceUrl },
    });
  },
};
