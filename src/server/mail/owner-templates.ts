import type { OwnerOrderEventKind } from '@shared/domain/owner-notices';
import type { Locale } from '@shared/locale';
import { greeting, renderMail, type RenderedMail } from './layout';
import { ownerTexts } from './owner-texts';

/** One order event as the owner's mails list it; amounts and times arrive formatted. */
export interface OwnerOrderEventLine {
  kind: OwnerOrderEventKind;
  giftName: string;
  /** The gift's price, formatted (`25,00 €`). */
  price: string;
  /** When it happened, formatted in the owner's language (`27 nov 2026, 10:15`, or `10:15` in a summary). */
  at: string;
  /** A booking's event (ADR 105): the time booked (`12 dic 2026, 10:00`) and the party in words. */
  booking?: { when: string; partySize: string };
}

/** Mails to a business owner about their business and its orders (ADR 065), registered in templates.ts. */
export interface OwnerMailTemplates {
  /** The team proposed a commission different from the one the owner accepted; rates formatted (`12,5 %`). */
  'commission-proposed': { name: string; businessName: string; current: string; proposed: string; dashboardUrl: string };
  /** A gift of theirs sold, cancelled by the team, or withdrawn by its giver. */
  'owner-order-event': { name: string; businessName: string; event: OwnerOrderEventLine; dashboardUrl: string };
  /** The day's events in one mail, for an owner who chose a daily summary; `day` formatted (`27 nov 2026`). */
  'owner-daily-summary': { name: string; businessName: string; day: string; events: OwnerOrderEventLine[]; dashboardUrl: string };
  /** The team switched the business off; `reason` is the team's, null when none was given. */
  'business-deactivated': { name: string; businessName: string; reason: string | null; supportEmail: string; dashboardUrl: string };
  /** A change to who the business is sent it back to review; `changes` names what changed, in the owner's language. */
  'business-review-reopened': { name: string; businessName: string; changes: string; dashboardUrl: string };
}

type Renderer<T> = (data: T, locale: Locale) => RenderedMail;

/** One event as a sentence, for the single mail and the summary alike. */
export function describeOwnerOrderEvent(event: OwnerOrderEventLine, locale: Locale): string {
  return ownerTexts[locale].event[event.kind]({ ...event, ...event.booking });
}

export const ownerTemplates: { [K in keyof OwnerMailTemplates]: Renderer<OwnerMailTemplates[K]> } = {
  'commission-proposed': (d, locale) => {
    const t = ownerTexts[locale].commissionProposed;
    return renderMail({
      locale,
      subject: t.subject(d),
      preheader: t.preheader(d),
      heading: t.heading,
      paragraphs: [greeting(locale, d.name), t.proposal(d), t.untilAccepted(d)],
      action: { label: t.action, url: d.dashboardUrl },
    });
  },
  'owner-order-event': ({ name, businessName, event, dashboardUrl }, locale) => {
    const t = ownerTexts[locale];
    return renderMail({
      locale,
      subject: t.eventSubject[event.kind]({ giftName: event.giftName, businessName }),
      preheader: describeOwnerOrderEvent(event, locale),
      heading: t.eventHeading[event.kind],
      paragraphs: [greeting(locale, name), describeOwnerOrderEvent(event, locale), t.settingHint],
      action: { label: event.booking ? t.seeBookings : t.seeMyOrders, url: dashboardUrl },
    });
  },
  'owner-daily-summary': ({ name, businessName, day, events, dashboardUrl }, locale) => {
    const t = ownerTexts[locale];
    const sales = events.filter((e) => e.kind === 'sold').length;
    const bookings = events.filter((e) => e.booking).length;
    const preheader = t.dailySummary.preheader({ sales: String(sales), others: String(events.length - sales - bookings) });
    return renderMail({
      locale,
      subject: t.dailySummary.subject({ day, businessName }),
      preheader: bookings > 0 ? `${preheader} ${t.dailySummary.bookings({ count: String(bookings) })}` : preheader,
      heading: t.dailySummary.heading({ day }),
      paragraphs: [
        greeting(locale, name),
        t.dailySummary.intro({ day, businessName }),
        ...events.map((event) => describeOwnerOrderEvent(event, locale)),
        t.dailySummary.why,
      ],
      action: { label: t.seeMyOrders, url: dashboardUrl },
    });
  },
  'business-deactivated': (d, locale) => {
    const t = ownerTexts[locale].businessDeactivated;
    return renderMail({
      locale,
      subject: t.subject(d),
      preheader: t.preheader,
      heading: t.heading,
      paragraphs: [greeting(locale, d.name), t.body(d), ...(d.reason ? [t.reason({ reason: d.reason })] : []), t.questions(d)],
      action: { label: t.action, url: d.dashboardUrl },
    });
  },
  'business-review-reopened': (d, locale) => {
    const t = ownerTexts[locale].reviewReopened;
    return renderMail({
      locale,
      subject: t.subject(d),
      preheader: t.preheader,
      heading: t.heading,
      paragraphs: [greeting(locale, d.name), t.body(d), t.next],
      action: { label: t.action, url: d.dashboardUrl },
    });
  },
};
