import { formatDate, formatDateTime, formatPrice } from '@shared/format';
import type { Locale } from '@shared/locale';
import { greeting, plainGreeting, renderMail, type RenderedMail } from './layout';
import { withdrawalTexts } from './withdrawal-texts';

/**
 * Emails of the right of withdrawal (ADR 064), registered in templates.ts.
 *
 * The acknowledgement goes to the address typed on the form (the account's, prefilled, but it
 * may be changed, so it has not proven itself): it carries no text the person typed, only
 * what Regalo knows (the gifts and businesses as listed, amounts, dates) and the reference.
 * It is the durable-medium confirmation art. 11a of Directive 2011/83/EU requires: what was
 * withdrawn, when (date and time in Madrid), and the refund.
 */
export interface WithdrawalMailTemplates {
  'withdrawal-acknowledged': {
    reference: string;
    /** ISO instants. */
    withdrawnAt: string;
    purchasedAt: string;
    lines: { giftName: string; businessName: string; price: number }[];
    refund: number;
    ordersUrl: string;
  };
  /** To a recipient who already had the gift: neutral, no reason, no amount. */
  'order-withdrawn-recipient': { recipientName: string; giftName: string; businessName: string; giftUrl: string };
}

type Renderer<T> = (data: T, locale: Locale) => RenderedMail;

export const withdrawalTemplates: { [K in keyof WithdrawalMailTemplates]: Renderer<WithdrawalMailTemplates[K]> } = {
  'withdrawal-acknowledged': (d, locale) => {
    const t = withdrawalTexts[locale].acknowledged;
    const line = (l: WithdrawalMailTemplates['withdrawal-acknowledged']['lines'][number]) =>
      `• ${l.giftName} (${l.businessName}): ${formatPrice(l.price)}`;
    return renderMail({
      locale,
      subject: t.subject(d),
      preheader: t.preheader({ refund: formatPrice(d.refund) }),
      heading: t.heading,
      paragraphs: [
        plainGreeting(locale),
        t.confirm({ when: formatDateTime(d.withdrawnAt, locale), purchased: formatDate(d.purchasedAt, locale) }),
        ...d.lines.map(line),
        t.refund({ refund: formatPrice(d.refund) }),
        t.cancelled,
        t.reference(d),
      ],
      action: { label: t.action, url: d.ordersUrl },
      note: t.note,
    });
  },
  'order-withdrawn-recipient': (d, locale) => {
    const t = withdrawalTexts[locale].recipient;
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
