import { renderMail, type MailLocale, type RenderedMail } from './layout';

/** Fair expiry (ADR 064): the business's answer to a recipient who asked for more time. */
export interface FairExpiryMailTemplates {
  /** To the recipient: the business declined (an extension goes as `gift-expiry-extended`). */
  'gift-extension-declined': { recipientName: string; giftName: string; businessName: string; giftUrl: string };
}

type Renderer<T> = (data: T, locale: MailLocale) => RenderedMail;

export const fairExpiryTemplates: { [K in keyof FairExpiryMailTemplates]: Renderer<FairExpiryMailTemplates[K]> } = {
  'gift-extension-declined': ({ recipientName, giftName, businessName, giftUrl }, locale) =>
    locale === 'es'
      ? renderMail({
          locale,
          subject: `${businessName} no ha ampliado la validez de tu regalo`,
          preheader: 'Hemos recibido su respuesta a tu solicitud.',
          heading: 'Respuesta a tu solicitud de más tiempo',
          paragraphs: [
            `Hola, ${recipientName}:`,
            `Pediste más tiempo para canjear tu regalo «${giftName}». ${businessName} ha decidido no ampliar su validez, así que el regalo sigue caducado.`,
          ],
          action: { label: 'Ver mi regalo', url: giftUrl },
        })
      : renderMail({
          locale,
          subject: `${businessName} did not extend your gift`,
          preheader: 'We have their answer to your request.',
          heading: 'The answer to your request for more time',
          paragraphs: [
            `Hi ${recipientName},`,
            `You asked for more time to redeem your gift "${giftName}". ${businessName} decided not to extend it, so the gift stays expired.`,
          ],
          action: { label: 'See my gift', url: giftUrl },
        }),
};
