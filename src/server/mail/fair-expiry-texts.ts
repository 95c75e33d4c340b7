import type { Locale } from '@shared/locale';

/** The words of the business's "no" to a recipient who asked for more time (fair-expiry-templates.ts). */
export interface FairExpiryMailTexts {
  subject: (v: { businessName: string }) => string;
  preheader: string;
  heading: string;
  body: (v: { giftName: string; businessName: string }) => string;
  action: string;
}

export const fairExpiryTexts: Record<Locale, FairExpiryMailTexts> = {
  en: {
    subject: ({ businessName }) => `${businessName} did not extend your gift`,
    preheader: 'We have their answer to your request.',
    heading: 'The answer to your request for more time',
    body: ({ giftName, businessName }) => `You asked for more time to redeem your gift "${giftName}". ${businessName} decided not to extend it, so the gift stays expired.`,
    action: 'See my gift',
  },
  es: {
    subject: ({ businessName }) => `${businessName} no ha ampliado la validez de tu regalo`,
    preheader: 'Hemos recibido su respuesta a tu solicitud.',
    heading: 'Respuesta a tu solicitud de más tiempo',
    body: ({ giftName, businessName }) =>
      `Pediste más tiempo para canjear tu regalo «${giftName}». ${businessName} ha decidido no ampliar su validez, así que el regalo sigue caducado.`,
    action: 'Ver mi regalo',
  },
  va: {
    subject: ({ businessName }) => `${businessName} no ha ampliat la validesa del teu regal`,
    preheader: 'Hem rebut la resposta a la teua sol·licitud.',
    heading: 'Resposta a la teua sol·licitud de més temps',
    body: ({ giftName, businessName }) =>
      `Vas demanar més temps per a bescanviar el teu regal «${giftName}». ${businessName} ha decidit no ampliar-ne la validesa, així que el regal continua caducat.`,
    action: 'Veure el meu regal',
  },
};
