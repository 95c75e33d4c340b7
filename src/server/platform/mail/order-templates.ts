import { formatDate, formatDateTime, formatPrice } from '@shared/format';
import {
  formatPhone,
  giftConditionLines,
  telHref,
  whatsappHref,
  type BusinessBooking,
  type GiftConditions,
} from '@shared/domain/gift-conditions';
import { giftText } from '../gift-text';
import { renderMail, type MailLocale, type MailParagraph, type RenderedMail } from './layout';

/**
 * The emails of a purchase (issue 10): the recipient's gift, the giver's receipt, and the
 * giver's note when a scheduled gift went out. Prices and dates use the Spanish format
 * in every language, with the month in the reader's (src/shared/format.ts, ADR 058).
 */
export interface OrderMailTemplates {
  /** To the recipient, in THEIR language, at the delivery moment (and on "resend"). */
  'gift-received': {
    recipientName: string;
    senderName: string;
    giftName: string;
    businessName: string;
    businessAddress: string;
    mapUrl: string;
    personalMessage: string | null;
    expiresAt: string;
    giftUrl: string;
    /** The code to read out when the QR cannot be scanned, grouped ("K7QD-M2XA"; ADR 055). */
    typedCode: string | null;
    /** The gift's conditions and how to book (issue 29.11); absent in mails queued before them. */
    conditions?: GiftConditions;
    booking?: BusinessBooking;
  };
  /** To the giver when the payment succeeded. */
  'order-receipt': {
    name: string;
    lines: { giftName: string; businessName: string; recipientName: string; price: number; deliverAt: string | null }[];
    total: number;
    ordersUrl: string;
    /** The signed link to withdraw without signing in (ADR 064), and when the right ends (ISO). */
    withdrawUrl: string;
    withdrawUntil: string;
  };
  /** To the giver when a scheduled gift's email went out. */
  'gift-delivered': { name: string; recipientName: string; giftName: string; ordersUrl: string };
}

type Renderers = { [K in keyof OrderMailTemplates]: (data: OrderMailTemplates[K], locale: MailLocale) => RenderedMail };

/**
 * What the recipient needs before going: the gift's conditions, then how to book (the phone
 * as a tel: link, WhatsApp and the booking page with short labels) and the opening hours,
 * worded from the same `gift` catalogues as the gift page.
 */
function bookingParagraphs(d: OrderMailTemplates['gift-received'], locale: MailLocale): MailParagraph[] {
  const t = giftText(locale);
  const paragraphs: MailParagraph[] = [];
  const lines = d.conditions ? giftConditionLines(d.conditions, locale, t) : [];
  if (lines.length > 0) paragraphs.push(`${t('conditions.title')}: ${lines.join(' · ')}`);
  const booking = d.booking;
  if (!booking) return paragraphs;
  if (booking.phone) {
    paragraphs.push({ lead: `${t('booking.title')}:`, link: { label: t('booking.call', { phone: formatPhone(booking.phone) }), url: telHref(booking.phone) } });
  }
  if (booking.whatsapp) paragraphs.push({ lead: `${t('booking.whatsapp')}:`, link: { label: formatPhone(booking.whatsapp), url: whatsappHref(booking.whatsapp) } });
  if (booking.bookingUrl) paragraphs.push({ lead: `${t('booking.web')}:`, link: { label: new URL(booking.bookingUrl).host, url: booking.bookingUrl } });
  if (booking.openingHours) paragraphs.push(`${t('booking.hours')}: ${booking.openingHours}`);
  return paragraphs;
}

const hello = (locale: MailLocale, name: string) => (locale === 'es' ? `Hola, ${name}:` : `Hi ${name},`);

