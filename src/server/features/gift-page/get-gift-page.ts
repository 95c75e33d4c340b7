import { HOME_LOCALE, isLocale, type Locale } from '@shared/locale';
import { pickLocalizedText } from '@shared/domain/localized-text';
import { eq } from 'drizzle-orm';
import { effectiveOrderStatus, type OrderStatus } from '@shared/domain/order-status';
import type { Executor } from '../../db/client';
import { businesses } from '../../db/schema/businesses';
import { gifts } from '../../db/schema/gifts';
import { orders } from '../../db/schema/orders';
import type { BusinessBooking, GiftConditions } from '@shared/domain/gift-conditions';
import type { GiftLanguage } from '../../platform/gift-text';
import { firstName } from '../../domain/orders/first-name';
import { canRequestExtension } from '../../domain/orders/extension-window';
import { readCardHistory, type CardHistory } from './read-card-history';
import { WAY_OUT_REFUND_REASON } from './way-out-reasons';

export type GiftPageStatus = Exclude<OrderStatus, 'unpaid' | 'refund_pending'>;

/**
 * Everything the recipient's page may show, and nothing more: no price, no giver email or
 * account, no recipient contact details, no other order. Whoever holds the code sees this,
 * so it is the whole of what the code reveals.
 */
export interface GiftPageView {
  orderId: string;
  /** Never shown: the route compares it with the signed-in owner's business (the counter's redeem link). */
  businessId: string;
  code: string;
  status: GiftPageStatus;
  /** As the giver typed it: a compound first name ("Maria Josep") is not cut to its first word. */
  recipientName: string;
  recipientLocale: GiftLanguage;
  senderName: string | null;
  personalMessage: string | null;
  giftName: string;
  giftDescription: string | null;
  giftImageUrl: string | null;
  /** The business's own picture (its shop page's), shown with its name and address. */
  businessImageUrl: string | null;
  businessName: string;
  businessAddress: string;
  businessCity: string;
  /** Where the shop is, when its owner gave it: the wallet passes' "nearby" (ADR 107). */
  businessLocation: { latitude: number; longitude: number } | null;
  expiresAt: Date;
  redeemedAt: Date | null;
  /** What the business types when the QR cannot be scanned (stored form; null if never paid). */
  typedCode: string | null;
  /** The gift's conditions and how to book the business: public details of the business. */
  conditions: GiftConditions;
  booking: BusinessBooking;
  /** Fair expiry (ADR 064): the recipient's one request for more time and the business's answer. */
  extension: { requestedAt: Date | null; decision: 'extended' | 'declined' | null; canRequest: boolean };
  /** A gift card (ADR 108): its amount, balance and uses, which its holder sees; null for a fixed gift. */
  card: CardHistory | null;
  /** A stuck gift closed by its recipient (ADR 109): exchanged (the new gift's code) or its money given back. */
  wayOutDone?: { kind: 'exchanged'; newCode: string } | { kind: 'refunded' } | null;
}

/**
 * The gift behind a code, with the status everyone sees (a paid order past its expiry is
 * expired before the job writes it). Unpaid orders answer like unknown codes: nothing has
 * been given yet, and an abandoned checkout must not become a page.
 */
export async function getGiftPage(db: Executor, code: string, now: Date): Promise<GiftPageView | null> {
  const [row] = await db
    .select({
      orderId: orders.id,
      businessId: orders.businessId,
      code: orders.qrCode,
      typedCode: orders.typedCode,
      status: orders.status,
      recipientName: orders.recipientName,
      recipientLocale: orders.recipientLocale,
      senderName: orders.senderName,
      personalMessage: orders.personalMessage,
      expiresAt: orders.expiresAt,
      redeemedAt: orders.redeemedAt,
      giftName: gifts.name,
      giftDescription: gifts.description,
      giftNameTranslations: gifts.nameTranslations,
      giftDescriptionTranslations: gifts.descriptionTranslations,
      businessOwnLocale: businesses.ownLocale,
      giftImageUrl: gifts.imageUrl,
      businessImageUrl: businesses.imageUrl,
      businessName: businesses.name,
      businessAddress: businesses.address,
      businessCity: businesses.city,
      businessLatitude: businesses.latitude,
      businessLongitude: businesses.longitude,
      bookingRequired: gifts.bookingRequired,
      partySize: gifts.partySize,
      validWeekdays: gifts.validWeekdays,
      conditions: gifts.conditions,
      phone: businesses.phone,
      whatsapp: businesses.whatsapp,
      bookingUrl: businesses.bookingUrl,
      openingHours: businesses.openingHours,
      openingHoursTranslations: businesses.openingHoursTranslations,
      extensionRequestedAt: orders.extensionRequestedAt,
      extensionDecision: orders.extensionDecision,
      valueKind: orders.valueKind,
      exchangedForId: orders.exchangedForId,
      cancelReason: orders.cancelReason,
    })
    .from(orders)
    .innerJoin(gifts, eq(gifts.id, orders.giftId))
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(eq(orders.qrCode, code));
  if (!row || row.status === 'unpaid') return null;
  const { exchangedForId, cancelReason, ...fields } = row;
  const { giftName, giftDescription, giftNameTranslations, giftDescriptionTranslations, businessOwnLocale, recipientName, status, recipientLocale, senderName, bookingRequired, partySize, validWeekdays, conditions, phone, whatsapp, bookingUrl, openingHours, openingHoursTranslations, extensionRequestedAt, extensionDecision, valueKind, businessLatitude, businessLongitude, ...rest } = fields;
  // The recipient reads the gift in their language when the business wrote it there (ADR 073).
  const reader: Locale = isLocale(recipientLocale) ? recipientLocale : HOME_LOCALE;
  return {
    ...rest,
    card: valueKind === 'card' ? await readCardHistory(db, row.orderId) : null,
    businessLocation: businessLatitude !== null && businessLongitude !== null ? { latitude: businessLatitude, longitude: businessLongitude } : null,
    wayOutDone: exchangedForId ? await exchangedFor(db, exchangedForId) : cancelReason === WAY_OUT_REFUND_REASON ? { kind: 'refunded' } : null,
    giftName: pickLocalizedText(giftName, giftNameTranslations, reader, businessOwnLocale),
    giftDescription: pickLocalizedText(giftDescription, giftDescriptionTranslations, reader, businessOwnLocale),
    conditions: { bookingRequired, partySize, validWeekdays, conditions },
    booking: { phone, whatsapp, bookingUrl, openingHours: pickLocalizedText(openingHours, openingHoursTranslations, reader, businessOwnLocale) },
    extension: {
      requestedAt: extensionRequestedAt,
      decision: extensionDecision as GiftPageView['extension']['decision'],
      canRequest: canRequestExtension({ status, expiresAt: row.expiresAt, extensionRequestedAt }, now),
    },
    // A gift being refunded is no longer the recipient's: it reads as cancelled (ADR 084).
    status: status === 'refund_pending' ? 'cancelled' : (effectiveOrderStatus(status as OrderStatus, row.expiresAt, now) as GiftPageStatus),
    recipientName: recipientName.trim(),
    recipientLocale,
    // Only a first name signs the gift, even if a full name was stored.
    senderName: senderName?.trim() ? firstName(senderName) : null,
  };
}

async function exchangedFor(db: Executor, orderId: string): Promise<{ kind: 'exchanged'; newCode: string } | null> {
  const [row] = await db.select({ code: orders.qrCode }).from(orders).where(eq(orders.id, orderId));
  return row ? { kind: 'exchanged', newCode: row.code } : null;
}
