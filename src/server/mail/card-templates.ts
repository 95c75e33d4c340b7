import type { Locale } from '@shared/locale';
import { cardTexts } from './card-texts';
import { plainGreeting, renderMail, type RenderedMail } from './layout';

/** The gift card's mails (ADR 104), registered in templates.ts. */
export interface CardMailTemplates {
  /**
   * To the card's holder (the recipient, when their address is known) after each use: the
   * amount, the place and the balance left (formatted prices). `url`: the card's gift page.
   */
  'card-used': { businessName: string; amount: string; balance: string; spent: boolean; url: string };
}

type Renderer<T> = (data: T, locale: Locale) => RenderedMail;

export const cardTemplates: { [K in keyof CardMailTemplates]: Renderer<CardMailTemplates[K]> } = {
  'card-used': (d, locale) => {
    const t = cardTexts[locale].used;
    return renderMail({
      locale,
      subject: t.subject(d),
      preheader: t.preheader(d),
      heading: t.heading,
      paragraphs: [plainGreeting(locale), t.body(d), d.spent ? t.spent : t.balance(d)],
      action: { label: t.action, url: d.url },
    });
  },
};
