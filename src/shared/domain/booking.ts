import { madridLocalToInstant } from './delivery-time';
import { addDays } from './analytics';
import { isPublicHoliday } from './working-days';

/**
 * Booking from the gift (ADR 105): the sessions a business publishes and the occurrences
 * they give, computed the same in the server and the browser. A session's start time is a
 * Madrid wall-clock time, so a weekly 10:00 is 10:00 in Madrid on both sides of both clock
 * changes; closed days and (unless the business opens on them) the public holidays of the one
 * working-day calendar have no occurrence.
 */

export const BOOKING_LIMITS = {
  minLengthMinutes: 15,
  maxLengthMinutes: 720,
  minPlaces: 1,
  maxPlaces: 500,
  minHorizonDays: 1,
  maxHorizonDays: 365,
  defaultHorizonDays: 60,
  minCutoffHours: 0,
  maxCutoffHours: 168,
  defaultCutoffHours: 24,
  notes: 300,
  cancelReason: 300,
  /** Sessions one business may publish (live ones). */
  maxSessions: 100,
  /** Closed days one business may list ahead. */
  maxClosedDays: 366,
} as const;

/** A gift that needs booking is sold only while its business offers a time this soon. */
export const SELLABLE_WITHIN_DAYS = 30;

/**
 * A gift that needs booking is never stuck (ADR 109): when its business offers no free time
 * within `SELLABLE_WITHIN_DAYS`, or has cancelled its booking this many times, the gift page
 * offers an exchange or the money back to the giver.
 */
export const WAY_OUT_AFTER_BUSINESS_CANCELLATIONS = 2;

/**
 * The admin's booking alert for a business (ADR 109): over the last `window` days, this many
 * gifts whose recipient found no time (one per gift and day), or this many bookings the
 * business cancelled. A few are chance (a full month, a sick cook); more is a pattern the team
 * should look at before the business's gifts go on being sold.
 */
export const BOOKING_ALERT = { windowDays: 30, misses: 5, businessCancellations: 3 } as const;

export const bookingSessionKinds = ['weekly', 'once'] as const;
export type BookingSessionKind = (typeof bookingSessionKinds)[number];

export const bookingStatuses = ['booked', 'cancelled'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

export const bookingCancellers = ['recipient', 'business'] as const;
export type BookingCanceller = (typeof bookingCancellers)[number];

export interface BookingSessionRule {
  id: string;
  kind: BookingSessionKind;
  /** Weekly: ISO weekday, 1 Monday … 7 Sunday. */
  isoWeekday: number | null;
  /** One-off: its Madrid date (`YYYY-MM-DD`). */
  onDate: string | null;
  /** `HH:MM`, Madrid wall clock. */
  startTime: string;
  lengthMinutes: number;
  places: number;
  /** null: every gift of the business that needs booking. */
  giftIds: string[] | null;
}

export interface Occurrence {
  sessionId: string;
  /** Madrid date and time, as people read them. */
  date: string;
  startTime: string;
  startsAt: Date;
  endsAt: Date;
  places: number;
}

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const parts = (date: string) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};

/** The ISO weekday (1 Monday … 7 Sunday) of a calendar date. */
export function isoWeekdayOf(date: string): number {
  const { year, month, day } = parts(date);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

export const sessionAcceptsGift = (session: Pick<BookingSessionRule, 'giftIds'>, giftId: string) =>
  session.giftIds === null || session.giftIds.includes(giftId);

export interface OccurrenceCalendar {
  sessions: readonly BookingSessionRule[];
  /** Dates the business closes (`YYYY-MM-DD`). */
  closedDays: ReadonlySet<string>;
  openOnHolidays: boolean;
}

/** Whether the business takes bookings on that date at all. */
export function isBookableDay(calendar: Pick<OccurrenceCalendar, 'closedDays' | 'openOnHolidays'>, date: string): boolean {
  if (calendar.closedDays.has(date)) return false;
  return calendar.openOnHolidays || !isPublicHoliday(parts(date));
}

/** The occurrence of one session on one date, if it has one that day. */
export function occurrenceOn(session: BookingSessionRule, date: string): Occurrence | null {
  const onThatDay = session.kind === 'weekly' ? session.isoWeekday === isoWeekdayOf(date) : session.onDate === date;
  if (!onThatDay) return null;
  const startsAt = madridLocalToInstant(date, session.startTime);
  if (!startsAt) return null;
  return {
    sessionId: session.id,
    date,
    startTime: session.startTime,
    startsAt,
    endsAt: new Date(startsAt.getTime() + session.lengthMinutes * 60_000),
    places: session.places,
  };
}

/** Every occurrence from `from` to `to` (Madrid dates, both included), in time order. */
export function listOccurrences(calendar: OccurrenceCalendar, from: string, to: string): Occurrence[] {
  const found: Occurrence[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (!isBookableDay(calendar, date)) continue;
    for (const session of calendar.sessions) {
      const occurrence = occurrenceOn(session, date);
      if (occurrence) found.push(occurrence);
    }
  }
  return found.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.sessionId.localeCompare(b.sessionId));
}

/** Whether the recipient may still move or cancel a booking that starts at `startsAt`. */
export function canChangeBooking(startsAt: Date, cutoffHours: number, now: Date): boolean {
  return now.getTime() <= startsAt.getTime() - cutoffHours * 3_600_000;
}
