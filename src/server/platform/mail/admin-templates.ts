import { renderMail, type MailLocale, type RenderedMail } from './layout';

/** Emails the platform team's actions send (registered in templates.ts). */
export interface AdminMailTemplates {
  /**
   * `name` is the owner's name; `commission` (the rate they accepted) and `proposedCommission`
   * (a different rate the team proposed, ADR 065; null when none) are formatted ("12,5 %").
   */
  'business-approved': { name: string; businessName: string; commission: string; proposedCommission: string | null; dashboardUrl: string };
  'business-rejected': { name: string; businessName: string; reason: string; dashboardUrl: string };
  /** To a gift's recipient: `expiresOn` is already formatted in their language's date style. */
  'gift-expiry-extended': { recipientName: string; giftName: string; businessName: string; expiresOn: string; giftUrl: string };
  /** To the giver of a gift the team cancelled; `refund` is the formatted amount, null when nothing was paid. */
  'order-cancelled-giver': { name: string; giftName: string; businessName: string; recipientName: string; refund: string | null; ordersUrl: string };
  /** To the recipient of a gift the team cancelled. */
  'order-cancelled-recipient': { recipientName: string; giftName: string; businessName: string; giftUrl: string };
}

type Renderer<T> = (data: T, locale: MailLocale) => RenderedMail;
const greeting = (locale: MailLocale, name: string) => (locale === 'es' ? `Hola, ${name}:` : `Hi ${name},`);