export const orderTemplates: Renderers = {
  'gift-received': (d, locale) => {
    const expires = formatDate(d.expiresAt, locale);
    const place = `${d.businessName}, ${d.businessAddress}`;
    return locale === 'es'
      ? renderMail({
          locale,
          subject: `${d.senderName} te ha enviado un regalo: ${d.giftName}`,
          preheader: `Un regalo de ${d.businessName} te espera en Valencia.`,
          heading: `¡${d.senderName} te ha hecho un regalo!`,
          paragraphs: [
            hello(locale, d.recipientName),
            `${d.senderName} te regala «${d.giftName}» en ${place}.`,
            ...(d.personalMessage ? [`Su mensaje: «${d.personalMessage}»`] : []),
            { lead: 'Cómo llegar:', link: { label: `Ver ${d.businessName} en el mapa`, url: d.mapUrl } },
            ...bookingParagraphs(d, locale),
            `Puedes canjearlo hasta el ${expires}. Abre tu regalo y enseña el código QR en el comercio.`,
            ...(d.typedCode ? [`Si no pueden escanear el QR, díctales este código: ${d.typedCode}`] : []),
          ],
          action: { label: 'Abrir mi regalo', url: d.giftUrl },
          note: 'No necesitas una cuenta. Guarda este correo: el enlace es tu regalo.',
        })
      : renderMail({
          locale,
          subject: `${d.senderName} sent you a gift: ${d.giftName}`,
          preheader: `A gift from ${d.businessName} is waiting for you in Valencia.`,
          heading: `${d.senderName} sent you a gift!`,
          paragraphs: [
            hello(locale, d.recipientName),
            `${d.senderName} is treating you to "${d.giftName}" at ${place}.`,
            ...(d.personalMessage ? [`Their message: "${d.personalMessage}"`] : []),
            { lead: 'How to get there:', link: { label: `See ${d.businessName} on the map`, url: d.mapUrl } },
            ...bookingParagraphs(d, locale),
            `You can redeem it until ${expires}. Open your gift and show the QR code at the shop.`,
            ...(d.typedCode ? [`If they cannot scan the QR, read them this code: ${d.typedCode}`] : []),
          ],
          action: { label: 'Open my gift', url: d.giftUrl },
          note: 'No account needed. Keep this email: the link is your gift.',
        });
  },
  'order-receipt': (d, locale) => {
    const lineText = (l: OrderMailTemplates['order-receipt']['lines'][number]) => {
      const when = l.deliverAt
        ? locale === 'es'
          ? `se entrega el ${formatDateTime(l.deliverAt, locale)}`
          : `delivered on ${formatDateTime(l.deliverAt, locale)}`
        : locale === 'es'
          ? 'enviado ahora'
          : 'sent now';
      return locale === 'es'
        ? `• ${l.giftName} (${l.businessName}) para ${l.recipientName}: ${formatPrice(l.price)}, ${when}`
        : `• ${l.giftName} (${l.businessName}) for ${l.recipientName}: ${formatPrice(l.price)}, ${when}`;
    };
    return locale === 'es'
      ? renderMail({
          locale,
          subject: `Tu compra en Regalo: ${formatPrice(d.total)}`,
          preheader: 'Gracias por regalar comercio local.',
          heading: 'Gracias por tu compra',
          paragraphs: [
            hello(locale, d.name),
            'Hemos recibido tu pago. Esto es lo que has regalado:',
            ...d.lines.map(lineText),
            `Total: ${formatPrice(d.total)} (IVA incluido).`,
            `Tienes derecho a desistir de esta compra sin dar ningún motivo hasta el ${formatDateTime(d.withdrawUntil, locale)} (hora de Madrid), mientras el regalo no se haya canjeado. Te devolveremos el precio completo.`,
            { lead: 'Para desistir:', link: { label: 'Desistir del contrato aquí', url: d.withdrawUrl } },
          ],
          action: { label: 'Ver mis pedidos', url: d.ordersUrl },
          note: 'Desde «Mis pedidos» puedes copiar el enlace de cada regalo, reenviarlo o cambiar una entrega programada.',
        })
      : renderMail({
          locale,
          subject: `Your Regalo purchase: ${formatPrice(d.total)}`,
          preheader: 'Thank you for gifting local.',
          heading: 'Thank you for your purchase',
          paragraphs: [
            hello(locale, d.name),
            'We received your payment. This is what you gave:',
            ...d.lines.map(lineText),
            `Total: ${formatPrice(d.total)} (VAT included).`,
            `You may withdraw from this purchase without giving any reason until ${formatDateTime(d.withdrawUntil, locale)} (Madrid time), as long as the gift has not been redeemed. We will refund the full price.`,
            { lead: 'To withdraw:', link: { label: 'Withdraw from contract here', url: d.withdrawUrl } },
          ],
          action: { label: 'See my orders', url: d.ordersUrl },
          note: 'From "My orders" you can copy each gift link, resend it or change a scheduled delivery.',
        });
  },
  'gift-delivered': (d, locale) =>
    locale === 'es'
      ? renderMail({
          locale,
          subject: `${d.recipientName} ya ha recibido tu regalo`,
          preheader: `Hemos enviado «${d.giftName}».`,
          heading: 'Tu regalo ha llegado',
          paragraphs: [hello(locale, d.name), `Acabamos de enviar «${d.giftName}» a ${d.recipientName}.`],
          action: { label: 'Ver mis pedidos', url: d.ordersUrl },
        })
      : renderMail({
          locale,
          subject: `${d.recipientName} has received your gift`,
          preheader: `We sent "${d.giftName}".`,
          heading: 'Your gift has arrived',
          paragraphs: [hello(locale, d.name), `We just sent "${d.giftName}" to ${d.recipientName}.`],
          action: { label: 'See my orders', url: d.ordersUrl },
        }),
};
