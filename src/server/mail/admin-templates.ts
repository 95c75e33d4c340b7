import type { Locale } from '@shared/locale';
import type { LaunchStepKey } from '@shared/domain/launch-steps';
import { adminTexts } from './admin-texts';
import { greeting, renderMail, type MailParagraph, type RenderedMail } from './layout';

/** Emails the platform team's actions send (registered in templates.ts). */
export interface AdminMailTemplates {
  /**
   * `name` is the owner's name; `commission` (the rate they accepted) and `proposedCommission`
   * (a different rate the team proposed, ADR 065; null when none) are formatted ("12,5 %").
   */
  'business-approved': {
    name: string;
    businessName: string;
    commission: string;
    proposedCommission: string | null;
    dashboardUrl: string;
    /**
     * The business's launch checklist as the approval left it (domain/businesses/read-launch-checklist):
     * each step in order, done or not, with the dashboard address where it is done; `isLive`
     * only when a gift of the business is on sale.
     */
    launch: { steps: { key: LaunchStepKey; done: boolean; url: string }[]; isLive: boolean };
  };
  'business-rejected': { name: string; businessName: string; reason: string; dashboardUrl: string };
  /** To a gift's recipient: `expiresOn` is already formatted in their language's date style. */
  'gift-expiry-extended': { recipientName: string; giftName: string; businessName: string; expiresOn: string; giftUrl: string };
  /** To the giver of a gift the team cancelled; `refund` is the formatted amount, null when nothing was paid. */
  'order-cancelled-giver': { name: string; giftName: string; businessName: string; recipientName: string; refund: string | null; ordersUrl: string };
  /** To the recipient of a gift the team cancelled. */
  'order-cancelled-recipient': { recipientName: string; giftName: string; businessName: string; giftUrl: string };
}

type Renderer<T> = (data: T, locale: Locale) => RenderedMail;

export const adminTemplates: { [K in keyof AdminMailTemplates]: Renderer<AdminMailTemplates[K]> } = {
  'business-approved': (d, locale) => {
    const t = adminTexts[locale];
    return renderMail({
      locale,
      subject: t.approved.subject(d),
      preheader: t.approved.preheader,
      heading: t.approved.heading,
      paragraphs: [
        greeting(locale, d.name),
        t.approved.body(d),
        t.approved.commission(d),
        ...(d.proposedCommission ? [t.approved.proposed({ proposedCommission: d.proposedCommission, commission: d.commission })] : []),
        // The same ordered steps as the dashboard's card: "on sale" only when a gift really is.
        ...(d.launch.isLive
          ? [t.approved.live]
          : [
              t.approved.stepsIntro,
              ...d.launch.steps.map(({ key, done, url }, index): MailParagraph => {
                const lead = `${index + 1}. ${t.approved.steps[key]}`;
                return done ? `${lead}: ${t.approved.stepDone}` : { lead: `${lead}:`, link: { label: t.approved.stepTodo, url } };
              }),
              t.approved.notYetOnSale,
            ]),
      ],
      action: { label: t.openMyDashboard, url: d.dashboardUrl },
    });
  },
  'business-rejected': (d, locale) => {
    const t = adminTexts[locale].rejected;
    return renderMail({
      locale,
      subject: t.subject(d),
      preheader: t.preheader,
      heading: t.heading,
      paragraphs: [greeting(locale, d.name), t.body(d), t.fix],
      action: { label: t.action, url: d.dashboardUrl },
    });
  },
  'gift-expiry-extended': (d, locale) => {
    const t = adminTexts[locale].expiryExtended;
    return renderMail({
      locale,
      subject: t.subject(d),
      preheader: t.preheader,
      heading: t.heading,
      paragraphs: [greeting(locale, d.recipientName), t.body(d)],
      action: { label: t.action, url: d.giftUrl },
    });
  },
  'order-cancelled-giver': (d, locale) => {
    const t = adminTexts[locale];
    const { refund } = d;
    return renderMail({
      locale,
      subject: t.cancelledGiver.subject(d),
      preheader: refund ? t.cancelledGiver.preheaderRefund({ refund }) : t.cancelledGiver.preheaderUnpaid,
      heading: t.cancelledGiver.heading,
      paragraphs: [greeting(locale, d.name), t.cancelledGiver.body(d), refund ? t.cancelledGiver.refunded({ refund }) : t.cancelledGiver.unpaid],
      action: { label: t.seeMyOrders, url: d.ordersUrl },
    });
  },
  'order-cancelled-recipient': (d, locale) => {
    const t = adminTexts[locale].cancelledRecipient;
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
