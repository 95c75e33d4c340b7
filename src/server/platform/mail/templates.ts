import { expiryReminderTemplates, type ExpiryReminderTemplates } from './expiry-reminder-templates';
import { adminTemplates, type AdminMailTemplates } from './admin-templates';
import { fairExpiryTemplates, type FairExpiryMailTemplates } from './fair-expiry-templates';
import { invoiceTemplates, type InvoiceMailTemplates } from './invoice-templates';
import { renderMail, type MailLocale, type RenderedMail } from './layout';
import { orderTemplates, type OrderMailTemplates } from './order-templates';
import { ownerTemplates, type OwnerMailTemplates } from './owner-templates';
import { registrationTemplates, type RegistrationMailTemplates } from './registration-templates';
import { reportTemplates, type ReportMailTemplates } from './report-templates';
import { statementTemplates, type StatementMailTemplates } from './statement-templates';
import { withdrawalTemplates, type WithdrawalMailTemplates } from './withdrawal-templates';

/**
 * The registry of emails Regalo sends. To add one: add its data type to MailTemplates and its
 * renderer to `templates`; `enqueueMail` then accepts it with type-checked data.
 */
export interface MailTemplates
  extends OrderMailTemplates, ExpiryReminderTemplates, AdminMailTemplates, RegistrationMailTemplates, ReportMailTemplates,
    StatementMailTemplates, InvoiceMailTemplates, OwnerMailTemplates, WithdrawalMailTemplates,
    FairExpiryMailTemplates {
  /*
   * The three below go to an address that has not proven itself: whoever asked typed it, and
   * may not own it. They carry no text the requester typed (no name: it was a link an attacker
   * chose, issue 27), only our own words and the link.
   */
  'verify-email': { url: string };
  'reset-password': { url: string };
  /** Someone signed up with an address that already has a confirmed account. */
  'account-exists': { name: string; signInUrl: string };
  /** A business registered interest: the link confirms and opens the wizard. */
  'business-confirmation': { url: string };
  /** The giver's gift was redeemed at the business (`url`: the giver's orders). */
  'gift-enjoyed': { name: string; giftName: string; businessName: string; recipientName: string; url: string };
}
export type MailTemplateName = keyof MailTemplates;

type Renderer<T> = (data: T, locale: MailLocale) => RenderedMail;

const greeting = (locale: MailLocale, name: string) =>
  locale === 'es' ? `Hola, ${name}:` : `Hi ${name},`;
/** For a mail to an address that has not proven itself: no name (see MailTemplates). */
const plainGreeting = (locale: MailLocale) => (locale === 'es' ? 'Hola:' : 'Hello,');

