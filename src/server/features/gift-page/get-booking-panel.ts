import { addDays, isCalendarDate, localDateOf } from '@shared/domain/analytics';
import { canChangeBooking, SELLABLE_WITHIN_DAYS } from '@shared/domain/booking';
import type { Executor } from '../../db/client';
import { findBookableGift, type BookableGift } from '../../domain/bookings/bookable-gift';
import { findLastBusinessCancellation, findLiveBooking, type LiveBooking } from '../../domain/bookings/find-live-booking';
import { listFreeTimes, type FreeTime } from '../../domain/bookings/list-free-times';

export type BookingNotice = 'booked' | 'moved' | 'cancelled' | 'slot_full' | 'time_not_offered' | 'invalid' | 'booking_change_closed';

/** What the gift page's booking card shows (ADR 105): the booking, or the times to book. */
export interface BookingPanel {
  /** The gift's "for N people", or null: the form asks. */
  partySize: number | null;
  live: (LiveBooking & { canChange: boolean; changeUntil: Date }) | null;
  /** The next free times (a few), from today. */
  next: FreeTime[];
  /** The day the form lists, and its free times. */
  date: string;
  times: FreeTime[];
  /** The first and last day the date input offers. */
  minDate: string;
  maxDate: string;
  moving: boolean;
  notice: BookingNotice | null;
  /** The last booking, cancelled by the business, while the gift has no other. */
  businessCancelled: { startsAt: Date; reason: string | null } | null;
  /** The giver asked to be told once it is booked: the form offers to tell them the date too (their first name, if the gift gives one). */
  giverToTell: { name: string | null } | null;
}

const NEXT_TIMES = 6;

/**
 * The booking card of a gift that needs booking, or null for any other gift. `date` is the
 * day the recipient asked to see (ignored when not a date); the default is the first day
 * with a free time.
 */
export async function getBookingPanel(
  db: Executor,
  code: string,
  now: Date,
  options: { date?: unknown; moving?: boolean; notice?: BookingNotice | null },
): Promise<BookingPanel | null> {
  let gift: BookableGift;
  try {
    gift = await findBookableGift(db, code, now);
  } catch {
    return null;
  }
  const today = localDateOf(now);
  const partySize = gift.partySize ?? 1;
  const upcoming = await listFreeTimes(db, gift, { from: today, to: addDays(today, Math.max(SELLABLE_WITHIN_DAYS, 1)), partySize, now });
  const maxDate = [addDays(today, upcoming.settings.horizonDays), localDateOf(gift.expiresAt)].sort()[0]!;
  const asked = typeof options.date === 'string' && isCalendarDate(options.date) && options.date >= today && options.date <= maxDate ? options.date : null;
  const date = asked ?? upcoming.times[0]?.date ?? today;
  const times = (await listFreeTimes(db, gift, { from: date, to: date, partySize, now })).times;
  const live = await findLiveBooking(db, gift.orderId);
  const changeUntil = live ? new Date(live.startsAt.getTime() - upcoming.settings.cutoffHours * 3_600_000) : null;
  return {
    partySize: gift.partySize,
    live: live && changeUntil ? { ...live, canChange: canChangeBooking(live.startsAt, upcoming.settings.cutoffHours, now), changeUntil } : null,
    next: upcoming.times.slice(0, NEXT_TIMES),
    date,
    times,
    minDate: today,
    maxDate,
    moving: Boolean(options.moving && live),
    notice: options.notice ?? null,
    businessCancelled: live ? null : await findLastBusinessCancellation(db, gift.orderId),
    // Once told, a new booking tells nobody: offering to share its date would promise a mail that never goes.
    giverToTell: gift.giverWantsBookingNotice && !gift.giverToldBookedAt ? { name: gift.senderName?.trim() || null } : null,
  };
}
