import type { Locale } from '@shared/locale';
import { de, el } from './layout-texts';

/** A booked time as the mails say it: `date` a full date in the mail's language, `time` Madrid's `HH:MM`. */
type When = { date: string; time: string };
type Gift = { giftName: string; businessName: string };

/** The words of the booking mails (booking-templates.ts, ADR 105); values arrive formatted. */
export interface BookingMailTexts {
  cancelledByBusiness: {
    subject: (v: Gift) => string;
    preheader: (v: Gift) => string;
    heading: string;
    body: (v: Gift & When) => string;
    reason: (v: { reason: string }) => string;
    bookAgain: string;
    call: string;
    action: string;
  };
  reminder: {
    subject: (v: Gift & { time: string }) => string;
    preheader: (v: Gift & When) => string;
    heading: string;
    body: (v: Gift & When & { partySize: string }) => string;
    address: (v: { address: string }) => string;
    map: string;
    call: string;
    calendar: string;
    change: string;
    action: string;
  };
  giverBooked: {
    subject: (v: { recipientName: string }) => string;
    preheader: (v: Gift) => string;
    heading: string;
    /** `date` and `time` are given only when the recipient agreed to tell the giver. */
    body: (v: Gift & { recipientName: string; date: string | null; time: string | null }) => string;
    once: string;
    action: string;
  };
}

