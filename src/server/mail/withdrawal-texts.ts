import type { Locale } from '@shared/locale';
import { de, del, el } from './layout-texts';

/** The words of the withdrawal mails (withdrawal-templates.ts, ADR 064); values arrive formatted. */
export interface WithdrawalMailTexts {
  acknowledged: {
    subject: (v: { reference: string }) => string;
    preheader: (v: { refund: string }) => string;
    heading: string;
    confirm: (v: { when: string; purchased: string }) => string;
    refund: (v: { refund: string }) => string;
    cancelled: string;
    reference: (v: { reference: string }) => string;
    action: string;
    note: string;
  };
  recipient: {
    subject: (v: { businessName: string }) => string;
    preheader: string;
    heading: string;
    body: (v: { giftName: string; businessName: string }) => string;
    action: string;
  };
}

export const withdrawalTexts: Record<Locale, WithdrawalMailTexts> = {
  en: {
    acknowledged: {
      subject: ({ reference }) => `We received your withdrawal (${reference})`,
      preheader: ({ refund }) => `We are refunding ${refund}.`,
      heading: 'Withdrawal received',
      confirm: ({ when, purchased }) => `We confirm that on ${when} (Madrid time) you withdrew from the purchase contract of ${purchased} for these gifts:`,
      refund: ({ refund }) =>
        `Refund: ${refund}, the full price (VAT included). We have already asked our payment provider for it and you will receive it by the same means you paid with, within 14 days at the latest; your bank may take a few more days to show it.`,
      cancelled: 'The gifts are cancelled and can no longer be redeemed.',
      reference: ({ reference }) => `Withdrawal reference: ${reference}`,
      action: 'See my orders',
      note: 'Keep this email: it is the record of your withdrawal.',
    },
    recipient: {
      subject: ({ businessName }) => `The gift from ${businessName} is no longer available`,
      preheader: 'The gift can no longer be redeemed.',
      heading: 'This gift is no longer available',
      body: ({ giftName, businessName }) => `The gift "${giftName}" from ${businessName} has been cancelled and can no longer be redeemed. There is nothing you need to do.`,
      action: 'See the gift',
    },
  },
  es: {
    acknowledged: {
      subject: ({ reference }) => `Hemos recibido tu desistimiento (${reference})`,
      preheader: ({ refund }) => `Te devolvemos ${refund}.`,
      heading: 'Desistimiento recibido',
      confirm: ({ when, purchased }) => `Confirmamos que el ${when} (hora de Madrid) desististe del contrato de compra del ${purchased} para estos regalos:`,
      refund: ({ refund }) =>
        `Reembolso: ${refund}, el precio completo (IVA incluido). Lo hemos pedido ya a nuestro proveedor de pagos y lo recibirás con el mismo medio con el que pagaste, como muy tarde en 14 días; el banco puede tardar unos días más en mostrarlo.`,
      cancelled: 'Los regalos quedan anulados y ya no se pueden canjear.',
      reference: ({ reference }) => `Referencia del desistimiento: ${reference}`,
      action: 'Ver mis pedidos',
      note: 'Guarda este correo: es el justificante de tu desistimiento.',
    },
    recipient: {
      subject: ({ businessName }) => `El regalo de ${businessName} ya no está disponible`,
      preheader: 'El regalo ya no se puede canjear.',
      heading: 'Este regalo ya no está disponible',
      body: ({ giftName, businessName }) => `El regalo «${giftName}» de ${businessName} se ha anulado y ya no se puede canjear. No tienes que hacer nada.`,
      action: 'Ver el regalo',
    },
  },
  va: {
    acknowledged: {
      subject: ({ reference }) => `Hem rebut el teu desistiment (${reference})`,
      preheader: ({ refund }) => `Et tornem ${refund}.`,
      heading: 'Desistiment rebut',
      confirm: ({ when, purchased }) => `Confirmem que ${el(when)} (hora de Madrid) vas desistir del contracte de compra ${del(purchased)} per a estos regals:`,
      refund: ({ refund }) =>
        `Reemborsament: ${refund}, el preu complet (IVA inclòs). Ja l’hem demanat al nostre proveïdor de pagaments i el rebràs pel mateix mitjà amb què vas pagar, com a molt tard en 14 dies; el banc pot tardar uns quants dies més a mostrar-lo.`,
      cancelled: 'Els regals queden anul·lats i ja no es poden bescanviar.',
      reference: ({ reference }) => `Referència del desistiment: ${reference}`,
      action: 'Veure les meues comandes',
      note: 'Guarda este correu: és el justificant del teu desistiment.',
    },
    recipient: {
      subject: ({ businessName }) => `El regal ${de(businessName)} ja no està disponible`,
      preheader: 'El regal ja no es pot bescanviar.',
      heading: 'Este regal ja no està disponible',
      body: ({ giftName, businessName }) => `El regal «${giftName}» ${de(businessName)} s’ha anul·lat i ja no es pot bescanviar. No has de fer res.`,
      action: 'Veure el regal',
    },
  },
};
