import type { Locale } from '@shared/locale';
import { fairExpiryTexts } from './fair-expiry-texts';
import { greeting, renderMail, type RenderedMail } from './layout';

/** Fair expiry (ADR 064): the business's answer to a recipient who asked for more time. */
export interface FairExpiryMailTemplates {
  /** To the recipient: the business declined (an extension goes as `gift-expiry-extended`). */
  'gift-extension-declined': { recipientName: string; giftName: string; businessName: string; giftUrl: string };
}

type Renderer<T> = (data: T, locale: Locale) => RenderedMail;

export const fairExpiryTemplates: { [K in keyof FairExpiryMailTemplates]: Renderer<FairExpiryMailTemplates[K]> } = {
  'gift-extension-declined': (d, locale) => {
    const t = fairExpiryTexts[locale];
    return renderMail({
      locale,
      subject: t.subject(d),
      preheader: t.preheader,
      heading: t.heading,
      paragraphs: [greeting(locale, d.recipientName), t.body(d)],
      action: { label: t.action, url: d.giftUrl },
    });
  },
};
