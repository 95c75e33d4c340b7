import type { Locale } from '@shared/locale';
import { bookingTexts } from './booking-texts';
import { greeting, plainGreeting, renderMail, type MailParagraph, type RenderedMail } from './layout';

/**
 * The mails of booking from the gift (ADR 105), registered in templates.ts. Dates arrive as a
 * full date in the mail's language and times on Madrid's clock (`HH:MM`).
 */
export interface BookingMailTemplates {
  /** To the recipient: the business cancelled their booking, with its reason; the gift books again. */
  'booking-cancelled-by-business': {
    recipientName: string;
    giftName: string;
    businessName: string;
    date: string;
    time: string;
    reason: string;
    giftUrl: string;
    /** The business's phone, or null when it gave none. */
    phone: string | null;
  };
  /** To the recipient, the day before: the time, the address, a map link, the phone; the calendar file attached. */
  'booking-reminder': {
    recipientName: string;
    giftName: string;
    businessName: string;
    date: string;
    time: string;
    /** Formatted in words (`2 people`). */
    partySize: string;
    address: string;
    mapUrl: string;
    phone: string | null;
    giftUrl: string;
  };
  /** To the giver who asked to know, once: the gift is booked (the time only if the recipient agreed). */
  'booking-made-giver': {
    giverName: string;
    recipientName: string;
    giftName: string;
    businessName: string;
    date: string | null;
    time: string | null;
    ordersUrl: string;
  };
}

type Renderers = { [K in keyof BookingMailTemplates]: (data: BookingMailTemplates[K], locale: Locale) => RenderedMail };

const phoneLink = (lead: string, phone: string | null): MailParagraph[] => (phone ? [{ lead, link: { label: phone, url: `tel:${phone.replace(/[^+\d]/g, '')}` } }] : []);
// A gift given in person may name nobody: the mail then greets without a name.
const hello = (locale: Locale, name: string) => (name.trim() ? greeting(locale, name) : plainGreeting(locale));

export const bookingTemplates: Renderers = {
  'booking-cancelled-by-business': (d, locale) => {
    const t = bookingTexts[locale].cancelledByBusiness;
    return renderMail({
      locale,
      subject: t.subject(d),
      preheader: t.preheader(d),
      heading: t.heading,
      paragraphs: [hello(locale, d.recipientName), t.body(d), t.reason(d), t.bookAgain, ...phoneLink(t.call, d.phone)],
      action: { label: t.action, url: d.giftUrl },
    });
  },
  'booking-reminder': (d, locale) => {
    const t = bookingTexts[locale].reminder;
    return renderMail({
      locale,
      subject: t.subject(d),
      preheader: t.preheader(d),
      heading: t.heading,
      paragraphs: [
        hello(locale, d.recipientName),
        t.body(d),
        t.address(d),
        { lead: t.map, link: { label: d.businessName, url: d.mapUrl } },
        ...phoneLink(t.call, d.phone),
        t.change,
        t.calendar,
      ],
      action: { label: t.action, url: d.giftUrl },
    });
  },
  'booking-made-giver': (d, locale) => {
    const t = bookingTexts[locale].giverBooked;
    return renderMail({
      locale,
      subject: t.subject(d),
      preheader: t.preheader(d),
      heading: t.heading,
      paragraphs: [hello(locale, d.giverName), t.body(d), t.once],
      action: { label: t.action, url: d.ordersUrl },
    });
  },
};
