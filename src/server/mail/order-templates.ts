import { formatDate, formatDateTime, formatPrice } from '@shared/format';
import {
  formatPhone,
  giftConditionLines,
  telHref,
  whatsappHref,
  type BusinessBooking,
  type GiftConditions,
} from '@shared/domain/gift-conditions';
import { giftText } from '../platform/gift-text';
import { FORMAT_TAGS, type Locale } from '@shared/locale';
import type { PaymentMethod } from '@shared/domain/payment-method';
import { greeting, renderMail, type MailParagraph, type RenderedMail } from './layout';
import { orderTexts } from './order-texts';

/**
 * The emails of a purchase (ADR 030): the recipient's gift, the giver's receipt, and the
 * giver's note when a scheduled gift went out. The words are in order-texts.ts; prices and
 * dates go through @shared/format in the reader's language (ADR 058).
 */
export interface OrderMailTemplates {
  /** To the recipient, in THEIR language, at the delivery moment (and on "resend"). */
  'gift-received': {
    recipientName: string;
    senderName: string;
    giftName: string;
    businessName: string;
    businessAddress: string;
    mapUrl: string;
    personalMessage: string | null;
    expiresAt: string;
    giftUrl: string;
    /** The code to read out when the QR cannot be scanned, grouped ("K7QD-M2XA"; ADR 055). */
    typedCode: string | null;
    /** The gift's conditions and how to book; absent in mails queued before them. */
    conditions?: GiftConditions;
    booking?: BusinessBooking;
    /** "Add to Apple/Google Wallet" links, for the wallets the operator set up (ADR 107). */
    wallet?: { appleUrl?: string; googleUrl?: string };
    /** A gift card's starting amount in cents (ADR 108); absent for a fixed gift. */
    cardAmount?: number;
  };
  /** To the giver when the payment succeeded. */
  'order-receipt': {
    name: string;
    /** `inPerson`: the giver hands it over (ADR 103); absent in receipts queued before it. */
    /**
     * `card`: a gift card (ADR 104), a multi-purpose voucher whose VAT the business charges
     * when it is used: its line says so and the total claims no VAT for it.
     */
    lines: { giftName: string; businessName: string; recipientName: string; inPerson?: boolean; price: number; deliverAt: string | null; card?: boolean }[];
    total: number;
    /** "My orders", or for a guest (`guest`) the signed purchase page (ADR 075). */
    ordersUrl: string;
    guest?: boolean;
    /** The signed link to withdraw without signing in (ADR 064), and when the right ends (ISO). */
    withdrawUrl: string;
    withdrawUntil: string;
    /** How it was paid (ADR 106); absent in receipts queued before it, null when the provider did not say. */
    paymentMethod?: PaymentMethod | null;
  };
  /** To the giver when a scheduled gift's email went out. */
  'gift-delivered': { name: string; recipientName: string; giftName: string; ordersUrl: string };
  /**
   * To the giver when the bank did not confirm a payment that confirms later (Bizum, ADR
   * 106): nothing was charged or issued. `retryUrl` is the checkout, where the cart still is.
   */
  'payment-failed': { name: string; total: number; paymentMethod: PaymentMethod | null; retryUrl: string };
  /** To a guest who asked for their purchase links again (ADR 075), newest first. */
  'purchase-links': { name: string; purchases: { paidAt: string; total: number; gifts: string; url: string }[] };
}

type Renderers = { [K in keyof OrderMailTemplates]: (data: OrderMailTemplates[K], locale: Locale) => RenderedMail };

/**
 * What the recipient needs before going: the gift's conditions, then how to book (the phone
 * as a tel: link, WhatsApp and the booking page with short labels) and the opening hours,
 * worded from the same `gift` catalogues as the gift page.
 */
function bookingParagraphs(d: OrderMailTemplates['gift-received'], locale: Locale): MailParagraph[] {
  const t = giftText(locale);
  const paragraphs: MailParagraph[] = [];
  // Weekday names by the language's formatting tag: `va` is no tag Intl knows ("ca-ES" is).
  const lines = d.conditions ? giftConditionLines(d.conditions, FORMAT_TAGS[locale], t) : [];
  if (lines.length > 0) paragraphs.push(`${t('conditions.title')}: ${lines.join(' · ')}`);
  const booking = d.booking;
  if (!booking) return paragraphs;
  if (booking.phone) {
    paragraphs.push({ lead: `${t('booking.title')}:`, link: { label: t('booking.call', { phone: formatPhone(booking.phone) }), url: telHref(booking.phone) } });
  }
  if (booking.whatsapp) paragraphs.push({ lead: `${t('booking.whatsapp')}:`, link: { label: formatPhone(booking.whatsapp), url: whatsappHref(booking.whatsapp) } });
  if (booking.bookingUrl) paragraphs.push({ lead: `${t('booking.web')}:`, link: { label: new URL(booking.bookingUrl).host, url: booking.bookingUrl } });
  if (booking.openingHours) paragraphs.push(`${t('booking.hours')}: ${booking.openingHours}`);
  return paragraphs;
}

