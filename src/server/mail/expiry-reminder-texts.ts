import type { Locale } from '@shared/locale';
import { al, el } from './layout-texts';

/** The words of the "a week left" reminders (expiry-reminder-templates.ts, ADR 032). */
export interface ExpiryReminderTexts {
  recipient: {
    subject: (v: { expiryDate: string; giftName: string }) => string;
    preheader: (v: { businessName: string }) => string;
    heading: string;
    /** `senderName` is null when the giver stayed anonymous. */
    reminder: (v: { senderName: string | null; giftName: string; businessName: string; expiryDate: string }) => string;
    how: string;
    /** A gift card's balance left (ADR 104): what expires with it. */
    balance: (v: { balance: string }) => string;
    action: string;
    note: string;
  };
  giver: {
    subject: (v: { recipientName: string; expiryDate: string }) => string;
    preheader: string;
    heading: string;
    reminder: (v: { recipientName: string; giftName: string; businessName: string; expiryDate: string }) => string;
    balance: (v: { balance: string }) => string;
    action: string;
  };
}

export const expiryReminderTexts: Record<Locale, ExpiryReminderTexts> = {
  en: {
    recipient: {
      subject: ({ expiryDate, giftName }) => `Your gift expires on ${expiryDate}: ${giftName}`,
      preheader: ({ businessName }) => `You can still enjoy it at ${businessName}.`,
      heading: 'One week left to enjoy your gift',
      reminder: ({ senderName, giftName, businessName, expiryDate }) =>
        `${senderName ? `${senderName} gave you` : 'You were given'} "${giftName}" at ${businessName}, and it has not been used yet. It is valid until ${expiryDate}, inclusive.`,
      how: 'Open your gift and show the QR code at the counter. You do not need an account.',
      balance: ({ balance }) => `Your gift card still has ${balance} to spend; what is not spent by then expires with it.`,
      action: 'Open my gift',
      note: 'If you already enjoyed it today, ignore this email.',
    },
    giver: {
      subject: ({ recipientName, expiryDate }) => `Your gift for ${recipientName} expires on ${expiryDate}`,
      preheader: 'You may want to remind them.',
      heading: 'Your gift has not been enjoyed yet',
      reminder: ({ recipientName, giftName, businessName, expiryDate }) =>
        `${recipientName} has not used "${giftName}" at ${businessName} yet. It is valid until ${expiryDate}, inclusive; you may want to remind them.`,
      balance: ({ balance }) => `The gift card still has ${balance} to spend.`,
      action: 'See my orders',
    },
  },
  es: {
    recipient: {
      subject: ({ expiryDate, giftName }) => `Tu regalo caduca el ${expiryDate}: ${giftName}`,
      preheader: ({ businessName }) => `Aún puedes disfrutarlo en ${businessName}.`,
      heading: 'Queda una semana para disfrutar tu regalo',
      reminder: ({ senderName, giftName, businessName, expiryDate }) =>
        `${senderName ? `${senderName} te regaló` : 'Te regalaron'} «${giftName}» en ${businessName}, y todavía no lo has usado. Es válido hasta el ${expiryDate}, incluido.`,
      how: 'Abre tu regalo y enseña el código QR en el mostrador. No necesitas cuenta.',
      balance: ({ balance }) => `A tu tarjeta regalo le quedan ${balance} por gastar; lo que no gastes antes caduca con ella.`,
      action: 'Abrir mi regalo',
      note: 'Si ya lo has disfrutado hoy, ignora este mensaje.',
    },
    giver: {
      subject: ({ recipientName, expiryDate }) => `El regalo para ${recipientName} caduca el ${expiryDate}`,
      preheader: 'Quizá quieras recordárselo.',
      heading: 'Tu regalo aún no se ha disfrutado',
      reminder: ({ recipientName, giftName, businessName, expiryDate }) =>
        `${recipientName} todavía no ha usado «${giftName}» en ${businessName}. Es válido hasta el ${expiryDate}, incluido; quizá quieras recordárselo.`,
      balance: ({ balance }) => `A la tarjeta regalo le quedan ${balance} por gastar.`,
      action: 'Ver mis pedidos',
    },
  },
  va: {
    recipient: {
      subject: ({ expiryDate, giftName }) => `El teu regal caduca ${el(expiryDate)}: ${giftName}`,
      preheader: ({ businessName }) => `Encara en pots gaudir a ${businessName}.`,
      heading: 'Queda una setmana per a gaudir del teu regal',
      reminder: ({ senderName, giftName, businessName, expiryDate }) =>
        `${senderName ? `${senderName} et va regalar` : 'Et van regalar'} «${giftName}» a ${businessName}, i encara no l’has utilitzat. És vàlid fins ${al(expiryDate)}, inclòs.`,
      how: 'Obri el teu regal i mostra el codi QR en el taulell. No necessites cap compte.',
      balance: ({ balance }) => `A la teua targeta regal li queden ${balance} per gastar; el que no gastes abans caduca amb ella.`,
      action: 'Obrir el meu regal',
      note: 'Si ja n’has gaudit hui, no faces cas d’este missatge.',
    },
    giver: {
      subject: ({ recipientName, expiryDate }) => `El regal per a ${recipientName} caduca ${el(expiryDate)}`,
      preheader: 'Potser li ho vols recordar.',
      heading: 'Encara no s’ha gaudit del teu regal',
      reminder: ({ recipientName, giftName, businessName, expiryDate }) =>
        `${recipientName} encara no ha utilitzat «${giftName}» a ${businessName}. És vàlid fins ${al(expiryDate)}, inclòs; potser li ho vols recordar.`,
      balance: ({ balance }) => `A la targeta regal li queden ${balance} per gastar.`,
      action: 'Veure les meues comandes',
    },
  },
};
