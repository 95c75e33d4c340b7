import type { Locale } from '@shared/locale';
import { greeting, renderMail, type RenderedMail } from './layout';
import { reportTexts } from './report-texts';

/**
 * Emails of listing reports (DSA arts. 16-17, ADR 059), registered in templates.ts.
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

type Renderer<T> = (data: T, locale: Locale) => RenderedMail;

export const reportTemplates: { [K in keyof ReportMailTemplates]: Renderer<ReportMailTemplates[K]> } = {
  'report-received': (d, locale) => {
    const t = reportTexts[locale];
    return renderMail({
      locale,
      subject: t.received.subject,
      preheader: t.received.preheader,
      heading: t.received.heading,
      paragraphs: [t.received.body(d), t.received.next],
      action: { label: t.backToRegalo, url: d.url },
    });
  },
  'report-decided': (d, locale) => {
    const t = reportTexts[locale];
    return renderMail({
      locale,
      subject: t.decided.subject[d.decision],
      preheader: t.decided.preheader,
      heading: t.decided.heading[d.decision],
      paragraphs: [t.decided.reviewed(d), t.decided.outcome[d.decision], t.decided.reasons(d), t.decided.disagree],
      action: { label: t.backToRegalo, url: d.url },
    });
  },
  'listing-hidden': (d, locale) => {
    const t = reportTexts[locale].hidden;
    return renderMail({
      locale,
      subject: t.subject[d.kind](d),
      preheader: t.preheader,
      heading: t.heading,
      paragraphs: [greeting(locale, d.name), t.what[d.kind](d), t.why(d), t.facts(d), t.started(d), t.ground, t.appeal(d)],
      action: { label: t.action, url: d.url },
    });
  },
};