export const templates: { [K in MailTemplateName]: Renderer<MailTemplates[K]> } = {
  ...orderTemplates,
  ...withdrawalTemplates,
  'verify-email': ({ url }, locale) =>
    locale === 'es'
      ? renderMail({
          locale,
          subject: 'Confirma tu correo electrónico en Regalo',
          preheader: 'Un clic y tu cuenta de Regalo estará lista.',
          heading: 'Confirma tu correo electrónico',
          paragraphs: [
            plainGreeting(locale),
            'Gracias por unirte a Regalo. Confirma que esta dirección es tuya para empezar a enviar regalos de comercios de Valencia.',
          ],
          action: { label: 'Confirmar mi correo', url },
          note: 'El enlace caduca en 24 horas. Si no has creado una cuenta en Regalo, ignora este mensaje.',
        })
      : renderMail({
          locale,
          subject: 'Confirm your email address for Regalo',
          preheader: 'One click and your Regalo account is ready.',
          heading: 'Confirm your email address',
          paragraphs: [
            plainGreeting(locale),
            'Thanks for joining Regalo. Confirm that this address is yours to start sending gifts from local Valencia businesses.',
          ],
          action: { label: 'Confirm my email', url },
          note: 'The link expires in 24 hours. If you did not create a Regalo account, ignore this email.',
        }),
  'reset-password': ({ url }, locale) =>
    locale === 'es'
      ? renderMail({
          locale,
          subject: 'Restablece tu contraseña de Regalo',
          preheader: 'Elige una contraseña nueva para tu cuenta.',
          heading: 'Restablece tu contraseña',
          paragraphs: [
            plainGreeting(locale),
            'Hemos recibido una solicitud para cambiar la contraseña de tu cuenta de Regalo. Al guardar la nueva, se cerrarán las sesiones abiertas en otros dispositivos.',
          ],
          action: { label: 'Elegir una contraseña nueva', url },
          note: 'El enlace caduca en 1 hora. Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambiará.',
        })
      : renderMail({
          locale,
          subject: 'Reset your Regalo password',
          preheader: 'Choose a new password for your account.',
          heading: 'Reset your password',
          paragraphs: [
            plainGreeting(locale),
            'We received a request to change the password of your Regalo account. Saving a new one signs you out on your other devices.',
          ],
          action: { label: 'Choose a new password', url },
          note: 'The link expires in 1 hour. If you did not ask for this, ignore this email: your password stays the same.',
        }),
  'account-exists': ({ name, signInUrl }, locale) =>
    locale === 'es'
      ? renderMail({
          locale,
          subject: 'Ya tienes una cuenta en Regalo',
          preheader: 'Alguien ha intentado registrarse con tu correo.',
          heading: 'Ya tienes una cuenta',
          paragraphs: [
            greeting(locale, name),
            'Alguien (seguramente tú) ha intentado crear una cuenta de Regalo con esta dirección, pero ya tienes una. Inicia sesión con ella; si no recuerdas la contraseña, usa «¿Has olvidado tu contraseña?» en la página de acceso.',
          ],
          action: { label: 'Iniciar sesión', url: signInUrl },
          note: 'Si no has sido tú, no tienes que hacer nada: tu cuenta sigue igual.',
        })
      : renderMail({
          locale,
          subject: 'You already have a Regalo account',
          preheader: 'Someone tried to sign up with your email address.',
          heading: 'You already have an account',
          paragraphs: [
            greeting(locale, name),
            'Someone (probably you) tried to create a Regalo account with this address, but you already have one. Sign in with it; if you do not remember the password, use "Forgot your password?" on the sign-in page.',
          ],
          action: { label: 'Sign in', url: signInUrl },
          note: 'If this was not you, there is nothing to do: your account is unchanged.',
        }),
  'business-confirmation': ({ url }, locale) =>
    locale === 'es'
      ? renderMail({
          locale,
          subject: 'Confirma el correo de tu negocio en Regalo',
          preheader: 'Un paso más para que tu negocio venda regalos en Valencia.',
          heading: 'Confirma tu correo',
          paragraphs: [
            plainGreeting(locale),
            'Gracias por tu interés en ser socio de Regalo. Confirma que esta dirección es tuya y continúa con el registro de tu negocio: datos básicos, documentos de verificación y el acuerdo de comisión.',
          ],
          action: { label: 'Confirmar y continuar', url },
          note: 'El enlace caduca en 48 horas. Si no has solicitado unirte a Regalo, ignora este mensaje.',
        })
      : renderMail({
          locale,
          subject: 'Confirm your business email for Regalo',
          preheader: 'One more step to sell gifts to Valencia.',
          heading: 'Confirm your email',
          paragraphs: [
            plainGreeting(locale),
            'Thanks for your interest in becoming a Regalo partner. Confirm that this address is yours and continue with your business registration: basic details, verification documents and the commission agreement.',
          ],
          action: { label: 'Confirm and continue', url },
          note: 'The link expires in 48 hours. If you did not ask to join Regalo, ignore this email.',
        }),
  'gift-enjoyed': ({ name, giftName, businessName, recipientName, url }, locale) =>
    locale === 'es'
      ? renderMail({
          locale,
          subject: `${recipientName} ya ha disfrutado tu regalo`,
          preheader: `${giftName} en ${businessName}.`,
          heading: 'Tu regalo se ha disfrutado',
          paragraphs: [
            greeting(locale, name),
            `${recipientName} ha canjeado hoy «${giftName}» en ${businessName}. Gracias por regalar comercio local de Valencia.`,
          ],
          action: { label: 'Ver mis pedidos', url },
        })
      : renderMail({
          locale,
          subject: `${recipientName} has enjoyed your gift`,
          preheader: `${giftName} at ${businessName}.`,
          heading: 'Your gift was enjoyed',
          paragraphs: [
            greeting(locale, name),
            `${recipientName} redeemed "${giftName}" at ${businessName} today. Thank you for giving local in Valencia.`,
          ],
          action: { label: 'See my orders', url },
        }),
  ...expiryReminderTemplates,
  ...adminTemplates,
  ...statementTemplates,
  ...invoiceTemplates,
  ...registrationTemplates,
  ...reportTemplates,
  ...ownerTemplates,
  ...fairExpiryTemplates,
};

export function renderTemplate<K extends MailTemplateName>(
  name: K,
  data: MailTemplates[K],
  locale: MailLocale,
): RenderedMail {
  return templates[name](data, locale);
}
