import type { Locale } from '@shared/locale';
import { de, el } from './layout-texts';

type Hidden = { decidedOn: string; listing: string; businessName: string };

/** The words of the listing-report mails (report-templates.ts), DSA arts. 16-17. */
export interface ReportMailTexts {
  backToRegalo: string;
  received: {
    subject: string;
    preheader: string;
    heading: string;
    body: (v: { listing: string; reportId: string }) => string;
    next: string;
  };
  decided: {
    subject: Record<'hide' | 'keep', string>;
    preheader: string;
    heading: Record<'hide' | 'keep', string>;
    reviewed: (v: { listing: string; reportId: string }) => string;
    outcome: Record<'hide' | 'keep', string>;
    reasons: (v: { reason: string }) => string;
    disagree: string;
  };
  hidden: {
    subject: Record<'gift' | 'business', (v: { listing: string; businessName: string }) => string>;
    preheader: string;
    heading: string;
    what: Record<'gift' | 'business', (v: Hidden) => string>;
    why: (v: { reason: string }) => string;
    facts: (v: { facts: string }) => string;
    started: (v: { reportedOn: string; category: string; reportId: string }) => string;
    ground: string;
    appeal: (v: { appealEmail: string }) => string;
    action: string;
  };
}

export const reportTexts: Record<Locale, ReportMailTexts> = {
  en: {
    backToRegalo: 'Back to Regalo',
    received: {
      subject: 'We received your report',
      preheader: 'The Regalo team will review it and tell you what it decides.',
      heading: 'Thank you for telling us',
      body: ({ listing, reportId }) => `We received your report about "${listing}" (reference ${reportId}).`,
      next: 'A person on the Regalo team will review it without delay, and we will write to this address with the decision and its reasons.',
    },
    decided: {
      subject: { hide: 'We removed the listing you reported', keep: 'We reviewed your report' },
      preheader: 'The decision on your report and its reasons.',
      heading: { hide: 'The listing is no longer shown', keep: 'The listing stays published' },
      reviewed: ({ listing, reportId }) => `We reviewed your report about "${listing}" (reference ${reportId}).`,
      outcome: {
        hide: 'We removed it from the Regalo catalogue.',
        keep: 'After reviewing it we found no reason to remove it, so it stays published.',
      },
      reasons: ({ reason }) => `Reasons: ${reason}`,
      disagree: 'If you disagree, reply to this email and another person on the team will review the decision.',
    },
    hidden: {
      subject: {
        gift: ({ listing }) => `We have hidden your gift "${listing}"`,
        business: ({ businessName }) => `We have hidden ${businessName} from the catalogue`,
      },
      preheader: 'Statement of reasons and how to appeal.',
      heading: 'Statement of reasons',
      what: {
        gift: ({ decidedOn, listing, businessName }) =>
          `What we did: on ${decidedOn} we hid the gift "${listing}" of ${businessName} from the Regalo catalogue. Nobody can buy it while it is hidden; gifts already paid for stay valid and you must still honour them.`,
        business: ({ decidedOn, businessName }) =>
          `What we did: on ${decidedOn} we hid the business ${businessName} and all its gifts from the Regalo catalogue. Nobody can buy them while it is hidden; gifts already paid for stay valid and you must still honour them.`,
      },
      why: ({ reason }) => `Why: ${reason}`,
      facts: ({ facts }) => `Facts we relied on: ${facts}`,
      started: ({ reportedOn, category, reportId }) =>
        `How it started: a report received on ${reportedOn} (category: ${category}; reference ${reportId}). A person on the Regalo team took the decision; no automated means were used.`,
      ground: "Ground: the content is considered illegal or contrary to the Regalo partner agreement (the business's promises: true and lawful listings).",
      appeal: ({ appealEmail }) =>
        `How to appeal: reply to ${appealEmail} within six months explaining why you disagree; another person on the team will review the decision and answer you. You may also go to a certified out-of-court dispute settlement body (art. 21 of the Digital Services Act) or to the courts.`,
      action: 'Open my dashboard',
    },
  },
  es: {
    backToRegalo: 'Volver a Regalo',
    received: {
      subject: 'Hemos recibido tu denuncia',
      preheader: 'El equipo de Regalo la revisará y te contará qué decide.',
      heading: 'Gracias por avisarnos',
      body: ({ listing, reportId }) => `Hemos recibido tu denuncia sobre «${listing}» (referencia ${reportId}).`,
      next: 'Una persona del equipo de Regalo la revisará sin demora y te escribiremos a esta dirección con la decisión y sus motivos.',
    },
    decided: {
      subject: { hide: 'Hemos retirado el anuncio que denunciaste', keep: 'Hemos revisado tu denuncia' },
      preheader: 'La decisión sobre tu denuncia y sus motivos.',
      heading: { hide: 'El anuncio ya no se muestra', keep: 'El anuncio sigue publicado' },
      reviewed: ({ listing, reportId }) => `Hemos revisado tu denuncia sobre «${listing}» (referencia ${reportId}).`,
      outcome: {
        hide: 'Lo hemos retirado del catálogo de Regalo.',
        keep: 'Después de revisarlo, no hemos encontrado motivos para retirarlo, así que sigue publicado.',
      },
      reasons: ({ reason }) => `Motivos: ${reason}`,
      disagree: 'Si no estás de acuerdo, responde a este correo y otra persona del equipo revisará la decisión.',
    },
    hidden: {
      subject: {
        gift: ({ listing }) => `Hemos ocultado tu regalo «${listing}»`,
        business: ({ businessName }) => `Hemos ocultado ${businessName} del catálogo`,
      },
      preheader: 'Exposición de motivos y cómo recurrir.',
      heading: 'Exposición de motivos',
      what: {
        gift: ({ decidedOn, listing, businessName }) =>
          `Qué hemos hecho: el ${decidedOn} hemos ocultado del catálogo de Regalo el regalo «${listing}» de ${businessName}. Nadie puede comprarlo mientras esté oculto; los regalos ya pagados siguen siendo válidos y debes atenderlos.`,
        business: ({ decidedOn, businessName }) =>
          `Qué hemos hecho: el ${decidedOn} hemos ocultado del catálogo de Regalo el comercio ${businessName} y todos sus regalos. Nadie puede comprarlos mientras esté oculto; los regalos ya pagados siguen siendo válidos y debes atenderlos.`,
      },
      why: ({ reason }) => `Por qué: ${reason}`,
      facts: ({ facts }) => `Hechos en los que nos basamos: ${facts}`,
      started: ({ reportedOn, category, reportId }) =>
        `Cómo empezó: una denuncia recibida el ${reportedOn} (categoría: ${category}; referencia ${reportId}). La decisión la ha tomado una persona del equipo de Regalo; no se ha usado ningún medio automatizado.`,
      ground: 'Fundamento: el contenido se considera ilegal o contrario al acuerdo para comercios de Regalo (compromisos del comercio: anuncios veraces y lícitos).',
      appeal: ({ appealEmail }) =>
        `Cómo recurrir: responde a ${appealEmail} en un plazo de seis meses explicando por qué no estás de acuerdo; otra persona del equipo revisará la decisión y te contestará. También puedes acudir a un órgano certificado de resolución extrajudicial de litigios (art. 21 del Reglamento de Servicios Digitales) o a los tribunales.`,
      action: 'Abrir mi panel',
    },
  },
  va: {
    backToRegalo: 'Tornar a Regalo',
    received: {
      subject: 'Hem rebut la teua denúncia',
      preheader: 'L’equip de Regalo la revisarà i et dirà què decidix.',
      heading: 'Gràcies per avisar-nos',
      body: ({ listing, reportId }) => `Hem rebut la teua denúncia sobre «${listing}» (referència ${reportId}).`,
      next: 'Una persona de l’equip de Regalo la revisarà sense demora i t’escriurem a esta adreça amb la decisió i els motius.',
    },
    decided: {
      subject: { hide: 'Hem retirat l’anunci que vas denunciar', keep: 'Hem revisat la teua denúncia' },
      preheader: 'La decisió sobre la teua denúncia i els motius.',
      heading: { hide: 'L’anunci ja no es mostra', keep: 'L’anunci continua publicat' },
      reviewed: ({ listing, reportId }) => `Hem revisat la teua denúncia sobre «${listing}» (referència ${reportId}).`,
      outcome: {
        hide: 'L’hem retirat del catàleg de Regalo.',
        keep: 'Després de revisar-lo, no hem trobat motius per a retirar-lo, així que continua publicat.',
      },
      reasons: ({ reason }) => `Motius: ${reason}`,
      disagree: 'Si no hi estàs d’acord, respon a este correu i una altra persona de l’equip revisarà la decisió.',
    },
    hidden: {
      subject: {
        gift: ({ listing }) => `Hem ocultat el teu regal «${listing}»`,
        business: ({ businessName }) => `Hem ocultat ${businessName} del catàleg`,
      },
      preheader: 'Exposició de motius i com recórrer.',
      heading: 'Exposició de motius',
      what: {
        gift: ({ decidedOn, listing, businessName }) =>
          `Què hem fet: ${el(decidedOn)} hem ocultat del catàleg de Regalo el regal «${listing}» ${de(businessName)}. Ningú no el pot comprar mentres estiga ocult; els regals que ja estan pagats continuen sent vàlids i els has d’atendre.`,
        business: ({ decidedOn, businessName }) =>
          `Què hem fet: ${el(decidedOn)} hem ocultat del catàleg de Regalo el comerç ${businessName} i tots els seus regals. Ningú no els pot comprar mentres estiga ocult; els regals que ja estan pagats continuen sent vàlids i els has d’atendre.`,
      },
      why: ({ reason }) => `Per què: ${reason}`,
      facts: ({ facts }) => `Fets en què ens basem: ${facts}`,
      started: ({ reportedOn, category, reportId }) =>
        `Com va començar: una denúncia rebuda ${el(reportedOn)} (categoria: ${category}; referència ${reportId}). La decisió l’ha presa una persona de l’equip de Regalo; no s’ha utilitzat cap mitjà automatitzat.`,
      ground: 'Fonament: el contingut es considera il·legal o contrari a l’acord per a comerços de Regalo (compromisos del comerç: anuncis veraços i lícits).',
      appeal: ({ appealEmail }) =>
        `Com recórrer: respon a ${appealEmail} en un termini de sis mesos i explica per què no hi estàs d’acord; una altra persona de l’equip revisarà la decisió i et contestarà. També pots acudir a un òrgan certificat de resolució extrajudicial de litigis (art. 21 del Reglament de Serveis Digitals) o als tribunals.`,
      action: 'Obrir el meu tauler',
    },
  },
};