export const adminTemplates: { [K in keyof AdminMailTemplates]: Renderer<AdminMailTemplates[K]> } = {
  'business-approved': ({ name, businessName, commission, proposedCommission, dashboardUrl }, locale) =>
    locale === 'es'
      ? renderMail({
          locale,
          subject: `${businessName} ya está verificado en Regalo`,
          preheader: 'Ya puedes publicar regalos y recibir pedidos.',
          heading: '¡Tu negocio está verificado!',
          paragraphs: [
            greeting(locale, name),
            `Hemos revisado los datos y documentos de ${businessName} y todo está en orden. Tu negocio ya aparece en Regalo y puedes crear regalos desde tu panel.`,
            `Comisión acordada: ${commission} de cada venta.`,
            ...(proposedCommission
              ? [`El equipo propone una comisión del ${proposedCommission}. No se aplica hasta que la aceptes desde tu panel, donde puedes leer el acuerdo de socio; mientras tanto sigue el ${commission}.`]
              : []),
          ],
          action: { label: 'Abrir mi panel', url: dashboardUrl },
        })
      : renderMail({
          locale,
          subject: `${businessName} is now verified on Regalo`,
          preheader: 'You can publish gifts and receive orders.',
          heading: 'Your business is verified!',
          paragraphs: [
            greeting(locale, name),
            `We reviewed the details and documents of ${businessName} and everything is in order. Your business is now listed on Regalo and you can create gifts from your dashboard.`,
            `Agreed commission: ${commission} of each sale.`,
            ...(proposedCommission
              ? [`The team proposes a commission of ${proposedCommission}. It does not apply until you accept it on your dashboard, where you can read the partner agreement; until then ${commission} stays.`]
              : []),
          ],
          action: { label: 'Open my dashboard', url: dashboardUrl },
        }),
  'business-rejected': ({ name, businessName, reason, dashboardUrl }, locale) =>
    locale === 'es'
      ? renderMail({
          locale,
          subject: `Necesitamos algo más para verificar ${businessName}`,
          preheader: 'Revisa el motivo, corrige y vuelve a enviar la solicitud.',
          heading: 'Tu solicitud no se ha podido aprobar',
          paragraphs: [
            greeting(locale, name),
            `Hemos revisado la solicitud de ${businessName} y no podemos aprobarla todavía. Motivo: ${reason}`,
            'Corrige los datos o documentos desde la pestaña «Verificación» de tu panel y vuelve a enviar la solicitud.',
          ],
          action: { label: 'Corregir y volver a enviar', url: dashboardUrl },
        })
      : renderMail({
          locale,
          subject: `We need something more to verify ${businessName}`,
          preheader: 'Read the reason, correct it and submit your application again.',
          heading: 'Your application could not be approved',
          paragraphs: [
            greeting(locale, name),
            `We reviewed the application of ${businessName} and cannot approve it yet. Reason: ${reason}`,
            'Correct the details or documents from the "Verification" tab of your dashboard and submit the application again.',
          ],
          action: { label: 'Correct and resubmit', url: dashboardUrl },
        }),
  'gift-expiry-extended': ({ recipientName, giftName, businessName, expiresOn, giftUrl }, locale) =>
    locale === 'es'
      ? renderMail({
          locale,
          subject: `Tu regalo de ${businessName} vale ahora hasta el ${expiresOn}`,
          preheader: 'Hemos ampliado la validez de tu regalo.',
          heading: 'Tienes más tiempo para disfrutar tu regalo',
          paragraphs: [
            greeting(locale, recipientName),
            `Hemos ampliado la validez de tu regalo «${giftName}» de ${businessName}. Ahora puedes canjearlo hasta el ${expiresOn} (incluido).`,
          ],
          action: { label: 'Ver mi regalo', url: giftUrl },
        })
      : renderMail({
          locale,
          subject: `Your gift from ${businessName} is now valid until ${expiresOn}`,
          preheader: 'We extended the validity of your gift.',
          heading: 'You have more time to enjoy your gift',
          paragraphs: [
            greeting(locale, recipientName),
            `We extended the validity of your gift "${giftName}" from ${businessName}. You can now redeem it until ${expiresOn} (inclusive).`,
          ],
          action: { label: 'See my gift', url: giftUrl },
        }),
  'order-cancelled-giver': ({ name, giftName, businessName, recipientName, refund, ordersUrl }, locale) =>
    locale === 'es'
      ? renderMail({
          locale,
          subject: `Hemos cancelado tu regalo de ${businessName}`,
          preheader: refund ? `Te devolvemos ${refund}.` : 'No se te ha cobrado nada.',
          heading: 'Tu regalo se ha cancelado',
          paragraphs: [
            greeting(locale, name),
            `El equipo de Regalo ha cancelado el regalo «${giftName}» de ${businessName} para ${recipientName}. Ya no se puede canjear.`,
            refund
              ? `Te hemos devuelto ${refund} al mismo medio de pago; según tu banco puede tardar unos días en aparecer.`
              : 'Este pedido no se llegó a pagar, así que no se te ha cobrado nada.',
          ],
          action: { label: 'Ver mis pedidos', url: ordersUrl },
        })
      : renderMail({
          locale,
          subject: `We cancelled your gift from ${businessName}`,
          preheader: refund ? `We are refunding ${refund}.` : 'You were not charged.',
          heading: 'Your gift has been cancelled',
          paragraphs: [
            greeting(locale, name),
            `The Regalo team cancelled the gift "${giftName}" from ${businessName} for ${recipientName}. It can no longer be redeemed.`,
            refund
              ? `We refunded ${refund} to the same payment method; depending on your bank it may take a few days to show.`
              : 'This order was never paid, so you were not charged.',
          ],
          action: { label: 'See my orders', url: ordersUrl },
        }),
  'order-cancelled-recipient': ({ recipientName, giftName, businessName, giftUrl }, locale) =>
    locale === 'es'
      ? renderMail({
          locale,
          subject: `Tu regalo de ${businessName} se ha cancelado`,
          preheader: 'El regalo ya no se puede canjear.',
          heading: 'Tu regalo se ha cancelado',
          paragraphs: [
            greeting(locale, recipientName),
            `El equipo de Regalo ha cancelado el regalo «${giftName}» de ${businessName} y ya no se puede canjear. A quien te lo regaló le hemos avisado.`,
          ],
          action: { label: 'Ver el regalo', url: giftUrl },
        })
      : renderMail({
          locale,
          subject: `Your gift from ${businessName} has been cancelled`,
          preheader: 'The gift can no longer be redeemed.',
          heading: 'Your gift has been cancelled',
          paragraphs: [
            greeting(locale, recipientName),
            `The Regalo team cancelled the gift "${giftName}" from ${businessName} and it can no longer be redeemed. We have let the person who gave it to you know.`,
          ],
          action: { label: 'See the gift', url: giftUrl },
        }),
};
