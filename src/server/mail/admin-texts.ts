import type { Locale } from '@shared/locale';
import type { LaunchStepKey } from '@shared/domain/launch-steps';
import { al, de } from './layout-texts';

/** The words of the mails the platform team's actions send (admin-templates.ts). */
export interface AdminMailTexts {
  seeMyOrders: string;
  openMyDashboard: string;
  approved: {
    subject: (v: { businessName: string }) => string;
    preheader: string;
    heading: string;
    body: (v: { businessName: string }) => string;
    commission: (v: { commission: string }) => string;
    proposed: (v: { proposedCommission: string; commission: string }) => string;
    /** The launch checklist (contract: launch-checklist.ts), in the dashboard card's words. */
    stepsIntro: string;
    steps: Record<LaunchStepKey, string>;
    stepDone: string;
    stepTodo: string;
    notYetOnSale: string;
    live: string;
  };
  rejected: {
    subject: (v: { businessName: string }) => string;
    preheader: string;
    heading: string;
    body: (v: { businessName: string; reason: string }) => string;
    fix: string;
    action: string;
  };
  expiryExtended: {
    subject: (v: { businessName: string; expiresOn: string }) => string;
    preheader: string;
    heading: string;
    body: (v: { giftName: string; businessName: string; expiresOn: string }) => string;
    action: string;
  };
  cancelledGiver: {
    subject: (v: { businessName: string }) => string;
    preheaderRefund: (v: { refund: string }) => string;
    preheaderUnpaid: string;
    heading: string;
    body: (v: { giftName: string; businessName: string; recipientName: string }) => string;
    refunded: (v: { refund: string }) => string;
    unpaid: string;
  };
  cancelledRecipient: {
    subject: (v: { businessName: string }) => string;
    preheader: string;
    heading: string;
    body: (v: { giftName: string; businessName: string }) => string;
    action: string;
  };
}

