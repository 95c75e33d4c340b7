import { renderMail, type MailLocale, type RenderedMail } from './layout';

/**
 * The email that tells a business's owner Regalo has issued them an invoice (issue 25), registered
 * in templates.ts; `invoiceMailData` (domain/invoices) fills it from the invoice. The mail
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
    /** For a rectifying invoice: the number of the invoice it corrects. */
    correctsNumber?: string;
    invoiceUrl: string;
  };
}

type Renderer<T> = (data: T, locale: MailLocale) => RenderedMail;

export const invoiceTemplates: { [K in keyof InvoiceMailTemplates]: Renderer<InvoiceMailTemplates[K]> } = {
  'invoice-issued': ({ name, businessName, type, invoiceNumber, month, total, correctsNumber, invoiceUrl }, locale) => {
    const rectifying = type === 'R1';
    return locale === 'es'
      ? renderMail({
          locale,
          subject: rectifying
            ? `Factura rectificativa de Regalo ${invoiceNumber} (${month}): ${businessName}`
            : `Tu factura de Regalo de ${month} ya está disponible: ${businessName}`,
          preheader: `Factura ${invoiceNumber}: ${total}.`,
          heading: rectifying ? 'Factura rectificativa' : `Tu factura de ${month}`,
          paragraphs: [
            `Hola, ${name}:`,
            rectifying
              ? `Hemos emitido la factura rectificativa ${invoiceNumber} para ${businessName}. Corrige por diferencias la factura ${correctsNumber ?? ''} de la comisión de ${month}, porque la comisión de ese mes ha cambiado (por ejemplo, por la devolución o anulación de un pedido). Importe de la rectificación: ${total}.`
              : `Ya tienes disponible la factura ${invoiceNumber} de la comisión de Regalo de ${month} para ${businessName}. Total con IVA: ${total}.`,
            'En tu panel puedes verla, imprimirla y descargarla en PDF para tu gestoría. Lleva el código QR tributario con el que se puede comprobar en la sede electrónica de la Agencia Tributaria.',
          ],
          action: { label: 'Ver la factura', url: invoiceUrl },
        })
      : renderMail({
          locale,
          subject: rectifying
            ? `Regalo corrective invoice ${invoiceNumber} (${month}): ${businessName}`
            : `Your Regalo invoice for ${month} is ready: ${businessName}`,
          preheader: `Invoice ${invoiceNumber}: ${total}.`,
          heading: rectifying ? 'Corrective invoice' : `Your invoice for ${month}`,
          paragraphs: [
            `Hi ${name},`,
            rectifying
              ? `We have issued corrective invoice ${invoiceNumber} to ${businessName}. It corrects invoice ${correctsNumber ?? ''} for ${month}'s commission by the difference, because that month's commission changed (for example, an order was refunded or cancelled). Amount of the correction: ${total}.`
              : `Invoice ${invoiceNumber} for Regalo's commission for ${month} is ready for ${businessName}. Total including VAT: ${total}.`,
            'In your dashboard you can view it, print it and download the PDF for your accountant. It is a Spanish invoice, in Spanish, and carries the tax QR code that lets anyone check it at the Spanish Tax Agency’s website.',
          ],
          action: { label: 'See the invoice', url: invoiceUrl },
        });
  },
};
