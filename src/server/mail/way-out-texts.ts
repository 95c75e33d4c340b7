import type { Locale } from '@shared/locale';

type Names = { giftName: string; businessName: string; recipientName: string };

/** The words of the giver's mails when a gift that could not be booked found its way out (way-out-templates.ts). */
export interface WayOutMailTexts {
  refunded: {
    subject: (v: Names) => string;
    preheader: string;
    heading: string;
    body: (v: Names & { refund: string }) => string;
  };
  exchanged: {
    subject: (v: Names) => string;
    preheader: string;
    heading: string;
    body: (v: Names & { newGiftName: string }) => string;
    refund: (v: { refund: string }) => string;
  };
  action: string;
}

export const wayOutTexts: Record<Locale, WayOutMailTexts> = {
  en: {
    refunded: {
      subject: ({ giftName }) => `Your gift "${giftName}" has been refunded`,
      preheader: 'It could not be booked, so the money goes back to you.',
      heading: 'Your money is on its way back',
      body: ({ giftName, businessName, recipientName, refund }) =>
        `${recipientName} could not book your gift "${giftName}" at ${businessName}, so they chose to give the money back to you. We have refunded ${refund} to the card or account you paid with; it usually shows within a few days. The gift is closed.`,
    },
    exchanged: {
      subject: ({ giftName }) => `Your gift "${giftName}" was exchanged`,
      preheader: 'It could not be booked, so it became another gift of the same place.',
      heading: 'Your gift was exchanged',
      body: ({ giftName, businessName, recipientName, newGiftName }) =>
        `${recipientName} could not book your gift "${giftName}" at ${businessName}, so they exchanged it for "${newGiftName}" from the same place.`,
      refund: ({ refund }) => `The new gift costs less: we have refunded the difference, ${refund}, to the card or account you paid with.`,
    },
    action: 'See my orders',
  },
  es: {
    refunded: {
      subject: ({ giftName }) => `Te hemos devuelto el dinero de tu regalo «${giftName}»`,
      preheader: 'No se pudo reservar, así que el dinero vuelve a ti.',
      heading: 'Tu dinero vuelve a ti',
      body: ({ giftName, businessName, recipientName, refund }) =>
        `${recipientName} no ha podido reservar tu regalo «${giftName}» en ${businessName} y ha elegido que te devolvamos el dinero. Te hemos devuelto ${refund} a la tarjeta o cuenta con la que pagaste; suele verse en unos días. El regalo queda cerrado.`,
    },
    exchanged: {
      subject: ({ giftName }) => `Tu regalo «${giftName}» se ha cambiado`,
      preheader: 'No se pudo reservar, así que se ha cambiado por otro regalo del mismo sitio.',
      heading: 'Tu regalo se ha cambiado',
      body: ({ giftName, businessName, recipientName, newGiftName }) =>
        `${recipientName} no ha podido reservar tu regalo «${giftName}» en ${businessName} y lo ha cambiado por «${newGiftName}», del mismo sitio.`,
      refund: ({ refund }) => `El nuevo regalo cuesta menos: te hemos devuelto la diferencia, ${refund}, a la tarjeta o cuenta con la que pagaste.`,
    },
    action: 'Ver mis pedidos',
  },
  va: {
    refunded: {
      subject: ({ giftName }) => `T'hem tornat els diners del teu regal «${giftName}»`,
      preheader: "No s'ha pogut reservar, així que els diners tornen a tu.",
      heading: 'Els teus diners tornen a tu',
      body: ({ giftName, businessName, recipientName, refund }) =>
        `${recipientName} no ha pogut reservar el teu regal «${giftName}» a ${businessName} i ha triat que et tornem els diners. T'hem tornat ${refund} a la targeta o compte amb què vas pagar; sol veure's en uns dies. El regal queda tancat.`,
    },
    exchanged: {
      subject: ({ giftName }) => `El teu regal «${giftName}» s'ha canviat`,
      preheader: "No s'ha pogut reservar, així que s'ha canviat per un altre regal del mateix lloc.",
      heading: "El teu regal s'ha canviat",
      body: ({ giftName, businessName, recipientName, newGiftName }) =>
        `${recipientName} no ha pogut reservar el teu regal «${giftName}» a ${businessName} i l'ha canviat per «${newGiftName}», del mateix lloc.`,
      refund: ({ refund }) => `El regal nou costa menys: t'hem tornat la diferència, ${refund}, a la targeta o compte amb què vas pagar.`,
    },
    action: 'Veure les meues comandes',
  },
};
