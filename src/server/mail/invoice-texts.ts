import type { Locale } from '@shared/locale';
import { de } from './layout-texts';

type Invoice = { invoiceNumber: string; month: string; businessName: string; total: string };

/** The words of the `invoice-issued` mail (invoice-templates.ts). */
export interface InvoiceMailTexts {
  subject: { issued: (v: Invoice) => string; rectifying: (v: Invoice) => string };
  preheader: (v: Invoice) => string;
  heading: { issued: (v: Invoice) => string; rectifying: string };
  body: {
    issued: (v: Invoice) => string;
    rectifying: (v: Invoice & { correctsNumber: string }) => string;
    /** A rectifying invoice by substitution: the recipient's data corrected (ADR 061). */
    substituting: (v: Invoice & { correctsNumber: string }) => string;
  };
  where: string;
  action: string;
}

export const invoiceTexts: Record<Locale, InvoiceMailTexts> = {
  en: {
    subject: {
      issued: ({ month, businessName }) => `Your Regalo invoice for ${month} is ready: ${businessName}`,
      rectifying: ({ invoiceNumber, month, businessName }) => `Regalo corrective invoice ${invoiceNumber} (${month}): ${businessName}`,
    },
    preheader: ({ invoiceNumber, total }) => `Invoice ${invoiceNumber}: ${total}.`,
    heading: { issued: ({ month }) => `Your invoice for ${month}`, rectifying: 'Corrective invoice' },
    body: {
      issued: ({ invoiceNumber, month, businessName, total }) =>
        `Invoice ${invoiceNumber} for Regalo's commission for ${month} is ready for ${businessName}. Total including VAT: ${total}.`,
      rectifying: ({ invoiceNumber, businessName, correctsNumber, month, total }) =>
        `We have issued corrective invoice ${invoiceNumber} to ${businessName}. It corrects invoice ${correctsNumber} for ${month}'s commission by the difference, because that month's commission changed (for example, an order was refunded or cancelled). Amount of the correction: ${total}.`,
      substituting: ({ invoiceNumber, businessName, correctsNumber, month, total }) =>
        `We have issued corrective invoice ${invoiceNumber} to ${businessName} with your current invoicing details. It replaces invoice ${correctsNumber} for ${month}'s commission, which named your business as it was; the amounts do not change. Total including VAT: ${total}.`,
    },
    where:
      'In your dashboard you can view it, print it and download the PDF for your accountant. It is a Spanish invoice, in Spanish, and carries the tax QR code that lets anyone check it at the Spanish Tax Agency’s website.',
    action: 'See the invoice',
  },
  es: {
    subject: {
      issued: ({ month, businessName }) => `Tu factura de Regalo de ${month} ya está disponible: ${businessName}`,
      rectifying: ({ invoiceNumber, month, businessName }) => `Factura rectificativa de Regalo ${invoiceNumber} (${month}): ${businessName}`,
    },
    preheader: ({ invoiceNumber, total }) => `Factura ${invoiceNumber}: ${total}.`,
    heading: { issued: ({ month }) => `Tu factura de ${month}`, rectifying: 'Factura rectificativa' },
    body: {
      issued: ({ invoiceNumber, month, businessName, total }) =>
        `Ya tienes disponible la factura ${invoiceNumber} de la comisión de Regalo de ${month} para ${businessName}. Total con IVA: ${total}.`,
      rectifying: ({ invoiceNumber, businessName, correctsNumber, month, total }) =>
        `Hemos emitido la factura rectificativa ${invoiceNumber} para ${businessName}. Corrige por diferencias la factura ${correctsNumber} de la comisión de ${month}, porque la comisión de ese mes ha cambiado (por ejemplo, por la devolución o anulación de un pedido). Importe de la rectificación: ${total}.`,
      substituting: ({ invoiceNumber, businessName, correctsNumber, month, total }) =>
        `Hemos emitido la factura rectificativa ${invoiceNumber} para ${businessName} con tus datos de facturación actuales. Sustituye a la factura ${correctsNumber} de la comisión de ${month}, que nombraba a tu negocio como era; los importes no cambian. Total con IVA: ${total}.`,
    },
    where:
      'En tu panel puedes verla, imprimirla y descargarla en PDF para tu gestoría. Lleva el código QR tributario con el que se puede comprobar en la sede electrónica de la Agencia Tributaria.',
    action: 'Ver la factura',
  },
  va: {
    subject: {
      issued: ({ month, businessName }) => `La teua factura de Regalo ${de(month)} ja està disponible: ${businessName}`,
      rectifying: ({ invoiceNumber, month, businessName }) => `Factura rectificativa de Regalo ${invoiceNumber} (${month}): ${businessName}`,
    },
    preheader: ({ invoiceNumber, total }) => `Factura ${invoiceNumber}: ${total}.`,
    heading: { issued: ({ month }) => `La teua factura ${de(month)}`, rectifying: 'Factura rectificativa' },
    body: {
      issued: ({ invoiceNumber, month, businessName, total }) =>
        `Ja tens disponible la factura ${invoiceNumber} de la comissió de Regalo ${de(month)} per a ${businessName}. Total amb IVA: ${total}.`,
      rectifying: ({ invoiceNumber, businessName, correctsNumber, month, total }) =>
        `Hem emés la factura rectificativa ${invoiceNumber} per a ${businessName}. Corregix per diferències la factura ${correctsNumber} de la comissió ${de(month)}, perquè la comissió d’eixe mes ha canviat (per exemple, per la devolució o l’anul·lació d’una comanda). Import de la rectificació: ${total}.`,
      substituting: ({ invoiceNumber, businessName, correctsNumber, month, total }) =>
        `Hem emés la factura rectificativa ${invoiceNumber} per a ${businessName} amb les teues dades de facturació actuals. Substituïx la factura ${correctsNumber} de la comissió ${de(month)}, que nomenava el teu negoci com era; els imports no canvien. Total amb IVA: ${total}.`,
    },
    where:
      'En el teu tauler pots veure-la, imprimir-la i descarregar-la en PDF per a la teua gestoria. És una factura espanyola, en castellà, i porta el codi QR tributari amb què es pot comprovar en la seu electrònica de l’Agència Tributària.',
    action: 'Veure la factura',
  },
};
