import { formatDate, formatDateTime, formatPrice } from '@shared/format';
import { renderMail, type MailLocale, type RenderedMail } from './layout';

/**
 * Emails of the right of withdrawal (ADR 064), registered in templates.ts.
 *
 * The acknowledgement goes to the address typed on the form (the account's, prefilled, but it
 * may be changed, so it has not proven itself): it carries no text the person typed, only
 * what Regalo knows (the gifts and businesses as listed, amounts, dates) and the reference.
 * It is the durable-medium confirmation art. 11a of Directive 2011/83/EU requires: what was
 * withdrawn, when (date and time in Madrid), and the refund.
 */
export interface WithdrawalMailTemplates {
  'withdrawal-acknowledged': {
    reference: string;
    /** ISO instants. */
    withdrawnAt: string;
    purchasedAt: string;
    lines: { giftName: string; businessName: string; price: number }[];
    refund: number;
    ordersUrl: string;
  };
  /** To a recipient who already had the gift: neutral, no reason, no amount. */
  'order-withdrawn-recipient': { recipientName: string; giftName: string; businessName: string; giftUrl: string };
}

type Renderer<T> = (data: T, locale: MailLocale) => RenderedMail;

export const withdrawalTemplates: { [K in keyof WithdrawalMailTemplates]: Renderer<WithdrawalMailTemplates[K]> } = {
  'withdrawal-acknowledged': (d, locale) => {
    const when = formatDateTime(d.withdrawnAt, locale);
    const purchased = formatDate(d.purchasedAt, locale);
    const line = (l: WithdrawalMailTemplates['withdrawal-acknowledged']['lines'][number]) =>
      `• ${l.giftName} (${l.businessName}): ${formatPrice(l.price)}`;
    return locale === 'es'
      ? renderMail({
          locale,
          subject: `Hemos recibido tu desistimiento (${d.reference})`,
          preheader: `Te devolvemos ${formatPrice(d.refund)}.`,
          heading: 'Desistimiento recibido',
          paragraphs: [
            'Hola:',
            `Confirmamos que el ${when} (hora de Madrid) desististe del contrato de compra del ${purchased} para estos regalos:`,
            ...d.lines.map(line),
            `Reembolso: ${formatPrice(d.refund)}, el precio completo (IVA incluido). Lo hemos pedido ya a nuestro proveedor de pagos y lo recibirás con el mismo medio con el que pagaste, como muy tarde en 14 días; el banco puede tardar unos días más en mostrarlo.`,
            'Los regalos quedan anulados y ya no se pueden canjear.',
            `Referencia del desistimiento: ${d.reference}`,
          ],
          action: { label: 'Ver mis pedidos', url: d.ordersUrl },
          note: 'Guarda este correo: es el justificante de tu desistimiento.',
        })
      : renderMail({
          locale,
          subject: `We received your withdrawal (${d.reference})`,
          preheader: `We are refunding ${formatPrice(d.refund)}.`,
          heading: 'Withdrawal received',
          paragraphs: [
            'Hello,',
            `We confirm that on ${when} (Madrid time) you withdrew from the purchase contract of ${purchased} for these gifts:`,
            ...d.lines.map(line),
            `Refund: ${formatPrice(d.refund)}, the full price (VAT included). We have already asked our payment provider for it and you will receive it by the same means you paid with, within 14 days at the latest; your bank may take a few more days to show it.`,
            'The gifts are cancelled and can no longer be redeemed.',
            `Withdrawal reference: ${d.reference}`,
          ],
          action: { label: 'See my orders', url: d.ordersUrl },
          note: 'Keep this email: it is the record of your withdrawal.',
        });
  },
  'order-withdrawn-recipient': ({ recipientName, giftName, businessName, giftUrl }, locale) =>
    locale === 'es'
      ? renderMail({
          locale,
          subject: `El regalo de ${businessName} ya no está disponible`,
          preheader: 'El regalo ya no se puede canjear.',
          heading: 'Este regalo ya no está disponible',
          paragraphs: [
            `Hola, ${recipientName}:`,
            `El regalo «${giftName}» de ${businessName} se ha anulado y ya no se puede canjear. No tienes que hacer nada.`,
          ],
          action: { label: 'Ver el regalo', url: giftUrl },
        })
      : renderMail({
          locale,
          subject: `The gift from ${businessName} is no longer available`,
          preheader: 'The gift can no longer be redeemed.',
          heading: 'This gift is no longer available',
          paragraphs: [
            `Hi ${recipientName},`,
            `The gift "${giftName}" from ${businessName} has been cancelled and can no longer be redeemed. There is nothing you need to do.`,
          ],
          action: { label: 'See the gift', url: giftUrl },
        }),
};
