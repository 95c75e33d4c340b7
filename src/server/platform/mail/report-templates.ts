import { renderMail, type MailLocale, type RenderedMail } from './layout';

/**
 * Emails of listing reports (DSA arts. 16-17, issue 26.5), registered in templates.ts.
 * `listing` is what was reported as the reporter saw it ("Horchata para dos, Horchatería
 * Daniel"); `reportId` lets anyone refer to the case when writing to support.
 */
export interface ReportMailTemplates {
  /** To the reporter who left an address: the report arrived and will be reviewed. */
  'report-received': { listing: string; reportId: string; url: string };
  /** To the reporter who left an address: what the team decided. */
  'report-decided': { listing: string; reportId: string; decision: 'hide' | 'keep'; reason: string; url: string };
  /**
   * The statement of reasons (DSA art. 17) to the owner of a hidden gift or business: what was
   * restricted and how far, the facts relied on, that a report started it and no automated
   * means decided it, the ground, and every way to seek redress.
   */
  'listing-hidden': {
    name: string;
    businessName: string;
    kind: 'gift' | 'business';
    listing: string;
    reportId: string;
    category: string;
    reportedOn: string;
    decidedOn: string;
    reason: string;
    facts: string;
    appealEmail: string;
    url: string;
  };
}

type Renderer<T> = (data: T, locale: MailLocale) => RenderedMail;

export const reportTemplates: { [K in keyof ReportMailTemplates]: Renderer<ReportMailTemplates[K]> } = {
  'report-received': ({ listing, reportId, url }, locale) =>
    locale === 'es'
      ? renderMail({
          locale,
          subject: 'Hemos recibido tu denuncia',
          preheader: 'El equipo de Regalo la revisará y te contará qué decide.',
          heading: 'Gracias por avisarnos',
          paragraphs: [
            `Hemos recibido tu denuncia sobre «${listing}» (referencia ${reportId}).`,
            'Una persona del equipo de Regalo la revisará sin demora y te escribiremos a esta dirección con la decisión y sus motivos.',
          ],
          action: { label: 'Volver a Regalo', url },
        })
      : renderMail({
          locale,
          subject: 'We received your report',
          preheader: 'The Regalo team will review it and tell you what it decides.',
          heading: 'Thank you for telling us',
          paragraphs: [
            `We received your report about "${listing}" (reference ${reportId}).`,
            'A person on the Regalo team will review it without delay, and we will write to this address with the decision and its reasons.',
          ],
          action: { label: 'Back to Regalo', url },
        }),
  'report-decided': ({ listing, reportId, decision, reason, url }, locale) =>
    locale === 'es'
      ? renderMail({
          locale,
          subject: decision === 'hide' ? 'Hemos retirado el anuncio que denunciaste' : 'Hemos revisado tu denuncia',
          preheader: 'La decisión sobre tu denuncia y sus motivos.',
          heading: decision === 'hide' ? 'El anuncio ya no se muestra' : 'El anuncio sigue publicado',
          paragraphs: [
            `Hemos revisado tu denuncia sobre «${listing}» (referencia ${reportId}).`,
            decision === 'hide'
              ? 'Lo hemos retirado del catálogo de Regalo.'
              : 'Después de revisarlo, no hemos encontrado motivos para retirarlo, así que sigue publicado.',
            `Motivos: ${reason}`,
            'Si no estás de acuerdo, responde a este correo y otra persona del equipo revisará la decisión.',
          ],
          action: { label: 'Volver a Regalo', url },
        })
      : renderMail({
          locale,
          subject: decision === 'hide' ? 'We removed the listing you reported' : 'We reviewed your report',
          preheader: 'The decision on your report and its reasons.',
          heading: decision === 'hide' ? 'The listing is no longer shown' : 'The listing stays published',
          paragraphs: [
            `We reviewed your report about "${listing}" (reference ${reportId}).`,
            decision === 'hide'
              ? 'We removed it from the Regalo catalogue.'
              : 'After reviewing it we found no reason to remove it, so it stays published.',
            `Reasons: ${reason}`,
            'If you disagree, reply to this email and another person on the team will review the decision.',
          ],
          action: { label: 'Back to Regalo', url },
        }),
  'listing-hidden': (d, locale) =>
    locale === 'es'
      ? renderMail({
          locale,
          subject: d.kind === 'gift' ? `Hemos ocultado tu regalo «${d.listing}»` : `Hemos ocultado ${d.businessName} del catálogo`,
          preheader: 'Exposición de motivos y cómo recurrir.',
          heading: 'Exposición de motivos',
          paragraphs: [
            `Hola, ${d.name}:`,
            d.kind === 'gift'
              ? `Qué hemos hecho: el ${d.decidedOn} hemos ocultado del catálogo de Regalo el regalo «${d.listing}» de ${d.businessName}. Nadie puede comprarlo mientras esté oculto; los regalos ya pagados siguen siendo válidos y debes atenderlos.`
              : `Qué hemos hecho: el ${d.decidedOn} hemos ocultado del catálogo de Regalo el comercio ${d.businessName} y todos sus regalos. Nadie puede comprarlos mientras esté oculto; los regalos ya pagados siguen siendo válidos y debes atenderlos.`,
            `Por qué: ${d.reason}`,
            `Hechos en los que nos basamos: ${d.facts}`,
            `Cómo empezó: una denuncia recibida el ${d.reportedOn} (categoría: ${d.category}; referencia ${d.reportId}). La decisión la ha tomado una persona del equipo de Regalo; no se ha usado ningún medio automatizado.`,
            'Fundamento: el contenido se considera ilegal o contrario al acuerdo para comercios de Regalo (compromisos del comercio: anuncios veraces y lícitos).',
            `Cómo recurrir: responde a ${d.appealEmail} en un plazo de seis meses explicando por qué no estás de acuerdo; otra persona del equipo revisará la decisión y te contestará. También puedes acudir a un órgano certificado de resolución extrajudicial de litigios (art. 21 del Reglamento de Servicios Digitales) o a los tribunales.`,
          ],
          action: { label: 'Abrir mi panel', url: d.url },
        })
      : renderMail({
          locale,
          subject: d.kind === 'gift' ? `We have hidden your gift "${d.listing}"` : `We have hidden ${d.businessName} from the catalogue`,
          preheader: 'Statement of reasons and how to appeal.',
          heading: 'Statement of reasons',
          paragraphs: [
            `Hi ${d.name},`,
            d.kind === 'gift'
              ? `What we did: on ${d.decidedOn} we hid the gift "${d.listing}" of ${d.businessName} from the Regalo catalogue. Nobody can buy it while it is hidden; gifts already paid for stay valid and you must still honour them.`
              : `What we did: on ${d.decidedOn} we hid the business ${d.businessName} and all its gifts from the Regalo catalogue. Nobody can buy them while it is hidden; gifts already paid for stay valid and you must still honour them.`,
            `Why: ${d.reason}`,
            `Facts we relied on: ${d.facts}`,
            `How it started: a report received on ${d.reportedOn} (category: ${d.category}; reference ${d.reportId}). A person on the Regalo team took the decision; no automated means were used.`,
            'Ground: the content is considered illegal or contrary to the Regalo partner agreement (the business\'s promises: true and lawful listings).',
            `How to appeal: reply to ${d.appealEmail} within six months explaining why you disagree; another person on the team will review the decision and answer you. You may also go to a certified out-of-court dispute settlement body (art. 21 of the Digital Services Act) or to the courts.`,
          ],
          action: { label: 'Open my dashboard', url: d.url },
        }),
};
