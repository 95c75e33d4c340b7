import { z } from 'zod';

/**
 * How well each business's bookings serve its recipients (ADRs 105, 109). Admin only (401 / 403
 * otherwise).
 * GET /api/admin/booking-health → bookingHealthSchema: over the last `windowDays` days, per
 *     business with at least one of them, the gifts whose recipient found no free time (one per
 *     gift and Madrid day) and the bookings the business cancelled; a business alerts when either
 *     reaches its threshold (`BOOKING_ALERT`). Alerting businesses first, then the most counted.
 *     A business absent from the list has neither.
 */
export const businessBookingHealthSchema = z.object({
  businessId: z.string(),
  businessName: z.string(),
  misses: z.number().int().nonnegative(),
  businessCancellations: z.number().int().nonnegative(),
  missesAlert: z.boolean(),
  cancellationsAlert: z.boolean(),
  /** Either count reached its threshold. */
  alert: z.boolean(),
});
export type BusinessBookingHealth = z.infer<typeof businessBookingHealthSchema>;

export const bookingHealthSchema = z.object({
  windowDays: z.number().int(),
  thresholds: z.object({ misses: z.number().int(), businessCancellations: z.number().int() }),
  businesses: z.array(businessBookingHealthSchema),
});
export type BookingHealth = z.infer<typeof bookingHealthSchema>;
