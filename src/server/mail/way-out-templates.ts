import type { Locale } from '@shared/locale';
import { greeting, renderMail, type RenderedMail } from './layout';
import { wayOutTexts } from './way-out-texts';

/**
 * A gift that could not be booked found its way out (ADR 109): its giver is told. `recipientName`
 * as the giver typed it (the giver's own words); `refund` already formatted.
 */
export interface WayOutMailTemplates {
  /** The recipient gave the money back: the whole price refunded. */
  'gift-refunded-no-booking': { name: string; giftName: string; businessName: string; recipientName: string; refund: string; ordersUrl: string };
  /** The recipient exchanged the gift; `refund` is the difference given back, null when none. */
  'gift-exchanged-no-booking': { name: string; giftName: string; newGiftName: string; businessName: string; recipientName: string; refund: string | null; ordersUrl: string };
}

type Renderer<T> = (data: T, locale: Locale) => RenderedMail;

export const wayOutTemplates: { [K in keyof WayOutMailTemplates]: Renderer<WayOutMailTemplates[K]> } = {
  'gift-refunded-no-booking': (d, locale) => {
    const t = wayOutTexts[locale];
    return renderMail({
      locale,
      subject: t.refunded.subject(d),
      preheader: t.refunded.preheader,
      heading: t.refunded.heading,
      paragraphs: [greeting(locale, d.name), t.refunded.body(d)],
      action: { label: t.action, url: d.ordersUrl },
    });
  },
  'gift-exchanged-no-booking': (d, locale) => {
    const t = wayOutTexts[locale];
    return renderMail({
      locale,
      subject: t.exchanged.subject(d),
      preheader: t.exchanged.preheader,
      heading: t.exchanged.heading,
      paragraphs: [greeting(locale, d.name), t.exchanged.body(d), ...(d.refund ? [t.exchanged.refund({ refund: d.refund })] : [])],
      action: { label: t.action, url: d.ordersUrl },
    });
  },
};
