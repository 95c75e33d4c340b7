import { z } from 'zod';
import { isCalendarDate } from '../domain/analytics';
import { BOOKING_LIMITS, bookingSessionKinds, bookingStatuses, TIME_PATTERN } from '../domain/booking';
import { MAX_PARTY_SIZE } from '../domain/gift-conditions';
import { multiLine, singleLine } from './plain-text';

/**
 * Booking from the gift (ADR 105), the business's side: the Bookings tab of the dashboard.
 * Every endpoint works on the business the signed-in user owns (the guards of
 * business-dashboard.ts: 401, 403 `no_business`, 403 `business_inactive`).
 *
 * GET    /api/business/booking-setup              → 200 bookingSetupSchema
 * PUT    /api/business/booking-settings           body bookingSettingsInputSchema → 200 bookingSetupSchema
 * POST   /api/business/booking-sessions           body bookingSessionInputSchema → 201 bookingSessionSchema;
 *        400 validation_failed (`fields`), 409 `too_many_sessions`
 * PATCH  /api/business/booking-sessions/:id       body bookingSessionPatchSchema (places) → 200 bookingSessionSchema;
 *        404 `session_not_found`, 409 `places_below_booked`
 * DELETE /api/business/booking-sessions/:id       withdraws it (no new bookings; booked ones stay) → 200 bookingSessionSchema
 * GET    /api/business/bookings?from=&days=       → 200 businessBookingListSchema (a day or a week)
 * POST   /api/business/bookings/:id/cancel        body businessCancelBookingSchema → 200 businessBookingSchema;
 *        404 `booking_not_found`, 409 `booking_not_live`
 */

const calendarDate = z.string().refine(isCalendarDate, { error: 'invalid_date' });

export const bookingSessionInputSchema = z
  .object({
    kind: z.enum(bookingSessionKinds),
    isoWeekday: z.number().int().min(1).max(7).nullable().default(null),
    onDate: calendarDate.nullable().default(null),
    startTime: z.string().regex(TIME_PATTERN, { error: 'invalid_time' }),
    lengthMinutes: z.number().int().min(BOOKING_LIMITS.minLengthMinutes, { error: 'length_range' }).max(BOOKING_LIMITS.maxLengthMinutes, { error: 'length_range' }),
    places: z.number().int().min(BOOKING_LIMITS.minPlaces, { error: 'places_range' }).max(BOOKING_LIMITS.maxPlaces, { error: 'places_range' }),
    /** null: every gift of the business that needs booking. */
    giftIds: z.array(z.uuid()).max(200).nullable().default(null),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'weekly' && value.isoWeekday === null) ctx.addIssue({ code: 'custom', path: ['isoWeekday'], message: 'weekday_required' });
    if (value.kind === 'once' && value.onDate === null) ctx.addIssue({ code: 'custom', path: ['onDate'], message: 'date_required' });
  });
export type BookingSessionInput = z.infer<typeof bookingSessionInputSchema>;

export const bookingSessionPatchSchema = z.object({
  places: z.number().int().min(BOOKING_LIMITS.minPlaces, { error: 'places_range' }).max(BOOKING_LIMITS.maxPlaces, { error: 'places_range' }),
});

export const bookingSessionParamsSchema = z.object({ id: z.uuid() });

export const bookingSessionSchema = z.object({
  id: z.uuid(),
  kind: z.enum(bookingSessionKinds),
  isoWeekday: z.number().int().nullable(),
  onDate: z.string().nullable(),
  startTime: z.string(),
  lengthMinutes: z.number().int(),
  places: z.number().int(),
  giftIds: z.array(z.uuid()).nullable(),
  withdrawn: z.boolean(),
});
export type BookingSession = z.infer<typeof bookingSessionSchema>;

export const bookingSettingsInputSchema = z.object({
  horizonDays: z.number().int().min(BOOKING_LIMITS.minHorizonDays).max(BOOKING_LIMITS.maxHorizonDays),
  cutoffHours: z.number().int().min(BOOKING_LIMITS.minCutoffHours).max(BOOKING_LIMITS.maxCutoffHours),
  openOnHolidays: z.boolean(),
  /** The whole list of closed days from today on (days before today are kept as they were). */
  closedDays: z.array(calendarDate).max(BOOKING_LIMITS.maxClosedDays),
});
export type BookingSettingsInput = z.infer<typeof bookingSettingsInputSchema>;

export const bookingSetupSchema = z.object({
  settings: z.object({ horizonDays: z.number().int(), cutoffHours: z.number().int(), openOnHolidays: z.boolean() }),
  closedDays: z.array(z.string()),
  /** Live sessions first, in weekday and time order; withdrawn ones are not listed. */
  sessions: z.array(bookingSessionSchema),
  /** The business's gifts that need booking, for "which gifts this session accepts". */
  gifts: z.array(z.object({ id: z.uuid(), name: z.string(), partySize: z.number().int().nullable() })),
});
export type BookingSetup = z.infer<typeof bookingSetupSchema>;

export const businessBookingsQuerySchema = z.object({
  from: calendarDate,
  days: z.coerce.number().int().min(1).max(7).default(1),
});

export const businessBookingSchema = z.object({
  id: z.uuid(),
  startsAt: z.string(),
  endsAt: z.string(),
  giftName: z.string(),
  name: z.string(),
  partySize: z.number().int(),
  notes: z.string().nullable(),
  status: z.enum(bookingStatuses),
  cancelledBy: z.string().nullable(),
  cancelReason: z.string().nullable(),
});
export type BusinessBooking = z.infer<typeof businessBookingSchema>;

export const businessBookingListSchema = z.object({ bookings: z.array(businessBookingSchema) });

export const businessBookingParamsSchema = z.object({ id: z.uuid() });

export const businessCancelBookingSchema = z.object({
  reason: multiLine(z.string().trim().min(1, { error: 'reason_required' }).max(BOOKING_LIMITS.cancelReason)),
});

/** The recipient's booking form on the gift page (urlencoded): an occurrence, a party size, a name and notes. */
export const recipientBookingFormSchema = z.object({
  /** `<session id>_<YYYY-MM-DD>`. */
  slot: z.string().regex(/^[0-9a-f-]{36}_\d{4}-\d{2}-\d{2}$/),
  partySize: z.coerce.number().int().min(1).max(MAX_PARTY_SIZE).optional(),
  name: singleLine(z.string().trim().min(1).max(120)),
  notes: multiLine(z.string().trim().max(BOOKING_LIMITS.notes)).optional(),
  /** The checkbox "Tell <giver> the date too": present (`1`) only when ticked; the server keeps it only when the giver asked to be told. */
  shareDateWithGiver: z.literal('1').optional().transform((v) => v === '1'),
});
