import type { Locale } from '@shared/locale';
import { de } from './layout-texts';

/** The words of the receipt of a business registration (registration-templates.ts). */
export interface RegistrationMailTexts {
  subject: (v: { businessName: string }) => string;
  preheader: string;
  heading: string;
  body: (v: { businessName: string }) => string;
  meanwhile: string;
  action: string;
}

export const registrationTexts: Record<Locale, RegistrationMailTexts> = {
  en: {
    subject: ({ businessName }) => `We received the registration of ${businessName}`,
    preheader: 'We will review it within 2-3 business days.',
    heading: 'We received your registration',
    body: ({ businessName }) =>
      `Thank you for registering ${businessName} on Regalo. Our team will review your details and documents within 2-3 business days and email you as soon as it is done.`,
    meanwhile: 'Meanwhile you can follow the verification in your dashboard.',
    action: 'Open my dashboard',
  },
  es: {
    subject: ({ businessName }) => `Hemos recibido el registro de ${businessName}`,
    preheader: 'Lo revisaremos en 2-3 días laborables.',
    heading: 'Hemos recibido tu registro',
    body: ({ businessName }) =>
      `Gracias por registrar ${businessName} en Regalo. Nuestro equipo revisará tus datos y documentos en 2-3 días laborables y te escribirá en cuanto termine.`,
    meanwhile: 'Mientras tanto puedes ver el estado de la verificación en tu panel.',
    action: 'Abrir mi panel',
  },
  va: {
    subject: ({ businessName }) => `Hem rebut el registre ${de(businessName)}`,
    preheader: 'El revisarem en 2-3 dies feiners.',
    heading: 'Hem rebut el teu registre',
    body: ({ businessName }) =>
      `Gràcies per registrar ${businessName} a Regalo. El nostre equip revisarà les teues dades i els teus documents en 2-3 dies feiners i t’escriurà tan prompte com acabe.`,
    meanwhile: 'Mentrestant, pots consultar l’estat de la verificació en el teu tauler.',
    action: 'Obrir el meu tauler',
  },
};
