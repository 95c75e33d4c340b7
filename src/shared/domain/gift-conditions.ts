import { intlTag } from '../locale';
/**
 * What a recipient needs to use a gift: how the business takes bookings
 * and when it is open, and each gift's conditions. Stored as a few structured flags plus a
 * short free text, so every place that shows them (gift page, email, print card, catalogue)
 * words them the same way in the reader's language.
 */

export const BOOKING_LIMITS = {
  openingHours: 500,
  bookingUrl: 300,
  whatsapp: 32,
  conditions: 300,
} as const;

/** "For N people": 1 to this many. */
export const MAX_PARTY_SIZE = 20;

/** ISO weekdays: 1 Monday … 7 Sunday. */
export const isoWeekdays = [1, 2, 3, 4, 5, 6, 7] as const;
export type IsoWeekday = (typeof isoWeekdays)[number];

/** A booking link: https only (an http or other scheme link is refused); `reservas.example.es` gains https://. */
export function normalizeBookingUrl(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'https:' || !url.hostname.includes('.') || url.username || url.password) return undefined;
    return url.toString();
  } catch {
    return undefined;
  }
}

/** `tel:` link of a stored (normalised, E.164) phone. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** WhatsApp's public click-to-chat link of a stored (E.164) phone: the digits without "+". */
export const whatsappHref = (phone: string) => `https://wa.me/${phone.replace(/\D/g, '')}`;

/** A stored phone as people read it: "+34 612 34 56 78" for Spanish numbers, as stored otherwise. */
export function formatPhone(phone: string): string {
  const spanish = /^\+34([6789]\d{2})(\d{2})(\d{2})(\d{2})$/.exec(phone);
  return spanish ? `+34 ${spanish.slice(1).join(' ')}` : phone;
}

export interface GiftConditions {
  bookingRequired: boolean;
  /** "For N people"; null: not said. */
  partySize: number | null;
  /** The days it can be used (ISO weekdays, ascending); null or all seven: any day. */
  validWeekdays: number[] | null;
  /** Anything else, in the business's words. */
  conditions: string | null;
}

export interface BusinessBooking {
  phone: string | null;
  whatsapp: string | null;
  bookingUrl: string | null;
  openingHours: string | null;
}

/** Sorted, unique, valid weekdays; null when none or every day (no restriction). */
export function normalizeWeekdays(days: readonly number[] | null | undefined): number[] | null {
  if (!days) return null;
  const unique = [...new Set(days.filter((d) => Number.isInteger(d) && d >= 1 && d <= 7))].sort((a, b) => a - b);
  return unique.length === 0 || unique.length === 7 ? null : unique;
}

export type ConditionText = (key: string, values?: Record<string, string>) => string;

/** An ISO weekday's name in `language` ("Monday", "lunes"). 2024-01-01 was a Monday. */
export const weekdayName = (day: number, language: string) =>
  new Intl.DateTimeFormat(intlTag(language), { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, day)));

/** "Monday to Thursday" for a run of three or more days, else a list ("Friday and Saturday"). */
export function describeWeekdays(days: readonly number[], language: string, t: ConditionText): string {
  const names = days.map((day) => weekdayName(day, language));
  const isRun = days.length >= 3 && days.every((day, index) => index === 0 || day === days[index - 1]! + 1);
  if (isRun) return t('conditions.dayRange', { from: names[0]!, to: names[names.length - 1]! });
  return new Intl.ListFormat(intlTag(language), { type: 'conjunction' }).format(names);
}

/**
 * The gift's conditions as short lines, in the order a recipient needs them: booking first,
 * then days, people, and the business's own words. Keys live in the `gift` catalogues.
 */
export function giftConditionLines(gift: GiftConditions, language: string, t: ConditionText): string[] {
  const lines: string[] = [];
  if (gift.bookingRequired) lines.push(t('conditions.bookingRequired'));
  const days = normalizeWeekdays(gift.validWeekdays);
  if (days) lines.push(t('conditions.days', { days: describeWeekdays(days, language, t) }));
  if (gift.partySize !== null) {
    lines.push(gift.partySize === 1 ? t('conditions.forOne') : t('conditions.forPeople', { count: String(gift.partySize) }));
  }
  if (gift.conditions) lines.push(gift.conditions);
  return lines;
}

export const hasBookingContact = (b: BusinessBooking) => Boolean(b.phone || b.whatsapp || b.bookingUrl);
