import { and, eq, gte } from 'drizzle-orm';
import type { BookingSettingsInput, BookingSetup } from '@shared/contracts/bookings';
import { localDateOf } from '@shared/domain/analytics';
import { bookingClosedDays, bookingSettings } from '../../db/schema/bookings';
import { requireOwnedBusiness } from '../../domain/businesses/owned-business';
import type { AppContext } from '../../platform/context';
import { readBookingSetup } from './get-booking-setup';

/**
 * The horizon, the cut-off, whether it opens on public holidays and the closed days from today
 * on (the list replaces the one stored; past days stay as history), in one transaction.
 */
export async function saveBookingSettings(ctx: Pick<AppContext, 'db' | 'now'>, userId: string, input: BookingSettingsInput): Promise<BookingSetup> {
  const now = ctx.now();
  const today = localDateOf(now);
  return ctx.db.transaction(async (tx) => {
    const business = await requireOwnedBusiness(tx, userId, { mustBeActive: true });
    const values = { horizonDays: input.horizonDays, cutoffHours: input.cutoffHours, openOnHolidays: input.openOnHolidays, updatedAt: now };
    await tx.insert(bookingSettings).values({ businessId: business.id, ...values }).onConflictDoUpdate({ target: bookingSettings.businessId, set: values });
    await tx.delete(bookingClosedDays).where(and(eq(bookingClosedDays.businessId, business.id), gte(bookingClosedDays.day, today)));
    const days = [...new Set(input.closedDays.filter((day) => day >= today))];
    if (days.length > 0) await tx.insert(bookingClosedDays).values(days.map((day) => ({ businessId: business.id, day })));
    return readBookingSetup(tx, business.id, now);
  });
}
