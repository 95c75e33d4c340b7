import { renderMail, type MailLocale, type RenderedMail } from './layout';

/** Emails the platform team's actions send (registered in templates.ts). */
export interface AdminMailTemplates {
  /** `name` is the owner's name; `commission` is already formatted ("12 %"). */
  'business-approved': { name: string; businessName: string; commission: string; dashboardUrl: string };
  'business-rejected': { name: string; businessName: string; reason: string; dashboardUrl: string };
  /** To a gift's recipient: `expiresOn` is already formatted in their language's date style. */
  'gift-expiry-extended': { recipientName: string; giftName: string; businessName: string; expiresOn: string; giftUrl: string };
}

type Renderer<T> = (data: T, locale: MailLocale) => RenderedMail;
const greeting = (locale: MailLocale, name: string) => (locale === 'es' ? `Hola, ${name}:` : `Hi ${name},`);

export const adminTemplates: { [K in keyof AdminMailTemplates]: Renderer<AdminMailTemplates[K]> } = {
  'business-approved': ({ name, businessName, commission, dashboardUrl }, locale) =>
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
};
