import { and, inArray } from 'drizzle-orm';
import { listOccurrences, sessionAcceptsGift, isoWeekdayOf, type Occurrence } from '@shared/domain/booking';
import { addDays, localDateOf } from '@shared/domain/analytics';
import { normalizeWeekdays } from '@shared/domain/gift-conditions';
import type { Executor } from '../../db/client';
import { bookingSlots } from '../../db/schema/bookings';
import { loadBookingCalendar, type BookingSettings } from './booking-calendar';

export interface FreeTime extends Occurrence {
  /** Places still free (people). */
  left: number;
}

export interface GiftForBooking {
  businessId: string;
  giftId: string;
  /** The gift's days (ISO weekdays) or null: any day. */
  validWeekdays: number[] | null;
  /** The gift's last instant: no time after it is offered. */
  expiresAt: Date;
}

/**
 * The times a gift can be booked from `from` to `to` (Madrid dates) for `partySize` people:
 * the business's live sessions that accept the gift, on days it opens, on the gift's own days,
 * within the booking horizon and the gift's validity, starting after `now`, with room left.
 */
export async function listFreeTimes(
  db: Executor,
  gift: GiftForBooking,
  range: { from: string; to: string; partySize: number; now: Date },
): Promise<{ times: FreeTime[]; settings: BookingSettings }> {
  const today = localDateOf(range.now);
  const { settings, calendar } = await loadBookingCalendar(db, gift.businessId, today);
  const lastDay = [addDays(today, settings.horizonDays), localDateOf(gift.expiresAt), range.to].sort()[0]!;
  const from = range.from < today ? today : range.from;
  if (from > lastDay) return { times: [], settings };
  const days = normalizeWeekdays(gift.validWeekdays);
  const accepted = { ...calendar, sessions: calendar.sessions.filter((s) => sessionAcceptsGift(s, gift.giftId)) };
  const occurrences = listOccurrences(accepted, from, lastDay).filter(
    (o) => o.startsAt > range.now && o.startsAt <= gift.expiresAt && (!days || days.includes(isoWeekdayOf(o.date))),
  );
  if (occurrences.length === 0) return { times: [], settings };
  const slots = await db
    .select({ sessionId: bookingSlots.sessionId, startsAt: bookingSlots.startsAt, places: bookingSlots.places, booked: bookingSlots.booked })
    .from(bookingSlots)
    .where(and(inArray(bookingSlots.sessionId, [...new Set(occurrences.map((o) => o.sessionId))]), inArray(bookingSlots.startsAt, occurrences.map((o) => o.startsAt))));
  const taken = new Map(slots.map((s) => [`${s.sessionId}_${s.startsAt.getTime()}`, s]));
  const times = occurrences
    .map((o) => {
      const slot = taken.get(`${o.sessionId}_${o.startsAt.getTime()}`);
      return { ...o, left: slot ? slot.places - slot.booked : o.places };
    })
    .filter((o) => o.left >= range.partySize);
  return { times, settings };
}
