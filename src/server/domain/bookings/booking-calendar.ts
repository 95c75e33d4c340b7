import { and, asc, eq, gte, isNull } from 'drizzle-orm';
import { BOOKING_LIMITS, type BookingSessionRule, type OccurrenceCalendar } from '@shared/domain/booking';
import type { Executor } from '../../db/client';
import { bookingClosedDays, bookingSessions, bookingSettings } from '../../db/schema/bookings';

export interface BookingSettings {
  horizonDays: number;
  cutoffHours: number;
  openOnHolidays: boolean;
}

/** A business that never saved its settings has these (ADR 105). */
export const DEFAULT_BOOKING_SETTINGS: BookingSettings = {
  horizonDays: BOOKING_LIMITS.defaultHorizonDays,
  cutoffHours: BOOKING_LIMITS.defaultCutoffHours,
  openOnHolidays: false,
};

export type SessionRow = typeof bookingSessions.$inferSelect;

export const toSessionRule = (row: SessionRow): BookingSessionRule => ({
  id: row.id,
  kind: row.kind as BookingSessionRule['kind'],
  isoWeekday: row.isoWeekday,
  onDate: row.onDate,
  startTime: row.startTime,
  lengthMinutes: row.lengthMinutes,
  places: row.places,
  giftIds: row.giftIds,
});

export async function loadBookingSettings(db: Executor, businessId: string): Promise<BookingSettings> {
  const [row] = await db
    .select({ horizonDays: bookingSettings.horizonDays, cutoffHours: bookingSettings.cutoffHours, openOnHolidays: bookingSettings.openOnHolidays })
    .from(bookingSettings)
    .where(eq(bookingSettings.businessId, businessId));
  return row ?? DEFAULT_BOOKING_SETTINGS;
}

/** A business's live sessions, its closed days from `fromDate` on and its settings. */
export async function loadBookingCalendar(db: Executor, businessId: string, fromDate: string): Promise<{ settings: BookingSettings; calendar: OccurrenceCalendar; sessions: SessionRow[] }> {
  const settings = await loadBookingSettings(db, businessId);
  const sessions = await db
    .select()
    .from(bookingSessions)
    .where(and(eq(bookingSessions.businessId, businessId), isNull(bookingSessions.withdrawnAt)))
    .orderBy(asc(bookingSessions.isoWeekday), asc(bookingSessions.onDate), asc(bookingSessions.startTime), asc(bookingSessions.id));
  const closed = await db
    .select({ day: bookingClosedDays.day })
    .from(bookingClosedDays)
    .where(and(eq(bookingClosedDays.businessId, businessId), gte(bookingClosedDays.day, fromDate)));
  return {
    settings,
    sessions,
    calendar: { sessions: sessions.map(toSessionRule), closedDays: new Set(closed.map((c) => c.day)), openOnHolidays: settings.openOnHolidays },
  };
}
