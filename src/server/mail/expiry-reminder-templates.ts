import type { Locale } from '@shared/locale';
import { expiryReminderTexts } from './expiry-reminder-texts';
import { greeting, renderMail, type RenderedMail } from './layout';

/**
 * The "a week left" reminders (ADR 032), registered in templates.ts. Dates arrive formatted
 * the Spanish way (`21 nov 2027`) as every date Regalo shows.
 */
export interface ExpiryReminderTemplates {
  /** To the recipient: their gift can still be enjoyed until `expiryDate`. */
  'gift-expiry-reminder': {
    recipientName: string;
    senderName: string | null;
    giftName: string;
    businessName: string;
    expiryDate: string;
    giftUrl: string;
    /** A gift card's balance left, formatted (ADR 104); null for a fixed gift. */
    balance?: string | null;
  };
  /** To the giver: the gift they sent has not been used yet. */
  'gift-expiry-reminder-giver': {
    giverName: string;
    recipientName: string;
    giftName: string;
    businessName: string;
    expiryDate: string;
    ordersUrl: string;
    balance?: string | null;
  };
}

type Renderers = {
  [K in keyof ExpiryReminderTemplates]: (data: ExpiryReminderTemplates[K], locale: Locale) => RenderedMail;
};

export const expiryReminderTemplates: Renderers = {
  'gift-expiry-reminder': (d, locale) => {
    const t = expiryReminderTexts[locale].recipient;
    return renderMail({
      locale,
      subject: t.subject(d),
      preheader: t.preheader(d),
      heading: t.heading,
      paragraphs: [greeting(locale, d.recipientName), t.reminder(d), ...(d.balance ? [t.balance({ balance: d.balance })] : []), t.how],
      action: { label: t.action, url: d.giftUrl },
      note: t.note,
    });
  },
  'gift-expiry-reminder-giver': (d, locale) => {
    const t = expiryReminderTexts[locale].giver;
    return renderMail({
      locale,
      subject: t.subject(d),
      preheader: t.preheader,
      heading: t.heading,
      paragraphs: [greeting(locale, d.giverName), t.reminder(d), ...(d.balance ? [t.balance({ balance: d.balance })] : [])],
      action: { label: t.action, url: d.ordersUrl },
    });
  },
};
