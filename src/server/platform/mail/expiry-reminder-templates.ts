import { renderMail, type MailLocale, type RenderedMail } from './layout';

/**
 * The "a week left" reminders (ADR 032), registered in templates.ts. Dates arrive formatted
 * the Spanish way (`21 nov 2027`) as every date Regalo shows.
 */
export interface ExpiryReminderTemplates {
  /** To the recipient: their gift can still be enjoyed until `expiryDate`. */
  'gift-expiry-reminder': {
    recipientName: string;
    senderName: string | null;
    giftName: string;
    businessName: string;
    expiryDate: string;
    giftUrl: string;
  };
  /** To the giver: the gift they sent has not been used yet. */
  'gift-expiry-reminder-giver': {
    giverName: string;
    recipientName: string;
    giftName: string;
    businessName: string;
    expiryDate: string;
    ordersUrl: string;
  };
}

type Renderers = {
  [K in keyof ExpiryReminderTemplates]: (data: ExpiryReminderTemplates[K], locale: MailLocale) => RenderedMail;
};

export const expiryReminderTemplates: Renderers = {
  'gift-expiry-reminder': ({ recipientName, senderName, giftName, businessName, expiryDate, giftUrl }, locale) =>
    locale === 'es'
      ? renderMail({
          locale,
          subject: `Tu regalo caduca el ${expiryDate}: ${giftName}`,
          preheader: `Aún puedes disfrutarlo en ${businessName}.`,
          heading: 'Queda una semana para disfrutar tu regalo',
          paragraphs: [
            `Hola, ${recipientName}:`,
            `${senderName ? `${senderName} te regaló` : 'Te regalaron'} «${giftName}» en ${businessName}, y todavía no lo has usado. Es válido hasta el ${expiryDate}, incluido.`,
            'Abre tu regalo y enseña el código QR en el mostrador. No necesitas cuenta.',
          ],
          action: { label: 'Abrir mi regalo', url: giftUrl },
          note: 'Si ya lo has disfrutado hoy, ignora este mensaje.',
        })
      : renderMail({
          locale,
          subject: `Your gift expires on ${expiryDate}: ${giftName}`,
          preheader: `You can still enjoy it at ${businessName}.`,
          heading: 'One week left to enjoy your gift',
          paragraphs: [
            `Hi ${recipientName},`,
            `${senderName ? `${senderName} gave you` : 'You were given'} "${giftName}" at ${businessName}, and it has not been used yet. It is valid until ${expiryDate}, inclusive.`,
            'Open your gift and show the QR code at the counter. You do not need an account.',
          ],
          action: { label: 'Open my gift', url: giftUrl },
          note: 'If you already enjoyed it today, ignore this email.',
        }),
  'gift-expiry-reminder-giver': ({ giverName, recipientName, giftName, businessName, expiryDate, ordersUrl }, locale) =>
    locale === 'es'
      ? renderMail({
          locale,
          subject: `El regalo para ${recipientName} caduca el ${expiryDate}`,
          preheader: 'Quizá quieras recordárselo.',
          heading: 'Tu regalo aún no se ha disfrutado',
          paragraphs: [
            `Hola, ${giverName}:`,
            `${recipientName} todavía no ha usado «${giftName}» en ${businessName}. Es válido hasta el ${expiryDate}, incluido; quizá quieras recordárselo.`,
          ],
          action: { label: 'Ver mis pedidos', url: ordersUrl },
        })
      : renderMail({
          locale,
          subject: `Your gift for ${recipientName} expires on ${expiryDate}`,
          preheader: 'You may want to remind them.',
          heading: 'Your gift has not been enjoyed yet',
          paragraphs: [
            `Hi ${giverName},`,
            `${recipientName} has not used "${giftName}" at ${businessName} yet. It is valid until ${expiryDate}, inclusive; you may want to remind them.`,
          ],
          action: { label: 'See my orders', url: ordersUrl },
        }),
};
