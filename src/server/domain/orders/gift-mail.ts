import { HOME_LOCALE, isLocale } from '@shared/locale';
import { pickLocalizedText } from '@shared/domain/localized-text';
import { eq } from 'drizzle-orm';
import { formatAddress } from '@shared/format';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { orders } from '../../db/schema/orders';
import { enqueueMail, toMailLocale } from '../../mail/enqueue-mail';
import { formatTypedCode } from '@shared/domain/typed-code';
import { giftPageUrl } from './gift-page-url';
import { findPurchaser } from './find-purchaser';
import { firstName } from './first-name';

/** A maps search for the business, so the recipient finds it from their phone. */
export function mapUrl(business: { name: string; address: string; city: string }): string {
  const query = `${business.name}, ${formatAddress(business.address, business.city)}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** What the recipient's email needs about one order. */
export async function loadGiftMailData(db: Executor, orderId: string) {
  const [row] = await db
    .select({
      order: orders,
      giftName: gifts.name,
      giftNameTranslations: gifts.nameTranslations,
      businessOwnLocale: businesses.ownLocale,
      openingHoursTranslations: businesses.openingHoursTranslations,
      conditions: {
        bookingRequired: gifts.bookingRequired,
        partySize: gifts.partySize,
        validWeekdays: gifts.validWeekdays,
        conditions: gifts.conditions,
      },
      business: { name: businesses.name, address: businesses.address, city: businesses.city },
      booking: {
        phone: businesses.phone,
        whatsapp: businesses.whatsapp,
        bookingUrl: businesses.bookingUrl,
        openingHours: businesses.openingHours,
      },
    })
    .from(orders)
    .innerJoin(gifts, eq(gifts.id, orders.giftId))
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(eq(orders.id, orderId));
  return row ? { ...row, purchaser: await findPurchaser(db, { orderId }) } : null;
}
export type GiftMailData = NonNullable<Awaited<ReturnType<typeof loadGiftMailData>>>;

let wallets = { apple: false, google: false };

/**
 * Which wallets the gift email offers (ADR 107). Set once at start-up from the configuration
 * (buildApp), like the mail footer's operator: every path that sends a gift (payment, the
 * delivery job, "send it now", "resend") goes through here, and none should have to pass it.
 */
export function setGiftMailWallets(offered: { apple: boolean; google: boolean }) {
  wallets = offered;
}

/**
 * Enqueues the recipient's gift email (in the recipient's language) and records it as the
 * order's gift mail, whose progress "My orders" shows; false without an email. Run it in
 * the transaction of the change that sends the gift. Returns the mail's id, null without an
 * email.
 */
export async function enqueueGiftReceived(tx: Executor, publicUrl: string, data: GiftMailData): Promise<string | null> {
  const { order } = data;
  if (!order.recipientEmail) return null;
  const reader = isLocale(order.recipientLocale) ? order.recipientLocale : HOME_LOCALE;
  const mail = await enqueueMail(tx, {
    to: order.recipientEmail,
    template: 'gift-received',
    locale: toMailLocale(order.recipientLocale) ?? 'es',
    data: {
      recipientName: order.recipientName,
      senderName: order.senderName ?? (data.purchaser ? firstName(data.purchaser.name) : 'Regalo'),
      // In the recipient's language when the business wrote the name in it (ADR 073).
      giftName: pickLocalizedText(data.giftName, data.giftNameTranslations, reader, data.businessOwnLocale),
      businessName: data.business.name,
      businessAddress: formatAddress(data.business.address, data.business.city),
      mapUrl: mapUrl(data.business),
      personalMessage: order.personalMessage,
      expiresAt: order.expiresAt.toISOString(),
      giftUrl: giftPageUrl(publicUrl, order.qrCode),
      wallet: {
        appleUrl: wallets.apple ? `${giftPageUrl(publicUrl, order.qrCode)}/wallet/apple.pkpass` : undefined,
        googleUrl: wallets.google ? `${giftPageUrl(publicUrl, order.qrCode)}/wallet/google` : undefined,
      },
      typedCode: order.typedCode ? formatTypedCode(order.typedCode) : null,
      // A gift card says what it starts with (ADR 108); its balance is on the gift page.
      ...(order.valueKind === 'card' ? { cardAmount: order.totalAmount } : {}),
      conditions: data.conditions,
      booking: { ...data.booking, openingHours: pickLocalizedText(data.booking.openingHours, data.openingHoursTranslations, reader, data.businessOwnLocale) },
    },
  });
  await tx.update(orders).set({ giftMailId: mail.id }).where(eq(orders.id, order.id));
  return mail.id;
}
