import type { Locale } from '@shared/locale';

/** The words of the account emails and the giver's "enjoyed" note (templates.ts). */
interface LinkMailTexts {
  subject: string;
  preheader: string;
  heading: string;
  body: string;
  action: string;
  note: string;
}

export interface AccountMailTexts {
  verifyEmail: LinkMailTexts;
  resetPassword: LinkMailTexts;
  accountExists: LinkMailTexts;
  businessConfirmation: LinkMailTexts;
  giftEnjoyed: {
    subject: (v: { recipientName: string }) => string;
    preheader: (v: { giftName: string; businessName: string }) => string;
    heading: string;
    body: (v: { recipientName: string; giftName: string; businessName: string }) => string;
    action: string;
  };
}

export const accountTexts: Record<Locale, AccountMailTexts> = {
  en: {
    verifyEmail: {
      subject: 'Confirm your email address for Regalo',
      preheader: 'One click and your Regalo account is ready.',
      heading: 'Confirm your email address',
      body: 'Thanks for joining Regalo. Confirm that this address is yours to start sending gifts from local Valencia businesses.',
      action: 'Confirm my email',
      note: 'The link expires in 24 hours. If you did not create a Regalo account, ignore this email.',
    },
    resetPassword: {
      subject: 'Reset your Regalo password',
      preheader: 'Choose a new password for your account.',
      heading: 'Reset your password',
      body: 'We received a request to change the password of your Regalo account. Saving a new one signs you out on your other devices.',
      action: 'Choose a new password',
      note: 'The link expires in 1 hour. If you did not ask for this, ignore this email: your password stays the same.',
    },
    accountExists: {
      subject: 'You already have a Regalo account',
      preheader: 'Someone tried to sign up with your email address.',
      heading: 'You already have an account',
      body: 'Someone (probably you) tried to create a Regalo account with this address, but you already have one. Sign in with it; if you do not remember the password, use "Forgot your password?" on the sign-in page.',
      action: 'Sign in',
      note: 'If this was not you, there is nothing to do: your account is unchanged.',
    },
    businessConfirmation: {
      subject: 'Confirm your business email for Regalo',
      preheader: 'One more step to sell gifts to Valencia.',
      heading: 'Confirm your email',
      body: 'Thanks for your interest in becoming a Regalo partner. Confirm that this address is yours, choose your password (on this device or any other) and continue with your business registration: basic details, verification documents and the commission agreement.',
      action: 'Confirm and continue',
      note: 'The link expires in 48 hours. If you did not ask to join Regalo, ignore this email.',
    },
    giftEnjoyed: {
      subject: ({ recipientName }) => `${recipientName} has enjoyed your gift`,
      preheader: ({ giftName, businessName }) => `${giftName} at ${businessName}.`,
      heading: 'Your gift was enjoyed',
      body: ({ recipientName, giftName, businessName }) => `${recipientName} redeemed "${giftName}" at ${businessName} today. Thank you for giving local in Valencia.`,
      action: 'See my orders',
    },
  },
  es: {
    verifyEmail: {
      subject: 'Confirma tu correo electrónico en Regalo',
      preheader: 'Un clic y tu cuenta de Regalo estará lista.',
      heading: 'Confirma tu correo electrónico',
      body: 'Gracias por unirte a Regalo. Confirma que esta dirección es tuya para empezar a enviar regalos de comercios de Valencia.',
      action: 'Confirmar mi correo',
      note: 'El enlace caduca en 24 horas. Si no has creado una cuenta en Regalo, ignora este mensaje.',
    },
    resetPassword: {
      subject: 'Restablece tu contraseña de Regalo',
      preheader: 'Elige una contraseña nueva para tu cuenta.',
      heading: 'Restablece tu contraseña',
      body: 'Hemos recibido una solicitud para cambiar la contraseña de tu cuenta de Regalo. Al guardar la nueva, se cerrarán las sesiones abiertas en otros dispositivos.',
      action: 'Elegir una contraseña nueva',
      note: 'El enlace caduca en 1 hora. Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambiará.',
    },
    accountExists: {
      subject: 'Ya tienes una cuenta en Regalo',
      preheader: 'Alguien ha intentado registrarse con tu correo.',
      heading: 'Ya tienes una cuenta',
      body: 'Alguien (seguramente tú) ha intentado crear una cuenta de Regalo con esta dirección, pero ya tienes una. Inicia sesión con ella; si no recuerdas la contraseña, usa «¿Has olvidado tu contraseña?» en la página de acceso.',
      action: 'Iniciar sesión',
      note: 'Si no has sido tú, no tienes que hacer nada: tu cuenta sigue igual.',
    },
    businessConfirmation: {
      subject: 'Confirma el correo de tu negocio en Regalo',
      preheader: 'Un paso más para que tu negocio venda regalos en Valencia.',
      heading: 'Confirma tu correo',
      body: 'Gracias por tu interés en ser socio de Regalo. Confirma que esta dirección es tuya, elige tu contraseña (en este dispositivo o en cualquier otro) y continúa con el registro de tu negocio: datos básicos, documentos de verificación y el acuerdo de comisión.',
      action: 'Confirmar y continuar',
      note: 'El enlace caduca en 48 horas. Si no has solicitado unirte a Regalo, ignora este mensaje.',
    },
    giftEnjoyed: {
      subject: ({ recipientName }) => `${recipientName} ya ha disfrutado tu regalo`,
      preheader: ({ giftName, businessName }) => `${giftName} en ${businessName}.`,
      heading: 'Tu regalo se ha disfrutado',
      body: ({ recipientName, giftName, businessName }) => `${recipientName} ha canjeado hoy «${giftName}» en ${businessName}. Gracias por regalar comercio local de Valencia.`,
      action: 'Ver mis pedidos',
    },
  },
  va: {
    verifyEmail: {
      subject: 'Confirma la teua adreça electrònica a Regalo',
      preheader: 'Un clic i el teu compte de Regalo estarà a punt.',
      heading: 'Confirma la teua adreça electrònica',
      body: 'Gràcies per unir-te a Regalo. Confirma que esta adreça és teua per a començar a enviar regals dels comerços de València.',
      action: 'Confirmar el meu correu',
      note: 'L’enllaç caduca d’ací a 24 hores. Si no has creat cap compte a Regalo, no faces cas d’este missatge.',
    },
    resetPassword: {
      subject: 'Restableix la contrasenya de Regalo',
      preheader: 'Tria una contrasenya nova per al teu compte.',
      heading: 'Restableix la contrasenya',
      body: 'Hem rebut una sol·licitud per a canviar la contrasenya del teu compte de Regalo. Quan guardes la nova, es tancaran les sessions obertes en els altres dispositius.',
      action: 'Triar una contrasenya nova',
      note: 'L’enllaç caduca d’ací a 1 hora. Si no ho has demanat tu, no faces cas d’este missatge: la contrasenya no canviarà.',
    },
    accountExists: {
      subject: 'Ja tens un compte a Regalo',
      preheader: 'Algú ha intentat registrar-se amb el teu correu.',
      heading: 'Ja tens un compte',
      body: 'Algú (segurament tu) ha intentat crear un compte de Regalo amb esta adreça, però ja en tens un. Inicia la sessió amb eixe compte; si no recordes la contrasenya, utilitza «Has oblidat la contrasenya?» en la pàgina d’accés.',
      action: 'Iniciar la sessió',
      note: 'Si no has sigut tu, no has de fer res: el teu compte continua igual.',
    },
    businessConfirmation: {
      subject: 'Confirma el correu del teu negoci a Regalo',
      preheader: 'Un pas més perquè el teu negoci venga regals a València.',
      heading: 'Confirma el teu correu',
      body: 'Gràcies pel teu interés a ser soci de Regalo. Confirma que esta adreça és teua, tria la teua contrasenya (en este dispositiu o en qualsevol altre) i continua amb el registre del teu negoci: dades bàsiques, documents de verificació i l’acord de comissió.',
      action: 'Confirmar i continuar',
      note: 'L’enllaç caduca d’ací a 48 hores. Si no has sol·licitat unir-te a Regalo, no faces cas d’este missatge.',
    },
    giftEnjoyed: {
      subject: ({ recipientName }) => `${recipientName} ja ha gaudit del teu regal`,
      preheader: ({ giftName, businessName }) => `${giftName} a ${businessName}.`,
      heading: 'Ja s’ha gaudit del teu regal',
      body: ({ recipientName, giftName, businessName }) => `${recipientName} ha bescanviat hui «${giftName}» a ${businessName}. Gràcies per regalar comerç local de València.`,
      action: 'Veure les meues comandes',
    },
  },
};
