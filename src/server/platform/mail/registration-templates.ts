import { renderMail, type MailLocale, type RenderedMail } from './layout';

export interface RegistrationMailTemplates {
  /** The receipt of a submitted business registration (`name`: the owner; `url`: the dashboard). */
  'business-registration-received': { name: string; businessName: string; url: string };
}

type Renderers = { [K in keyof RegistrationMailTemplates]: (data: RegistrationMailTemplates[K], locale: MailLocale) => RenderedMail };

export const registrationTemplates: Renderers = {
  'business-registration-received': ({ name, businessName, url }, locale) =>
    locale === 'es'
      ? renderMail({
          locale,
          subject: `Hemos recibido el registro de ${businessName}`,
          preheader: 'Lo revisaremos en 2-3 días laborables.',
          heading: 'Hemos recibido tu registro',
          paragraphs: [
            name ? `Hola, ${name}:` : 'Hola:',
            `Gracias por registrar ${businessName} en Regalo. Nuestro equipo revisará tus datos y documentos en 2-3 días laborables y te escribirá en cuanto termine.`,
            'Mientras tanto puedes ver el estado de la verificación en tu panel.',
          ],
          action: { label: 'Abrir mi panel', url },
        })
      : renderMail({
          locale,
          subject: `We received the registration of ${businessName}`,
          preheader: 'We will review it within 2-3 business days.',
          heading: 'We received your registration',
          paragraphs: [
            name ? `Hi ${name},` : 'Hi,',
            `Thank you for registering ${businessName} on Regalo. Our team will review your details and documents within 2-3 business days and email you as soon as it is done.`,
            'Meanwhile you can follow the verification in your dashboard.',
          ],
          action: { label: 'Open my dashboard', url },
        }),
};
