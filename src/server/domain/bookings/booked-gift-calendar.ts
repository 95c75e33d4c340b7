import { instantToMadridLocal } from '@shared/domain/delivery-time';
import { formatAddress, formatFullDate } from '@shared/format';
import { giftText, type GiftLanguage } from '../../platform/gift-text';
import { buildGiftCalendar } from '../orders/build-gift-calendar';
import { giftPageUrl } from '../orders/gift-page-url';

export interface BookedGiftCalendarInput {
  orderId: string;
  code: string;
  giftName: string;
  businessName: string;
  businessAddress: string;
  businessCity: string;
  expiresAt: Date;
  booked: { startsAt: Date; endsAt: Date };
  language: GiftLanguage;
  publicUrl: string;
  now: Date;
}

/**
 * The calendar file of a booked gift (ADR 105), the same for the gift page's download and the
 * day-before reminder's attachment: one timed event at the booked time, its UID the order's,
 * so importing either replaces the other.
 */
export function buildBookedGiftCalendar(input: BookedGiftCalendarInput): string {
  const t = giftText(input.language);
  const url = giftPageUrl(input.publicUrl, input.code);
  const time = instantToMadridLocal(input.booked.startsAt).time;
  const names = { gift: input.giftName, business: input.businessName };
  return buildGiftCalendar({
    orderId: input.orderId,
    host: new URL(input.publicUrl).host,
    expiresAt: input.expiresAt,
    booked: input.booked,
    summary: t('calendar.bookedSummary', names),
    description: t('calendar.bookedDescription', { ...names, date: `${formatFullDate(input.booked.startsAt, input.language)}, ${time}`, url }),
    alarm: t('calendar.bookedAlarm', { ...names, time }),
    location: `${input.businessName}, ${formatAddress(input.businessAddress, input.businessCity)}`,
    url,
    now: input.now,
  });
}
