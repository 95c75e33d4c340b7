import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { BOOKING_LIMITS, bookingCancellers, bookingSessionKinds, bookingStatuses } from '@shared/domain/booking';
import { MAX_PARTY_SIZE } from '@shared/domain/gift-conditions';
import { businesses } from './businesses';
import { createdAt, id, sqlList, timestamptz, updatedAt } from './columns';
import { orders } from './orders';

/**
 * Booking from the gift (ADR 105). A business's sessions (weekly or one-off, Madrid wall-clock
 * start), its closed days and settings; a per-occurrence row made when first booked, whose
 * `booked` only the `bookings_count_places` trigger changes and whose check refuses overfilling.
 */
export const bookingSettings = pgTable(
  'booking_settings',
  {
    businessId: uuid('business_id')
      .primaryKey()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    horizonDays: integer('horizon_days').notNull().default(BOOKING_LIMITS.defaultHorizonDays),
    cutoffHours: integer('cutoff_hours').notNull().default(BOOKING_LIMITS.defaultCutoffHours),
    openOnHolidays: boolean('open_on_holidays').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('booking_settings_horizon_check', sql`${t.horizonDays} between ${sql.raw(String(BOOKING_LIMITS.minHorizonDays))} and ${sql.raw(String(BOOKING_LIMITS.maxHorizonDays))}`),
    check('booking_settings_cutoff_check', sql`${t.cutoffHours} between ${sql.raw(String(BOOKING_LIMITS.minCutoffHours))} and ${sql.raw(String(BOOKING_LIMITS.maxCutoffHours))}`),
  ],
);

export const bookingSessions = pgTable(
  'booking_sessions',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    isoWeekday: integer('iso_weekday'),
    onDate: date('on_date', { mode: 'string' }),
    /** `HH:MM` on Madrid's clock. */
    startTime: text('start_time').notNull(),
    lengthMinutes: integer('length_minutes').notNull(),
    places: integer('places').notNull(),
    /** The gifts it accepts; null: every gift of the business that needs booking. */
    giftIds: uuid('gift_ids').array(),
    withdrawnAt: timestamptz('withdrawn_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('booking_sessions_kind_check', sql`${t.kind} in (${sqlList(bookingSessionKinds)})`),
    check(
      'booking_sessions_when_check',
      sql`(${t.kind} = 'weekly' and ${t.isoWeekday} between 1 and 7 and ${t.onDate} is null) or (${t.kind} = 'once' and ${t.onDate} is not null and ${t.isoWeekday} is null)`,
    ),
    check('booking_sessions_start_time_check', sql`${t.startTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('booking_sessions_length_check', sql`${t.lengthMinutes} between ${sql.raw(String(BOOKING_LIMITS.minLengthMinutes))} and ${sql.raw(String(BOOKING_LIMITS.maxLengthMinutes))}`),
    check('booking_sessions_places_check', sql`${t.places} between ${sql.raw(String(BOOKING_LIMITS.minPlaces))} and ${sql.raw(String(BOOKING_LIMITS.maxPlaces))}`),
    index('booking_sessions_business_idx').on(t.businessId),
  ],
);

export const bookingClosedDays = pgTable(
  'booking_closed_days',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.day] })],
);

export const bookingSlots = pgTable(
  'booking_slots',
  {
    id: id(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => bookingSessions.id, { onDelete: 'cascade' }),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    places: integer('places').notNull(),
    /** People booked: written only by the `bookings_count_places` trigger. */
    booked: integer('booked').notNull().default(0),
  },
  (t) => [
    check('booking_slots_booked_check', sql`${t.booked} between 0 and ${t.places}`),
    uniqueIndex('booking_slots_session_start_unique').on(t.sessionId, t.startsAt),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => bookingSlots.id),
    partySize: integer('party_size').notNull(),
    /** Who the table is for (the recipient's name as the gift gives it, or as they typed it). */
    name: text('name').notNull(),
    notes: text('notes'),
    status: text('status').notNull().default('booked'),
    cancelledBy: text('cancelled_by'),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamptz('cancelled_at'),
    remindedAt: timestamptz('reminded_at'),
    /** The recipient let the giver's "it is booked" mail say the date and time. */
    shareDateWithGiver: boolean('share_date_with_giver').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('bookings_status_check', sql`${t.status} in (${sqlList(bookingStatuses)})`),
    check('bookings_party_size_check', sql`${t.partySize} between 1 and ${sql.raw(String(MAX_PARTY_SIZE))}`),
    check(
      'bookings_cancelled_check',
      sql`(${t.status} = 'booked' and ${t.cancelledAt} is null and ${t.cancelledBy} is null) or (${t.status} = 'cancelled' and ${t.cancelledAt} is not null and ${t.cancelledBy} in (${sqlList(bookingCancellers)}))`,
    ),
    // One live booking per gift.
    uniqueIndex('bookings_live_order_unique').on(t.orderId).where(sql`${t.status} = 'booked'`),
    index('bookings_slot_idx').on(t.slotId),
  ],
);

/**
 * A recipient who looked for a time for their gift and found none in the next
 * `SELLABLE_WITHIN_DAYS` (ADR 109): one row per gift and Madrid day, so reloading the page
 * counts once. The admin counts them per business beside the bookings it cancelled.
 */
export const bookingMisses = pgTable(
  'booking_misses',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.day] }), index('booking_misses_business_idx').on(t.businessId, t.createdAt)],
);
