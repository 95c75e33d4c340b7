import type { Locale } from '@shared/locale';
import { greeting, renderMail, type RenderedMail } from './layout';
import { statementTexts } from './statement-texts';

/** The monthly statement email (ADR 060), registered in templates.ts. Amounts arrive formatted (`21,97 €`). */
export interface StatementMailTemplates {
  /** To the owner, on the first day of the next month: `month` is the month's name in their language. */
  'monthly-statement': {
    name: string;
    businessName: string;
    month: string;
    opening: string;
    /** Signed as they move the balance: refunds and transfers negative, reversals positive. */
    paidShare: string;
    refundedShare: string;
    transferred: string;
    reversed: string;
    /** The month's invoice VAT adjustments (ADR 093): negative when charged, positive when given back. */
    invoiceVat: string;
    closing: string;
    statementUrl: string;
  };
}

type Renderer<T> = (data: T, locale: Locale) => RenderedMail;

export const statementTemplates: { [K in keyof StatementMailTemplates]: Renderer<StatementMailTemplates[K]> } = {
  'monthly-statement': (d, locale) => {
    const t = statementTexts[locale];
    return renderMail({
      locale,
      subject: t.subject(d),
      preheader: t.preheader(d),
      heading: t.heading(d),
      paragraphs: [greeting(locale, d.name), t.intro(d), t.amounts(d), t.details],
      action: { label: t.action, url: d.statementUrl },
    });
  },
};