export const adminTexts: Record<Locale, AdminMailTexts> = {
  en: {
    seeMyOrders: 'See my orders',
    openMyDashboard: 'Open my dashboard',
    approved: {
      subject: ({ businessName }) => `${businessName} is now verified on Regalo`,
      preheader: 'A few steps and your gifts are on sale.',
      heading: 'Your business is verified!',
      body: ({ businessName }) =>
        `We reviewed the details and documents of ${businessName} and everything is in order. You can now create gifts from your dashboard.`,
      commission: ({ commission }) => `Agreed commission: ${commission} of each sale.`,
      proposed: ({ proposedCommission, commission }) =>
        `The team proposes a commission of ${proposedCommission}. It does not apply until you accept it on your dashboard, where you can read the partner agreement; until then ${commission} stays.`,
      stepsIntro: 'Your gifts go on sale once these steps are done:',
      steps: {
        commission: 'Accept the commission',
        payouts: 'Connect your payout account',
        invoicing: 'Complete your invoicing details',
        firstGift: 'Create your first gift',
      },
      stepDone: 'done',
      stepTodo: 'do it on your dashboard',
      notYetOnSale: 'Until then your business does not appear on Regalo. Your dashboard shows what is left at any time.',
      live: 'Your gifts are on sale on Regalo.',
    },
    rejected: {
      subject: ({ businessName }) => `We need something more to verify ${businessName}`,
      preheader: 'Read the reason, correct it and submit your application again.',
      heading: 'Your application could not be approved',
      body: ({ businessName, reason }) => `We reviewed the application of ${businessName} and cannot approve it yet. Reason: ${reason}`,
      fix: 'Correct the details or documents from the "Verification" tab of your dashboard and submit the application again.',
      action: 'Correct and resubmit',
    },
    expiryExtended: {
      subject: ({ businessName, expiresOn }) => `Your gift from ${businessName} is now valid until ${expiresOn}`,
      preheader: 'We extended the validity of your gift.',
      heading: 'You have more time to enjoy your gift',
      body: ({ giftName, businessName, expiresOn }) =>
        `We extended the validity of your gift "${giftName}" from ${businessName}. You can now redeem it until ${expiresOn} (inclusive).`,
      action: 'See my gift',
    },
    cancelledGiver: {
      subject: ({ businessName }) => `We cancelled your gift from ${businessName}`,
      preheaderRefund: ({ refund }) => `We are refunding ${refund}.`,
      preheaderUnpaid: 'You were not charged.',
      heading: 'Your gift has been cancelled',
      body: ({ giftName, businessName, recipientName }) =>
        `The Regalo team cancelled the gift "${giftName}" from ${businessName} for ${recipientName}. It can no longer be redeemed.`,
      refunded: ({ refund }) => `We refunded ${refund} to the same payment method; depending on your bank it may take a few days to show.`,
      unpaid: 'This order was never paid, so you were not charged.',
    },
    cancelledRecipient: {
      subject: ({ businessName }) => `Your gift from ${businessName} has been cancelled`,
      preheader: 'The gift can no longer be redeemed.',
      heading: 'Your gift has been cancelled',
      body: ({ giftName, businessName }) =>
        `The Regalo team cancelled the gift "${giftName}" from ${businessName} and it can no longer be redeemed. We have let the person who gave it to you know.`,
      action: 'See the gift',
    },
  },
  es: {
    seeMyOrders: 'Ver mis pedidos',
    openMyDashboard: 'Abrir mi panel',
    approved: {
      subject: ({ businessName }) => `${businessName} ya está verificado en Regalo`,
      preheader: 'Unos pocos pasos y tus regalos estarán a la venta.',
      heading: '¡Tu negocio está verificado!',
      body: ({ businessName }) =>
        `Hemos revisado los datos y documentos de ${businessName} y todo está en orden. Ya puedes crear regalos desde tu panel.`,
      commission: ({ commission }) => `Comisión acordada: ${commission} de cada venta.`,
      proposed: ({ proposedCommission, commission }) =>
        `El equipo propone una comisión del ${proposedCommission}. No se aplica hasta que la aceptes desde tu panel, donde puedes leer el acuerdo para comercios; mientras tanto sigue el ${commission}.`,
      stepsIntro: 'Tus regalos se ponen a la venta cuando completes estos pasos:',
      steps: {
        commission: 'Acepta la comisión',
        payouts: 'Conecta tu cuenta de cobros',
        invoicing: 'Completa tus datos de facturación',
        firstGift: 'Crea tu primer regalo',
      },
      stepDone: 'hecho',
      stepTodo: 'hazlo desde tu panel',
      notYetOnSale: 'Hasta entonces tu negocio no aparece en Regalo. Tu panel te muestra en todo momento lo que falta.',
      live: 'Tus regalos están a la venta en Regalo.',
    },
    rejected: {
      subject: ({ businessName }) => `Necesitamos algo más para verificar ${businessName}`,
      preheader: 'Revisa el motivo, corrige y vuelve a enviar la solicitud.',
      heading: 'Tu solicitud no se ha podido aprobar',
      body: ({ businessName, reason }) => `Hemos revisado la solicitud de ${businessName} y no podemos aprobarla todavía. Motivo: ${reason}`,
      fix: 'Corrige los datos o documentos desde la pestaña «Verificación» de tu panel y vuelve a enviar la solicitud.',
      action: 'Corregir y volver a enviar',
    },
    expiryExtended: {
      subject: ({ businessName, expiresOn }) => `Tu regalo de ${businessName} vale ahora hasta el ${expiresOn}`,
      preheader: 'Hemos ampliado la validez de tu regalo.',
      heading: 'Tienes más tiempo para disfrutar tu regalo',
      body: ({ giftName, businessName, expiresOn }) =>
        `Hemos ampliado la validez de tu regalo «${giftName}» de ${businessName}. Ahora puedes canjearlo hasta el ${expiresOn} (incluido).`,
      action: 'Ver mi regalo',
    },
    cancelledGiver: {
      subject: ({ businessName }) => `Hemos cancelado tu regalo de ${businessName}`,
      preheaderRefund: ({ refund }) => `Te devolvemos ${refund}.`,
      preheaderUnpaid: 'No se te ha cobrado nada.',
      heading: 'Tu regalo se ha cancelado',
      body: ({ giftName, businessName, recipientName }) =>
        `El equipo de Regalo ha cancelado el regalo «${giftName}» de ${businessName} para ${recipientName}. Ya no se puede canjear.`,
      refunded: ({ refund }) => `Te hemos devuelto ${refund} al mismo medio de pago; según tu banco puede tardar unos días en aparecer.`,
      unpaid: 'Este pedido no se llegó a pagar, así que no se te ha cobrado nada.',
    },
    cancelledRecipient: {
      subject: ({ businessName }) => `Tu regalo de ${businessName} se ha cancelado`,
      preheader: 'El regalo ya no se puede canjear.',
      heading: 'Tu regalo se ha cancelado',
      body: ({ giftName, businessName }) =>
        `El equipo de Regalo ha cancelado el regalo «${giftName}» de ${businessName} y ya no se puede canjear. A quien te lo regaló le hemos avisado.`,
      action: 'Ver el regalo',
    },
  },
  va: {
    seeMyOrders: 'Veure les meues comandes',
    openMyDashboard: 'Obrir el meu tauler',
    approved: {
      subject: ({ businessName }) => `${businessName} ja està verificat a Regalo`,
      preheader: 'Uns pocs passos i els teus regals estaran a la venda.',
      heading: 'El teu negoci està verificat!',
      body: ({ businessName }) =>
        `Hem revisat les dades i els documents ${de(businessName)} i tot està en orde. Ja pots crear regals des del teu tauler.`,
      commission: ({ commission }) => `Comissió acordada: ${commission} de cada venda.`,
      proposed: ({ proposedCommission, commission }) =>
        `L’equip proposa una comissió del ${proposedCommission}. No s’aplica fins que l’acceptes des del teu tauler, on pots llegir l’acord per a comerços; mentrestant continua el ${commission}.`,
      stepsIntro: 'Els teus regals es posen a la venda quan completes estos passos:',
      steps: {
        commission: 'Accepta la comissió',
        payouts: 'Connecta el teu compte de cobraments',
        invoicing: 'Completa les teues dades de facturació',
        firstGift: 'Crea el teu primer regal',
      },
      stepDone: 'fet',
      stepTodo: 'fes-ho des del teu tauler',
      notYetOnSale: 'Fins llavors el teu negoci no apareix a Regalo. El teu tauler et mostra en tot moment el que falta.',
      live: 'Els teus regals estan a la venda a Regalo.',
    },
    rejected: {
      subject: ({ businessName }) => `Necessitem alguna cosa més per a verificar ${businessName}`,
      preheader: 'Revisa el motiu, corregix i torna a enviar la sol·licitud.',
      heading: 'No s’ha pogut aprovar la teua sol·licitud',
      body: ({ businessName, reason }) => `Hem revisat la sol·licitud ${de(businessName)} i encara no la podem aprovar. Motiu: ${reason}`,
      fix: 'Corregix les dades o els documents des de la pestanya «Verificació» del teu tauler i torna a enviar la sol·licitud.',
      action: 'Corregir i tornar a enviar',
    },
    expiryExtended: {
      subject: ({ businessName, expiresOn }) => `El teu regal ${de(businessName)} ara val fins ${al(expiresOn)}`,
      preheader: 'Hem ampliat la validesa del teu regal.',
      heading: 'Tens més temps per a gaudir del teu regal',
      body: ({ giftName, businessName, expiresOn }) =>
        `Hem ampliat la validesa del teu regal «${giftName}» ${de(businessName)}. Ara el pots bescanviar fins ${al(expiresOn)} (inclòs).`,
      action: 'Veure el meu regal',
    },
    cancelledGiver: {
      subject: ({ businessName }) => `Hem cancel·lat el teu regal ${de(businessName)}`,
      preheaderRefund: ({ refund }) => `Et tornem ${refund}.`,
      preheaderUnpaid: 'No se t’ha cobrat res.',
      heading: 'El teu regal s’ha cancel·lat',
      body: ({ giftName, businessName, recipientName }) =>
        `L’equip de Regalo ha cancel·lat el regal «${giftName}» ${de(businessName)} per a ${recipientName}. Ja no es pot bescanviar.`,
      refunded: ({ refund }) => `T’hem tornat ${refund} pel mateix mitjà de pagament; segons el teu banc, pot tardar uns quants dies a aparéixer.`,
      unpaid: 'Esta comanda no es va arribar a pagar, així que no se t’ha cobrat res.',
    },
    cancelledRecipient: {
      subject: ({ businessName }) => `El teu regal ${de(businessName)} s’ha cancel·lat`,
      preheader: 'El regal ja no es pot bescanviar.',
      heading: 'El teu regal s’ha cancel·lat',
      body: ({ giftName, businessName }) =>
        `L’equip de Regalo ha cancel·lat el regal «${giftName}» ${de(businessName)} i ja no es pot bescanviar. Ja ho hem fet saber a la persona que te’l va regalar.`,
      action: 'Veure el regal',
    },
  },
};
