import { and, eq } from 'drizzle-orm';
import { canChangeBooking } from '@shared/domain/booking';
import type { Executor } from '../../db/client';
import { bookings } from '../../db/schema/bookings';
import { isCheckViolation } from '../../db/check-violation';
import { AppError } from '../../platform/errors';
import { loadBookingSettings } from './booking-calendar';
import { findLiveBooking, type LiveBooking } from './find-live-booking';

/** The database refused the last places (the slot's check): someone booked them first (ADR 105). */
export function refusedForRoom(error: unknown): never {
  if (isCheckViolation(error, 'booking_slots_booked_check')) throw new AppError('slot_full', 409, 'That time has just gone');
  throw error;
}

/** The gift's live booking, while the recipient may still change it (before the business's cut-off). */
export async function changeableBooking(tx: Executor, orderId: string, businessId: string, now: Date): Promise<LiveBooking> {
  const live = await findLiveBooking(tx, orderId);
  if (!live) throw new AppError('booking_not_live', 409, 'This gift has no booking');
  const { cutoffHours } = await loadBookingSettings(tx, businessId);
  if (!canChangeBooking(live.startsAt, cutoffHours, now)) throw new AppError('booking_change_closed', 409, 'Too late to change this booking here: call the business');
  return live;
}

/** Marks a live booking cancelled; a booking already cancelled (a race lost) is 409. */
export async function markBookingCancelled(tx: Executor, bookingId: string, by: 'recipient' | 'business', now: Date, reason: string | null = null): Promise<void> {
  const cancelled = await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledBy: by, cancelReason: reason, cancelledAt: now, updatedAt: now })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'booked')))
    .returning({ id: bookings.id });
  if (cancelled.length === 0) throw new AppError('booking_not_live', 409, 'This booking was cancelled');
}
