import { addDays, localDateOf, startOfLocalDay } from './analytics';

/** How many calendar days before its last valid day a gift's reminder goes out. */
export const EXPIRY_REMINDER_DAYS = 7;

/**
 * A gift whose last valid day (in Valencia) is D gets its reminder from the first instant of
 * D − 7 there, whatever summer time does in between. Since `expires_at` is the end of D,
 * "D ≤ today + 7" is "expires_at < start of (today + 8)": the bound a query compares with.
 */
export function expiryReminderBound(now: Date): Date {
  return startOfLocalDay(addDays(localDateOf(now), EXPIRY_REMINDER_DAYS + 1));
}

/** Whether a gift expiring at `expiresAt` is due its reminder at `now` (and still usable). */
export function isExpiryReminderDue(expiresAt: Date, now: Date): boolean {
  return expiresAt.getTime() >= now.getTime() && expiresAt.getTime() < expiryReminderBound(now).getTime();
}
