import { expiryReminderTemplates, type ExpiryReminderTemplates } from './expiry-reminder-templates';
import { adminTemplates, type AdminMailTemplates } from './admin-templates';
import { bookingTemplates, type BookingMailTemplates } from './booking-templates';
import { cardTemplates, type CardMailTemplates } from './card-templates';
import { fairExpiryTemplates, type FairExpiryMailTemplates } from './fair-expiry-templates';
import { invoiceTemplates, type InvoiceMailTemplates } from './invoice-templates';
import type { Locale } from '@shared/locale';
import { accountTexts, type AccountMailTexts } from './account-texts';
import { greeting, plainGreeting, renderMail, type RenderedMail } from './layout';
import { orderTemplates, type OrderMailTemplates } from './order-templates';
import { ownerTemplates, type OwnerMailTemplates } from './owner-templates';
import { registrationTemplates, type RegistrationMailTemplates } from './registration-templates';
import { reportTemplates, type ReportMailTemplates } from './report-templates';
import { statementTemplates, type StatementMailTemplates } from './statement-templates';
import { withdrawalTemplates, type WithdrawalMailTemplates } from './withdrawal-templates';
import { wayOutTemplates, type WayOutMailTemplates } from './way-out-templates';

/**
 * The registry of emails Regalo sends. To add one: add its data type to MailTemplates and its
 * renderer to `templates`; `enqueueMail` then accepts it with type-checked data.
 */
export interface MailTemplates
  extends OrderMailTemplates, ExpiryReminderTemplates, AdminMailTemplates, RegistrationMailTemplates, ReportMailTemplates,
    StatementMailTemplates, InvoiceMailTemplates, OwnerMailTemplates, WithdrawalMailTemplates,
    FairExpiryMailTemplates, CardMailTemplates, WayOutMailTemplates, BookingMailTemplates {
  /*
   * The three below go to an address that has not proven itself: whoever asked typed it, and
   * may not own it. They carry no text the requester typed (no name: it was a link an attacker
   * chose), only our own words and the link.
   */
  'verify-email': { url: string };
  'reset-password': { url: string };
  /** Someone signed up with an address that already has a confirmed account. */
  'account-exists': { name: string; signInUrl: string };
  /** A business registered interest: the link confirms and opens the wizard. */
  'business-confirmation': { url: string };
  /** The giver's gift was redeemed at the business (`url`: the giver's orders). */
  'gift-enjoyed': { name: string; giftName: string; businessName: string; recipientName: string; url: string };
}
export type MailTemplateName = keyof MailTemplates;

type Renderer<T> = (data: T, locale: Locale) => RenderedMail;

/** A mail whose only data is its link (and, when the address has proven itself, a name). */
function linkMail(locale: Locale, t: AccountMailTexts['verifyEmail'], url: string, name?: string): RenderedMail {
  return renderMail({
    locale,
    subject: t.subject,
    preheader: t.preheader,
    heading: t.heading,
    paragraphs: [name === undefined ? plainGreeting(locale) : greeting(locale, name), t.body],
    action: { label: t.action, url },
    note: t.note,
  });
}

export const templates: { [K in MailTemplateName]: Renderer<MailTemplates[K]> } = {
  ...orderTemplates,
  ...withdrawalTemplates,
  'verify-email': ({ url }, locale) => linkMail(locale, accountTexts[locale].verifyEmail, url),
  'reset-password': ({ url }, locale) => linkMail(locale, accountTexts[locale].resetPassword, url),
  'account-exists': ({ name, signInUrl }, locale) => linkMail(locale, accountTexts[locale].accountExists, signInUrl, name),
  'business-confirmation': ({ url }, locale) => linkMail(locale, accountTexts[locale].businessConfirmation, url),
  'gift-enjoyed': (d, locale) => {
    const t = accountTexts[locale].giftEnjoyed;
    return renderMail({
      locale,
      subject: t.subject(d),
      preheader: t.preheader(d),
      heading: t.heading,
      paragraphs: [greeting(locale, d.name), t.body(d)],
      action: { label: t.action, url: d.url },
    });
  },
  ...expiryReminderTemplates,
  ...adminTemplates,
  ...statementTemplates,
  ...invoiceTemplates,
  ...registrationTemplates,
  ...reportTemplates,
  ...ownerTemplates,
  ...fairExpiryTemplates,
  ...cardTemplates,
  ...wayOutTemplates,
  ...bookingTemplates,
};

export function renderTemplate<K extends MailTemplateName>(
  name: K,
  data: MailTemplates[K],
  locale: Locale,
): RenderedMail {
  return templates[name](data, locale);
}