export const orderTemplates: Renderers = {
  'gift-received': (d, locale) => {
    const t = orderTexts[locale].giftReceived;
    return renderMail({
      locale,
      subject: t.subject(d),
      preheader: t.preheader(d),
      heading: t.heading(d),
      paragraphs: [
        greeting(locale, d.recipientName),
        t.treat({ ...d, place: `${d.businessName}, ${d.businessAddress}` }),
        ...(d.cardAmount ? [t.cardAmount({ amount: formatPrice(d.cardAmount), business: d.businessName })] : []),
        ...(d.personalMessage ? [t.message({ message: d.personalMessage })] : []),
        { lead: t.directions, link: { label: t.onTheMap(d), url: d.mapUrl } },
        ...bookingParagraphs(d, locale),
        t.redeemUntil({ expires: formatDate(d.expiresAt, locale) }),
        ...(d.typedCode ? [t.typedCode({ code: d.typedCode })] : []),
        ...(d.wallet?.appleUrl ? [{ lead: t.walletLead({ wallet: 'Apple Wallet (iPhone)' }), link: { label: t.appleWallet, url: d.wallet.appleUrl } }] : []),
        ...(d.wallet?.googleUrl ? [{ lead: t.walletLead({ wallet: 'Google Wallet (Android)' }), link: { label: t.googleWallet, url: d.wallet.googleUrl } }] : []),
      ],
      action: { label: t.action, url: d.giftUrl },
      note: t.note,
    });
  },
  'order-receipt': (d, locale) => {
    const t = orderTexts[locale].orderReceipt;
    const lineText = (l: OrderMailTemplates['order-receipt']['lines'][number]) => {
      const values = {
        ...l,
        price: l.card ? t.cardPrice({ amount: formatPrice(l.price) }) : formatPrice(l.price),
        when: l.inPerson ? t.inPerson : l.deliverAt ? t.deliveredOn({ at: formatDateTime(l.deliverAt, locale) }) : t.sentNow,
      };
      // Given in person to nobody named: no "for" with an empty name.
      return l.recipientName ? t.line(values) : t.lineUnnamed(values);
    };
    const givesInPerson = d.lines.some((l) => l.inPerson);
    const cards = d.lines.filter((l) => l.card).length;
    // VAT is in the total only for what is not a gift card: none, part or all of it.
    const total = cards === 0 ? t.total : cards === d.lines.length ? t.totalCardsOnly : t.totalWithCards;
    return renderMail({
      locale,
      subject: t.subject({ total: formatPrice(d.total) }),
      preheader: t.preheader,
      heading: t.heading,
      paragraphs: [
        greeting(locale, d.name),
        t.received,
        ...d.lines.map(lineText),
        total({ total: formatPrice(d.total) }),
        ...(d.paymentMethod ? [t.paidWith[d.paymentMethod]] : []),
        ...(cards > 0 ? [t.cardVatNote] : []),
        ...(givesInPerson ? [t.inPersonNote] : []),
        t.withdrawRight({ until: formatDateTime(d.withdrawUntil, locale) }),
        { lead: t.withdrawLead, link: { label: t.withdrawLink, url: d.withdrawUrl } },
      ],
      action: { label: d.guest ? t.guestAction : t.action, url: d.ordersUrl },
      note: d.guest ? t.guestNote : t.note,
    });
  },
  'purchase-links': (d, locale) => {
    const t = orderTexts[locale].purchaseLinks;
    return renderMail({
      locale,
      subject: t.subject,
      preheader: t.preheader,
      heading: t.heading,
      paragraphs: [
        greeting(locale, d.name),
        t.lead,
        ...d.purchases.map((p) => ({
          lead: t.purchase({ date: formatDateTime(p.paidAt, locale), total: formatPrice(p.total), gifts: p.gifts }),
          link: { label: t.open, url: p.url },
        })),
      ],
      note: t.note,
    });
  },
  'payment-failed': (d, locale) => {
    const t = orderTexts[locale].paymentFailed;
    return renderMail({
      locale,
      subject: t.subject,
      preheader: t.preheader,
      heading: t.heading,
      paragraphs: [greeting(locale, d.name), t.body({ total: formatPrice(d.total) }), ...(d.paymentMethod ? [t.method[d.paymentMethod]] : []), t.nothing],
      action: { label: t.action, url: d.retryUrl },
    });
  },
  'gift-delivered': (d, locale) => {
    const t = orderTexts[locale].giftDelivered;
    return renderMail({
      locale,
      subject: t.subject(d),
      preheader: t.preheader(d),
      heading: t.heading,
      paragraphs: [greeting(locale, d.name), t.sent(d)],
      action: { label: t.action, url: d.ordersUrl },
    });
  },
};