export const bookingTexts: Record<Locale, BookingMailTexts> = {
  en: {
    cancelledByBusiness: {
      subject: ({ businessName }) => `${businessName} cancelled your booking`,
      preheader: ({ giftName }) => `Your gift "${giftName}" is still valid: book another time.`,
      heading: 'Your booking was cancelled',
      body: ({ businessName, giftName, date, time }) =>
        `${businessName} had to cancel your booking for "${giftName}" on ${date} at ${time}.`,
      reason: ({ reason }) => `Their reason: ${reason}`,
      bookAgain: 'Your gift is still valid. Open it to choose another time.',
      call: 'Or call them:',
      action: 'Book another time',
    },
    reminder: {
      subject: ({ giftName, time }) => `Tomorrow at ${time}: ${giftName}`,
      preheader: ({ businessName, time }) => `Your booking at ${businessName} is tomorrow at ${time}.`,
      heading: 'See you tomorrow',
      body: ({ giftName, businessName, date, time, partySize }) =>
        `A reminder of your booking for "${giftName}" at ${businessName}: ${date} at ${time} (Madrid time), for ${partySize}.`,
      address: ({ address }) => `Address: ${address}`,
      map: 'Find it on the map:',
      call: 'Their phone:',
      calendar: 'The attached calendar file adds the booking to your calendar.',
      change: 'Bring your gift (the QR code on your phone is enough).',
      action: 'Open my gift',
    },
    giverBooked: {
      subject: ({ recipientName }) => `${recipientName} booked your gift`,
      preheader: ({ businessName }) => `A time is booked at ${businessName}.`,
      heading: 'Your gift is booked',
      body: ({ recipientName, giftName, businessName, date, time }) =>
        date && time
          ? `${recipientName} booked "${giftName}" at ${businessName} for ${date} at ${time}.`
          : `${recipientName} booked "${giftName}" at ${businessName}.`,
      once: 'We tell you this once; later changes of time are between them and the business.',
      action: 'See my orders',
    },
  },
  es: {
    cancelledByBusiness: {
      subject: ({ businessName }) => `${businessName} ha cancelado tu reserva`,
      preheader: ({ giftName }) => `Tu regalo «${giftName}» sigue siendo válido: reserva otra hora.`,
      heading: 'Tu reserva se ha cancelado',
      body: ({ businessName, giftName, date, time }) =>
        `${businessName} ha tenido que cancelar tu reserva de «${giftName}» del ${date} a las ${time}.`,
      reason: ({ reason }) => `Su motivo: ${reason}`,
      bookAgain: 'Tu regalo sigue siendo válido. Ábrelo para elegir otra hora.',
      call: 'O llámales:',
      action: 'Reservar otra hora',
    },
    reminder: {
      subject: ({ giftName, time }) => `Mañana a las ${time}: ${giftName}`,
      preheader: ({ businessName, time }) => `Tu reserva en ${businessName} es mañana a las ${time}.`,
      heading: 'Nos vemos mañana',
      body: ({ giftName, businessName, date, time, partySize }) =>
        `Te recordamos tu reserva de «${giftName}» en ${businessName}: ${date} a las ${time} (hora de Madrid), para ${partySize}.`,
      address: ({ address }) => `Dirección: ${address}`,
      map: 'Encuéntralo en el mapa:',
      call: 'Su teléfono:',
      calendar: 'El archivo de calendario adjunto añade la reserva a tu calendario.',
      change: 'Lleva tu regalo (basta con el código QR en el móvil).',
      action: 'Abrir mi regalo',
    },
    giverBooked: {
      subject: ({ recipientName }) => `${recipientName} ha reservado tu regalo`,
      preheader: ({ businessName }) => `Ya hay una hora reservada en ${businessName}.`,
      heading: 'Tu regalo está reservado',
      body: ({ recipientName, giftName, businessName, date, time }) =>
        date && time
          ? `${recipientName} ha reservado «${giftName}» en ${businessName} para el ${date} a las ${time}.`
          : `${recipientName} ha reservado «${giftName}» en ${businessName}.`,
      once: 'Te lo decimos una sola vez; los cambios de hora quedan entre quien lo recibe y el negocio.',
      action: 'Ver mis pedidos',
    },
  },
  va: {
    cancelledByBusiness: {
      subject: ({ businessName }) => `${businessName} ha cancel·lat la teua reserva`,
      preheader: ({ giftName }) => `El teu regal «${giftName}» continua sent vàlid: reserva una altra hora.`,
      heading: 'La teua reserva s’ha cancel·lat',
      body: ({ businessName, giftName, date, time }) =>
        `${businessName} ha hagut de cancel·lar la teua reserva ${de(`«${giftName}»`)} ${el(date)} a les ${time}.`,
      reason: ({ reason }) => `El motiu: ${reason}`,
      bookAgain: 'El teu regal continua sent vàlid. Obri’l per a triar una altra hora.',
      call: 'O telefona’ls:',
      action: 'Reservar una altra hora',
    },
    reminder: {
      subject: ({ giftName, time }) => `Demà a les ${time}: ${giftName}`,
      preheader: ({ businessName, time }) => `La teua reserva a ${businessName} és demà a les ${time}.`,
      heading: 'Ens veiem demà',
      body: ({ giftName, businessName, date, time, partySize }) =>
        `Et recordem la teua reserva ${de(`«${giftName}»`)} a ${businessName}: ${date} a les ${time} (hora de Madrid), per a ${partySize}.`,
      address: ({ address }) => `Adreça: ${address}`,
      map: 'Troba’l en el mapa:',
      call: 'El seu telèfon:',
      calendar: 'El fitxer de calendari adjunt afig la reserva al teu calendari.',
      change: 'Porta el teu regal (n’hi ha prou amb el codi QR en el mòbil).',
      action: 'Obrir el meu regal',
    },
    giverBooked: {
      subject: ({ recipientName }) => `${recipientName} ha reservat el teu regal`,
      preheader: ({ businessName }) => `Ja hi ha una hora reservada a ${businessName}.`,
      heading: 'El teu regal està reservat',
      body: ({ recipientName, giftName, businessName, date, time }) =>
        date && time
          ? `${recipientName} ha reservat «${giftName}» a ${businessName} per al ${date} a les ${time}.`
          : `${recipientName} ha reservat «${giftName}» a ${businessName}.`,
      once: 'T’ho diem una sola vegada; els canvis d’hora queden entre qui el rep i el negoci.',
      action: 'Veure les meues comandes',
    },
  },
};

/** The party size as the reminder says it ("for 2 people"). */
export const partyWords: Record<Locale, (size: number) => string> = {
  en: (n) => (n === 1 ? 'one person' : `${n} people`),
  es: (n) => (n === 1 ? 'una persona' : `${n} personas`),
  va: (n) => (n === 1 ? 'una persona' : `${n} persones`),
};
